/**
 * The NFTs tab: the non-spam NFTs seen in an account's history, one entry per token. The history
 * API carries no contract address or token id fields: it names an NFT "<collection> #<tokenId>"
 * (one collection name per contract), so collection + token id from the name is the token's key.
 */
import type * as Transaction from "../Transaction.ts"

export interface Nft {
  /** Collection + token id (the whole name when it has no "#id"): one entry per token. */
  readonly key: string
  readonly name: string
  readonly collection: string | undefined
  readonly tokenId: string | undefined
  /** The preview image URL as the API gave it; the view decides whether it may be shown. */
  readonly image: string | undefined
}

const namePattern = /^(.*\S)\s+#(\S+)$/

/** Splits "Portico Cats #7" into its collection and token id. */
export const parseName = (name: string): { readonly collection: string | undefined; readonly tokenId: string | undefined } => {
  const match = namePattern.exec(name.trim())
  return match === null ? { collection: undefined, tokenId: undefined } : { collection: match[1], tokenId: match[2] }
}

/** Non-spam NFTs of `transactions` (newest first as given), deduplicated by contract + token id. */
export const fromTransactions = (transactions: ReadonlyArray<Transaction.Transaction>): ReadonlyArray<Nft> => {
  const seen = new Map<string, Nft>()
  for (const transaction of transactions) {
    for (const transfer of transaction.transfers) {
      const info = transfer.nft_info
      if (info === undefined || info.flags.is_spam) continue
      const name = info.name ?? ""
      const { collection, tokenId } = parseName(name)
      const key = tokenId === undefined ? `name:${name}` : `${(collection ?? "").toLowerCase()}:${tokenId}`
      if (seen.has(key)) continue
      seen.set(key, { key, name, collection, tokenId, image: info.content?.preview?.url })
    }
  }
  return [...seen.values()]
}
