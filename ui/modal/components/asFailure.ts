/**
 * A rejected action's reason as the failure the views show: the typed error the engine rejects with
 * (its `_tag`, `message` and the fields errorText reads), or an unknown reason as its text.
 */
import type { Failure } from "./errorText.ts"

export type { Failure } from "./errorText.ts"

export const asFailure = (cause: unknown): Failure => {
  if (typeof cause !== "object" || cause === null || !("_tag" in cause) || !("message" in cause)) return { _tag: "Unknown", message: String(cause) }
  if (typeof cause._tag !== "string" || typeof cause.message !== "string") return { _tag: "Unknown", message: String(cause) }
  return {
    _tag: cause._tag,
    message: cause.message,
    ...("reason" in cause && typeof cause.reason === "string" ? { reason: cause.reason } : {}),
    ...("seconds" in cause && typeof cause.seconds === "number" ? { seconds: cause.seconds } : {})
  }
}
