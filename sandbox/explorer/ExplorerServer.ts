/**
 * The sandbox's block explorer: the devnets indexed (ChainIndex.ts) and served through the account API as
 * both real explorers serve it, so Portico's server speaks to it exactly as to them:
 *
 *   GET /v2/api?chainid=<id>&module=account&action=…&apikey=<key>   Etherscan's v2 multichain API
 *   GET /blockscout/<id>/api?module=account&action=…                  a Blockscout instance per chain
 *   GET /tokenlist.json                                               the sandbox's token list (Uniswap format)
 *
 * Etherscan's side wants the API key and answers its texts for a missing or unknown chain id and a wrong
 * key. Both enforce a real rate limit per key (or per client without one): past it Etherscan's side
 * answers `{"status":"0","message":"NOTOK","result":"Max rate limit reached"}` with HTTP 200 as Etherscan
 * does, Blockscout's HTTP 429.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { listen } from "../Listen.ts"
import { answer, notOk, type Answer } from "./AccountQueries.ts"
import * as ChainIndex from "./ChainIndex.ts"

export interface ExplorerServerOptions {
  readonly host: string
  readonly port: number
  readonly chains: ReadonlyArray<{ readonly chainId: number; readonly rpcUrl: string }>
  /** The key Etherscan's side accepts. */
  readonly apiKey: string
  /** Calls per key (or client) and window; default 25 per second. */
  readonly rateLimit?: { readonly requests: number; readonly perSeconds: number }
  /** Served at /tokenlist.json. */
  readonly tokenList: unknown
}

export interface ExplorerServer {
  readonly url: string
  /** Etherscan's v2 endpoint (`chainid=` names the chain). */
  readonly etherscanUrl: string
  /** The Blockscout instance of `chainId`. */
  readonly blockscoutUrl: (chainId: number) => string
  readonly tokenListUrl: string
  readonly stop: () => Promise<void>
}

export const defaultRateLimit = { requests: 25, perSeconds: 1 } as const

/** Etherscan's own wording for a chain id it does not index. */
const unsupportedChain = "Missing or unsupported chainid parameter (required for v2 api), please see https://api.etherscan.io/v2/chainlist for the list of supported chainids"

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "access-control-allow-origin": "*", "cache-control": "no-store" })
  response.end(JSON.stringify(body))
}

/** A sliding window of call times per caller. */
const rateLimiter = (limit: { readonly requests: number; readonly perSeconds: number }) => {
  const calls = new Map<string, Array<number>>()
  return (caller: string): boolean => {
    const now = performance.now()
    const recent = (calls.get(caller) ?? []).filter((at) => now - at < limit.perSeconds * 1000)
    const allowed = recent.length < limit.requests
    if (allowed) recent.push(now)
    calls.set(caller, recent)
    return allowed
  }
}

export const startExplorerServer = async (options: ExplorerServerOptions): Promise<ExplorerServer> => {
  const indexes = new Map(options.chains.map((chain) => [chain.chainId, ChainIndex.make(chain.chainId, chain.rpcUrl)]))
  const allow = rateLimiter(options.rateLimit ?? defaultRateLimit)

  const etherscan = async (query: URLSearchParams, response: ServerResponse) => {
    const key = query.get("apikey")
    if (key === null || key === "") return send(response, 200, notOk("Missing/Invalid API Key"))
    if (key !== options.apiKey) return send(response, 200, notOk("Invalid API Key"))
    if (!allow(`key:${key}`)) return send(response, 200, notOk("Max rate limit reached"))
    const index = indexes.get(Number(query.get("chainid")))
    if (index === undefined) return send(response, 200, notOk(unsupportedChain))
    send(response, 200, await answer(index, query))
  }

  const blockscout = async (chainId: number, query: URLSearchParams, request: IncomingMessage, response: ServerResponse) => {
    const index = indexes.get(chainId)
    if (index === undefined) return send(response, 404, { message: "Not found", result: null, status: "0" })
    const key = query.get("apikey")
    if (!allow(key === null ? `client:${request.socket.remoteAddress ?? ""}` : `key:${key}`)) {
      return send(response, 429, { message: "Too Many Requests", result: null, status: "0" } satisfies Answer)
    }
    send(response, 200, await answer(index, query))
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://sandbox")
    const handled = (async () => {
      if (request.method !== "GET") return send(response, 405, { message: "Method not allowed" })
      if (url.pathname === "/v2/api") return etherscan(url.searchParams, response)
      const instance = /^\/blockscout\/(\d{1,12})\/api$/.exec(url.pathname)
      if (instance !== null) return blockscout(Number(instance[1]), url.searchParams, request, response)
      if (url.pathname === "/tokenlist.json") return send(response, 200, options.tokenList)
      send(response, 404, { message: "Not found" })
    })()
    handled.catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { message: error instanceof Error ? error.message : "indexing failed" })
    })
  })
  const port = await listen(server, options.port, options.host)
  const url = `http://${options.host}:${port}`
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  // An explorer that is up has indexed the chain (every block mined so far): a first question then waits for
  // the newest blocks only, never for the whole devnet under the server's timeout.
  await Promise.all([...indexes.values()].map((index) => index.sync())).catch(async (error: unknown) => {
    await stop()
    throw error
  })
  return {
    url,
    etherscanUrl: `${url}/v2/api`,
    blockscoutUrl: (chainId) => `${url}/blockscout/${chainId}/api`,
    tokenListUrl: `${url}/tokenlist.json`,
    stop
  }
}
