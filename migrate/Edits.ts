/**
 * The codemod never reprints a file: it replaces the ranges of the nodes it rewrites and leaves every
 * other character (the developer's formatting and comments) where it was.
 */

/** Replace `[start, end)` of the original text with `text` (an insertion when start equals end). */
export interface Edit {
  readonly start: number
  readonly end: number
  readonly text: string
}

/** Two edits of one file overlapped: a transform would have rewritten the same characters twice. */
export class OverlappingEditsError extends Error {
  readonly _tag = "OverlappingEditsError"
  readonly file: string
  readonly at: number
  constructor(file: string, at: number) {
    super(`portico-migrate rewrote the same code of ${file} twice (at offset ${at}): please report this with the file`)
    this.file = file
    this.at = at
  }
}

const width = (edit: Edit) => edit.end - edit.start

/** Applies the edits; at one offset insertions come before a replacement, in the order they were made. */
export const applyEdits = (file: string, text: string, edits: ReadonlyArray<Edit>): string => {
  const ordered = edits
    .map((edit, order) => ({ edit, order }))
    .toSorted((a, b) => a.edit.start - b.edit.start || Math.sign(width(a.edit)) - Math.sign(width(b.edit)) || a.order - b.order)
  let output = ""
  let cursor = 0
  for (const { edit } of ordered) {
    if (edit.start < cursor) throw new OverlappingEditsError(file, edit.start)
    output += text.slice(cursor, edit.start) + edit.text
    cursor = edit.end
  }
  return output + text.slice(cursor)
}
