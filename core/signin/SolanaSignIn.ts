/**
 * Sign-In With Solana through a Wallet Standard wallet's `solana:signIn`: the wallet writes the
 * message from the fields and signs it. Only the sign-in chunk needs it.
 */
import { base58 } from "@scure/base"
import * as Effect from "effect/Effect"
import * as Predicate from "effect/Predicate"
import { referenceOf } from "../Caip.ts"
import { ConnectorError } from "../Connector.ts"
import type { WalletRequests } from "../features/WalletRequests.ts"
import type { SignInMessageData } from "../SignInSession.ts"

/** The Sign-In With Solana input of a message's fields (the wallet writes the same text from them). */
const signInInput = (data: SignInMessageData) => ({
  domain: data.domain,
  address: data.accountAddress,
  uri: data.uri,
  version: data.version,
  chainId: referenceOf(data.chainId),
  nonce: data.nonce,
  ...(data.statement === undefined ? {} : { statement: data.statement }),
  ...(data.issuedAt === undefined ? {} : { issuedAt: data.issuedAt }),
  ...(data.expirationTime === undefined ? {} : { expirationTime: data.expirationTime }),
  ...(data.notBefore === undefined ? {} : { notBefore: data.notBefore }),
  ...(data.requestId === undefined ? {} : { requestId: data.requestId }),
  ...(data.resources === undefined ? {} : { resources: data.resources })
})

const bytesAt = (answer: unknown, field: string): Uint8Array | undefined => {
  const value = Predicate.hasProperty(answer, field) ? answer[field] : undefined
  return value instanceof Uint8Array ? value : undefined
}

/**
 * Sign-In With Solana through the wallet's `solana:signIn`: the wallet writes the message from the
 * fields and signs it; answers the text it signed and the signature (base58). A wallet without the
 * feature answers `UnsupportedMethodError` (4200).
 */
export const signInWithSolana = (requests: WalletRequests["Service"], data: SignInMessageData) =>
  Effect.flatMap(requests.request("solana", { method: "solana_signIn", params: signInInput(data) }), (answer) => {
    const signedMessage = bytesAt(answer, "signedMessage")
    const signature = bytesAt(answer, "signature")
    return signedMessage === undefined || signature === undefined
      ? Effect.fail(new ConnectorError({ connectorId: "solana", message: "The wallet answered solana_signIn without the signed message and signature" }))
      : Effect.succeed({ message: new TextDecoder().decode(signedMessage), signature: base58.encode(signature) })
  })
