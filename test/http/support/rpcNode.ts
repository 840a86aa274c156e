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

/** A node whose answers take their time, and can be held back until the test lets them go. */
export interface SlowNode extends RpcNode {
  /** From now on every call waits until `release`. */
  readonly hold: () => void
  /** Answers every held call (and stops holding). */
  readonly release: () => void
  /** Resolves once `count` calls of `method` are held. */
  readonly held: (method: string, count?: number) => Promise<void>
}

/**
 * A node answering `results[method]` after `delayMillis[method]` (default none), a batch after its first
 * call's delay; a held request is answered on `release`. A request whose client went away is dropped.
 */
export const startSlowNode = async (
  results: Readonly<Record<string, unknown>>,
  delayMillis: Readonly<Record<string, number>> = {}
): Promise<SlowNode> => {
  let holding = false
  let waiting: Array<{ readonly method: string; readonly answer: () => void }> = []
  let watchers: Array<() => void> = []
  const server = createServer((request, response) => {
    let body = ""
    request.on("data", (chunk: Buffer) => (body += chunk.toString()))
    request.on("end", () => {
      const parsed = JSON.parse(body) as Call | Array<Call>
      // The server forwards a call alone or in a batch of one.
      const method = (Array.isArray(parsed) ? parsed[0]?.method : parsed.method) ?? ""
      const answer = () => {
        if (response.destroyed) return
        response.writeHead(200, { "content-type": "application/json" })
        response.end(JSON.stringify(Array.isArray(parsed) ? parsed.map(answerOf(results)) : answerOf(results)(parsed)))
      }
      if (!holding) {
        setTimeout(answer, delayMillis[method] ?? 0)
        return
      }
      waiting.push({ method, answer })
      for (const watcher of watchers) watcher()
    })
  })
  const node = await listen(server)
  return {
    ...node,
    hold: () => {
      holding = true
    },
    release: () => {
      holding = false
      const answers = waiting
      waiting = []
      for (const { answer } of answers) answer()
    },
    held: (method, count = 1) =>
      new Promise((resolve) => {
        const check = () => {
          if (waiting.filter((call) => call.method === method).length < count) return
          watchers = watchers.filter((watcher) => watcher !== check)
          resolve()
        }
        watchers.push(check)
        check()
      })
  }
}
