/** core/atoms/Nft.ts: the NFTs tab's entries from a history (spam dropped, one per token). */
import { describe, expect, it } from "vitest"
import * as Nft from "../../core/Nft.ts"
import type * as Transaction from "../../core/Transaction.ts"

const nftTransfer = (name: string, spam = false, preview?: string): Transaction.Transfer => ({
  direction: "in",
  quantity: { decimals: "0", numeric: "1" },
  nft_info: { name, flags: { is_spam: spam }, ...(preview === undefined ? {} : { content: { preview: { url: preview } } }) }
})

const cats = "eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3"

/** A transfer of token `tokenId` of the `cats` contract, with the fields of newer API answers. */
const catTransfer = (tokenId: string, direction: "in" | "out" | "self", name = `Portico Cats #${tokenId}`): Transaction.Transfer => ({
  direction,
  quantity: { decimals: "0", numeric: "1" },
  nft_info: { name, flags: { is_spam: false }, contract: cats, tokenId, collection: "Portico Cats", imageUrl: `data:image/svg+xml;base64,${tokenId}` }
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

  it("identifies a token by contract + token id when the API gives them, whatever its name", () => {
    const nfts = Nft.fromTransactions([
      transaction("a", [catTransfer("7", "in", "Renamed #7")]),
      transaction("b", [catTransfer("7", "in"), { ...catTransfer("7", "in"), nft_info: { name: "Portico Cats #7", flags: { is_spam: false }, contract: cats.toLowerCase(), tokenId: "7" } }]),
      transaction("c", [{ ...catTransfer("7", "in"), nft_info: { name: "Portico Cats #7", flags: { is_spam: false }, contract: "eip155:1:0x0000000000000000000000000000000000000001", tokenId: "7" } }])
    ])
    expect(nfts.map((nft) => [nft.key, nft.name, nft.collection, nft.tokenId, nft.image])).toEqual([
      [`${cats.toLowerCase()}:7`, "Renamed #7", "Portico Cats", "7", "data:image/svg+xml;base64,7"],
      ["eip155:1:0x0000000000000000000000000000000000000001:7", "Portico Cats #7", "Portico Cats", "7", undefined]
    ])
  })

  it("lists only the tokens still held: the latest transfer of each token decides", () => {
    const nfts = Nft.fromTransactions([
      transaction("sent-1", [catTransfer("1", "out")]),
      transaction("got-2-back", [catTransfer("2", "in")]),
      transaction("sent-2", [catTransfer("2", "out")]),
      transaction("got-1", [catTransfer("1", "in")]),
      transaction("got-2", [catTransfer("2", "in")]),
      transaction("self-3", [catTransfer("3", "self")]),
      // One transaction that received token 4 and passed it on: the later transfer is the newer.
      transaction("through-4", [catTransfer("4", "in"), catTransfer("4", "out")]),
      transaction("back-5", [catTransfer("5", "out"), catTransfer("5", "in")]),
      transaction("named-6-out", [nftTransfer("Portico Dogs #6")].map((transfer) => ({ ...transfer, direction: "out" as const }))),
      transaction("named-6-in", [nftTransfer("Portico Dogs #6")])
    ])
    expect(nfts.map((nft) => nft.name)).toEqual(["Portico Cats #2", "Portico Cats #3", "Portico Cats #5"])
  })
})
