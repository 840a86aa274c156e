/**
 * Message templates in a small subset of ICU MessageFormat, without an ICU runtime in the bundle:
 * `{name}` inserts a value (numbers through the locale's `Intl.NumberFormat`), and
 * `{name, plural, =0 {…} one {# item} other {# items}}` picks a branch by exact value or by the locale's
 * `Intl.PluralRules` category (Arabic has all six), with `#` standing for the number. Templates are
 * parsed once and kept. In a right-to-left locale each value is a bidi isolate (U+2068 … U+2069), so an
 * address, a name or a number keeps its own direction and never reorders the sentence around it.
 */
import * as Locale from "./Locale.ts"

export type Part =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "slot"; readonly name: string }
  | { readonly kind: "count" }
  | { readonly kind: "plural"; readonly name: string; readonly branches: ReadonlyMap<string, ReadonlyArray<Part>> }

export type Values = Readonly<Record<string, string | number>>

const namePattern = /^[A-Za-z][A-Za-z0-9]*$/
const selectorPattern = /^(?:=\d+|zero|one|two|few|many|other)$/

class Parser {
  private at = 0
  private readonly template: string
  constructor(template: string) {
    this.template = template
  }

  fail(reason: string): never {
    throw new MessageFormatError(this.template, `Malformed message template (${reason} at ${this.at}): ${this.template}`)
  }

  /** Parts up to the end, or up to the `}` closing a plural branch (`nested`). */
  parts(nested: boolean): ReadonlyArray<Part> {
    const parts: Array<Part> = []
    let text = ""
    const flush = () => {
      if (text !== "") parts.push({ kind: "text", text })
      text = ""
    }
    while (this.at < this.template.length) {
      const char = this.template[this.at] ?? ""
      if (char === "}") {
        if (!nested) this.fail("unmatched }")
        break
      }
      if (char === "{") {
        flush()
        parts.push(this.placeholder())
      } else if (char === "#" && nested) {
        flush()
        parts.push({ kind: "count" })
        this.at += 1
      } else {
        text += char
        this.at += 1
      }
    }
    flush()
    return parts
  }

  private until(stops: string): string {
    const start = this.at
    while (this.at < this.template.length && !stops.includes(this.template[this.at] ?? "")) this.at += 1
    if (this.at >= this.template.length) this.fail("unclosed {")
    return this.template.slice(start, this.at).trim()
  }

  private placeholder(): Part {
    this.at += 1
    const name = this.until(",}")
    if (!namePattern.test(name)) this.fail(`bad name "${name}"`)
    if (this.template[this.at] === "}") {
      this.at += 1
      return { kind: "slot", name }
    }
    this.at += 1
    if (this.until(",") !== "plural") this.fail("only plural selectors are supported")
    this.at += 1
    const branches = new Map<string, ReadonlyArray<Part>>()
    for (;;) {
      const selector = this.until("{}")
      if (this.template[this.at] === "}") {
        if (selector !== "") this.fail("a selector without a branch")
        this.at += 1
        break
      }
      if (!selectorPattern.test(selector) || branches.has(selector)) this.fail(`bad selector "${selector}"`)
      this.at += 1
      branches.set(selector, this.parts(true))
      if (this.template[this.at] !== "}") this.fail("unclosed branch")
      this.at += 1
    }
    if (!branches.has("other")) this.fail("a plural without other")
    return { kind: "plural", name, branches }
  }
}

const parsed = new Map<string, ReadonlyArray<Part>>()

/** The template's parts; a malformed template throws `MessageFormatError` (the locale check runs them all). */
export const parse = (template: string): ReadonlyArray<Part> => {
  const known = parsed.get(template)
  if (known !== undefined) return known
  const parts = new Parser(template).parts(false)
  parsed.set(template, parts)
  return parts
}

/**
 * A locale's formatters, each built on first use: the first `Intl` object loads the runtime's locale data
 * (milliseconds, in the click that opens the modal), which a message with no number or plural never needs.
 */
class LocaleTools {
  #numbers: Intl.NumberFormat | undefined
  #plurals: Intl.PluralRules | undefined
  readonly locale: string
  readonly rightToLeft: boolean
  constructor(locale: string, rightToLeft: boolean) {
    this.locale = locale
    this.rightToLeft = rightToLeft
  }
  get numbers(): Intl.NumberFormat {
    this.#numbers ??= new Intl.NumberFormat(this.locale)
    return this.#numbers
  }
  get plurals(): Intl.PluralRules {
    this.#plurals ??= new Intl.PluralRules(this.locale)
    return this.#plurals
  }
}

const toolsByLocale = new Map<string, LocaleTools>()

const toolsOf = (locale: string): LocaleTools => {
  const known = toolsByLocale.get(locale)
  if (known !== undefined) return known
  const matched = Locale.match(locale)
  const tools = new LocaleTools(locale, matched !== undefined && Locale.direction(matched) === "rtl")
  toolsByLocale.set(locale, tools)
  return tools
}

/** Intl's direction marks: its right-to-left formats start with one, which would turn an isolated amount around. */
const directionMarks = /[\u200e\u200f\u061c]/g

const show = (value: string | number, tools: LocaleTools) => {
  const text = typeof value === "number" ? tools.numbers.format(value) : value
  // The isolate takes its direction from the value's own first letter ("US$" reads left to right).
  return tools.rightToLeft ? `\u2068${text.replace(directionMarks, "")}\u2069` : text
}

const render = (parts: ReadonlyArray<Part>, values: Values, tools: LocaleTools, count: number | undefined): string =>
  parts.map((part) => {
    switch (part.kind) {
      case "text":
        return part.text
      case "count":
        return count === undefined ? "#" : tools.numbers.format(count)
      case "slot": {
        const value = values[part.name]
        return value === undefined ? `{${part.name}}` : show(value, tools)
      }
      case "plural": {
        const n = Number(values[part.name])
        const branch = part.branches.get(`=${n}`) ?? part.branches.get(tools.plurals.select(n)) ?? part.branches.get("other") ?? []
        return render(branch, values, tools, n)
      }
    }
  }).join("")

/** Fills `template` with `values` in `locale`; a slot without a value stays as `{name}`, visibly. */
export const format = (locale: string, template: string, values: Values = {}): string =>
  render(parse(template), values, toolsOf(locale), undefined)

/**
 * What a template asks of its caller, for comparing translations with English: each slot's name, and
 * each plural's name with the slots its branches use (branch selectors differ by language, so they
 * are not part of it).
 */
export const signature = (template: string): ReadonlyArray<string> => {
  const names = new Set<string>()
  const walk = (parts: ReadonlyArray<Part>) => {
    for (const part of parts) {
      if (part.kind === "slot") names.add(part.name)
      if (part.kind === "plural") {
        names.add(`${part.name}, plural`)
        part.branches.forEach(walk)
      }
    }
  }
  walk(parse(template))
  return [...names].toSorted()
}

/** The plural selectors of every plural in `template`, by name. */
export const pluralSelectors = (template: string): ReadonlyMap<string, ReadonlyArray<string>> => {
  const found = new Map<string, ReadonlyArray<string>>()
  const walk = (parts: ReadonlyArray<Part>) => {
    for (const part of parts) {
      if (part.kind !== "plural") continue
      found.set(part.name, [...part.branches.keys()])
      part.branches.forEach(walk)
    }
  }
  walk(parse(template))
  return found
}

/**
 * A template outside the subset: a programming error in a table, thrown when the template is first used (the
 * locale check parses them all). A plain error, so formatting needs no Effect before the engine loads.
 */
export class MessageFormatError extends Error {
  readonly _tag = "MessageFormatError"
  readonly template: string
  constructor(template: string, message: string) {
    super(message)
    this.name = "MessageFormatError"
    this.template = template
  }
}
