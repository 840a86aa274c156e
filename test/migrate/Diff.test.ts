/** --dry-run's diff: its hunks, applied to the file as it was, give the file the codemod would write. */
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { unifiedDiff } from "../../migrate/Diff.ts"

/** Applies a unified diff's hunks, checking every context and removed line against the original. */
const patch = (before: string, diff: string): string => {
  const lines = before.split("\n")
  const out: Array<string> = []
  let cursor = 0
  for (const hunk of diff.split(/^(?=@@ )/m).filter((part) => part.startsWith("@@ "))) {
    const [header = "", ...body] = hunk.replace(/\n$/, "").split("\n")
    const start = Number(/^@@ -(\d+),(\d+)/.exec(header)?.[1] ?? "0")
    const count = Number(/^@@ -\d+,(\d+)/.exec(header)?.[1] ?? "0")
    const from = count === 0 ? start : start - 1
    out.push(...lines.slice(cursor, from))
    cursor = from
    for (const line of body) {
      if (line.startsWith("+")) out.push(line.slice(1))
      else {
        expect(lines[cursor]).toBe(line.slice(1))
        if (line.startsWith(" ")) out.push(line.slice(1))
        cursor++
      }
    }
  }
  return [...out, ...lines.slice(cursor)].join("\n")
}

const file = fc.array(fc.constantFrom("import a", "const b = 1", "", "}", "<App />", "return x"), { maxLength: 30 }).map((lines) => lines.join("\n"))

describe("unifiedDiff", () => {
  it("applied to the original gives the new text; an unchanged file has no diff", () => {
    fc.assert(fc.property(file, file, (before, after) => {
      const diff = unifiedDiff("src/App.tsx", before, after)
      if (before === after) expect(diff).toBe("")
      else {
        expect(diff.startsWith("--- a/src/App.tsx\n+++ b/src/App.tsx\n@@ -")).toBe(true)
        expect(patch(before, diff.split("\n").slice(2).join("\n"))).toBe(after)
      }
    }), { numRuns: 300 })
  })
})
