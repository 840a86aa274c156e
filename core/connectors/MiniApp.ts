/**
 * The host's wallet when the page runs as a Farcaster mini app. `detect` asks the parent for the mini-app
 * context (the SDK's `isInMiniApp`) and its capabilities; only a host that answers both, within
 * `Constants.miniAppDetectMillis` and from its own origin, and lists `wallet.getEthereumProvider`, gives a
 * connector. Its EIP-1193 provider sends each request as `ethProviderRequestV2` and hears the wallet's
 * events from the host, so the one EIP-1193 client (`Eip1193.make`) serves it like any injected wallet.
 * This module is a chunk of its own: it loads only in a frame (`MiniAppFrame.ts`).
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Constants from "../Constants.ts"
import type * as Connector from "../Connector.ts"
import * as Eip1193 from "./Eip1193.ts"
import { type Channel, type HostedWindow, open } from "./MiniAppChannel.ts"
import * as Protocol from "./MiniAppProtocol.ts"

export const connector: Connector.Connector = {
  id: "farcaster-miniapp",
  name: "Farcaster Wallet",
  chain: "eip155",
  type: "INJECTED"
}

export interface Hosted {
  readonly context: Protocol.Context
  readonly client: Connector.ConnectorClient
}

const decodeResponse = Schema.decodeUnknownOption(Protocol.RpcResponse)

/** A failed call as EIP-1193 errors look, so `WalletError.fromProviderError` reads its code. */
class ProviderRpcError extends Error {
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

/** An EIP-1193 provider over the host: requests as `ethProviderRequestV2`, events as the host forwards them. */
export const provider = (channel: Channel): Eip1193.Provider => {
  let nextId = 0
  const subscriptions = new Map<(...args: ReadonlyArray<unknown>) => void, Map<string, () => void>>()
  return {
    request: async ({ method, params }) => {
      nextId += 1
      const id = nextId
      const exit = await Effect.runPromiseExit(
        channel.call("ethProviderRequestV2", [{ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) }])
      )
      if (Exit.isFailure(exit)) throw new ProviderRpcError(-32603, "The mini-app host did not answer the request")
      const response = decodeResponse(exit.value)
      if (Option.isNone(response) || response.value.id !== id) throw new ProviderRpcError(-32603, "The mini-app host answered with no JSON-RPC response")
      if ("error" in response.value) {
        const { code, message, details } = response.value.error
        throw new ProviderRpcError(code, message ?? details ?? "The wallet refused the request")
      }
      return response.value.result
    },
    on: (event, listener) => {
      const stop = channel.events((walletEvent) => {
        if (walletEvent.event === event) listener(...walletEvent.params)
      })
      const byEvent = subscriptions.get(listener) ?? new Map<string, () => void>()
      byEvent.get(event)?.()
      byEvent.set(event, stop)
      subscriptions.set(listener, byEvent)
    },
    removeListener: (event, listener) => {
      subscriptions.get(listener)?.get(event)?.()
      subscriptions.get(listener)?.delete(event)
    }
  }
}

const decodeContext = Schema.decodeUnknownEffect(Protocol.Context)
const decodeCapabilities = Schema.decodeUnknownEffect(Protocol.Capabilities)

/**
 * The host's wallet, when this page runs inside a mini-app host that offers one; nothing otherwise (no
 * parent origin, no answer in time, a malformed answer, no Ethereum wallet among the host's capabilities).
 */
export const detect = (window: HostedWindow): Effect.Effect<Option.Option<Hosted>> => {
  const channel = open(window)
  if (channel === undefined) return Effect.succeedNone
  return Effect.gen(function*() {
    const context = yield* Effect.flatMap(channel.get("context"), decodeContext)
    const capabilities = yield* Effect.flatMap(channel.call("getCapabilities", []), decodeCapabilities)
    return { context, capabilities }
  }).pipe(
    Effect.timeoutOption(Constants.miniAppDetectMillis),
    Effect.map(Option.filter(({ capabilities }) => capabilities.includes(Protocol.ethereumProviderCapability))),
    Effect.map(Option.map(({ context }) => ({ context, client: Eip1193.make(connector, provider(channel)) }))),
    Effect.orElseSucceed(Option.none<Hosted>),
    Effect.tap((hosted) => Effect.sync(() => Option.isNone(hosted) && channel.close()))
  )
}
