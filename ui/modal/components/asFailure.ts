/**
 * A rejected action's reason as the failure the views show: the typed error the engine rejects with
 * (its `_tag`, `message` and the fields errorText reads), or an unknown reason as its text.
 */
import type { Failure } from "./errorText.ts"

export type { Failure } from "./errorText.ts"

/** The text fields errorText reads (`reason` of the frame, the swap's `symbol` and `impact`, a `name`). */
const textFields = ["reason", "symbol", "impact", "name"] as const

export const asFailure = (cause: unknown): Failure => {
  if (typeof cause !== "object" || cause === null || !("_tag" in cause) || !("message" in cause)) return { _tag: "Unknown", message: String(cause) }
  if (typeof cause._tag !== "string" || typeof cause.message !== "string") return { _tag: "Unknown", message: String(cause) }
  const fields: Record<string, unknown> = { ...cause }
  return {
    _tag: cause._tag,
    message: cause.message,
    ...Object.fromEntries(textFields.flatMap((field) => typeof fields[field] === "string" ? [[field, fields[field]]] : [])),
    ...("seconds" in cause && typeof cause.seconds === "number" ? { seconds: cause.seconds } : {})
  }
}
