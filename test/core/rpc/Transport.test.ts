/**
 * The read transport with the spec's numbers, observed from a local JSON-RPC node that records what
 * reaches it: batching, 3 attempts, fallback to the next URL, dedupe of identical reads.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Effect from "effect/Effect"
import * as ChainRead from "../../../core/rpc/ChainRead.ts"
import { fallbackTransport, httpTransport, rankOptions, readUrls, urlsOf } from "../../../core/rpc/Transport.ts"

interface Node { readonly url: string; readonly bodies: Array<unknown>; failures: number; readonly server: Server }

const answer = (call: { id: number }) => ({ jsonrpc: "2.0", id: call.id, result: "0x1" })

const startNode = async (): Promise<Node> => {
  const bodies: Array<unknown> = []
  const node: { failures: number } = { failures: 0 }
  const server = createServer((request, response) => {
    let text = ""
    request.on("data", (chunk: Buffer) => (text += chunk.toString()))
    request.on("end", () => {
      const body: unknown = JSON.parse(text)
      bodies.push(body)
      if (node.failures > 0) {
        node.failures--
        response.writeHead(500).end("down")
        return
      }
      response.writeHead(200, { "content-type": "application/json" })
      response.end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body as { id: number })))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(node, { url: `http://127.0.0.1:${port}/`, bodies, server })
}

describe("chain RPC transport (spec §9 RPC)", () => {
  let node: Node
  beforeAll(async () => {
    node = await startNode()
  })
  afterAll(() => node.server.close())

  it("each node: 10 s timeout and 3 attempts from 150 ms; ranking 10 samples, 1 s, 0.7/0.3, every 4 s", () => {
    const transport = httpTransport(node.url)({})
    expect(transport.config.timeout).toBe(10_000)
    expect(transport.config.retryCount).toBe(2)
    expect(transport.config.retryDelay).toBe(150)
    expect(rankOptions).toEqual({ interval: 4_000, sampleCount: 10, timeout: 1_000, weights: { stability: 0.7, latency: 0.3 } })
  })

  it("concurrent reads travel as one JSON-RPC batch", async () => {
    node.bodies.length = 0
    const { request } = httpTransport(node.url)({})
    await Promise.all([request({ method: "eth_blockNumber" }), request({ method: "eth_chainId" })])
    expect(node.bodies).toHaveLength(1)
    expect(Array.isArray(node.bodies[0]) && node.bodies[0].length).toBe(2)
  })

  it("a failing node is tried 3 times in all", async () => {
    node.bodies.length = 0
    node.failures = 2
    const { request } = httpTransport(node.url)({})
    expect(await request({ method: "eth_blockNumber" })).toBe("0x1")
    expect(node.bodies).toHaveLength(3)
  })

  it("a dead URL falls through to the next one; identical reads in flight are sent once", async () => {
    node.bodies.length = 0
    const read = ChainRead.fromRequest(fallbackTransport(["http://127.0.0.1:9/", node.url])({ retryCount: 0 }).request)
    const call = read({ method: "eth_getBalance", params: ["0x0000000000000000000000000000000000000001", "latest"] })
    expect(await Effect.runPromise(Effect.all([call, call], { concurrency: 2 }))).toEqual(["0x1", "0x1"])
    // The ranking's own pings reach the node too: count the reads only.
    const calls = node.bodies.flatMap((body) => (Array.isArray(body) ? body : [body]))
    expect(calls.filter((sent) => (sent as { method: string }).method === "eth_getBalance")).toHaveLength(1)
  })

  it("reads use the network's own URLs, else Portico's chain RPC endpoint, else none", () => {
    const portico = "https://rpc.example.com/v1/?chainId=solana%3A5eykt4&projectId=p"
    expect(readUrls({ rpcUrls: { default: { http: ["https://node"] } } }, portico)).toEqual(["https://node"])
    expect(readUrls({ rpcUrls: { default: { http: [] } } }, portico)).toEqual([portico])
    expect(readUrls({ rpcUrls: { default: { http: [] } } }, undefined)).toEqual([])
  })

  it("forNetwork reads through the network's own URLs", async () => {
    const read = ChainRead.forNetwork({ rpcUrls: { default: { http: [node.url] } } }, "http://127.0.0.1:9/v1/")
    expect(await Effect.runPromise(read({ method: "eth_blockNumber" }))).toBe("0x1")
  })

  it("urlsOf puts the configured URLs first and drops repeats", () => {
    expect(urlsOf({ default: { http: ["a", "b"] }, chainDefault: { http: ["b", "c"] } })).toEqual(["a", "b", "c"])
  })
})
