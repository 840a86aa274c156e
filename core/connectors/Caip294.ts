/**
 * Wallets that offer the Multichain API find the page as CAIP-294 defines for browser wallets: each
 * announces its CAIP-282 wallet data on `caip294:wallet_announce` (and again on every
 * `caip294:wallet_prompt`), then speaks JSON-RPC (CAIP-25 sessions, CAIP-27 invocations) on the
 * `caip294:<uuid>` event of its announcement. Announcements are events any script may dispatch, so each is
 * decoded as EIP-6963's are (a v4 uuid, a name, a safe icon, an rdns), and a wallet that asks to be
 * reached through an extension channel (a CAIP-341 target) is left to its EIP-6963 and Wallet Standard
 * entries. The session itself (MultichainClient.ts) loads when the visitor picks such a wallet.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type * as Caip from "../Caip.ts"
import * as Connector from "../Connector.ts"
import * as Eip6963 from "./Eip6963.ts"
import * as LazyClient from "./LazyClient.ts"
import { announceEvent, promptEvent } from "./MultichainSigns.ts"

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
    const connector = connectorOf(data)
    const client = LazyClient.make(connector, () => import("./MultichainClient.ts").then((module) => module.make(connector, module.channel(target, data.uuid, connector.id), networks)))
    wallets.push({ data, client })
    onChange(wallets.map((wallet) => wallet.client))
  }
  target.addEventListener(announceEvent, onAnnounce)
  target.dispatchEvent(new CustomEvent(promptEvent, { detail: { jsonrpc: "2.0", method: "wallet_prompt", params: {} } }))
  return () => target.removeEventListener(announceEvent, onAnnounce)
}
