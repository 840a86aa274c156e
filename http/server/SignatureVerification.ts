/**
 * Does `signature` sign `message` for `address`? eip155 (coin type 60): an EIP-191 personal_sign
 * signature recovered with viem. solana (coin type 501): an ed25519 signature (base58) over the
 * message's UTF-8 bytes, checked with WebCrypto through @solana/kit.
 */
import { address as solanaAddress, getBase58Encoder, getPublicKeyFromAddress, signatureBytes, verifySignature } from "@solana/kit"
import { isAddress, isHex, verifyMessage } from "viem"
import * as Address from "../../core/Address.ts"

export const verify = async (coinType: 60 | 501, address: string, message: string, signature: string): Promise<boolean> => {
  try {
    if (coinType === 60) {
      if (!isAddress(address, { strict: false }) || !isHex(signature)) return false
      return await verifyMessage({ address, message, signature })
    }
    if (!Address.isValid("solana", address, { strict: true })) return false
    const bytes = getBase58Encoder().encode(signature)
    if (bytes.length !== 64) return false
    const key = await getPublicKeyFromAddress(solanaAddress(address))
    return await verifySignature(key, signatureBytes(new Uint8Array(bytes)), new TextEncoder().encode(message))
  } catch {
    // A malformed key or signature is simply not a valid signature.
    return false
  }
}
