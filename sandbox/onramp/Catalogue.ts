/**
 * What the sandbox ramps sell and take: Ether and the sandbox's USDC on every local EVM chain, paid in
 * USD or EUR by card or bank account (the limits of spec §9), priced from the sandbox's USD prices
 * (the answers of the devnets' price feeds, sandbox/evm/RealContracts.ts) so a quote matches the balances
 * the modal shows. Each stand-in lists them in its own provider's shape: MoonPay's currencies
 * (`moonPayCurrencies`), Coinbase's buy options (`coinbaseOptions`).
 */
import type { Address } from "viem"
import * as Constants from "../../core/Constants.ts"
import type * as CoinbaseWire from "../../http/server/onramp/CoinbaseWire.ts"
import type * as MoonPayWire from "../../http/server/onramp/MoonPayWire.ts"
import { sandboxUsdPrices } from "../evm/RealContracts.ts"
import { devnetContract } from "../evm/NetworkShapes.ts"
import type { Pricing } from "./QuoteMath.ts"
import type { Ramp } from "./Ramps.ts"

export interface RampNetwork {
  readonly chainId: number
  /** The chain's display name (`Portico Local`). */
  readonly name: string
  readonly rpcUrl: string
}

export interface SoldAsset {
  readonly id: string
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  /** The token's contract on a chain (each chain has its own USDC); undefined for Ether. */
  readonly contract: ((chainId: number) => Address) | undefined
  readonly usd: number
  /** Gas a delivery costs: a plain send, or an ERC-20 transfer. */
  readonly gasUnits: bigint
}

export const soldAssets: ReadonlyArray<SoldAsset> = [
  { id: "ETH", name: "Ether", symbol: "ETH", decimals: 18, contract: undefined, usd: sandboxUsdPrices.native, gasUnits: 21_000n },
  { id: "USDC", name: "USD Coin", symbol: "USDC", decimals: 6, contract: (chainId) => devnetContract(chainId, "usdc"), usd: sandboxUsdPrices.token, gasUnits: 65_000n }
]

/** What one unit of each payment currency is worth in US dollars. */
export const fiatUsd: ReadonlyMap<string, number> = new Map([["USD", 1], ["EUR", 1.08]])

/** Every payment currency takes the same methods and limits. */
export const paymentLimits = Constants.onrampFallbackPaymentMethodLimits

const card = paymentLimits.find((limit) => limit.id === "card")
if (card === undefined) throw new RangeError("core's onramp limits name no card limit")
/** The checkout takes cards only; the bank-account limit is in the options for comparison. */
export const cardLimit = card

/** `Portico Local 2` → `portico-local-2`: the network's name in the options. */
export const networkName = (network: RampNetwork): string => network.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")

const micro = (usd: number) => BigInt(Math.round(usd * 1_000_000))

/** MoonPay's code of `asset` on `network` (`usdc_portico_local`). */
export const moonPayCode = (asset: SoldAsset, network: RampNetwork): string =>
  `${asset.id.toLowerCase()}_${networkName(network).replace(/-/g, "_")}`

/** Coinbase names assets by a UUID of its own: fixed ones here. */
export const coinbaseAssetId = (asset: SoldAsset): string =>
  asset.id === "ETH" ? "5b71fc48-3dd3-540c-809b-f8c94d0e68b5" : "2b92315d-eab7-5bef-84fa-089a131333f5"

export const moonPayCurrencies = (networks: ReadonlyArray<RampNetwork>): ReadonlyArray<MoonPayWire.Currency> => [
  ...soldAssets.flatMap((asset) => networks.map((network): MoonPayWire.Currency => ({
    type: "crypto",
    code: moonPayCode(asset, network),
    name: `${asset.name} (${network.name})`,
    minBuyAmount: null,
    maxBuyAmount: null,
    isSuspended: false,
    metadata: { contractAddress: asset.contract?.(network.chainId) ?? "0x0000000000000000000000000000000000000000", chainId: String(network.chainId), networkCode: networkName(network) }
  }))),
  ...Array.from(fiatUsd.keys(), (id): MoonPayWire.Currency => ({
    type: "fiat",
    code: id.toLowerCase(),
    name: id,
    minBuyAmount: Number(cardLimit.min),
    maxBuyAmount: Number(cardLimit.max)
  }))
]

export const coinbaseOptions = (networks: ReadonlyArray<RampNetwork>): CoinbaseWire.BuyOptions => ({
  purchase_currencies: soldAssets.map((asset) => ({
    id: coinbaseAssetId(asset),
    name: asset.name,
    symbol: asset.symbol,
    networks: networks.map((network) => ({
      name: networkName(network),
      display_name: network.name,
      chain_id: String(network.chainId),
      contract_address: asset.contract?.(network.chainId) ?? ""
    }))
  })),
  payment_currencies: Array.from(fiatUsd.keys(), (id) => ({ id, limits: paymentLimits.map(({ id: method, min, max }) => ({ id: method, min, max })) }))
})

/** How `ramp` prices `asset` paid in `fiat` (a currency of `fiatUsd`). */
export const pricingOf = (ramp: Ramp, asset: SoldAsset, fiat: number): Pricing => ({
  feeBps: ramp.feeBps,
  assetMicroUsd: micro(asset.usd),
  fiatMicroUsd: micro(fiat),
  etherMicroUsd: micro(sandboxUsdPrices.native),
  decimals: asset.decimals,
  shownDecimals: Math.min(asset.decimals, 8),
  gasUnits: asset.gasUnits
})
