/**
 * What every JSON body must be before its Schema reads it: text without NUL characters (Postgres
 * refuses them in text and jsonb, so one would otherwise surface as a 500) and no deeper than 32
 * levels (deep nesting is a parser and walker cost, never data of ours). Each refusal is a 400 naming
 * the field by its path.
 */
import * as Effect from "effect/Effect"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import { BadRequest } from "../api/ApiError.ts"

export const maxDepth = 32

/** The first problem of a parsed JSON value, as a 400 message naming its path; undefined when clean. */
export const problemOf = (value: unknown): string | undefined => {
  // Iterative, so a hostile depth cannot overflow the stack before the limit is seen.
  const pending: Array<{ readonly value: unknown; readonly path: string; readonly depth: number }> = [{ value, path: "payload", depth: 0 }]
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    if (item.depth > maxDepth) return `${item.path}: nested deeper than ${maxDepth} levels`
    if (typeof item.value === "string") {
      if (item.value.includes("\u0000")) return `${item.path}: must not contain a NUL character`
    } else if (Array.isArray(item.value)) {
      item.value.forEach((entry, index) => pending.push({ value: entry, path: `${item.path}[${index}]`, depth: item.depth + 1 }))
    } else if (typeof item.value === "object" && item.value !== null) {
      for (const [key, entry] of Object.entries(item.value)) {
        if (key.includes("\u0000")) return `${item.path}: a key must not contain a NUL character`
        pending.push({ value: entry, path: `${item.path}.${key}`, depth: item.depth + 1 })
      }
    }
  }
  return undefined
}

/** Checks a JSON request's body (read once; the handler's decoding reuses it). Other requests pass. */
export const check = (request: HttpServerRequest.HttpServerRequest): Effect.Effect<void, BadRequest> => {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return Effect.void
  if (!(request.headers["content-type"] ?? "").toLowerCase().startsWith("application/json")) return Effect.void
  return Effect.flatMap(Effect.orElseSucceed(request.text, () => ""), (text) => {
    if (text === "") return Effect.void
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      // Malformed JSON is the payload decoder's to name (a 400 too).
      return Effect.void
    }
    const problem = problemOf(parsed)
    return problem === undefined ? Effect.void : Effect.fail(new BadRequest({ message: problem }))
  })
}
