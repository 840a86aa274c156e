/**
 * The server's check of a Sign In With Farcaster answer: the message's fields (core/farcaster/SiwfMessage.ts:
 * domain, URI, nonce, chain, fid, times), then the custody signature (EIP-191, or EIP-1271/6492 for a contract
 * custody address, through the registry's chain), then that the IdRegistry says this address owns the fid.
 * Anything not proven — an unreachable chain included — refuses the sign-in.
 */
import * as Effect from "effect/Effect"
import { createPublicClient, http, parseAbi } from "viem"
import * as Siwf from "../../../core/farcaster/SiwfMessage.ts"
import type { SignatureVerifier } from "../../../core/signin/SignInVerification.ts"
import * as SignInSignatures from "../SignInSignatures.ts"
import type { FarcasterOptions } from "./FarcasterOptions.ts"

const idRegistryAbi = parseAbi(["function idOf(address owner) view returns (uint256 fid)"])

export interface FarcasterVerifier {
  readonly verify: (
    answer: { readonly message: string; readonly signature: string },
    expected: Siwf.Expected,
    now: number
  ) => Effect.Effect<Siwf.CheckedMessage, Siwf.SiwfRejectedError>
}

const rejected = (reason: Siwf.SiwfRejectionReason, message: string) => new Siwf.SiwfRejectedError({ reason, message })

export const make = (options: FarcasterOptions["idRegistry"]): FarcasterVerifier => {
  const signatures: SignatureVerifier["Service"] = SignInSignatures.make({ rpcUrls: { [Siwf.chainId]: options.rpcUrl } })
  const client = createPublicClient({ transport: http(options.rpcUrl, { retryCount: 1, timeout: 10_000 }) })
  const registry = (options.address ?? Siwf.idRegistryAddress) as `0x${string}`
  const fidOf = (address: string) =>
    Effect.tryPromise({
      try: () => client.readContract({ address: registry, abi: idRegistryAbi, functionName: "idOf", args: [address as `0x${string}`] }),
      catch: () => rejected("custody", "the IdRegistry could not be read")
    })
  return {
    verify: (answer, expected, now) =>
      Effect.gen(function*() {
        const checked = yield* Siwf.check(answer.message, expected, now)
        const signed = yield* signatures.verify({ chainId: Siwf.chainId, address: checked.address, message: checked.text, signature: answer.signature })
        if (!signed) return yield* rejected("signature", "the signature is not the custody address's")
        const owned = yield* fidOf(checked.address)
        if (owned !== BigInt(checked.fid)) return yield* rejected("custody", `the address does not own fid ${checked.fid}`)
        return checked
      })
  }
}
