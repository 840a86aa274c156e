/**
 * The NFTs tab: the non-spam NFTs an account's history shows it holds, one entry per token. A
 * token is keyed by its contract (CAIP-10) + token id when the history API gives them; older
 * answers only name an NFT "<collection> #<tokenId>" (one collection name per contract), so
 * collection + token id parsed from the name is the fallback key.
 */
import type * as Transaction from "./Transaction.ts"

export interface Nft {
  /** Contract + token id, else collection + token id from the name, else the whole name. */
  readonly key: string
  readonly name: string
  /** CAIP-10 address of the token's contract, when the API gave it. */
  readonly contract: string | undefined
  readonly collection: string | undefined
  readonly tokenId: string | undefined
  /** The image URL as the API gave it; the view decides whether it may be shown. */
  readonly image: string | undefined
}

const namePattern = /^(.*\S)\s+#(\S+)$/

/** Splits "Portico Cats #7" into its collection and token id. */
export const parseName = (name: string): { readonly collection: string | undefined; readonly tokenId: string | undefined } => {
  const match = namePattern.exec(name.trim())
  return match === null ? { collection: undefined, tokenId: undefined } : { collection: match[1], tokenId: match[2] }
}

// EVM addresses are case-insensitive; other namespaces (Solana's base58) are not.
const contractKey = (contract: string): string => (contract.startsWith("eip155:") ? contract.toLowerCase() : contract)

const fromInfo = (info: typeof Transaction.NftInfo.Type): Nft => {
  const parsed = parseName(info.name ?? "")
  const collection = info.collection ?? parsed.collection
  const tokenId = info.tokenId ?? parsed.tokenId
  const name = info.name ?? (collection === undefined || tokenId === undefined ? "" : `${collection} #${tokenId}`)
  const key = info.contract !== undefined && info.tokenId !== undefined
    ? `${contractKey(info.contract)}:${info.tokenId}`
    : parsed.tokenId === undefined ? `name:${name}` : `${(parsed.collection ?? "").toLowerCase()}:${parsed.tokenId}`
  return { key, name, contract: info.contract, collection, tokenId, image: info.imageUrl ?? info.content?.preview?.url }
}

/**
 * The non-spam NFTs of `transactions` (newest first, as the API answers) that the account still
 * holds, one per token, in order of their latest transfer. The latest transfer of a token decides:
 * sent away ("out") means no longer held. Inside one transaction the later transfer is the newer.
 */
export const fromTransactions = (transactions: ReadonlyArray<Transaction.Transaction>): ReadonlyArray<Nft> => {
  const latest = new Map<string, { readonly nft: Nft; readonly transaction: number; readonly held: boolean }>()
  for (const [index, transaction] of transactions.entries()) {
    for (const transfer of transaction.transfers) {
      const info = transfer.nft_info
      if (info === undefined || info.flags.is_spam) continue
      const nft = fromInfo(info)
      const seen = latest.get(nft.key)
      if (seen !== undefined && seen.transaction !== index) continue
      latest.set(nft.key, { nft, transaction: index, held: transfer.direction !== "out" })
    }
  }
  return [...latest.values()].flatMap((entry) => (entry.held ? [entry.nft] : []))
}
