/**
 * Whether the chain has what a host's send answered (core/features/AccountFollow.ts follows it): a chunk of
 * its own, loaded with the host's first send, so the engine does not carry Solana's base58 before then.
 */
import * as Effect from "effect/Effect"
import { base58 } from "@scure/base"
import type { ChainRead } from "../rpc/ChainRead.ts"
import type { Sent, WalletRequests } from "./WalletRequests.ts"

/** Whether the chain has what a host's send answered: the transaction mined, the signature confirmed, the bundle done. */
export const landed = (sent: Sent, chain: ChainRead, requests: WalletRequests["Service"]): Effect.Effect<boolean> => {
  const { method, answer } = sent
  if (method === "solana_signAndSendTransaction") {
    const bytes = typeof answer === "object" && answer !== null && "signature" in answer ? answer.signature : undefined
    const signature = bytes instanceof Uint8Array ? base58.encode(bytes) : typeof bytes === "string" ? bytes : undefined
    if (signature === undefined) return Effect.succeed(true)
    return chain({ method: "getSignatureStatuses", params: [[signature]] }).pipe(
      Effect.map((reply) => /"confirmationStatus":"(confirmed|finalized)"/.test(JSON.stringify(reply))),
      Effect.orElseSucceed(() => false)
    )
  }
  if (method === "wallet_sendCalls") {
    const id = typeof answer === "object" && answer !== null && "id" in answer ? answer.id : answer
    return requests.request("eip155", { method: "wallet_getCallsStatus", params: [id] }).pipe(
      // EIP-5792: 1xx pending, 2xx and above final.
      Effect.map((reply) => typeof reply === "object" && reply !== null && "status" in reply && Number(reply.status) >= 200),
      Effect.orElseSucceed(() => false)
    )
  }
  if (typeof answer !== "string") return Effect.succeed(true)
  return chain({ method: "eth_getTransactionReceipt", params: [answer] }).pipe(
    Effect.map((receipt) => receipt !== null && receipt !== undefined),
    Effect.orElseSucceed(() => false)
  )
}

