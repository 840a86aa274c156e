/**
 * What either side does on a settled session: the dapp's requests and the wallet's answers, the wallet's
 * events and updates, extending, pinging and ending it — each way checked against what the session grants
 * (Namespaces.ts), since a peer may send anything.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Namespaces from "./Namespaces.ts"
import type * as PeerChannel from "./PeerChannel.ts"
import { PeerError } from "./PeerError.ts"
import * as Protocol from "./Protocol.ts"
import * as Settlement from "./Settlement.ts"
import type { SignContext } from "./SignContext.ts"

export interface Sessions {
  /** Dapp: asks the wallet; resolves with its result, rejects with a `PeerError` carrying its code. */
  readonly request: (topic: string, chainId: string, request: { readonly method: string; readonly params?: unknown }) => Promise<unknown>
  /** Wallet: answers a SessionRequest. */
  readonly respond: (topic: string, id: number, outcome: PeerChannel.Outcome) => Promise<void>
  /** Wallet: announces accountsChanged, chainChanged… (resolves once the relay took it). */
  readonly emit: (topic: string, chainId: string, event: { readonly name: string; readonly data: unknown }) => Promise<void>
  /** Wallet (the controller): new namespaces for the session. */
  readonly update: (topic: string, namespaces: Protocol.SessionNamespaces) => Promise<void>
  readonly extend: (topic: string) => Promise<void>
  readonly ping: (topic: string) => Promise<void>
  readonly disconnect: (topic: string, reason?: Protocol.Reason) => Promise<void>
  /** The peer's request on a session or pairing topic (proposals and settlements excepted). */
  readonly onRequest: (topic: string, id: number, method: Exclude<Protocol.Method, "wc_sessionPropose" | "wc_sessionSettle">, raw: unknown) => Promise<void>
}

const unauthorizedMethod: Protocol.Reason = { code: 3001, message: "Unauthorized method for this session" }
const unsupportedEvent: Protocol.Reason = { code: 5102, message: "Unsupported events" }

const decodeRequest = Schema.decodeUnknownOption(Protocol.RequestParams)
const decodeEvent = Schema.decodeUnknownOption(Protocol.EventParams)
const decodeUpdate = Schema.decodeUnknownOption(Protocol.UpdateParams)

export const make = (context: SignContext): Sessions => {
  const { store, channel } = context
  const invalid = { error: Settlement.invalidParams }

  const onRequest: Sessions["onRequest"] = async (topic, id, method, raw) => {
    const session = store.session(topic)
    switch (method) {
      case "wc_sessionRequest": {
        const params = decodeRequest(raw)
        if (session === undefined) return
        if (Option.isNone(params)) return channel.answer(topic, id, method, invalid)
        if (!Namespaces.allows(session.namespaces, params.value.chainId, params.value.request.method)) {
          return channel.answer(topic, id, method, { error: unauthorizedMethod })
        }
        return context.notify({ _tag: "SessionRequest", topic, id, params: params.value })
      }
      case "wc_sessionEvent": {
        const params = decodeEvent(raw)
        if (session === undefined) return
        if (Option.isNone(params)) return channel.answer(topic, id, method, invalid)
        // An event the session does not carry (never proposed on that chain) is refused, not passed on.
        if (!Namespaces.carries(session.namespaces, params.value.chainId, params.value.event.name)) {
          return channel.answer(topic, id, method, { error: unsupportedEvent })
        }
        await channel.answer(topic, id, method, { result: true })
        return context.notify({ _tag: "SessionEvent", topic, params: params.value })
      }
      case "wc_sessionUpdate": {
        const params = decodeUpdate(raw)
        // Only the controller (the wallet) may change what the session grants.
        if (session === undefined || session.controller !== "peer") return
        if (Option.isNone(params)) return channel.answer(topic, id, method, invalid)
        // Updated as settled: within what this dapp proposed.
        const updated = session.proposed === undefined ? params.value.namespaces : Namespaces.narrowToProposal(session.proposed, params.value.namespaces)
        if (updated === undefined) return channel.answer(topic, id, method, { error: Settlement.unsupportedChains })
        await store.changeSession(topic, { namespaces: updated })
        await channel.answer(topic, id, method, { result: true })
        return context.notify({ _tag: "SessionUpdate", topic, namespaces: updated })
      }
      case "wc_sessionExtend":
        if (session === undefined) return
        await store.changeSession(topic, { expiry: context.seconds() + Protocol.sessionLifetimeSeconds })
        return channel.answer(topic, id, method, { result: true })
      case "wc_sessionPing":
      case "wc_pairingPing":
        return context.keyOf(topic) === undefined ? undefined : channel.answer(topic, id, method, { result: true })
      case "wc_sessionDelete":
        if (session === undefined) return
        await channel.answer(topic, id, method, { result: true }).catch(() => undefined)
        return context.forgetSession(topic, "SessionDelete")
      case "wc_pairingDelete":
        await channel.answer(topic, id, method, { result: true }).catch(() => undefined)
        return context.forgetPairing(topic)
    }
  }

  return {
    request: async (topic, chainId, request) => {
      // Nothing the session does not grant goes out (a dapp's session holds only what it proposed).
      if (!Namespaces.allows(store.sessionOf(topic).namespaces, chainId, request.method)) throw new PeerError(unauthorizedMethod)
      return channel.call(topic, "wc_sessionRequest", { request, chainId })
    },
    respond: (topic, id, outcome) => channel.answer(topic, id, "wc_sessionRequest", outcome),
    // Events are not awaited: peers need not answer them (the reference client does not).
    emit: async (topic, chainId, event) => {
      store.sessionOf(topic)
      await channel.send(topic, { id: Protocol.nextId(context.now()), jsonrpc: "2.0", method: "wc_sessionEvent", params: { event, chainId } }, Protocol.relayOptions.wc_sessionEvent.request)
    },
    update: async (topic, namespaces) => {
      if (store.sessionOf(topic).controller !== "self") throw new PeerError({ code: 3003, message: "Only the wallet updates a session" })
      await store.changeSession(topic, { namespaces })
      await channel.call(topic, "wc_sessionUpdate", { namespaces })
    },
    extend: async (topic) => {
      store.sessionOf(topic)
      await store.changeSession(topic, { expiry: context.seconds() + Protocol.sessionLifetimeSeconds })
      await channel.call(topic, "wc_sessionExtend", {})
    },
    ping: async (topic) => {
      store.sessionOf(topic)
      await channel.call(topic, "wc_sessionPing", {})
    },
    disconnect: async (topic, reason = Protocol.reasons.userDisconnected) => {
      if (store.session(topic) === undefined) return
      // The peer is told, but our side ends the session whether or not the message gets through.
      const told = channel.send(topic, { id: Protocol.nextId(context.now()), jsonrpc: "2.0", method: "wc_sessionDelete", params: reason }, Protocol.relayOptions.wc_sessionDelete.request)
      await context.forgetSession(topic, "SessionDelete")
      await told.catch(() => undefined)
    },
    onRequest
  }
}
