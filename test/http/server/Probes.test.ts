/**
 * `GET /healthz` and `GET /readyz` (api/OperationsApi.ts): no projectId needed; alive while the server
 * answers; ready only while the database answers and each configured node answers its probe with the
 * configured chain (an EVM node `eth_chainId`, a Solana node `getHealth`), else 503 naming each failure.
 */
import * as Effect from "effect/Effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Metrics from "../../../http/server/Metrics.ts"
import * as Readiness from "../../../http/server/Readiness.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { closedPort, startRpcNode, startSilentNode, type RpcNode } from "../support/rpcNode.ts"

const solana = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
let evmNode: RpcNode
let otherChainNode: RpcNode
let solanaNode: RpcNode
let silentNode: RpcNode
let ready: ApiServer
let unready: ApiServer
beforeAll(async () => {
  ;[evmNode, otherChainNode, solanaNode, silentNode] = await Promise.all([
    startRpcNode({ eth_chainId: "0x1" }),
    startRpcNode({ eth_chainId: "0x2105" }),
    startRpcNode({ getHealth: "ok" }),
    startSilentNode()
  ])
  const down = await closedPort()
  ;[ready, unready] = await Promise.all([
    startApiServer({ port: 0, evm: [{ chainId: 1, rpcUrl: evmNode.url }], solana: { rpcUrl: solanaNode.url, caipNetworkId: solana } }),
    startApiServer({
      port: 0,
      evm: [
        { chainId: 1, rpcUrl: `http://127.0.0.1:${down}` },
        { chainId: 10, rpcUrl: otherChainNode.url },
        { chainId: 137, rpcUrl: silentNode.url },
        { chainId: 8453, rpcUrl: otherChainNode.url }
      ],
      solana: { rpcUrl: evmNode.url, caipNetworkId: solana }
    })
  ])
})
afterAll(() => Promise.all([ready, unready, evmNode, otherChainNode, solanaNode, silentNode].map((part) => part.stop())))

const get = async (url: string) => {
  const response = await fetch(url)
  return { status: response.status, body: await response.json() as unknown, requestId: response.headers.get("x-request-id") }
}

describe("/healthz", () => {
  it("answers 200 ok without a projectId, with a request id", async () => {
    const answer = await get(`${unready.url}/healthz`)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ status: "ok" })
    expect(answer.requestId).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe("/readyz", () => {
  it("answers 200 when the database and every node answer for their own chain", async () => {
    const answer = await get(`${ready.url}/readyz`)
    expect(answer).toMatchObject({ status: 200, body: { status: "ok", checked: ["database", "eip155:1", solana] } })
  })

  it("answers 503 naming each node down, silent, on another chain or not healthy", async () => {
    const answer = await get(`${unready.url}/readyz`)
    expect(answer.status).toBe(503)
    expect(answer.body).toMatchObject({ _tag: "NotReady", failing: ["eip155:1", "eip155:10", "eip155:137", solana] })
  })

  it("names the database when it does not answer", async () => {
    const away = { query: () => Promise.reject(new Error("connection refused")) }
    const verdict = await Effect.runPromise(Readiness.make(away, new Map(), Metrics.none, () => false).check)
    expect(verdict).toEqual({ checked: ["database"], failing: ["database"] })
  })

  it("appears in the OpenAPI document", async () => {
    const document = (await get(`${ready.url}/openapi.json`)).body as { paths: Record<string, unknown> }
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/healthz", "/readyz"]))
  })
})
