/**
 * What the chain says about an account that changes with any transaction touching it, read cheaply: on
 * EVM its nonce (it sent), its balance (it paid or received the coin) and its balances of the tokens it
 * holds (it received or sent one); on Solana its balance and its newest signature. Equal fingerprints:
 * nothing the Account view shows has changed.
 */
import * as Effect from "effect/Effect"
import { concat, type Hex, pad } from "viem"
import type { ChainRead, ChainReadError } from "./ChainRead.ts"

/** At most this many token balances are compared (the first the account holds). */
const maxTokens = 20

/**
 * ERC-20 `balanceOf(address)`'s calldata: its selector (the first 4 bytes of the signature's keccak-256)
 * and the owner as one ABI word, lowercase as the ABI coder writes an address. Written out so the Account
 * view's reads need none of viem's ABI coder (it loads with a send); the test holds it to viem's encoding.
 */
export const balanceOfCall = (owner: string): Hex => concat(["0x70a08231", pad(owner.toLowerCase() as Hex)])

export const read = (
  chain: ChainRead,
  account: { readonly namespace: string; readonly address: string },
  /** The token contracts (EVM) the account is known to hold. */
  tokens: ReadonlyArray<string> = []
): Effect.Effect<string, ChainReadError> =>
  account.namespace === "solana"
    ? Effect.map(
      Effect.all([
        chain({ method: "getBalance", params: [account.address, { commitment: "confirmed" }] }),
        chain({ method: "getSignaturesForAddress", params: [account.address, { limit: 1, commitment: "confirmed" }] })
      ], { concurrency: "unbounded" }),
      JSON.stringify
    )
    : Effect.map(
      Effect.all([
        chain({ method: "eth_getTransactionCount", params: [account.address, "latest"] }),
        chain({ method: "eth_getBalance", params: [account.address, "latest"] }),
        ...tokens.slice(0, maxTokens).map((token) =>
          chain({ method: "eth_call", params: [{ to: token, data: balanceOfCall(account.address) }, "latest"] }))
      ], { concurrency: "unbounded" }),
      JSON.stringify
    )
