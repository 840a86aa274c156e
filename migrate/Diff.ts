/** A unified diff of one file's lines (what `--dry-run` prints), three lines of context around each change. */

type Line = { readonly kind: " " | "-" | "+"; readonly text: string; readonly before: number; readonly after: number }

/** The longest common subsequence's table, filled from the end: small files, so quadratic is fine. */
const common = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): ReadonlyArray<Uint32Array> => {
  const table = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1))
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const row = table[i] as Uint32Array
      row[j] = a[i] === b[j] ? (table[i + 1]?.[j + 1] ?? 0) + 1 : Math.max(table[i + 1]?.[j] ?? 0, row[j + 1] ?? 0)
    }
  }
  return table
}

const lines = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): ReadonlyArray<Line> => {
  const table = common(a, b)
  const out: Array<Line> = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) out.push({ kind: " ", text: a[i++] ?? "", before: i, after: ++j })
    else if (i < a.length && (j === b.length || (table[i + 1]?.[j] ?? 0) >= (table[i]?.[j + 1] ?? 0))) out.push({ kind: "-", text: a[i++] ?? "", before: i, after: j })
    else out.push({ kind: "+", text: b[j++] ?? "", before: i, after: j })
  }
  return out
}

const context = 3

export const unifiedDiff = (path: string, before: string, after: string): string => {
  const all = lines(before.split("\n"), after.split("\n"))
  const changed = all.flatMap((line, index) => (line.kind === " " ? [] : [index]))
  if (changed.length === 0) return ""
  const hunks: Array<[number, number]> = []
  for (const index of changed) {
    const last = hunks.at(-1)
    if (last !== undefined && index - context <= last[1] + context) last[1] = index
    else hunks.push([index, index])
  }
  const body = hunks.map(([first, lastChange]) => {
    const from = Math.max(0, first - context)
    const to = Math.min(all.length - 1, lastChange + context)
    const slice = all.slice(from, to + 1)
    const oldCount = slice.filter((line) => line.kind !== "+").length
    const newCount = slice.filter((line) => line.kind !== "-").length
    const head = all[from]
    const oldStart = head === undefined ? 0 : head.kind === "+" ? head.before + 1 : head.before
    const newStart = head === undefined ? 0 : head.kind === "-" ? head.after + 1 : head.after
    return [`@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`, ...slice.map((line) => `${line.kind}${line.text}`)].join("\n")
  })
  return [`--- a/${path}`, `+++ b/${path}`, ...body].join("\n") + "\n"
}
