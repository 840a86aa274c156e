/**
 * Where the visitor stands with sign-in (spec §4 "Sign-in by wallet signature"), as a machine other
 * features read: navigation blocks closing on the sign-in views while sign-in is required and no
 * session exists.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type * as Caip from "../Caip.ts"
import type { SignInSession } from "../SignInSession.ts"
import type { SignedAtConnect } from "./ConnectSignIn.ts"
import type { SignInTemplate } from "./SignInMessage.ts"
import type { SignInProviderError } from "./SignInProvider.ts"

/** The account a sign-in is for, as CAIP-2 network and address. */
export interface SignInAccount {
  readonly chainId: Caip.CaipNetworkId
  readonly address: string
}

export type SignInStatus =
  /** No account to sign in with, or sign-in does not apply to it (disabled, namespace or network not supported). */
  | { readonly _tag: "SignedOut" }
  /** Looking for an existing session of the account. */
  | { readonly _tag: "Checking"; readonly account: SignInAccount }
  /** The wallet is asked to sign ('Authenticating...'). */
  | { readonly _tag: "Signing"; readonly account: SignInAccount }
  | { readonly _tag: "Failed"; readonly account: SignInAccount; readonly message: string; readonly errorTag: string }
  /** The visitor cancelled; not asked again until another account is active. */
  | { readonly _tag: "Declined"; readonly account: SignInAccount }
  | { readonly _tag: "SignedIn"; readonly account: SignInAccount; readonly session: SignInSession }

export const signedOut: SignInStatus = { _tag: "SignedOut" }

/** The account is connected but holds no session yet. */
export const awaitsSession = (status: SignInStatus): boolean =>
  status._tag === "Checking" || status._tag === "Signing" || status._tag === "Failed"

/** Where sign-in applies, from the host's configuration. */
export interface SignInScope {
  readonly enabled: boolean
  /** Sign-in is required by the host: without a session the visitor may not stay connected. */
  readonly required: boolean
  /** eip155 and solana with `siwx`; eip155 alone with the legacy `siweConfig`. */
  readonly namespaces: ReadonlyArray<string>
  /** The configured networks: sign-in starts only on a supported one. */
  readonly networkIds: ReadonlyArray<string>
  /** The view that asks for the signature: SIWXSignMessage, or ConnectingSiwe for `siweConfig`. */
  readonly view: "SIWXSignMessage" | "ConnectingSiwe"
}

/** Sign-in starts for this account (spec §4: an active address, sign-in enabled, a supported network). */
export const appliesTo = (scope: SignInScope, account: { readonly namespace: string; readonly caipNetworkId: string }): boolean =>
  scope.enabled && scope.namespaces.includes(account.namespace) && scope.networkIds.includes(account.caipNetworkId)

/** A message to sign while connecting, from the sign-in provider (installed with the sign-in feature, which loads apart). */
export type ConnectTemplate = (chainId: Caip.CaipNetworkId) => Effect.Effect<SignInTemplate, SignInProviderError>

export class SignInState extends Context.Service<SignInState, {
  readonly status: SubscriptionRef.SubscriptionRef<SignInStatus>
  readonly scope: SignInScope
  /**
   * Set by the sign-in feature when its provider can give a message before the wallet names its account:
   * a connect then asks the wallet to sign in at once (core/signin/ConnectSignIn.ts).
   */
  readonly connectTemplate: Ref.Ref<ConnectTemplate | undefined>
  /** What the wallet signed while connecting, until the sign-in feature takes it for the connected account. */
  readonly signedAtConnect: Ref.Ref<SignedAtConnect | undefined>
}>()("portico/core/signin/SignInState") {
  static readonly layer = (scope: SignInScope): Layer.Layer<SignInState> =>
    Layer.effect(
      SignInState,
      Effect.gen(function*() {
        const status = yield* SubscriptionRef.make<SignInStatus>(signedOut)
        const connectTemplate = yield* Ref.make<ConnectTemplate | undefined>(undefined)
        const signedAtConnect = yield* Ref.make<SignedAtConnect | undefined>(undefined)
        return SignInState.of({ status, scope, connectTemplate, signedAtConnect })
      })
    )
}

/** Closing must be blocked: sign-in is required and the connected account has no session. */
export const blocksClosing: Effect.Effect<boolean, never, SignInState> = Effect.gen(function*() {
  const state = yield* SignInState
  return state.scope.required && awaitsSession(yield* SubscriptionRef.get(state.status))
})
