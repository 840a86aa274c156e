/**
 * An asset answered by `wallet_getAssets` (EIP-7811, spec §3) and its conversion to a token balance.
 */
import * as Schema from "effect/Schema"
import type { CaipNetworkId } from "./Caip.ts"
import { formatUnits } from "./Format.ts"
import * as FiatValue from "./send/FiatValue.ts"
import type { TokenBalance } from "./TokenBalance.ts"

/** The spec writes the types in capitals; EIP-7811 wallets answer them in lower case. */
export const AssetType = Schema.Literals(["ERC20", "NATIVE", "erc20", "native"])
export type AssetType = typeof AssetType.Type

export const HexQuantity = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]+$/))

export const AssetMetadata = Schema.Struct({
  name: Schema.String,
  symbol: Schema.String,
  decimals: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  value: Schema.optionalKey(Schema.Number),
  price: Schema.optionalKey(Schema.Number),
  iconUrl: Schema.optionalKey(Schema.String)
})

export const Asset = Schema.Struct({
  /** Token contract address, or `native` for the chain's currency. */
  address: Schema.String,
  /** Raw balance in the token's smallest unit, as hex. */
  balance: HexQuantity,
  type: AssetType,
  metadata: AssetMetadata
})
export type Asset = typeof Asset.Type

/** Converts an asset on `chainId` to the token balance row the account view shows. */
export const toTokenBalance = (asset: Asset, chainId: CaipNetworkId): TokenBalance => {
  const { metadata } = asset
  return {
    name: metadata.name,
    symbol: metadata.symbol,
    chainId,
    ...(asset.type === "ERC20" || asset.type === "erc20" ? { address: `${chainId}:${asset.address}` } : {}),
    // A price is never invented: without one there is no value either; with one, the value follows exactly.
    ...(metadata.price === undefined ? {} : { price: metadata.price }),
    ...(metadata.value !== undefined
      ? { value: metadata.value }
      : metadata.price === undefined
      ? {}
      : { value: Number(FiatValue.of(formatUnits(BigInt(asset.balance), metadata.decimals), metadata.price) ?? "0") }),
    iconUrl: metadata.iconUrl ?? "",
    quantity: {
      decimals: String(metadata.decimals),
      numeric: formatUnits(BigInt(asset.balance), metadata.decimals)
    }
  }
}
