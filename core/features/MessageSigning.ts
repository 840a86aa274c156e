/**
 * Asks the wallet holding an account to sign a text message: personal_sign (hex) on eip155,
 * signMessage on solana with the signature in base58. Names and sign-in both sign this way.
 */
import * as Effect from "effect/Effect"
import { stringToHex } from "viem"
import * as CodeChunk from "../CodeChunk.ts"
import type * as Session from "../Session.ts"
import type { WalletRequests } from "./WalletRequests.ts"

/** Solana's base58 loads with the first Solana signature, not with the engine (Names is on the connect path). */
const encodings = CodeChunk.lazy("message signing", () => import("@scure/base"))

export const signMessage = (requests: WalletRequests["Service"], account: Session.SessionAccount, message: string) =>
  account.namespace === "eip155"
    ? Effect.map(requests.request("eip155", { method: "personal_sign", params: [stringToHex(message), account.address] }), String)
    // The encoding first: a chunk that fails to load must not cost the visitor a signature.
    : Effect.flatMap(encodings, ({ base58 }) =>
      Effect.map(
        requests.requestBytes("solana", { method: "solana_signMessage", params: { message: new TextEncoder().encode(message) } }, "signature"),
        (signature) => base58.encode(signature)
      ))

