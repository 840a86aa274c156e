/**
 * House rules the linter cannot say: CAIP ids (`eip155:1`, `eip155:1:0xabc…`) are read only through
 * core/Caip.ts's parsers (and core/CaipParts.ts's readers, which Caip re-exports), never cut at ":" by hand
 * where they are used — one owner for their grammar.
 * (File and function sizes are oxlint's max-lines rules, in .oxlintrc.json.)
 */
import { describe, expect, it } from "@effect/vitest"
import { globSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))

/** The product code: what a host or the embedded wallet runs. */
const productFiles = globSync(["core/**/*.{ts,tsx}", "app/**/*.{ts,tsx}", "ui/**/*.{ts,tsx}", "frame/**/*.{ts,tsx}"], { cwd: root })

/** The modules that parse CAIP ids: Caip.ts, and its Schema-free readers for the first chunk. */
const caipOwners = ["core/Caip.ts", "core/CaipParts.ts"]

/** Cutting text at ":" by hand: `split(":")`, `indexOf(":")`, or slicing past a `"eip155:"` prefix. */
const handParsing = [
  /\.split\(\s*(["'`]):\1\s*\)/,
  /\.(?:last)?indexOf\(\s*(["'`]):\1\s*\)/i,
  /(["'`])[a-z0-9-]{3,8}:\1\.length/
]

const handParsedLines = (source: string): ReadonlyArray<number> =>
  source.split("\n").flatMap((line, index) => handParsing.some((pattern) => pattern.test(line)) ? [index + 1] : [])

describe("house rules", () => {
  it("no product file but core/Caip.ts and core/CaipParts.ts cuts a CAIP id at \":\" by hand", () => {
    expect(productFiles.length).toBeGreaterThan(100)
    const offenders = productFiles
      .filter((file) => !caipOwners.includes(file))
      .flatMap((file) => handParsedLines(readFileSync(`${root}${file}`, "utf8")).map((line) => `${file}:${line}`))
    expect(offenders).toEqual([])
  })

  it("the check sees each way of cutting by hand, and lets Caip.ts's parsers pass", () => {
    expect(handParsedLines([
      `const reference = id.split(":")[1]`,
      `const parts = id.split(':')`,
      "const colon = id.indexOf(`:`)",
      `const chainId = Number(id.slice("eip155:".length))`,
      `const reference = Caip.referenceOf(id)`,
      `const url = "https://example.com:8443"`
    ].join("\n"))).toEqual([1, 2, 3, 4])
  })
})
