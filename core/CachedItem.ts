/**
 * Persisted lookups (spec §3 "Cached items"): portfolio balance, native balance, name lookup and
 * identity, each kept per address with the time it was stored. The TTL rules live in `TtlCache`.
 * The values are the API's own answers (`Balances`, `NameAccount`, `Identity`), so what the client
 * caches is what it persists, and a value read back is decoded as strictly as the answer was.
 */
import * as Schema from "effect/Schema"
import { Identity } from "./Identity.ts"
import { NameAccount } from "./Name.ts"
import { Balances } from "./TokenBalance.ts"

/** A value with the epoch milliseconds (from `Clock`) it was stored at. */
export const CachedItem = <S extends Schema.Top>(value: S) =>
  Schema.Struct({ timestamp: Schema.Number, value })

/** A cache file: entries keyed by address. */
export const CachedByAddress = <S extends Schema.Top>(value: S) => Schema.Record(Schema.String, CachedItem(value))

export const NativeBalance = Schema.Struct({
  /** Decimal string in currency units. */
  balance: Schema.String,
  symbol: Schema.String
})
export type NativeBalance = typeof NativeBalance.Type

/** Balances by `<chain>|<address>` (a chain's, or `*` for every chain of the address's namespace). */
export const PortfolioBalanceCache = CachedByAddress(Balances)
export const NativeBalanceCache = CachedByAddress(NativeBalance)
/** A registered name's account by name. */
export const NameLookupCache = CachedByAddress(NameAccount)
export const IdentityCache = CachedByAddress(Identity)
