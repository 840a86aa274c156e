/**
 * A JSON-RPC node on loopback answering each method with a fixed result (an EVM node's `eth_chainId`,
 * a Solana node's `getHealth`), or never answering at all: what the server's probes and chain RPC
 * route talk to. `closedPort()` is a port nothing listens on (a node that is down).
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"

export interface RpcNode {
  readonly url: string
  readonly stop: () => Promise<void>
}

const listen = (server: Server): Promise<RpcNode> =>
  new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        stop: () =>
          new Promise((done) => {
            server.close(() => done())
            server.closeAllConnections()
          })
      })
    })
  })

interface Call {
  readonly id: number
  readonly method: string
}

const answerOf = (results: Readonly<Record<string, unknown>>) => (call: Call) =>
  call.method in results
    ? { jsonrpc: "2.0", id: call.id, result: results[call.method] }
    : { jsonrpc: "2.0", id: call.id, error: { code: -32601, message: "Method not found" } }

/** A node answering `results[method]` to every call (a batch too); an unknown method an error. */
export const startRpcNode = (results: Readonly<Record<string, unknown>>): Promise<RpcNode> =>
  listen(createServer((request, response) => {
    let body = ""
    request.on("data", (chunk: Buffer) => (body += chunk.toString()))
    request.on("end", () => {
      const parsed = JSON.parse(body) as Call | Array<Call>
      const answer = answerOf(results)
      response.writeHead(200, { "content-type": "application/json" })
      response.end(JSON.stringify(Array.isArray(parsed) ? parsed.map(answer) : answer(parsed)))
    })
  }))

/** A node that reads every request and never answers. */
export const startSilentNode = (): Promise<RpcNode> => listen(createServer(() => undefined))

/** A loopback port nothing listens on. */
export const closedPort = async (): Promise<number> => {
  const node = await listen(createServer())
  await node.stop()
  return Number(new URL(node.url).port)
}
