/**
 * A rejected action's reason as the typed failure the engine rejects with (its `_tag` and `message`, and
 * the embedded wallet's `reason` when it names what failed in the frame).
 */
export type Failure = { readonly _tag: string; readonly message: string; readonly reason?: string }

export const asFailure = (cause: unknown): Failure =>
  typeof cause === "object" && cause !== null && "_tag" in cause && "message" in cause &&
    typeof cause._tag === "string" && typeof cause.message === "string"
    ? { _tag: cause._tag, message: cause.message, ...("reason" in cause && typeof cause.reason === "string" ? { reason: cause.reason } : {}) }
    : { _tag: "Unknown", message: String(cause) }
