/**
 * A passkey as the recovery factor, through WebAuthn's PRF extension (docs/embedded-wallet.md
 * "Custody"). The frame creates the credential asking for `prf`, learns from `prf.enabled` whether the
 * authenticator evaluates it, then asks for the PRF output over a fixed salt; that output never leaves
 * the frame and becomes the recovery key's input. The same passkey (synced, or a security key) gives
 * the same output on another browser.
 *
 * The passkey authenticates no one here (the challenge is random and no server checks the assertion):
 * it only holds the secret. It belongs to the frame's origin, which the host page cannot use.
 */
import * as Effect from "effect/Effect"
import * as Predicate from "effect/Predicate"
import * as Schema from "effect/Schema"
import { EncryptedRecoveryShare } from "../../core/embedded/ShareSet.ts"
import type { RecoveryFactor } from "./RecoveryKey.ts"

/** PRF's input: fixed, so the output is too; WebAuthn hashes it with its own context before use. */
const prfSalt = new TextEncoder().encode("portico/embedded-wallet/recovery-prf/v1")

export type PasskeyFactor = Extract<RecoveryFactor, { readonly kind: "passkey" }>

export interface PasskeyOptions {
  /** The relying party's name the browser shows (the credential is scoped to the frame's origin). */
  readonly rpName: string
  /** The account name the browser shows and lists the passkey under: the visitor's email or user name. */
  readonly userName: string
}

const unsupported = () => new PasskeyError({ reason: "unsupported", message: "This passkey cannot derive a recovery key (no WebAuthn PRF)" })
const noWebAuthn = () => new PasskeyError({ reason: "unsupported", message: "This browser cannot use a passkey here" })

const errorOf = (cause: unknown): PasskeyError => {
  const name = Predicate.hasProperty(cause, "name") && Predicate.isString(cause.name) ? cause.name : ""
  if (name === "NotAllowedError" || name === "AbortError") return new PasskeyError({ reason: "cancelled", message: "The passkey prompt was dismissed or timed out" })
  if (name === "NotSupportedError" || name === "SecurityError") return noWebAuthn()
  return new PasskeyError({ reason: "failed", message: cause instanceof Error ? cause.message : String(cause) })
}

const ask = (request: () => Promise<Credential | null>) =>
  Effect.suspend(() =>
    Predicate.isUndefined(globalThis.PublicKeyCredential) || Predicate.isUndefined(navigator.credentials)
      ? Effect.fail(noWebAuthn())
      : Effect.tryPromise({ try: request, catch: errorOf })
  ).pipe(
    Effect.flatMap((credential) =>
      credential instanceof PublicKeyCredential
        ? Effect.succeed(credential)
        : Effect.fail(new PasskeyError({ reason: "failed", message: "The browser returned no passkey" }))
    )
  )

/** The PRF output of the passkey `credentialId`: the recovery factor on a browser that has none stored. */
export const evaluate = (credentialId: Uint8Array): Effect.Effect<PasskeyFactor, PasskeyError> =>
  ask(() =>
    navigator.credentials.get({
      publicKey: {
        challenge: crypto.getRandomValues(new Uint8Array(32)),
        allowCredentials: [{ type: "public-key", id: Uint8Array.from(credentialId) }],
        userVerification: "required",
        extensions: { prf: { eval: { first: prfSalt } } }
      }
    })
  ).pipe(
    Effect.flatMap((credential) => {
      const first = credential.getClientExtensionResults().prf?.results?.first
      return first instanceof ArrayBuffer && first.byteLength === 32
        ? Effect.succeed({ kind: "passkey", credentialId: Uint8Array.from(credentialId), prfOutput: new Uint8Array(first) } as const)
        : Effect.fail(unsupported())
    })
  )

/** The PRF output of the passkey the sealed recovery share (as the server serves it) names: recovery on a new browser. */
export const evaluateFor = (recoveryShare: string): Effect.Effect<PasskeyFactor, PasskeyError> =>
  Schema.decodeUnknownEffect(EncryptedRecoveryShare)(recoveryShare).pipe(
    Effect.flatMap((sealed) => Effect.fromNullishOr(sealed.credentialId)),
    Effect.mapError(() => new PasskeyError({ reason: "failed", message: "The recovery share names no passkey" })),
    Effect.flatMap(evaluate)
  )

/** A new passkey for this origin and its PRF output: the recovery factor of a new wallet (two prompts). */
export const create = (options: PasskeyOptions): Effect.Effect<PasskeyFactor, PasskeyError> =>
  ask(() =>
    navigator.credentials.create({
      publicKey: {
        rp: { name: options.rpName },
        user: { id: crypto.getRandomValues(new Uint8Array(16)), name: options.userName, displayName: options.userName },
        challenge: crypto.getRandomValues(new Uint8Array(32)),
        // ES256 and EdDSA, then RS256 for Windows Hello.
        pubKeyCredParams: [{ type: "public-key", alg: -7 }, { type: "public-key", alg: -8 }, { type: "public-key", alg: -257 }],
        authenticatorSelection: { residentKey: "preferred", userVerification: "required" },
        extensions: { prf: {} }
      }
    })
  ).pipe(
    Effect.flatMap((credential) =>
      credential.getClientExtensionResults().prf?.enabled === true
        ? evaluate(new Uint8Array(credential.rawId))
        : Effect.fail(unsupported())
    )
  )

export class PasskeyError extends Schema.TaggedError<PasskeyError>()("PasskeyError", {
  /** Dismissed or timed out; no PRF here (offer the recovery code instead); anything else. */
  reason: Schema.Literals(["cancelled", "unsupported", "failed"]),
  message: Schema.String
}) {}
