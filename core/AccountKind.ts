/**
 * Whether an EVM account is a smart account, as the Account view says it ("Smart account" / "Plain
 * account") for an external wallet: its code on the account's network is the proof — an EIP-7702
 * delegation designator (`0xef0100…`, to any contract) or a contract's own code. Where the code cannot be
 * read, the wallet's word stands: EIP-5792's `atomic` capability `supported` on that chain.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { EmbeddedAccountType } from "./EmbeddedUser.ts"
import * as SmartAccount7702 from "./SmartAccount7702.ts"

export type AccountKind = EmbeddedAccountType

const Code = Schema.String.check(Schema.isPattern(/^0x(?:[0-9a-fA-F]{2})*$/))

/** The account's kind from `eth_getCode`'s answer; none when the answer is not code. */
export const fromCode = (answer: unknown): Option.Option<AccountKind> =>
  Option.map(Schema.decodeUnknownOption(Code)(answer), (code) => (SmartAccount7702.delegationOf(code).kind === "none" ? "eoa" : "smartAccount"))

const Capabilities = Schema.Record(Schema.String, Schema.Struct({ atomic: Schema.optionalKey(Schema.Struct({ status: Schema.String })) }))

/** The account's kind from `wallet_getCapabilities`' answer for `chainIdHex` (EIP-5792): plain unless atomic batches are `supported`. */
export const fromCapabilities = (answer: unknown, chainIdHex: string): AccountKind =>
  Option.match(Schema.decodeUnknownOption(Capabilities)(answer), {
    onNone: () => "eoa",
    onSome: (byChain) => (byChain[chainIdHex]?.atomic?.status === "supported" ? "smartAccount" : "eoa")
  })
