/**
 * The server's two key shares as the embedded wallet's frame uploads them (docs/embedded-wallet.md
 * "Custody"): the auth share, the recovery share sealed under the visitor's recovery key, and which
 * factor that key comes from. On the wire (`PUT /v1/embedded/shares`, and as the server stores them)
 * both shares are single base64url strings the server never looks into.
 *
 * When a recovery replaces the shares, the EVM account signs the hash of the new set's `canonicalJson`
 * (ShareReplacement.ts) and the server checks the signature against the address it stored at creation.
 * Both sides hash the wire strings as built here, so they agree byte for byte.
 */
import * as Schema from "effect/Schema"
import * as SchemaGetter from "effect/SchemaGetter"

/** Where the recovery key comes from: a passkey's WebAuthn PRF output, or a recovery code shown once. */
export const RecoveryKind = Schema.Literals(["passkey", "code"])
export type RecoveryKind = typeof RecoveryKind.Type

/** The length of the secret that is split: 128 bits of BIP-39 entropy. */
export const secretLength = 16
/** A share: the secret's length and, last, the share's x coordinate. */
const shareLength = secretLength + 1
const saltLength = 32
const ivLength = 12
/** The share and AES-GCM's 16-byte tag. */
const ciphertextLength = shareLength + 16
/** Version, salt, IV and ciphertext, before the credential id. */
const fixedLength = 1 + saltLength + ivLength + ciphertextLength
/** WebAuthn caps a credential id at 1023 bytes. */
const maxCredentialIdLength = 1023

const Bytes = (length: number) => Schema.Uint8Array.check(Schema.isBetweenLength(length, length))

/** One Shamir share of the entropy, as base64url without padding on the wire. */
export const Share = Schema.Uint8ArrayFromBase64Url.check(Schema.isBetweenLength(shareLength, shareLength))

const SealedFields = Schema.Struct({
  version: Schema.Literal(1),
  /** HKDF-SHA256's salt, fresh at each sealing. */
  salt: Bytes(saltLength),
  iv: Bytes(ivLength),
  ciphertext: Bytes(ciphertextLength),
  /** The passkey whose PRF output the key comes from; none for a recovery code. */
  credentialId: Schema.optionalKey(Schema.Uint8Array.check(Schema.isBetweenLength(1, maxCredentialIdLength)))
})

/**
 * The recovery share sealed with AES-256-GCM under a key HKDF-SHA256 derives from the recovery factor.
 * On the wire, base64url without padding of: version (1) ‖ salt (32) ‖ IV (12) ‖ ciphertext (33) ‖ the
 * passkey's credential id (the rest; nothing for a recovery code).
 */
export const EncryptedRecoveryShare = Schema.Uint8ArrayFromBase64Url.check(
  Schema.isBetweenLength(fixedLength, fixedLength + maxCredentialIdLength),
  Schema.makeFilter((bytes) => bytes[0] === 1 || "version 1")
).pipe(
  Schema.decodeTo(SealedFields, {
    decode: SchemaGetter.transform((bytes) => {
      const ivAt = 1 + saltLength
      const ciphertextAt = ivAt + ivLength
      const sealed = { version: 1, salt: bytes.slice(1, ivAt), iv: bytes.slice(ivAt, ciphertextAt), ciphertext: bytes.slice(ciphertextAt, fixedLength) } as const
      return bytes.length > fixedLength ? { ...sealed, credentialId: bytes.slice(fixedLength) } : sealed
    }),
    encode: SchemaGetter.transform((sealed) =>
      Uint8Array.of(sealed.version, ...sealed.salt, ...sealed.iv, ...sealed.ciphertext, ...(sealed.credentialId ?? []))
    )
  })
)
export type EncryptedRecoveryShare = typeof EncryptedRecoveryShare.Type

export const ShareSet = Schema.Struct({
  authShare: Share,
  recoveryShare: EncryptedRecoveryShare,
  recoveryKind: RecoveryKind
}).check(
  Schema.makeFilter((set) =>
    (set.recoveryKind === "passkey") === (set.recoveryShare.credentialId !== undefined) ||
    "a passkey's recovery share names its credential, a recovery code's names none"
  )
)
export type ShareSet = typeof ShareSet.Type
/** The share set as it travels and as the server stores it: three strings. */
export type WireShareSet = typeof ShareSet.Encoded

/**
 * The wire share set's canonical JSON: RFC 8785 (JCS) for an object of three strings, that is keys in
 * code-unit order, JSON.stringify's strings, no whitespace.
 */
export const canonicalJson = (set: WireShareSet): string =>
  JSON.stringify({ authShare: set.authShare, recoveryKind: set.recoveryKind, recoveryShare: set.recoveryShare })
