/**
 * Spec §4 "Sending" as a state machine over the send form: loading turns on, the send runs, loading
 * turns off and the form resets. A failed send only turns loading off: nothing typed is lost. Spec §2:
 * after a send the view stack goes back, to Account for ERC20 and Solana sends.
 */
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Send from "../Send.ts"

export type SendingEvent =
  | { readonly _tag: "Started" }
  | { readonly _tag: "Succeeded" }
  | { readonly _tag: "Failed" }

export const transition = (state: Send.SendState, event: SendingEvent): Send.SendState => {
  switch (event._tag) {
    case "Started":
      return { ...state, loading: true }
    case "Succeeded":
      return Send.reset(state)
    case "Failed":
      return { ...state, loading: false }
  }
}

/** Runs `send` between the transitions, on a form held in `form`; the send's own result passes through. */
export const run = <A, E, R>(form: SubscriptionRef.SubscriptionRef<Send.SendState>, send: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.andThen(
    SubscriptionRef.update(form, (state) => transition(state, { _tag: "Started" })),
    send.pipe(
      Effect.tap(() => SubscriptionRef.update(form, (state) => transition(state, { _tag: "Succeeded" }))),
      Effect.onError(() => SubscriptionRef.update(form, (state) => transition(state, { _tag: "Failed" })))
    )
  )

/** Where the view stack goes after a send: Account for ERC20 (a token on eip155) and Solana sends, else back. */
export const afterSend = (request: Pick<Send.SendRequest, "namespace" | "token">): "Account" | "back" =>
  request.namespace === "solana" || request.token.address !== undefined ? "Account" : "back"
