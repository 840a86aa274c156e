/**
 * The locale a browser asks for in `Accept-Language` (RFC 9110 §12.5.4), for the pages the server
 * renders without knowing the visitor's locale otherwise: the language ranges by descending weight
 * (ties in the header's order), the first that names a locale Portico speaks (core/Locale.ts's rule:
 * `pt-BR` → pt, `zh-Hant`/`zh-TW`/`zh-HK` → zh-TW, `zh`/`zh-CN` → zh-CN), else English. A range with
 * `q=0` is refused, and so is one whose weight is not a valid qvalue (fail closed: it asks for nothing).
 */
import * as Locale from "../../core/Locale.ts"

interface Range {
  readonly tag: string
  readonly weight: number
}

const qvalue = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i

/** A range's weight: 1 when it states none, 0 when the one it states is no qvalue. */
const weightOf = (parameter: string | undefined): number => {
  if (parameter === undefined) return 1
  const found = qvalue.exec(parameter.replace(/\s+/g, ""))?.[1]
  return found === undefined ? 0 : Number(found)
}

/** A `tag;parameter;…` element as a range, unless it is a wildcard, or its weight is zero, twice or malformed. */
const range = (element: string): ReadonlyArray<Range> => {
  const [tag = "", ...parameters] = element.split(";").map((part) => part.trim())
  const weights = parameters.filter((parameter) => /^q\s*=/i.test(parameter))
  const weight = weights.length > 1 ? 0 : weightOf(weights[0])
  return tag === "" || tag === "*" || weight === 0 ? [] : [{ tag, weight }]
}

/** The locale `acceptLanguage` (the header's value, if any) asks for. */
export const localeOf = (acceptLanguage: string | undefined): Locale.Locale => {
  const ranges = (acceptLanguage ?? "").split(",").flatMap(range)
  // toSorted is stable: equal weights keep the header's order.
  return Locale.negotiate(ranges.toSorted((a, b) => b.weight - a.weight).map(({ tag }) => tag))
}
