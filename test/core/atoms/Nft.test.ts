/** core/atoms/Nft.ts: the NFTs tab's entries from a history (spam dropped, one per token). */
import { describe, expect, it } from "vitest"
import * as Nft from "../../../core/atoms/Nft.ts"
import type * as Transaction from "../../../core/Transaction.ts"

const nftTransfer = (name: string, spam = false, preview?: string): Transaction.Transfer => ({
  direction: "in",
  quantity: { decimals: "0", numeric: "1" },
  nft_info: { name, flags: { is_spam: spam }, ...(preview === undefined ? {} : { content: { preview: { url: preview } } }) }
})

const transaction = (id: string, transfers: ReadonlyArray<Transaction.Transfer>): Transaction.Transaction => ({
  id,
  metadata: { minedAt: "2025-03-01T00:00:00.000Z", chain: "eip155:1" },
  transfers
})

describe("Nft", () => {
  it("parses the collection and token id out of the API's name", () => {
    expect(Nft.parseName("Portico Cats #7")).toEqual({ collection: "Portico Cats", tokenId: "7" })
    expect(Nft.parseName("Untitled")).toEqual({ collection: undefined, tokenId: undefined })
  })

  it("keeps non-spam NFTs once per token, newest first, and leaves fungible transfers out", () => {
    const nfts = Nft.fromTransactions([
      transaction("a", [nftTransfer("Portico Cats #7", false, "https://img.example/7.png")]),
      transaction("b", [nftTransfer("Free Mint #1", true)]),
      transaction("c", [{ direction: "in", quantity: { decimals: "6", numeric: "1" }, fungible_info: { symbol: "USDC" } }]),
      transaction("d", [nftTransfer("portico cats #7"), nftTransfer("Portico Cats #8")]),
      transaction("e", [nftTransfer("Untitled"), nftTransfer("Untitled")])
    ])
    expect(nfts.map((nft) => [nft.name, nft.collection, nft.tokenId, nft.image])).toEqual([
      ["Portico Cats #7", "Portico Cats", "7", "https://img.example/7.png"],
      ["Portico Cats #8", "Portico Cats", "8", undefined],
      ["Untitled", undefined, undefined, undefined]
    ])
  })
})
