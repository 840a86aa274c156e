/**
 * Sign-in by wallet signature (spec §4): it starts when an address is active, sign-in is enabled and
 * the network is supported, and looks for an existing session first. Without one it opens the sign
 * view ('Authenticating...') and asks the wallet at once; success keeps the session, closes the modal
 * and is tracked; failure reopens the modal with the error; cancel disconnects when sign-in is
 * required, otherwise closes. Sessions end with the connection (disconnect) or with `signOut`.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as FiberHandle from "effect/FiberHandle"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Alert from "../Alert.ts"
import * as Analytics from "../Analytics.ts"
import * as Caip from "../Caip.ts"
import type { FeatureUnavailableError } from "../CodeChunk.ts"
import { fixed } from "../FixedMessage.ts"
import { HostConfig } from "../HostConfig.ts"
import * as Modal from "../Modal.ts"
import * as Session from "../Session.ts"
import * as ConnectSignIn from "../signin/ConnectSignIn.ts"
import type { SignInMismatchError } from "../signin/ConnectSignIn.ts"
import * as SignInMessage from "../signin/SignInMessage.ts"
import { SignInProvider, type SignInProviderError, type SignInRefusedError } from "../signin/SignInProvider.ts"
import * as SignInState from "../signin/SignInState.ts"
import { signInWithSolana } from "../signin/SolanaSignIn.ts"
import { ConnectorError } from "../Connector.ts"
import type { SignInMessageData, SignInSession } from "../SignInSession.ts"
import { connectingViews } from "./ConnectAttempt.ts"
import { Disconnecting } from "./Disconnecting.ts"
import { signMessage } from "./MessageSigning.ts"
import { routerContext } from "./ChainSupport.ts"
import { WalletRequests, type WalletRequestError } from "./WalletRequests.ts"

export type SignInFailure =
  | SignInInitError
  | SignInSessionExpiredError
  | SignatureDeclinedError
  | SmartAccountSignInError
  | SignInProviderError
  | SignInRefusedError
  | SignInMismatchError
  | WalletRequestError
  | FeatureUnavailableError

/** The account a session is for, when sign-in applies to the active account. */
const signInAccountOf = (scope: SignInState.SignInScope, state: Session.SessionState) => {
  const account = Session.activeAccount(state)
  return account !== undefined && SignInState.appliesTo(scope, account)
    ? { account, target: { chainId: account.caipNetworkId, address: account.address } }
    : undefined
}

/**
 * One sign-in per address and namespace: a signature proves control of the address, which is the same on
 * every network of its namespace, so switching networks neither asks again nor loses the session.
 */
const keyOf = (target: SignInState.SignInAccount | undefined) =>
  target === undefined ? "" : `${Caip.namespaceOf(target.chainId)}|${target.chainId.startsWith("eip155:") ? target.address.toLowerCase() : target.address}`

/**
 * The wallet signs the message: a Solana wallet offering Sign-In With Solana writes it itself (what it
 * signed is read back, so the session holds the wallet's exact text); any other signs our text.
 */
const signWith = (requests: WalletRequests["Service"], account: Session.SessionAccount, data: SignInMessageData) => {
  const ourText = Effect.map(signMessage(requests, account, SignInMessage.format(data)), (signature): SignInSession => ({
    data,
    message: SignInMessage.format(data),
    signature
  }))
  if (account.namespace !== "solana") return ourText
  return signInWithSolana(requests, data).pipe(
    Effect.flatMap(({ message, signature }) =>
      Effect.map(
        Effect.mapError(SignInMessage.parse(message, "solana"), (error) => new ConnectorError({ connectorId: account.connectorId, message: error.message })),
        (written): SignInSession => ({ data: written, message, signature })
      )
    ),
    Effect.catchTag("UnsupportedMethodError", () => ourText)
  )
}

/** Our message for the account, signed by the wallet (the second step). */
const askWallet = (provider: SignInProvider["Service"], requests: WalletRequests["Service"], account: Session.SessionAccount, target: SignInState.SignInAccount) =>
  Effect.gen(function*() {
    const data = yield* provider.createMessage(target).pipe(Effect.mapError((cause) => new SignInInitError({ cause })))
    return yield* signWith(requests, account, data).pipe(
      Effect.mapError((error) => error._tag === "UserRejectedRequestError" ? new SignatureDeclinedError() : error)
    )
  })

export class SignIn extends Context.Service<SignIn, {
  /** Asks the wallet again (the sign view's "Try again", and signing in after a cancel). */
  readonly retry: Effect.Effect<void>
  /** The sign view's cancel: disconnects when sign-in is required, otherwise closes; a late signature still counts. */
  readonly cancel: Effect.Effect<void>
  /** Ends every sign-in session (the host's sign-out); the visitor stays connected unless sign-in is required. */
  readonly signOut: Effect.Effect<void, SignInProviderError>
}>()("portico/core/features/SignIn") {
  static readonly layer = Layer.effect(
    SignIn,
    Effect.gen(function*() {
      const { scope, status, connectTemplate, signedAtConnect } = yield* SignInState.SignInState
      const provider = yield* SignInProvider
      // A provider that gives a message before the wallet names its account lets a connect sign in at once.
      yield* Ref.set(connectTemplate, provider.createTemplate)
      const session = yield* Session.Session
      const modal = yield* Modal.Modal
      const requests = yield* WalletRequests
      const disconnecting = yield* Disconnecting
      const context = yield* Effect.context<Analytics.Analytics | HostConfig>()
      const running = yield* FiberHandle.make<void, never>()
      const layerScope = yield* Effect.scope
      const closeModal = Effect.flatMap(
        routerContext.pipe(Effect.provideService(Session.Session, session), Effect.provide(context)),
        (router) => modal.close(router, { forced: true })
      )

      const showsSignView = Effect.map(SubscriptionRef.get(modal.state), (now) => now.open && Modal.currentView(now) === scope.view)

      const showSignView = Effect.gen(function*() {
        const now = yield* SubscriptionRef.get(modal.state)
        if (!now.open || Modal.currentView(now) !== scope.view) yield* modal.open({ view: scope.view })
      })

      const fail = (target: SignInState.SignInAccount, error: SignInFailure) =>
        Effect.gen(function*() {
          yield* Analytics.trackDetached({ event: "SIWX_AUTH_ERROR", address: target.address, properties: { reason: error._tag } })
          // The visitor cancelled meanwhile: the wallet's late refusal changes nothing they see.
          if ((yield* SubscriptionRef.get(status))._tag === "Declined") return
          if (error._tag === "SignInInitError") {
            // Spec §8: without a message to sign there is no sign-in; the connection ends with it.
            yield* SubscriptionRef.set(status, SignInState.signedOut)
            // Outside this fiber: the disconnect ends the sign-in, which interrupts whatever runs for it.
            // Then Connect says why (a failed disconnect shows its own toast, from Disconnecting).
            const disconnected = Effect.gen(function*() {
              yield* Effect.ignore(disconnecting.disconnect())
              yield* modal.open({ view: "Connect" })
              yield* modal.showToast({ message: error.message, errorTag: error._tag, variant: "error" })
            })
            return yield* Effect.asVoid(Effect.forkIn(disconnected, layerScope))
          }
          yield* SubscriptionRef.set(status, { _tag: "Failed", account: target, message: error.message, errorTag: error._tag })
          yield* showSignView
          // Spec §8's alert: a session refused for its times says so, the device's clock being the likely cause.
          if (error._tag === "SignInSessionExpiredError") yield* modal.showToast(Alert.sessionExpiredToast)
        }).pipe(Effect.provide(context))

      /** What the wallet signed while connecting, when it was this account's; taken once. */
      const takeSignedAtConnect = (target: SignInState.SignInAccount) =>
        Effect.map(Ref.getAndSet(signedAtConnect, undefined), (signed) =>
          signed !== undefined && signed.address.toLowerCase() === target.address.toLowerCase() ? signed : undefined)

      const sign = (account: Session.SessionAccount, target: SignInState.SignInAccount, early?: ConnectSignIn.SignedAtConnect) =>
        Effect.gen(function*() {
          yield* SubscriptionRef.set(status, { _tag: "Signing", account: target })
          yield* showSignView
          // Signed with the connect (one approval): checked against what was asked before the verifier sees it.
          const signed = early === undefined ? yield* askWallet(provider, requests, account, target) : yield* ConnectSignIn.sessionOf(early)
          yield* provider.addSession(signed).pipe(
            // A plain account's real signature always verifies: one that does not is a contract account's.
            Effect.mapError((error) => error._tag !== "SignInRefusedError" ? error : refusalOf(error))
          )
          yield* SubscriptionRef.set(status, { _tag: "SignedIn", account: target, session: signed })
          // Signed after a cancel, the visitor may be elsewhere in the modal by now: only the sign view closes.
          if (yield* showsSignView) yield* closeModal
          yield* Analytics.trackDetached({ event: "SIWX_AUTH_SUCCESS", address: target.address }).pipe(Effect.provide(context))
        }).pipe(Effect.catch((error: SignInFailure) => fail(target, error)))

      /** An existing session first (spec §4); the wallet is asked only without one. */
      const start = (account: Session.SessionAccount, target: SignInState.SignInAccount) =>
        Effect.gen(function*() {
          const early = yield* takeSignedAtConnect(target)
          if (early !== undefined) return yield* sign(account, target, early)
          yield* SubscriptionRef.set(status, { _tag: "Checking", account: target })
          const existing = yield* provider.getSessions(target)
          const first = existing[0]
          if (first === undefined) return yield* sign(account, target)
          yield* SubscriptionRef.set(status, { _tag: "SignedIn", account: target, session: first })
          // Connected from the modal with a session already kept: the connecting view has nothing left to show.
          const view = Modal.currentView(yield* SubscriptionRef.get(modal.state))
          if (view !== undefined && connectingViews.includes(view)) yield* closeModal
        }).pipe(Effect.catch((error: SignInFailure) => fail(target, error)))

      const follow = (state: Session.SessionState) =>
        Effect.gen(function*() {
          const active = signInAccountOf(scope, state)
          if (active === undefined) {
            yield* FiberHandle.clear(running)
            const before = yield* SubscriptionRef.getAndSet(status, SignInState.signedOut)
            // The connection ended: its sessions end with it (spec: deleted on disconnect).
            if (Session.accounts(state).length === 0 && before._tag !== "SignedOut") {
              yield* provider.setSessions([]).pipe(
                Effect.catch((error) => modal.showToast({ message: error.message, errorTag: error._tag, variant: "error" }))
              )
            }
            return
          }
          yield* FiberHandle.run(running, start(active.account, active.target))
        })

      if (scope.enabled) {
        yield* SubscriptionRef.changes(session.state).pipe(
          Stream.changesWith((a, b) => keyOf(signInAccountOf(scope, a)?.target) === keyOf(signInAccountOf(scope, b)?.target) && Session.accounts(a).length === Session.accounts(b).length),
          Stream.runForEach(follow),
          Effect.forkScoped
        )
      }

      const retry = Effect.gen(function*() {
        const active = signInAccountOf(scope, yield* SubscriptionRef.get(session.state))
        if (active !== undefined) yield* FiberHandle.run(running, sign(active.account, active.target))
      })

      /**
       * The sign view's cancel. A request already in the wallet is left to finish: the visitor may still
       * approve it there, and a signature they gave signs them in.
       */
      const cancel = Effect.gen(function*() {
        const current = yield* SubscriptionRef.get(status)
        if (current._tag !== "SignedOut" && current._tag !== "SignedIn") yield* SubscriptionRef.set(status, { _tag: "Declined", account: current.account })
        // A failed disconnect shows its own toast (Disconnecting); the cancel itself is done.
        if (scope.required) return yield* Effect.ignore(disconnecting.disconnect())
        yield* closeModal
      })

      const signOut = Effect.gen(function*() {
        yield* FiberHandle.clear(running)
        yield* provider.setSessions([])
        const current = yield* SubscriptionRef.getAndSet(status, SignInState.signedOut)
        if (scope.required && current._tag !== "SignedOut") yield* Effect.ignore(disconnecting.disconnect())
      })

      return SignIn.of({ retry, cancel, signOut })
    })
  )
}

/** Refusals for the message's times (expired, not yet valid): this device's clock is off from the verifier's. */
const clockReasons: ReadonlyArray<string | undefined> = ["expired", "notYetValid"]

/**
 * What a verifier's refusal means to the visitor: a plain account's real signature always verifies, so one
 * that does not is a contract account's; a refusal for the times is an expired session.
 */
const refusalOf = (error: SignInRefusedError): SignInRefusedError | SmartAccountSignInError | SignInSessionExpiredError =>
  error.reason === "signature"
    ? new SmartAccountSignInError({ cause: error })
    : clockReasons.includes(error.reason)
    ? new SignInSessionExpiredError({ cause: error })
    : error

/** The provider could not give a message to sign (no nonce): the visitor is disconnected. */
export class SignInInitError extends Schema.TaggedError<SignInInitError>()("SignInInitError", {
  message: fixed("A problem occurred while trying initialize authentication"),
  cause: Schema.optional(Schema.Defect())
}) {}

/** The visitor refused to sign the message in the wallet. */
export class SignatureDeclinedError extends Schema.TaggedError<SignatureDeclinedError>()("SignatureDeclinedError", {
  message: fixed("Signature declined")
}) {}

/** The wallet signed, but the signature could not be verified: a smart account the verifier cannot check. */
export class SmartAccountSignInError extends Schema.TaggedError<SmartAccountSignInError>()("SmartAccountSignInError", {
  message: fixed("This application might not support Smart Accounts"),
  cause: Schema.optional(Schema.Defect())
}) {}

/** The verifier refused the signed session for its times: invalid here, most likely the device's clock (spec §8). */
export class SignInSessionExpiredError extends Schema.TaggedError<SignInSessionExpiredError>()("SignInSessionExpiredError", {
  message: fixed("Session Expired"),
  cause: Schema.optional(Schema.Defect())
}) {}
