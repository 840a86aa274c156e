/**
 * Number display (spec §9 "Display and defaults"): a locale format with 2 decimals by default;
 * balances truncated to 3 decimals, token balances to 2, activity amounts to 3; relative time
 * in short units.
 *
 * Truncation works on decimal strings, never on floats: `0.1 + 0.2` style errors and
 * `toFixed` rounding would show a visitor more than they hold. Intl then only adds the
 * locale's separators: it receives the already-truncated string (exact decimal formatting).
 */
import * as Constants from "./Constants.ts"

export const defaultLocale = "en-US"

export type Numeric = number | bigint | string

interface Decimal {
  readonly negative: boolean
  readonly integer: string
  readonly fraction: string
}

const numberPattern = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i
const zero: Decimal = { negative: false, integer: "0", fraction: "" }

/** Parses a number, bigint or numeric string (with optional exponent) into exact decimal digits. */
const toDecimal = (value: Numeric): Decimal => {
  if (typeof value === "number" && !Number.isFinite(value)) return zero
  const match = numberPattern.exec(String(value).trim())
  if (match === null) return zero
  const [, sign = "", integerDigits = "", fractionDigits = "", exponentText = "0"] = match
  if (integerDigits === "" && fractionDigits === "") return zero
  // Move the decimal point by the exponent over the digit string.
  const digits = integerDigits + fractionDigits
  const point = integerDigits.length + Number(exponentText)
  const padded = point < 0 ? "0".repeat(-point) + digits : digits.padEnd(point, "0")
  const at = Math.max(point, 0)
  const integer = padded.slice(0, at).replace(/^0+/, "") || "0"
  const fraction = padded.slice(at).replace(/0+$/, "")
  const negative = sign === "-" && /[1-9]/.test(integer + fraction)
  return { negative, integer, fraction }
}

const toText = ({ negative, integer, fraction }: Decimal): string => {
  const isZero = !/[1-9]/.test(integer + fraction)
  return `${negative && !isZero ? "-" : ""}${integer}${fraction === "" ? "" : `.${fraction}`}`
}

/** The exact decimal string of `value` with at most `decimals` fraction digits, cut toward zero. */
export const truncate = (value: Numeric, decimals: number): string => {
  const decimal = toDecimal(value)
  return toText({ ...decimal, fraction: decimal.fraction.slice(0, Math.max(0, decimals)).replace(/0+$/, "") })
}

/** `value / 10^decimals` as an exact decimal string (an on-chain integer amount to token units). */
export const formatUnits = (value: bigint, decimals: number): string => {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, "0")
  const cut = digits.length - decimals
  return toText({
    negative,
    integer: digits.slice(0, cut),
    fraction: digits.slice(cut).replace(/0+$/, "")
  })
}

export interface FormatOptions {
  readonly decimals?: number
  readonly locale?: string
}

const localeFormat = (text: string, decimals: number, locale: string): string =>
  new Intl.NumberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals
  }).format(text as `${number}`)

/** Locale format with exactly `decimals` fraction digits (2 by default), rounded half away from zero. */
export const formatNumber = (value: Numeric, options: FormatOptions = {}): string =>
  localeFormat(toText(toDecimal(value)), options.decimals ?? Constants.defaultDisplayDecimals, options.locale ?? defaultLocale)

const formatTruncated = (value: Numeric, decimals: number, locale: string | undefined): string =>
  localeFormat(truncate(value, decimals), decimals, locale ?? defaultLocale)

/** A native balance: truncated (never rounded up) to 3 decimals. */
export const formatBalance = (value: Numeric, locale?: string): string =>
  formatTruncated(value, Constants.balanceDisplayDecimals, locale)

/**
 * A network fee: truncated to its first two significant digits (0.000021 ETH, 0.000005 SOL, where three
 * decimals would read 0.000), at least the balance's three decimals and at most twelve.
 */
export const formatFee = (value: Numeric, locale?: string): string => {
  const { integer, fraction } = toDecimal(value)
  const first = fraction.search(/[1-9]/)
  const decimals = integer !== "0" || first === -1
    ? Constants.balanceDisplayDecimals
    : Math.min(maxFeeDecimals, Math.max(Constants.balanceDisplayDecimals, first + 2))
  const shown = truncate(value, decimals)
  // As many decimals as the digits kept, so 0.000005 does not read 0.0000050.
  const kept = Math.max(Constants.balanceDisplayDecimals, shown.split(".")[1]?.length ?? 0)
  return localeFormat(shown, kept, locale ?? defaultLocale)
}

const maxFeeDecimals = 12

/** A token balance: truncated to 2 decimals. */
export const formatTokenBalance = (value: Numeric, locale?: string): string =>
  formatTruncated(value, Constants.tokenBalanceDisplayDecimals, locale)

/** A value in US dollars (the prices Portico's server gives), in the locale's currency format. */
export const formatUsd = (value: number, locale?: string): string =>
  new Intl.NumberFormat(locale ?? defaultLocale, { style: "currency", currency: "USD" }).format(value)

/** A percentage given in percent ("1.5" is 1.5 %), in the locale's percent format with up to 2 decimals. */
export const formatPercent = (percent: Numeric, locale?: string): string =>
  new Intl.NumberFormat(locale ?? defaultLocale, { style: "percent", maximumFractionDigits: 2 }).format(Number(toText(toDecimal(percent))) / 100)

/** An amount in the activity list: truncated to 3 decimals. */
export const formatActivityAmount = (value: Numeric, locale?: string): string =>
  formatTruncated(value, Constants.activityDisplayDecimals, locale)

const relativeUnits: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3_600_000],
  ["month", 30 * 24 * 3_600_000],
  ["day", 24 * 3_600_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1000]
]

/**
 * Spec §9: relative time uses short units ("5 min. ago", "2 days ago" in en-US). The largest
 * whole unit is shown and counts are cut toward zero, so 59 minutes stays "59 min. ago".
 * Months count as 30 days and years as 365: a list label, not a calendar. `now` comes from
 * the caller's `Clock`.
 */
export const formatRelativeTime = (thenMillis: number, nowMillis: number, locale: string = defaultLocale): string => {
  const elapsed = thenMillis - nowMillis
  const [unit, size] = relativeUnits.find(([, millis]) => Math.abs(elapsed) >= millis) ?? ["second", 1000]
  const count = Math.trunc(elapsed / size)
  // Under a second is "now": Intl would say "in 0 sec." for +0.
  const numeric = count === 0 ? "auto" : "always"
  return new Intl.RelativeTimeFormat(locale, { style: "short", numeric }).format(count, unit)
}
