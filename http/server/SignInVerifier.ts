/**
 * `portico/server`: what a host's own backend needs to trust a Portico sign-in without calling our
 * server. The strict verifier (core/signin/SignInVerification.ts) as an Effect and as a plain async
 * function, the signature check (on chain for contract accounts when given RPC URLs) and a bounded
 * in-memory nonce store for a single-process backend.
 *
 * @example
 * ```ts
 * import { createServer } from "node:http"
 * import { createMemoryNonces, verifySignIn } from "portico/server"
 *
 * const nonces = createMemoryNonces()
 * createServer(async (request, response) => {
 *   if (request.url === "/nonce") return response.end(await nonces.issueNonce(request.socket.remoteAddress))
 *   const { message, signature } = JSON.parse(await text(request))
 *   try {
 *     const data = await verifySignIn({ message, signature }, {
 *       domain: "app.example.com",
 *       origin: "https://app.example.com",
 *       chains: ["eip155:1"],
 *       rpcUrls: { "eip155:1": "https://rpc.example.com" },
 *       nonces: nonces.store
 *     })
 *     response.end(`signed in as ${data.accountAddress}`)
 *   } catch (error) {
 *     response.writeHead(401).end(String(error)) // a SignInRejectedError naming the failed check
 *   }
 * })
 * ```
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { SignInMessageData } from "../../core/SignInSession.ts"
import { SignInRejectedError } from "../../core/signin/SignInRejection.ts"
import { NonceStore, SignatureVerifier, type SignedMessage, type SignInPolicy, verify } from "../../core/signin/SignInVerification.ts"
import * as Nonces from "./MemoryNonces.ts"
import * as SignInSignatures from "./SignInSignatures.ts"

export type { SignedMessage, SignInMessageData, SignInPolicy }
export type { SignInRejectionReason } from "../../core/signin/SignInRejection.ts"
export { NonceStore, SignatureVerifier, SignInRejectedError }
export type { SignatureOptions } from "./SignInSignatures.ts"
export type { MemoryNoncesOptions } from "./MemoryNonces.ts"
export { NonceCapacityError } from "./MemoryNonces.ts"

/** The verifier as an Effect: provide a `SignatureVerifier` (see `signatureVerifierLayer`) and a `NonceStore`. */
export const verifySignInEffect = verify

/** The signature check as a layer; contract accounts (EIP-1271, EIP-6492) are checked on the chains given RPC URLs. */
export const signatureVerifierLayer: (options?: SignInSignatures.SignatureOptions) => Layer.Layer<SignatureVerifier> = SignInSignatures.layer

export interface MemoryNonces {
  /**
   * A fresh nonce to put in the message (32 hex characters), valid once for the TTL. Pass the client's
   * address as `client`: one client then holds at most `perClient` nonces, and its flood cannot use up
   * the store for everyone. Rejects with a `NonceCapacityError` while the store is full.
   */
  readonly issueNonce: (client?: string) => Promise<string>
  readonly store: NonceStore["Service"]
}

/**
 * Nonces kept in this process's memory (5 minutes; at most 8 per client and 10,000 in all unless told
 * otherwise). A full store refuses new nonces; it never drops outstanding ones.
 */
export const createMemoryNonces = (options?: Nonces.MemoryNoncesOptions): MemoryNonces => {
  const nonces = Nonces.make(options)
  return { issueNonce: (client) => Effect.runPromise(nonces.issue(client)), store: nonces.store }
}

export interface VerifySignInOptions extends SignInPolicy, SignInSignatures.SignatureOptions {
  /** Where the nonces this backend issued are consumed, e.g. `createMemoryNonces().store`. */
  readonly nonces: NonceStore["Service"]
}

/**
 * Verifies a signed sign-in message; resolves with its fields. Rejects with a `SignInRejectedError`
 * whose `reason` names the failed check (message, domain, uri, chain, address, time, expired,
 * notYetValid, signature, nonce).
 */
export const verifySignIn = (signed: SignedMessage, options: VerifySignInOptions): Promise<SignInMessageData> =>
  Effect.runPromise(
    verify(signed, options).pipe(
      Effect.provide(SignInSignatures.layer(options.rpcUrls === undefined ? {} : { rpcUrls: options.rpcUrls })),
      Effect.provideService(NonceStore, options.nonces)
    )
  )
