/**
 * Reads from a chain (eth_call, eth_estimateGas, getLatestBlockhash…) as one function, so a send can
 * read through the connected wallet or through the chain RPC transport alike.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as Connector from "../Connector.ts"

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

export class ChainReadError extends Schema.TaggedError<ChainReadError>()("ChainReadError", {
  method: Schema.String,
  message: Schema.String
}) {}
