/**
 * EIP-6963 announcements read without Effect: the Connect view lists the page's wallets before the engine has
 * loaded, and `Eip6963` builds its Schema and its clients on these same checks. Announcements are events any
 * script on the page can dispatch: a uuid that is not a version 4 UUID, a bad name, rdns or icon source, or a
 * provider without `request`, is rejected; a second announcement reusing a uuid (or the rdns of another
 * wallet) is flagged and never replaces the first.
 */
import type * as Connector from "../Connector.ts"
import * as ImageSource from "../ImageSource.ts"
import type * as Eip1193 from "./Eip1193.ts"

export interface ProviderInfo {
  readonly uuid: string
  readonly name: string
  readonly icon: string
  readonly rdns: string
}

/** EIP-6963: "a globally unique identifier … (UUIDv4 compliant)"; any other UUID version is refused. */
const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

const rdnsPattern = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i

export const isUuidV4 = (uuid: string): boolean => uuidV4.test(uuid)

/** A name the list can show: 1 to 100 characters. */
export const isWalletName = (name: string): boolean => name.length > 0 && name.length <= 100

/** Reverse-DNS, at least two labels (`io.metamask`). */
export const isRdns = (rdns: string): boolean => rdnsPattern.test(rdns)

const field = (record: object, key: keyof ProviderInfo): unknown => (record as Readonly<Record<string, unknown>>)[key]

const stringWhere = (value: unknown, check: (text: string) => boolean): boolean => typeof value === "string" && check(value)

export const isProviderInfo = (u: unknown): u is ProviderInfo =>
  typeof u === "object" && u !== null &&
  stringWhere(field(u, "uuid"), isUuidV4) &&
  stringWhere(field(u, "name"), isWalletName) &&
  stringWhere(field(u, "icon"), ImageSource.isSafeImageSource) &&
  stringWhere(field(u, "rdns"), isRdns)

const isProvider = (u: unknown): u is Eip1193.Provider =>
  typeof u === "object" && u !== null && typeof (u as { readonly request?: unknown }).request === "function"

export const connectorOf = (info: ProviderInfo): Connector.Connector => ({
  id: info.rdns,
  name: info.name,
  chain: "eip155",
  imageUrl: info.icon,
  info: { rdns: info.rdns },
  type: "ANNOUNCED"
})

export interface Announcement {
  readonly info: ProviderInfo
  readonly provider: Eip1193.Provider
}

export interface Rejected {
  readonly reason: "invalid-info" | "invalid-provider" | "duplicate-uuid" | "duplicate-rdns"
  /** What the announcement called itself, for diagnostics only (never rendered as markup). */
  readonly name: string
}

export interface Announcements {
  readonly wallets: ReadonlyArray<Announcement>
  readonly rejected: ReadonlyArray<Rejected>
}

export const empty: Announcements = { wallets: [], rejected: [] }

const nameOf = (detail: unknown): string => {
  const info = typeof detail === "object" && detail !== null ? (detail as { readonly info?: unknown }).info : undefined
  const name = typeof info === "object" && info !== null ? (info as { readonly name?: unknown }).name : undefined
  return typeof name === "string" ? name.slice(0, 100) : ""
}

/**
 * Folds one announcement into the state: a new wallet is appended, a refused one is recorded. Re-announcing
 * the same provider returns the state itself.
 */
export const accept = (state: Announcements, detail: unknown): Announcements => {
  const reject = (reason: Rejected["reason"]): Announcements => ({
    ...state,
    rejected: [...state.rejected, { reason, name: nameOf(detail) }]
  })
  if (typeof detail !== "object" || detail === null) return reject("invalid-info")
  const { info, provider } = detail as { readonly info?: unknown; readonly provider?: unknown }
  if (!isProviderInfo(info)) return reject("invalid-info")
  if (!isProvider(provider)) return reject("invalid-provider")
  const sameUuid = state.wallets.find((wallet) => wallet.info.uuid === info.uuid)
  if (sameUuid !== undefined) return sameUuid.provider === provider ? state : reject("duplicate-uuid")
  if (state.wallets.some((wallet) => wallet.info.rdns === info.rdns)) return reject("duplicate-rdns")
  const { uuid, name, icon, rdns } = info
  return { ...state, wallets: [...state.wallets, { info: { uuid, name, icon, rdns }, provider }] }
}
