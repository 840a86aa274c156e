/**
 * Transaction history for Solana addresses, read from the configured cluster through @solana/kit:
 * the signatures of the address and of its token accounts for the configured mints (newest first, paged
 * by the last signature of a page), then each transaction's balance changes for that address: SOL (the
 * fee added back for the fee payer) and the configured SPL mints.
 */
import { address as solanaAddress, createSolanaRpc, signature as solanaSignature } from "@solana/kit"
import * as Effect from "effect/Effect"
import { formatUnits } from "viem"
import type { Transaction } from "../../core/Transaction.ts"
import { UpstreamUnavailable } from "../api/ApiError.ts"
import { priced, type PriceSource } from "./Balances.ts"
import type { SolanaOptions } from "./ServerOptions.ts"

type HistoryEntry = Transaction
type Transfer = HistoryEntry["transfers"][number]

export interface SolanaHistoryPage {
  readonly data: ReadonlyArray<HistoryEntry>
  /** The last signature of this page: the cursor of the next one; null on the last page. */
  readonly next: string | null
}

export interface SolanaHistoryReader {
  readonly chainId: string
  readonly page: (address: string, before: string | undefined, limit: number) => Effect.Effect<SolanaHistoryPage, UpstreamUnavailable>
}

interface TokenBalance {
  readonly mint: string
  readonly owner?: string | undefined
  readonly uiTokenAmount: { readonly amount: string }
}

const tokenAmount = (balances: ReadonlyArray<TokenBalance> | null | undefined, owner: string, mint: string): bigint =>
  (balances ?? [])
    .filter((balance) => balance.owner === owner && balance.mint === mint)
    .reduce((sum, balance) => sum + BigInt(balance.uiTokenAmount.amount), 0n)

/** Every owner's change of `mint` across the transaction. */
const ownerDeltas = (
  pre: ReadonlyArray<TokenBalance> | null | undefined,
  post: ReadonlyArray<TokenBalance> | null | undefined,
  mint: string
): ReadonlyMap<string, bigint> => {
  const owners = new Set([...(pre ?? []), ...(post ?? [])].flatMap((balance) => (balance.mint === mint && balance.owner !== undefined ? [balance.owner] : [])))
  return new Map([...owners].map((owner) => [owner, tokenAmount(post, owner, mint) - tokenAmount(pre, owner, mint)]))
}

/**
 * The other side of a movement of `delta` for `owner`: the account whose balance moved the most the
 * other way (who received what the owner sent, or sent what it received).
 */
const counterpartyOf = (deltas: ReadonlyMap<string, bigint>, owner: string, delta: bigint): string | undefined => {
  let best: readonly [string, bigint] | undefined
  for (const [account, change] of deltas) {
    if (account === owner || change === 0n || (change < 0n) === (delta < 0n)) continue
    const size = change < 0n ? -change : change
    if (best === undefined || size > best[1]) best = [account, size]
  }
  return best?.[0]
}

/** One leg the owner took part in: its direction and who was on the other side. */
interface Leg {
  readonly delta: bigint
  readonly counterparty: string | undefined
}

/**
 * Who the owner dealt with: the other side of its first token leg (an SPL transfer names token
 * accounts and programs among its keys, never the counterparty as such), else of its SOL leg, else the
 * transaction's first two keys. Creating the receiver's token account moves rent in SOL too: the token
 * leg wins so the counterparty is the receiver, not the new account.
 */
const partiesOf = (owner: string, keys: ReadonlyArray<string>, legs: ReadonlyArray<Leg>) => {
  const leg = legs.find((candidate) => candidate.counterparty !== undefined)
  if (leg === undefined || leg.counterparty === undefined) {
    return { sentFrom: keys[0] ?? "", sentTo: keys.find((key, position) => position > 0 && key !== owner) ?? "" }
  }
  return leg.delta < 0n ? { sentFrom: owner, sentTo: leg.counterparty } : { sentFrom: leg.counterparty, sentTo: owner }
}

/** The most signatures an RPC answers per address in one call. */
const maxSignatures = 1000

const directionOf = (delta: bigint): NonNullable<Transfer["direction"]> => (delta < 0n ? "out" : "in")

export const makeSolanaHistoryReader = (solana: SolanaOptions, prices: PriceSource): SolanaHistoryReader => {
  const rpc = createSolanaRpc(solana.rpcUrl)
  const chainId = solana.caipNetworkId
  const mints = solana.mints ?? []

  const entryOf = async (owner: string, signature: string): Promise<HistoryEntry | undefined> => {
    const transaction = await rpc.getTransaction(solanaSignature(signature), { encoding: "json", maxSupportedTransactionVersion: 0 }).send()
    if (transaction === null) return undefined
    const keys: ReadonlyArray<string> = transaction.transaction.message.accountKeys
    const meta = transaction.meta
    const index = keys.indexOf(owner)
    const transfers: Array<Transfer> = []
    const tokenLegs: Array<Leg> = []
    const solLegs: Array<Leg> = []
    if (meta !== null && index >= 0) {
      // The fee payer's fee is no transfer: add it back before reading who paid whom.
      const lamportDeltas = new Map(keys.map((key, position) => [
        key,
        BigInt(meta.postBalances[position] ?? 0n) - BigInt(meta.preBalances[position] ?? 0n) + (position === 0 ? BigInt(meta.fee) : 0n)
      ]))
      const lamports = lamportDeltas.get(owner) ?? 0n
      if (lamports !== 0n) {
        solLegs.push({ delta: lamports, counterparty: counterpartyOf(lamportDeltas, owner, lamports) })
        const numeric = formatUnits(lamports < 0n ? -lamports : lamports, 9)
        transfers.push({
          fungible_info: { name: "Solana", symbol: "SOL" },
          direction: directionOf(lamports),
          quantity: { decimals: "9", numeric },
          ...priced(prices, `${chainId}:native`, numeric)
        })
      }
    }
    if (meta !== null) {
      for (const mint of mints) {
        const delta = tokenAmount(meta.postTokenBalances, owner, mint.address) - tokenAmount(meta.preTokenBalances, owner, mint.address)
        if (delta === 0n) continue
        tokenLegs.push({ delta, counterparty: counterpartyOf(ownerDeltas(meta.preTokenBalances, meta.postTokenBalances, mint.address), owner, delta) })
        const numeric = formatUnits(delta < 0n ? -delta : delta, mint.decimals)
        transfers.push({
          fungible_info: { name: mint.name, symbol: mint.symbol },
          direction: directionOf(delta),
          quantity: { decimals: String(mint.decimals), numeric },
          ...priced(prices, `${chainId}:${mint.address}`, numeric)
        })
      }
    }
    const { sentFrom, sentTo } = partiesOf(owner, keys, [...tokenLegs, ...solLegs])
    const outgoing = transfers.some((transfer) => transfer.direction === "out")
    const incoming = transfers.some((transfer) => transfer.direction === "in")
    return {
      id: `${chainId}:${signature}`,
      metadata: {
        operationType: outgoing && incoming ? "trade" : outgoing ? "send" : incoming ? "receive" : "execute",
        hash: signature,
        minedAt: new Date(Number(transaction.blockTime ?? 0n) * 1000).toISOString(),
        sentFrom,
        sentTo,
        status: meta?.err === null ? "confirmed" : "failed",
        nonce: 0,
        chain: chainId
      },
      transfers
    }
  }

  /**
   * The owner's signatures and those of its token accounts (an SPL transfer names the token account,
   * not its owner), newest first, without repeats: up to the cluster's 1000 per address.
   */
  const signaturesOf = async (owner: string): Promise<ReadonlyArray<string>> => {
    const tokenAccounts = await Promise.all(
      mints.map((mint) => rpc.getTokenAccountsByOwner(solanaAddress(owner), { mint: solanaAddress(mint.address) }, { encoding: "base64" }).send())
    )
    const addresses = [owner, ...tokenAccounts.flatMap((accounts) => accounts.value.map((account) => account.pubkey))]
    const lists = await Promise.all(addresses.map((account) => rpc.getSignaturesForAddress(solanaAddress(account), { limit: maxSignatures }).send()))
    const bySignature = new Map(lists.flat().map((entry) => [entry.signature, entry.slot]))
    return [...bySignature].toSorted((a, b) => Number(b[1] - a[1])).map(([signature]) => signature)
  }

  return {
    chainId,
    page: (owner, before, limit) =>
      Effect.tryPromise({
        try: async () => {
          const all = await signaturesOf(owner)
          const start = before === undefined ? 0 : all.indexOf(before) + 1
          const signatures = start === 0 && before !== undefined ? [] : all.slice(start, start + limit)
          const entries = await Promise.all(signatures.map((signature) => entryOf(owner, signature)))
          const last = signatures.at(-1)
          return {
            data: entries.flatMap((entry) => (entry === undefined ? [] : [entry])),
            next: start + limit < all.length && last !== undefined ? last : null
          }
        },
        catch: () => new UpstreamUnavailable({ message: `Could not read history on ${chainId}` })
      })
  }
}
