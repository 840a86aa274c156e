/**
 * Wallets that offer the Multichain API find the page as CAIP-294 defines for browser wallets: each
 * announces its CAIP-282 wallet data on `caip294:wallet_announce` (and again on every
 * `caip294:wallet_prompt`), then speaks JSON-RPC (CAIP-25 sessions, CAIP-27 invocations) on the
 * `caip294:<uuid>` event of its announcement. Announcements are events any script may dispatch, so each is
 * decoded as EIP-6963's are (a v4 uuid, a name, a safe icon, an rdns), and a wallet that asks to be
 * reached through an extension channel (a CAIP-341 target) is left to its EIP-6963 and Wallet Standard
 * entries. The session itself (Multichain.ts) loads when the visitor picks such a wallet.
 */
import * as Option from "effect/Option"
import * as Predicate from "effect/Predicate"
import * as Schema from "effect/Schema"
import type * as Caip from "../Caip.ts"
import * as Connector from "../Connector.ts"
import * as Eip6963 from "./Eip6963.ts"
import * as MultichainClient from "./MultichainClient.ts"

export const announceEvent = "caip294:wallet_announce"
export const promptEvent = "caip294:wallet_prompt"

/** The CAIP-282 wallet data: EIP-6963's four fields, and the optional transports (`targets`). */
export const WalletData = Schema.Struct({
  ...Eip6963.ProviderInfo.fields,
  targets: Schema.optionalKey(Schema.Array(Schema.Struct({ type: Schema.String, value: Schema.Unknown })))
})
export type WalletData = typeof WalletData.Type

const Announcement = Schema.Struct({ method: Schema.Literal("wallet_announce"), params: WalletData })
const decodeAnnouncement = Schema.decodeUnknownOption(Announcement)

/** Targets that name another transport than window events (an extension's `externally_connectable`). */
const extensionTargets = ["caip341", "caip348"]

export const connectorOf = (data: WalletData): Connector.Connector => ({
  id: `multichain:${data.rdns}`,
  name: data.name,
  chain: "eip155",
  imageUrl: data.icon,
  info: { rdns: data.rdns },
  type: "MULTI_CHAIN"
})

/** A JSON-RPC exchange over `caip294:<uuid>`, the channel the wallet announced. */
export interface Channel {
  readonly request: (method: string, params: unknown) => Promise<unknown>
  /** Calls `listener` with every notification the wallet sends (no id); returns the function that stops it. */
  readonly onNotification: (listener: (method: string, params: unknown) => void) => () => void
}

/** The event both sides dispatch: requests and notifications carry a method; answers an id and a result or an error. */
export const channel = (target: EventTarget, uuid: string): Channel => {
  const name = `caip294:${uuid}`
  const pending = new Map<number, { readonly resolve: (value: unknown) => void; readonly reject: (error: unknown) => void }>()
  const listeners = new Set<(method: string, params: unknown) => void>()
  let next = 1
  target.addEventListener(name, (event) => {
    const detail: unknown = (event as CustomEvent<unknown>).detail
    if (!Predicate.isObject(detail)) return
    if (Predicate.hasProperty(detail, "method")) {
      // Our own requests come back through the same event; only notifications (no id) are the wallet's.
      if (typeof detail.method === "string" && !Predicate.hasProperty(detail, "id")) {
        for (const listener of listeners) listener(detail.method, Predicate.hasProperty(detail, "params") ? detail.params : undefined)
      }
      return
    }
    const id = Predicate.hasProperty(detail, "id") ? detail.id : undefined
    const waiting = typeof id === "number" ? pending.get(id) : undefined
    if (waiting === undefined || typeof id !== "number") return
    pending.delete(id)
    if (Predicate.hasProperty(detail, "error")) waiting.reject(detail.error)
    else waiting.resolve(Predicate.hasProperty(detail, "result") ? detail.result : undefined)
  })
  return {
    request: (method, params) =>
      new Promise((resolve, reject) => {
        const id = next++
        pending.set(id, { resolve, reject })
        target.dispatchEvent(new CustomEvent(name, { detail: { jsonrpc: "2.0", id, method, params } }))
      }),
    onNotification: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    }
  }
}

/** An announcement Portico can use, or none (malformed, or asking for an extension channel). */
export const accept = (detail: unknown): WalletData | undefined =>
  Option.match(decodeAnnouncement(detail), {
    onNone: () => undefined,
    onSome: ({ params }) => params.targets?.some((target) => extensionTargets.includes(target.type)) === true ? undefined : params
  })

/**
 * Listens for announcements and prompts wallets to announce; calls `onChange` with a client per wallet
 * (the first announcement of a uuid or an rdns wins). Returns the function that stops listening.
 */
export const watch = (networks: ReadonlyArray<Caip.CaipNetworkId>) => (onChange: (clients: ReadonlyArray<Connector.ConnectorClient>) => void): () => void => {
  const target = globalThis.window as Window | undefined
  if (target === undefined) return () => undefined
  const wallets: Array<{ readonly data: WalletData; readonly client: Connector.ConnectorClient }> = []
  const onAnnounce = (event: Event) => {
    const data = accept((event as CustomEvent<unknown>).detail)
    if (data === undefined || wallets.some((known) => known.data.uuid === data.uuid || known.data.rdns === data.rdns)) return
    wallets.push({ data, client: MultichainClient.make(connectorOf(data), channel(target, data.uuid), networks) })
    onChange(wallets.map((wallet) => wallet.client))
  }
  target.addEventListener(announceEvent, onAnnounce)
  target.dispatchEvent(new CustomEvent(promptEvent, { detail: { jsonrpc: "2.0", method: "wallet_prompt", params: {} } }))
  return () => target.removeEventListener(announceEvent, onAnnounce)
}
