/**
 * Fiat values the Send and Account views show, computed on decimal digits: an amount being typed times
 * the token's USD price, and the portfolio total. A price arrives as a JSON number; its shortest decimal
 * form is taken as exact (no `amount * price` in floating point).
 */
import { formatUnits, truncate } from "../Format.ts"
import type { TokenBalance } from "../TokenBalance.ts"

interface Scaled {
  readonly units: bigint
  readonly scale: number
}

const decimalPattern = /^(-?)(\d*)(?:\.(\d*))?$/

const scaled = (text: string): Scaled | undefined => {
  const match = decimalPattern.exec(text.trim())
  if (match === null) return undefined
  const [, sign = "", integer = "", fraction = ""] = match
  if (integer === "" && fraction === "") return undefined
  const units = BigInt(`${integer}${fraction}` || "0")
  return { units: sign === "-" ? -units : units, scale: fraction.length }
}

/** A JSON price as its exact decimal digits (`1e-7` → `0.0000001`). */
const priceText = (price: number): string => truncate(price, 40)

/** `amount` (decimal string in token units) × `price` (USD), exactly; undefined without a price or a number. */
export const of = (amount: string, price: number | undefined): string | undefined => {
  if (price === undefined || !Number.isFinite(price)) return undefined
  const a = scaled(amount)
  const p = scaled(priceText(price))
  if (a === undefined || p === undefined) return undefined
  return formatUnits(a.units * p.units, a.scale + p.scale)
}

/** The portfolio's USD value as the Account view shows it: undefined when no balance has a price (nothing to add up). */
export const totalOf = (balances: ReadonlyArray<TokenBalance>): string | undefined =>
  balances.some((balance) => balance.value !== undefined) ? portfolio(balances) : undefined

/** The sum of the balances' USD values (spec: total portfolio value), exactly; "0" when none has a value. */
export const portfolio = (balances: ReadonlyArray<TokenBalance>): string => {
  const values = balances.flatMap((balance) => {
    const value = balance.value === undefined ? undefined : scaled(priceText(balance.value))
    return value === undefined ? [] : [value]
  })
  const scale = Math.max(0, ...values.map((value) => value.scale))
  const total = values.reduce((sum, value) => sum + value.units * 10n ** BigInt(scale - value.scale), 0n)
  return formatUnits(total, scale)
}
