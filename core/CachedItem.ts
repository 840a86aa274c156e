/**
 * Persisted lookups (spec §3 "Cached items"): portfolio balance, native balance, name lookup and
 * identity, each kept per address with the time it was stored. The TTL rules live in `TtlCache`.
 */
import * as Schema from "effect/Schema"
import { Identity } from "./Identity.ts"
import { TokenBalance } from "./TokenBalance.ts"

/** A value with the epoch milliseconds (from `Clock`) it was stored at. */
export const CachedItem = <S extends Schema.Top>(value: S) =>
  Schema.Struct({ timestamp: Schema.Number, value })

/** A cache file: entries keyed by address. */
export const CachedByAddress = <S extends Schema.Top>(value: S) => Schema.Record(Schema.String, CachedItem(value))

export const PortfolioBalance = Schema.Array(TokenBalance)

export const NativeBalance = Schema.Struct({
  /** Decimal string in currency units. */
  balance: Schema.String,
  symbol: Schema.String
})
export type NativeBalance = typeof NativeBalance.Type

/** The address a name resolves to. */
export const NameLookup = Schema.Struct({ address: Schema.String })


export const PortfolioBalanceCache = CachedByAddress(PortfolioBalance)
export const NativeBalanceCache = CachedByAddress(NativeBalance)
export const NameLookupCache = CachedByAddress(NameLookup)
export const IdentityCache = CachedByAddress(Identity)
