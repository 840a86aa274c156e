/**
 * Association (Mobile Wallet Adapter 2.0, "Association"): the dapp makes an ephemeral P-256 keypair,
 * its X9.62 public point base64url-encoded is the association token, and the local URI hands the token
 * and a random port to whichever wallet app registered the `solana-wallet:` scheme. The wallet then
 * listens on `ws://localhost:<port>/solana-wallet`; the private key signs the first handshake message,
 * so only the page that opened the URI can open the session.
 */
import { p256 } from "@noble/curves/nist"
import { randomBytes } from "@noble/hashes/utils"
import { base64urlnopad } from "@scure/base"

/** The spec's range for the local port (the dynamic ports). */
export const portRange = { min: 49152, max: 65535 } as const

/** The major protocol version Portico speaks, as the URI's `v` and the session properties name it. */
export const protocolVersion = "v1"

export interface Association {
  /** The association keypair's private scalar: signs HELLO_REQ, never leaves the page. */
  readonly privateKey: Uint8Array
  /** Qa, the 65-byte X9.62 public point: the HKDF salt of the session key. */
  readonly publicKey: Uint8Array
  readonly token: string
  readonly port: number
}

/** A port drawn uniformly from the range (rejection sampling over two random bytes: no modulo bias). */
export const randomPort = (): number => {
  const size = portRange.max - portRange.min + 1
  for (;;) {
    const bytes = randomBytes(2)
    const drawn = ((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0)
    if (drawn < size) return portRange.min + drawn
  }
}

export const tokenOf = (publicKey: Uint8Array): string => base64urlnopad.encode(publicKey)

export const make = (port: number = randomPort()): Association => {
  const privateKey = p256.utils.randomPrivateKey()
  const publicKey = p256.getPublicKey(privateKey, false)
  return { privateKey, publicKey, token: tokenOf(publicKey), port }
}

/** The local association URI the visitor's tap opens (Android hands it to the wallet app). */
export const localUri = (association: Pick<Association, "token" | "port">): string =>
  `solana-wallet:/v1/associate/local?association=${association.token}&port=${association.port}&v=${protocolVersion}`

/** Where the wallet app listens once the URI has launched it. */
export const socketUrl = (port: number): string => `ws://127.0.0.1:${port}/solana-wallet`

/** The two WebSocket subprotocols a dapp offers on a local connection: binary frames, or base64 text. */
export const subprotocols = {
  binary: "com.solana.mobilewalletadapter.v1",
  base64: "com.solana.mobilewalletadapter.v1.base64"
} as const
