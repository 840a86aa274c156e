/**
 * The auth share at rest: AES-256-GCM (@noble/ciphers) under `ServerOptions.embedded.shareKey`, a random
 * 96-bit nonce per seal, and the visitor's id as associated data, so a sealed share copied to another
 * visitor's row does not open.
 */
import { gcm } from "@noble/ciphers/aes"
import { bytesToUtf8, utf8ToBytes } from "@noble/ciphers/utils"
import { managedNonce } from "@noble/ciphers/webcrypto"
import { base64urlnopad } from "@scure/base"

export interface ShareCipher {
  /** base64url of nonce ‖ ciphertext ‖ tag. */
  readonly seal: (visitorId: string, share: string) => string
  /** Throws when the sealed share was altered or belongs to another visitor (a defect: our own row). */
  readonly open: (visitorId: string, sealed: string) => string
}

const aes = managedNonce(gcm)
const associated = (visitorId: string) => utf8ToBytes(`portico/embedded/auth-share/${visitorId}`)

export const make = (key: Uint8Array): ShareCipher => ({
  seal: (visitorId, share) => base64urlnopad.encode(aes(key, associated(visitorId)).encrypt(utf8ToBytes(share))),
  open: (visitorId, sealed) => bytesToUtf8(aes(key, associated(visitorId)).decrypt(base64urlnopad.decode(sealed)))
})
