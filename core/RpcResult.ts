/**
 * Classifies what a wallet answered to an RPC request (spec §5 "RPC responses").
 *
 * - `0x` + exactly 64 hex characters: a transaction hash.
 * - `0x` + 62 or more hex characters: a signed message.
 *
 * The two ranges overlap at exactly 64 characters. Transaction takes precedence there: a
 * 32-byte hash is what eth_sendTransaction answers, while real signatures are longer
 * (65 bytes = 130 hex for ECDSA); so a 64-hex answer is classed as a transaction.
 */
import * as Schema from "effect/Schema"

export const RpcResultKind = Schema.Literals(["transaction", "signature", "other"])
export type RpcResultKind = typeof RpcResultKind.Type

const transactionHash = /^0x[0-9a-fA-F]{64}$/
const signedMessage = /^0x[0-9a-fA-F]{62,}$/

export const isTransactionHash = (value: unknown): value is `0x${string}` =>
  typeof value === "string" && transactionHash.test(value)

export const isSignedMessage = (value: unknown): value is `0x${string}` =>
  typeof value === "string" && signedMessage.test(value) && !transactionHash.test(value)

export const classify = (value: unknown): RpcResultKind =>
  isTransactionHash(value) ? "transaction" : isSignedMessage(value) ? "signature" : "other"
