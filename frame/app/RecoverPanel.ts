/**
 * The recover panel (docs/embedded-wallet.md "Custody"): a known visitor on a browser without a device
 * share opens the wallet with the server's auth share and the recovery share, unsealed by their passkey
 * (asked here, on the visitor's click) or their recovery code (typed here: case, dashes, spaces and the
 * look-alikes O/0 and I/L/1 are forgiven, a typo is caught by the code's check symbol before anything is
 * tried, and a well-formed code that is not theirs says so). The custody library splits the seed anew;
 * the server's two new shares replace the old ones, signed by the wallet's EVM account over a nonce the
 * server issued to this session (core/embedded/ShareReplacement.ts).
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { EncryptedRecoveryShare } from "../../core/embedded/ShareSet.ts"
import { Custody, type ServerShares } from "../custody/Custody.ts"
import * as Passkey from "../custody/Passkey.ts"
import * as RecoveryCode from "../custody/RecoveryCode.ts"
import type { RecoveryFactor } from "../custody/RecoveryKey.ts"
import { button, el, show } from "./Dom.ts"
import { signOf } from "./TrustHeader.ts"
import type { PanelRuntime } from "./PanelServices.ts"
import type { PanelStrings } from "./PanelStrings.ts"
import { ServerApi } from "./ServerApi.ts"
import { Session } from "./Session.ts"

/** What the server holds for the visitor: both shares and the wallet's addresses. */
const stored = Effect.gen(function*() {
  const session = yield* Session
  const api = yield* ServerApi
  const [auth, recovery, visitor] = yield* Effect.all([
    session.authorized((authorization) => api.embedded.authShare({ query: {}, headers: { authorization } })),
    session.authorized((authorization) => api.embedded.recoveryShare({ query: {}, headers: { authorization } })),
    session.authorized((authorization) => api.embedded.user({ query: {}, headers: { authorization } }))
  ])
  if (visitor.addresses === undefined) return yield* Effect.die("a visitor with shares has addresses")
  return {
    visitorId: visitor.visitorId,
    authShare: auth.authShare,
    recoveryShare: recovery.recoveryShare,
    recoveryKind: recovery.recoveryKind,
    addresses: visitor.addresses
  } satisfies ServerShares & { readonly visitorId: string }
})

const recover = (shares: ServerShares & { readonly visitorId: string }, factor: RecoveryFactor) =>
  Effect.gen(function*() {
    const custody = yield* Custody
    const session = yield* Session
    const api = yield* ServerApi
    const { nonce } = yield* session.authorized((authorization) => api.embedded.shareNonce({ query: {}, headers: { authorization } }))
    const recovered = yield* custody.recover(shares, factor, { visitorId: shares.visitorId, nonce })
    yield* session.authorized((authorization) =>
      api.embedded.putShares({
        query: {},
        headers: { authorization },
        payload: { ...recovered.shareSet, addresses: recovered.addresses, replacement: { nonce, signature: recovered.replacement } }
      })
    )
  })

const tagOf = (cause: Cause.Cause<unknown>): string | undefined => {
  const error = Option.getOrUndefined(Cause.findErrorOption(cause))
  return typeof error === "object" && error !== null && "_tag" in error && typeof error._tag === "string" ? error._tag : undefined
}

export const render = (root: HTMLElement, all: PanelStrings, runtime: PanelRuntime, finish: (outcome: "completed") => void): void => {
  const strings = all.recover
  const problem = el("p", { role: "alert", class: "error" })

  const explain = (cause: Cause.Cause<unknown>): string => {
    switch (tagOf(cause)) {
      case "InvalidRecoveryCodeError":
        return strings.invalidCode
      case "RecoveryFactorMismatchError":
        return strings.wrongFactor
      case "PasskeyError":
        return strings.passkeyCancelled
      case "SessionEndedError":
        return all.sessionExpired
      default:
        return all.failed
    }
  }

  /** Runs `attempt` from `control`'s click: the panel is done when it succeeds, says why when it fails. */
  const attempt = (control: HTMLButtonElement, effect: Effect.Effect<void, unknown, Effect.Services<ReturnType<typeof recover>>>) => {
    control.disabled = true
    problem.textContent = ""
    void runtime.runPromiseExit(effect).then((exit) => {
      if (Exit.isSuccess(exit)) {
        show(root, strings.title, el("p", { class: "success", role: "status" }, strings.done), ...signOf(all))
        return finish("completed")
      }
      problem.textContent = explain(exit.cause)
      control.disabled = false
    })
  }

  void runtime.runPromiseExit(stored).then((exit) => {
    if (Exit.isFailure(exit)) return show(root, strings.title, el("p", { role: "alert", class: "error" }, explain(exit.cause)))
    const shares = exit.value
    if (shares.recoveryKind === "passkey") {
      const credentialId = Option.flatMap(Schema.decodeUnknownOption(EncryptedRecoveryShare)(shares.recoveryShare), (sealed) => Option.fromNullishOr(sealed.credentialId))
      const start: HTMLButtonElement = button(strings.passkey, () =>
        attempt(
          start,
          Option.match(credentialId, {
            onNone: () => Effect.die("a passkey's recovery share names its credential"),
            onSome: (id) => Effect.flatMap(Passkey.evaluate(id), (factor) => recover(shares, factor))
          })
        ), "primary")
      return show(root, strings.title, el("p", {}, strings.introPasskey), start, problem)
    }
    const input = el("input", { type: "text", id: "code", autocomplete: "off", spellcheck: "false", "aria-describedby": "problem" })
    problem.id = "problem"
    const submit: HTMLButtonElement = button(strings.submit, () =>
      attempt(submit, Effect.flatMap(RecoveryCode.parse(input.value), (code) => recover(shares, { kind: "code", code }))), "primary")
    const form = el("form", {}, el("label", { for: "code" }, strings.codeLabel, input), submit)
    submit.type = "submit"
    form.addEventListener("submit", (event) => event.preventDefault())
    show(root, strings.title, el("p", {}, strings.introCode), form, problem)
  })
}
