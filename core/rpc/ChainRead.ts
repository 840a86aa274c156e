/**
 * Reads from a chain (eth_call, eth_estimateGas, getLatestBlockhash…) as one function, so a send can
 * read through the connected wallet or through the chain RPC transport alike.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as CodeChunk from "../CodeChunk.ts"
import type * as Connector from "../Connector.ts"
import type { RpcUrls } from "../Network.ts"

// viem's transports are a chunk of their own, loaded by the first read on any network.
const transports = CodeChunk.lazy("chain reads", () => import("./Transport.ts"))

export type ChainRead = (args: Connector.RequestArguments) => Effect.Effect<unknown, ChainReadError>

/** Reads through the wallet's own provider (a wallet proxies reads to its node). */
export const fromConnector = (client: Connector.ConnectorClient): ChainRead => (args) =>
  Effect.mapError(client.request(args), (cause) => new ChainReadError({ method: args.method, message: cause.message }))

/** An EIP-1193 style `request`, e.g. a viem transport's (core/rpc/Transport.ts builds one per network). */
export type RequestFn = (
  args: { readonly method: string; readonly params?: unknown },
  options?: { readonly dedupe?: boolean }
) => Promise<unknown>

export const fromRequest = (request: RequestFn): ChainRead => (args) =>
  Effect.tryPromise({
    // Identical reads in flight share one request (viem's dedupe cache).
    try: () => request({ method: args.method, params: args.params }, { dedupe: true }),
    catch: (cause) => new ChainReadError({ method: args.method, message: cause instanceof Error ? cause.message : String(cause) })
  })

/**
 * Reads on a network through its ranked fallback transport (its own URLs, else Portico's endpoint at `portico`).
 * Make one per network and keep it: the ranking pings its URLs every 4 s for as long as it lives.
 */
export const forNetwork = (network: { readonly rpcUrls: RpcUrls }, portico: string | undefined): ChainRead => {
  let read: ChainRead | undefined
  return (args) =>
    Effect.flatMap(
      Effect.mapError(transports, (unavailable) => new ChainReadError({ method: args.method, message: unavailable.message })),
      (Transport) => (read ??= fromRequest(Transport.fallbackTransport(Transport.readUrls(network, portico))({}).request))(args)
    )
}

export class ChainReadError extends Schema.TaggedError<ChainReadError>()("ChainReadError", {
  method: Schema.String,
  message: Schema.String
}) {}
