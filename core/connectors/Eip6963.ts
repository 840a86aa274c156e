/**
 * EIP-6963 wallet discovery through `mipd`. Announcements are events any script on the page can
 * dispatch, so each one is decoded with a Schema before it becomes a connector: a uuid that is not a
 * version 4 UUID, a bad rdns or
 * icon source, or a provider without `request`, is rejected; a second announcement reusing a uuid
 * (or the rdns of another wallet) is flagged and never replaces the first.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { requestProviders } from "mipd"
import * as Connector from "../Connector.ts"
import * as Eip1193 from "./Eip1193.ts"

/** EIP-6963: "a globally unique identifier … (UUIDv4 compliant)"; any other UUID version is refused. */
const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

export const ProviderInfo = Schema.Struct({
  uuid: Schema.String.check(Schema.isPattern(uuidV4)),
  name: Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(100)),
  icon: Schema.String.check(
    Schema.makeFilter((icon) => Connector.isSafeImageSource(icon) ? undefined : "icon must be a data:image, https: or blob: URL")
  ),
  rdns: Schema.String.check(Schema.isPattern(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i))
})
export type ProviderInfo = typeof ProviderInfo.Type

const isProvider = (u: unknown): u is Eip1193.Provider =>
  typeof u === "object" && u !== null && typeof (u as { readonly request?: unknown }).request === "function"

export interface Announced {
  readonly info: ProviderInfo
  readonly provider: Eip1193.Provider
  readonly client: Connector.ConnectorClient
}

export interface Rejected {
  readonly reason: "invalid-info" | "invalid-provider" | "duplicate-uuid" | "duplicate-rdns"
  /** What the announcement called itself, for diagnostics only (never rendered as markup). */
  readonly name: string
}

export interface Discovery {
  readonly wallets: ReadonlyArray<Announced>
  readonly rejected: ReadonlyArray<Rejected>
}

export const empty: Discovery = { wallets: [], rejected: [] }

const decodeInfo = Schema.decodeUnknownOption(ProviderInfo)

const nameOf = (detail: unknown): string => {
  const info = typeof detail === "object" && detail !== null ? (detail as { readonly info?: unknown }).info : undefined
  const name = typeof info === "object" && info !== null ? (info as { readonly name?: unknown }).name : undefined
  return typeof name === "string" ? name.slice(0, 100) : ""
}

export const connectorOf = (info: ProviderInfo): Connector.Connector => ({
  id: info.rdns,
  name: info.name,
  chain: "eip155",
  imageUrl: info.icon,
  info: { rdns: info.rdns },
  type: "ANNOUNCED"
})

/** Folds one announcement into the discovery state. Re-announcing the same provider is a no-op. */
export const accept = (state: Discovery, detail: unknown): Discovery => {
  const reject = (reason: Rejected["reason"]): Discovery => ({
    ...state,
    rejected: [...state.rejected, { reason, name: nameOf(detail) }]
  })
  if (typeof detail !== "object" || detail === null) return reject("invalid-info")
  const { info: rawInfo, provider } = detail as { readonly info?: unknown; readonly provider?: unknown }
  const info = decodeInfo(rawInfo)
  if (Option.isNone(info)) return reject("invalid-info")
  if (!isProvider(provider)) return reject("invalid-provider")
  const sameUuid = state.wallets.find((wallet) => wallet.info.uuid === info.value.uuid)
  if (sameUuid !== undefined) return sameUuid.provider === provider ? state : reject("duplicate-uuid")
  if (state.wallets.some((wallet) => wallet.info.rdns === info.value.rdns)) return reject("duplicate-rdns")
  const client = Eip1193.make(connectorOf(info.value), provider)
  return { ...state, wallets: [...state.wallets, { info: info.value, provider, client }] }
}

/**
 * Listens for announcements and asks wallets to announce. Calls `onChange` with each new state;
 * returns the function that stops listening. Does nothing outside a browser.
 */
export const watch = (onChange: (discovery: Discovery) => void): () => void => {
  let state = empty
  const stop = requestProviders((detail) => {
    const next = accept(state, detail)
    if (next !== state) {
      state = next
      onChange(state)
    }
  })
  return () => stop?.()
}
