/**
 * The Farcaster Mini Apps wire, as a mini app's page sees it (the host side is `@farcaster/miniapp-host`):
 * Comlink's messages over `postMessage` to the parent window. The page asks `GET ["context"]` and calls
 * `APPLY [method]` with each argument as a `RAW` wire value; the host answers by the same id, either `RAW`
 * or Comlink's `throw` handler. The host's wallet is reached through `ethProviderRequestV2`, which takes a
 * JSON-RPC request and answers a JSON-RPC response (errors as values), and its EIP-1193 events arrive as
 * `frameEthProviderEvent` messages. Every shape the parent sends is decoded here before it is used.
 */
import * as Schema from "effect/Schema"

/** The capability a host lists when it offers the visitor's Ethereum wallet (`sdk.wallet.getEthereumProvider`). */
export const ethereumProviderCapability = "wallet.getEthereumProvider"

/** A Comlink call from the page, ready to post. */
export type Call =
  | { readonly id: string; readonly type: "GET"; readonly path: readonly [string] }
  | { readonly id: string; readonly type: "APPLY"; readonly path: readonly [string]; readonly argumentList: ReadonlyArray<{ readonly type: "RAW"; readonly value: unknown }> }

export const get = (id: string, property: string): Call => ({ id, type: "GET", path: [property] })

export const apply = (id: string, method: string, args: ReadonlyArray<unknown>): Call => ({
  id,
  type: "APPLY",
  path: [method],
  argumentList: args.map((value) => ({ type: "RAW", value }))
})

const MessageId = Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(200))

/** The host's answer to one call: the value, or what it threw (Comlink's `throw` handler). */
export const Reply = Schema.Union([
  Schema.Struct({ id: MessageId, type: Schema.Literal("RAW"), value: Schema.Unknown }),
  Schema.Struct({
    id: MessageId,
    type: Schema.Literal("HANDLER"),
    name: Schema.Literal("throw"),
    value: Schema.Struct({ isError: Schema.Boolean, value: Schema.Unknown })
  })
])
export type Reply = typeof Reply.Type

/** An EIP-1193 event of the host's wallet, forwarded to the page. */
export const EthProviderEvent = Schema.Struct({
  type: Schema.Literal("frameEthProviderEvent"),
  event: Schema.Literals(["accountsChanged", "chainChanged", "connect", "disconnect", "message"]),
  params: Schema.Array(Schema.Unknown).check(Schema.isMaxLength(4))
})
export type EthProviderEvent = typeof EthProviderEvent.Type

/**
 * What Portico reads of `sdk.context`: that a host answers with a user at all is what tells a mini app
 * it runs inside one (the SDK's `isInMiniApp`). The rest of the context is the host's business.
 */
export const Context = Schema.Struct({
  user: Schema.Struct({ fid: Schema.Int.check(Schema.isGreaterThan(0)) }),
  client: Schema.Struct({ clientFid: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)) })
})
export type Context = typeof Context.Type

export const Capabilities = Schema.Array(Schema.String.check(Schema.isMaxLength(100))).check(Schema.isMaxLength(100))

/** `ethProviderRequestV2`'s answer: a JSON-RPC response to the request of that id. */
export const RpcResponse = Schema.Union([
  Schema.Struct({ jsonrpc: Schema.Literal("2.0"), id: Schema.Number, result: Schema.Unknown }),
  Schema.Struct({
    jsonrpc: Schema.Literal("2.0"),
    id: Schema.Number,
    error: Schema.Struct({
      code: Schema.Int,
      message: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(1000))),
      details: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(1000)))
    })
  })
])
export type RpcResponse = typeof RpcResponse.Type
