/**
 * A rejected action's reason as the typed failure the engine rejects with: its `_tag` and `message`, the
 * embedded wallet's `reason` when it names what failed in the frame, and the error's other text and
 * number fields (the cooldown's `seconds`…), which fill the slots of its translated message.
 */
export type Failure = { readonly _tag: string; readonly message: string; readonly reason?: string }

const isFailure = (cause: unknown): cause is Failure & object =>
  typeof cause === "object" && cause !== null && "_tag" in cause && "message" in cause &&
  typeof cause._tag === "string" && typeof cause.message === "string" &&
  (!("reason" in cause) || cause.reason === undefined || typeof cause.reason === "string")

export const asFailure = (cause: unknown): Failure =>
  isFailure(cause)
    ? {
      ...Object.fromEntries(Object.entries(cause).filter(([, value]) => typeof value === "string" || typeof value === "number")),
      _tag: cause._tag,
      message: cause.message,
      ...(typeof cause.reason === "string" ? { reason: cause.reason } : {})
    }
    : { _tag: "Unknown", message: String(cause) }
