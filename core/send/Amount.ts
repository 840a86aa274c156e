/**
 * Send amounts as the visitor types them (a decimal string in token units) to the on-chain integer in
 * the token's smallest unit, and back. Digits only, never a float: `0.1 + 0.2` and `parseFloat`
 * rounding would send something other than what was typed.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fixed } from "../FixedMessage.ts"
import { formatUnits } from "../Format.ts"

const decimalPattern = /^(\d*)(?:\.(\d*))?$/

/**
 * `text` (e.g. "1.5") in units of a token with `decimals` decimals, as an integer (1_500_000n for 6
 * decimals). Fails on anything but plain digits with one optional point, on more fraction digits than
 * the token has, and on zero.
 */
export const parse = (text: string, decimals: number): Effect.Effect<bigint, InvalidAmountError> => {
  const trimmed = text.trim()
  const match = decimalPattern.exec(trimmed)
  const [, integer = "", fraction = ""] = match ?? []
  if (match === null || (integer === "" && fraction === "")) {
    return Effect.fail(new InvalidAmountError({ amount: text, message: "Enter an amount" }))
  }
  if (fraction.length > decimals) {
    return Effect.fail(new InvalidAmountError({ amount: text, message: `At most ${decimals} decimals` }))
  }
  const units = BigInt(`${integer}${fraction.padEnd(decimals, "0")}` || "0")
  if (units === 0n) return Effect.fail(new InvalidAmountError({ amount: text, message: "Enter an amount above 0" }))
  return Effect.succeed(units)
}

/** The integer amount back as the decimal string a visitor reads (no trailing zeros). */
export const format = (units: bigint, decimals: number): string => formatUnits(units, decimals)

/** A balance (decimal string in token units) as an integer; digits past the token's decimals are cut. */
const balanceUnits = (numeric: string, decimals: number): bigint | undefined => {
  const match = decimalPattern.exec(numeric)
  const [, integer = "", fraction = ""] = match ?? []
  return match === null ? undefined : BigInt(`${integer}${fraction.slice(0, decimals).padEnd(decimals, "0")}` || "0")
}

/** Whether `units` is within the balance `numeric` (a decimal string in token units). */
export const withinBalance = (units: bigint, numeric: string, decimals: number): boolean => {
  const balance = balanceUnits(numeric, decimals)
  return balance !== undefined && units <= balance
}

/**
 * The Max button: the whole balance, less `reserve` (the network fee when sending the native coin, in
 * its smallest unit), never below zero.
 */
export const max = (numeric: string, decimals: number, reserve: bigint = 0n): string => {
  const balance = balanceUnits(numeric, decimals) ?? 0n
  return format(balance > reserve ? balance - reserve : 0n, decimals)
}

/**
 * Refuses an amount the balance cannot cover: `units` plus `reserve` (the network fee, when the coin sent
 * is the one the fee is paid in) must be within the balance `numeric` (token units).
 */
export const requireAffordable = (
  units: bigint,
  balance: { readonly numeric: string; readonly decimals: number; readonly symbol: string },
  reserve: bigint = 0n
): Effect.Effect<void, InsufficientBalanceError> =>
  withinBalance(units + reserve, balance.numeric, balance.decimals)
    ? Effect.void
    : Effect.fail(new InsufficientBalanceError({ symbol: balance.symbol }))

/** Spec §5 (send and swap): the amount, with its network fee when paid in the same coin, exceeds what the account holds. */
export class InsufficientBalanceError extends Schema.TaggedError<InsufficientBalanceError>()("InsufficientBalanceError", {
  symbol: Schema.String,
  message: fixed("Insufficient balance")
}) {}

export class InvalidAmountError extends Schema.TaggedError<InvalidAmountError>()("InvalidAmountError", {
  amount: Schema.String,
  message: Schema.String
}) {}
