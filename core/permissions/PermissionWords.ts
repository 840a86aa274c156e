/**
 * A permission in the visitor's words, for the Permissions view: the amounts exactly as the chain holds
 * them (a limit is never rounded, "Up to 10 USDC" means 10), the period as the locale writes a length of
 * time ("3 days"; a period of one day is "per day" and "today" in the view's own words), and the end as a
 * date. Pure, so the view holds no rule.
 */
import { formatNumber, formatUnits } from "../Format.ts"
import type { PermissionSummary } from "./PermissionSummary.ts"

const day = 86_400

/** Whole units, the largest that measures the period exactly. */
const lengths: ReadonlyArray<readonly ["week" | "day" | "hour" | "minute" | "second", number]> = [
  ["week", 7 * day],
  ["day", day],
  ["hour", 3_600],
  ["minute", 60],
  ["second", 1]
]

export interface PermissionWords {
  /** The period is one day: the view says "per day" and "today". */
  readonly daily: boolean
  /** The period's length in the locale's words ("2 weeks", "1 hour"). */
  readonly period: string
  readonly amountPerPeriod: string
  readonly spentThisPeriod: string
  /** The permission's last day, as the locale writes a date. */
  readonly until: string
}

/** `units` base units of a token with `decimals`, every digit kept, in the locale's number format. */
export const exactAmount = (units: bigint, decimals: number, locale: string): string => {
  const text = formatUnits(units, decimals)
  return formatNumber(text, { decimals: text.split(".")[1]?.length ?? 0, locale })
}

/** The length of `seconds` in the locale's words, in the largest unit that measures it exactly. */
export const periodLength = (seconds: number, locale: string): string => {
  const [unit, size] = lengths.find(([, length]) => seconds % length === 0) ?? ["second", 1]
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(seconds / size)
}

export const wordsOf = (summary: PermissionSummary, decimals: number, locale: string, timeZone?: string): PermissionWords => ({
  daily: summary.periodSeconds === day,
  period: periodLength(summary.periodSeconds, locale),
  amountPerPeriod: exactAmount(summary.amountPerPeriod, decimals, locale),
  spentThisPeriod: exactAmount(summary.spentThisPeriod, decimals, locale),
  until: new Intl.DateTimeFormat(locale, { dateStyle: "medium", ...(timeZone === undefined ? {} : { timeZone }) }).format(summary.until * 1000)
})
