/**
 * The recovery share sealed under the visitor's recovery key (docs/embedded-wallet.md "Custody"):
 * AES-256-GCM under a key HKDF-SHA256 derives from the recovery factor (a passkey's PRF output or the
 * recovery code's 128 bits), with a fresh salt and IV at each sealing and the factor's kind in HKDF's
 * info. The server stores the result and never sees the factor.
 *
 * Both inputs are uniformly random, so HKDF needs no stretching; a wrong factor fails GCM's tag check,
 * which makes it a typed error, never a wrong share.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { RecoveryKind, type EncryptedRecoveryShare } from "../../core/embedded/ShareSet.ts"
import { fixed } from "../../core/FixedMessage.ts"

/** What opens the recovery share: what the visitor's passkey or recovery code gives the frame. */
export type RecoveryFactor =
  | {
    readonly kind: "passkey"
    /** Named in the sealed share, so a new browser knows which passkey to ask. */
    readonly credentialId: Uint8Array
    /** The PRF extension's `first` result over Passkey's fixed salt. */
    readonly prfOutput: Uint8Array
  }
  | { readonly kind: "code"; readonly code: Uint8Array }

const random = (length: number) => crypto.getRandomValues(new Uint8Array(length))

const keyOf = (factor: RecoveryFactor, salt: Uint8Array, usage: "encrypt" | "decrypt") =>
  Effect.promise(async () => {
    const secret = factor.kind === "passkey" ? factor.prfOutput : factor.code
    const material = await crypto.subtle.importKey("raw", Uint8Array.from(secret), "HKDF", false, ["deriveKey"])
    const info = new TextEncoder().encode(`portico/embedded-wallet/recovery-share/v1/${factor.kind}`)
    return crypto.subtle.deriveKey(
      { name: "HKDF", hash: "SHA-256", salt: Uint8Array.from(salt), info },
      material,
      { name: "AES-GCM", length: 256 },
      false,
      [usage]
    )
  })

export const seal = (share: Uint8Array, factor: RecoveryFactor): Effect.Effect<EncryptedRecoveryShare> =>
  Effect.gen(function*() {
    const salt = random(32)
    const iv = random(12)
    const key = yield* keyOf(factor, salt, "encrypt")
    const ciphertext = new Uint8Array(yield* Effect.promise(() => crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, Uint8Array.from(share))))
    const sealed = { version: 1, salt, iv, ciphertext } as const
    return factor.kind === "passkey" ? { ...sealed, credentialId: factor.credentialId } : sealed
  })

/** The recovery share, if `factor` is the one it was sealed under (and of the kind the server recorded). */
export const open = (
  sealed: EncryptedRecoveryShare,
  kind: RecoveryKind,
  factor: RecoveryFactor
): Effect.Effect<Uint8Array, RecoveryFactorMismatchError> =>
  kind === factor.kind
    ? keyOf(factor, sealed.salt, "decrypt").pipe(
      Effect.flatMap((key) =>
        Effect.tryPromise({
          try: () => crypto.subtle.decrypt({ name: "AES-GCM", iv: Uint8Array.from(sealed.iv) }, key, Uint8Array.from(sealed.ciphertext)),
          // AES-GCM rejects only when the tag does not match: another key, or altered bytes.
          catch: () => new RecoveryFactorMismatchError({ kind })
        })
      ),
      Effect.map((plain) => new Uint8Array(plain))
    )
    : Effect.fail(new RecoveryFactorMismatchError({ kind }))

export class RecoveryFactorMismatchError extends Schema.TaggedError<RecoveryFactorMismatchError>()(
  "RecoveryFactorMismatchError",
  {
    message: fixed("This passkey or recovery code does not unlock this wallet"),
    /** The kind the server recorded for the visitor's recovery share. */
    kind: RecoveryKind
  }
) {}
