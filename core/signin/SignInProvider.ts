/**
 * The sign-in provider (spec §7 "Sign-in provider operations"): createMessage, addSession,
 * getSessions and setSessions. Portico's server is the default one (ServerSignInProvider.ts); a host
 * with its own backend gives its own (the composition root adapts it), and its backend verifies with
 * the same verifier (`portico/server`).
 */
import * as Context from "effect/Context"
import * as Schema from "effect/Schema"
import type * as Effect from "effect/Effect"
import type { CaipNetworkId } from "../Caip.ts"
import type { SignInMessageData, SignInSession } from "../SignInSession.ts"
import type { SignInTemplate } from "./SignInMessage.ts"
import type { SignInAccount } from "./SignInState.ts"

export class SignInProvider extends Context.Service<SignInProvider, {
  /** The message the account is asked to sign, with a fresh nonce. */
  readonly createMessage: (account: SignInAccount) => Effect.Effect<SignInMessageData, SignInProviderError>
  /**
   * A message to sign while connecting, before the wallet names its account (ERC-7846 `wallet_connect`):
   * a fresh nonce without an address. Absent when the provider needs the address for its nonce; then
   * connecting and signing in stay two steps.
   */
  readonly createTemplate?: (chainId: CaipNetworkId) => Effect.Effect<SignInTemplate, SignInProviderError>
  /** Hands a signed session over to be verified and kept; fails when it is refused. */
  readonly addSession: (session: SignInSession) => Effect.Effect<void, SignInProviderError | SignInRefusedError>
  /**
   * The address's valid sessions in the account's namespace, whichever network each was signed on: one
   * signature signs an address in on every network of its namespace (empty: it must sign in).
   */
  readonly getSessions: (account: SignInAccount) => Effect.Effect<ReadonlyArray<SignInSession>, SignInProviderError>
  /** Replaces every session; an empty list signs out everywhere. */
  readonly setSessions: (sessions: ReadonlyArray<SignInSession>) => Effect.Effect<void, SignInProviderError>
}>()("portico/core/signin/SignInProvider") {}

/** The provider could not be reached or failed (a nonce, a session list). */
export class SignInProviderError extends Schema.TaggedError<SignInProviderError>()("SignInProviderError", {
  message: Schema.String,
  cause: Schema.optional(Schema.Defect())
}) {}

/** The provider verified the signed message and refused it; `reason` names the failed check when it said. */
export class SignInRefusedError extends Schema.TaggedError<SignInRefusedError>()("SignInRefusedError", {
  message: Schema.String,
  reason: Schema.optional(Schema.String)
}) {}
