/**
 * A token balance row (spec §3 "Token balance") and the spec §5 balance rule.
 */
import * as Schema from "effect/Schema"

/** An amount as decimal strings, e.g. `{ decimals: "6", numeric: "12.5" }`. */
export const Quantity = Schema.Struct({
  decimals: Schema.String,
  numeric: Schema.String
})
export type Quantity = typeof Quantity.Type

export const TokenBalance = Schema.Struct({
  name: Schema.String,
  symbol: Schema.String,
  /** CAIP-2 network id of the chain holding the token. */
  chainId: Schema.String,
  /** CAIP-10 address of the token contract; absent for a native currency. */
  address: Schema.optionalKey(Schema.String),
  /** Value in USD; absent when no price source knows the token. */
  value: Schema.optionalKey(Schema.Finite),
  /** Price in USD of one token; absent when no price source knows the token (never invented). */
  price: Schema.optionalKey(Schema.Finite),
  iconUrl: Schema.String,
  quantity: Quantity,
  /** `verified: false` for a token found in the account's transfers that the host's token list does not vouch for. */
  flags: Schema.optionalKey(Schema.Struct({ verified: Schema.Boolean }))
})
export type TokenBalance = typeof TokenBalance.Type

/** Spec §5: token balances whose quantity decimals equal '0' are dropped. */
export const withoutZeroDecimals = (balances: ReadonlyArray<TokenBalance>): ReadonlyArray<TokenBalance> =>
  balances.filter((balance) => balance.quantity.decimals !== "0")

/**
 * The network's native balance among an account's balances: the one without a contract address whose
 * symbol is the network's native currency's (a token can never pass for it).
 */
export const nativeOf = (balances: ReadonlyArray<TokenBalance>, nativeSymbol: string): TokenBalance | undefined =>
  balances.find((balance) => balance.address === undefined && balance.symbol === nativeSymbol)

/** The answer of `GET /v1/account/{address}/balance`. */
export class Balances extends Schema.Class<Balances>("Balances")({
  balances: Schema.Array(TokenBalance)
}) {}
