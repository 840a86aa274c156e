/**
 * What a chain's configuration says about its on-chain data sources, beside its tokens: the Chainlink
 * feeds that price its assets, the Uniswap venues that swap them, the pool TWAP for tokens without a feed,
 * and ENS. Addresses are the chain's real ones (docs/networks/ has them for Ethereum, Base, Arbitrum,
 * Optimism and Polygon); the server reads them through the host's own `rpcUrl`.
 */
import * as Schema from "effect/Schema"

const Address = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{40}$/))

export const PriceFeedOptions = Schema.Struct({
  /** `native` for the chain's currency, else the token's 0x address. */
  asset: Schema.String,
  /** The feed's proxy (Chainlink's AggregatorV3Interface), answering in US dollars. */
  address: Address,
  /** The feed's heartbeat as Chainlink publishes it: an answer older than this gives no price. */
  heartbeatSeconds: Schema.Int.check(Schema.isGreaterThan(0))
})
export type PriceFeedOptions = typeof PriceFeedOptions.Type

export const UniswapV2Venue = Schema.Struct({
  name: Schema.String,
  factory: Address,
  /** A Router02: getAmountsOut and the swapExact… calls. */
  router: Address
})
export type UniswapV2Venue = typeof UniswapV2Venue.Type

export const UniswapV3Venue = Schema.Struct({
  name: Schema.String,
  factory: Address,
  /** QuoterV2: quoteExactInputSingle. */
  quoter: Address,
  /** SwapRouter02: exactInputSingle inside multicall(deadline, …). */
  router: Address,
  /** The fee tiers quoted, in hundredths of a basis point (500 = 0.05 %). */
  fees: Schema.Array(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 999_999 })))
})
export type UniswapV3Venue = typeof UniswapV3Venue.Type

export const SwapVenueOptions = Schema.Struct({
  /** The wrapped native currency (WETH9's interface) the venues trade in place of the native one. */
  wrappedNative: Address,
  uniswapV2: Schema.optionalKey(Schema.Array(UniswapV2Venue)),
  uniswapV3: Schema.optionalKey(Schema.Array(UniswapV3Venue))
})
export type SwapVenueOptions = typeof SwapVenueOptions.Type

export const TwapOptions = Schema.Struct({
  /** The token a TWAP is taken against (a USD stablecoin with a feed): its price times the pool's. */
  quoteToken: Address,
  /** The averaging window. */
  seconds: Schema.Int.check(Schema.isBetween({ minimum: 60, maximum: 86_400 })),
  /** A pool with less in-range liquidity (v3's L) gives no price. Decimal integer. */
  minLiquidity: Schema.String.check(Schema.isPattern(/^\d{1,39}$/))
})
export type TwapOptions = typeof TwapOptions.Type

export const EnsOptions = Schema.Struct({
  /** ENS's Universal Resolver, which viem's ENS actions call (forward, reverse, text records). */
  universalResolver: Address
})
export type EnsOptions = typeof EnsOptions.Type
