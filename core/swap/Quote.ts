/**
 * Swap arithmetic in base units, around what the venues quote: how far a quoted output is from the pool's
 * price before the swap (price impact) for a constant-product pair (Uniswap v2, from its reserves) or a
 * concentrated-liquidity pool (Uniswap v3, from its square-root price), and the least a swap may return
 * under a slippage tolerance. Integers throughout, rounded against the trader as pools do.
 */

/** Parts per million, the resolution of fees, impacts and tolerances here. */
const million = 1_000_000n

/**
 * How much worse than the pool's current price the swap executes, in parts per million: 1 − (out/in) ÷
 * (reserveOut/reserveIn). It includes the fee, which is what a visitor loses against the quoted price.
 */
export const priceImpactPpm = (amountIn: bigint, out: bigint, reserveIn: bigint, reserveOut: bigint): bigint => {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n
  // One division at the end: the ideal output is never rounded on its own.
  return million - (out * reserveIn * million) / (amountIn * reserveOut)
}

/** The least output a swap accepts: `out` less `slippagePpm`, rounded down. */
export const minimumOut = (out: bigint, slippagePpm: bigint): bigint => (out * (million - slippagePpm)) / million

/** A percentage as text (`"1"`, `"0.5"`) to parts per million; undefined unless 0 ≤ p < 50 with at most 4 decimals. */
export const percentToPpm = (text: string): bigint | undefined => {
  const match = /^(\d{1,2})(?:\.(\d{1,4}))?$/.exec(text)
  if (match === null) return undefined
  const ppm = BigInt(match[1] ?? "0") * 10_000n + BigInt((match[2] ?? "").padEnd(4, "0"))
  return ppm < 500_000n ? ppm : undefined
}

const q192 = 2n ** 192n

/**
 * The price impact, in parts per million, of a swap through a concentrated-liquidity pool (Uniswap v3)
 * whose square-root price before the swap was `sqrtPriceX96` (token1 per token0, Q64.96): 1 − (out/in) ÷
 * the pool's price in the swap's direction. It includes the fee; never below zero.
 */
export const poolPriceImpactPpm = (amountIn: bigint, out: bigint, sqrtPriceX96: bigint, zeroForOne: boolean): bigint => {
  if (amountIn <= 0n || sqrtPriceX96 <= 0n) return 0n
  const squared = sqrtPriceX96 * sqrtPriceX96
  const ratio = zeroForOne ? (out * million * q192) / (amountIn * squared) : (out * million * squared) / (amountIn * q192)
  return ratio >= million ? 0n : million - ratio
}
