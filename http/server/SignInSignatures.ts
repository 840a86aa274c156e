/**
 * The signature check of a sign-in, for our server and for a host's backend (`portico/server`).
 * eip155: through the chain when an RPC URL is known (viem's `verifyMessage` action covers plain
 * accounts, EIP-1271 contract accounts and EIP-6492 accounts not deployed yet); without one, only a
 * plain account's EIP-191 signature can be proven. A plain account's signature never needs the chain. solana: an ed25519 signature (base58).
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { createPublicClient, http, isAddress, isHex, verifyMessage } from "viem"
import { SignatureVerifier } from "../../core/signin/SignInVerification.ts"
import * as SignatureVerification from "./SignatureVerification.ts"

export interface SignatureOptions {
  /** JSON-RPC URL per eip155 CAIP-2 id (`eip155:1` → `https://…`), where contract accounts are checked. */
  readonly rpcUrls?: Readonly<Record<string, string>>
}

const evm = async (rpcUrl: string | undefined, address: string, message: string, signature: string): Promise<boolean> => {
  if (!isAddress(address, { strict: false }) || !isHex(signature)) return false
  try {
    // A plain account's signature is proven offline; only a signature that is not one asks the chain.
    if (await verifyMessage({ address, message, signature }).catch(() => false)) return true
    if (rpcUrl === undefined) return false
    return await createPublicClient({ transport: http(rpcUrl, { retryCount: 1, timeout: 10_000 }) }).verifyMessage({ address, message, signature })
  } catch {
    // An unreachable chain or a malformed signature proves nothing: the sign-in is refused.
    return false
  }
}

export const make = (options: SignatureOptions = {}): SignatureVerifier["Service"] => ({
  verify: ({ chainId, address, message, signature }) =>
    Effect.promise(() => {
      if (chainId.startsWith("eip155:")) return evm(options.rpcUrls?.[chainId], address, message, signature)
      if (chainId.startsWith("solana:")) return SignatureVerification.verify(501, address, message, signature)
      return Promise.resolve(false)
    })
})

export const layer = (options: SignatureOptions = {}): Layer.Layer<SignatureVerifier> => Layer.succeed(SignatureVerifier, make(options))
