/**
 * How the sandbox ramps price a purchase, in whole numbers only (cents, micro-dollars, base units):
 *
 *   provider fee  = ⌈total × feeBps / 10 000⌉                                   (cents)
 *   network fee   = ⌈gasUnits × 1 gwei × ETH price⌉, in the payment currency       (cents)
 *   subtotal      = total − provider fee − network fee
 *   purchase      = ⌊subtotal in USD / asset's USD price⌋, cut to the shown decimals (base units)
 *
 * `totalFor` inverts it: the smallest total whose purchase is at least the wanted amount.
 */

/** The gas price a ramp charges delivery at. */
export const gasPriceWei = 1_000_000_000n

export interface Pricing {
  /** The ramp's fee, in basis points of the total. */
  readonly feeBps: bigint
  /** The asset's price and the payment currency's value, both in millionths of a US dollar. */
  readonly assetMicroUsd: bigint
  readonly fiatMicroUsd: bigint
  /** Ether's price in millionths of a US dollar: delivery gas is paid in Ether. */
  readonly etherMicroUsd: bigint
  readonly decimals: number
  /** Purchases are cut to this many decimals (at most `decimals`). */
  readonly shownDecimals: number
  /** Gas one delivery of the asset costs. */
  readonly gasUnits: bigint
}

export interface Quote {
  readonly totalCents: bigint
  readonly feeCents: bigint
  readonly networkFeeCents: bigint
  readonly subtotalCents: bigint
  /** What arrives, in base units. */
  readonly units: bigint
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b

const step = (pricing: Pricing) => 10n ** BigInt(pricing.decimals - pricing.shownDecimals)

export const networkFeeCents = (pricing: Pricing): bigint =>
  ceilDiv(pricing.gasUnits * gasPriceWei * pricing.etherMicroUsd * 100n, 10n ** 18n * pricing.fiatMicroUsd)

const feeOf = (totalCents: bigint, pricing: Pricing) => ceilDiv(totalCents * pricing.feeBps, 10_000n)

/** The quote for charging `totalCents`; undefined when the fees leave nothing to buy. */
export const quoteFor = (totalCents: bigint, pricing: Pricing): Quote | undefined => {
  const feeCents = feeOf(totalCents, pricing)
  const network = networkFeeCents(pricing)
  const subtotalCents = totalCents - feeCents - network
  if (subtotalCents <= 0n) return undefined
  const raw = (subtotalCents * pricing.fiatMicroUsd * 10n ** BigInt(pricing.decimals)) / (100n * pricing.assetMicroUsd)
  const units = raw - (raw % step(pricing))
  return units === 0n ? undefined : { totalCents, feeCents, networkFeeCents: network, subtotalCents, units }
}

/** The smallest total (cents) whose quote buys at least `units`. */
export const totalFor = (units: bigint, pricing: Pricing): bigint => {
  const shown = ceilDiv(units, step(pricing)) * step(pricing)
  const subtotal = ceilDiv(shown * 100n * pricing.assetMicroUsd, pricing.fiatMicroUsd * 10n ** BigInt(pricing.decimals))
  const network = networkFeeCents(pricing)
  const left = (total: bigint) => total - feeOf(total, pricing) - network
  // `left` never falls as the total grows and moves by at most one cent a step: start near, walk to the smallest.
  let total = ceilDiv((subtotal + network) * 10_000n, 10_000n - pricing.feeBps)
  while (left(total) < subtotal) total += 1n
  while (total > 1n && left(total - 1n) >= subtotal) total -= 1n
  return total
}
