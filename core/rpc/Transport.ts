/**
 * The chain reads' transport per network (spec §7 "Chain RPC", §9 "RPC"): viem's `fallback` over one
 * `http` transport per RPC URL, configured with the spec's numbers rather than re-implemented. viem's
 * retry waits `2^n × retryDelay` (150 ms, then 300 ms): the spec's doubling delay. Requests made with
 * `{ dedupe: true }` (ChainRead does) share viem's request cache of 8192 entries.
 */
import { fallback, http, type FallbackTransport, type HttpTransport } from "viem"
import * as Constants from "../Constants.ts"
import type { RpcUrls } from "../Network.ts"

const retry = { retryCount: Constants.rpcRetryAttempts - 1, retryDelay: Constants.rpcRetryBaseDelayMillis } as const

export const rankOptions = {
  interval: Constants.rpcRankingIntervalMillis,
  sampleCount: Constants.rpcRankingSampleCount,
  timeout: Constants.rpcRankingTimeoutMillis,
  weights: { stability: Constants.rpcRankingStabilityWeight, latency: Constants.rpcRankingLatencyWeight }
} as const

/** One node's transport: 10 s timeout, JSON-RPC batches of up to 1000 calls, 3 attempts. */
export const httpTransport = (url: string): HttpTransport =>
  http(url, { timeout: Constants.rpcTimeoutMillis, batch: { batchSize: Constants.rpcBatchSize }, ...retry })

/** The ordered, ranked fallback over `urls` (the network's URLs, or Portico's RPC endpoint when none is configured). */
export const fallbackTransport = (urls: ReadonlyArray<string>): FallbackTransport<ReadonlyArray<HttpTransport>> =>
  fallback(urls.map(httpTransport), { rank: rankOptions, ...retry })

/** A network's URLs: the configured ones first, then the chain's defaults, without repeats. */
export const urlsOf = (rpcUrls: RpcUrls): ReadonlyArray<string> => [
  ...new Set([...rpcUrls.default.http, ...(rpcUrls.chainDefault?.http ?? [])])
]

/** The URLs reads use on a network: its own when it has any, else Portico's endpoint for it (when there is a server). */
export const readUrls = (network: { readonly rpcUrls: RpcUrls }, portico: string | undefined): ReadonlyArray<string> => {
  const own = urlsOf(network.rpcUrls)
  return own.length > 0 || portico === undefined ? own : [portico]
}
