/**
 * History served from the sandbox EVM devnet, read through viem: every seeded transaction of an
 * account, newest first, paged by cursor, with spam NFTs flagged, NFTs named by contract and token id
 * with their tokenURI's image, and new transactions picked up.
 * The oracle is the devnet's own record of what it seeded (EvmDeployment.chains[].history).
 */
import * as Effect from "effect/Effect"
import { createPublicClient, createWalletClient, getAddress, http, parseEther } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { History } from "../../../core/Transaction.ts"
import { historyPageSize } from "../../../http/server/BlockchainHandlers.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { startEvmDevnets, type EvmDevnets } from "../../../sandbox/evm/EvmDevnet.ts"
import { chainOf } from "../../../sandbox/evm/EvmDeployment.ts"
import { withClient } from "../support/client.ts"

let evm: EvmDevnets
let api: ApiServer

beforeAll(async () => {
  evm = await startEvmDevnets()
  api = await startApiServer({
    port: 0,
    projects: { "test-project": { allowedOrigins: ["*"] } },
    evm: evm.chains.map((chain) => ({
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      tokens: chainOf(evm.deployment, chain.chainId).tokens,
      collections: evm.deployment.collections
    }))
  })
}, 180_000)

afterAll(async () => {
  await api?.stop()
  await evm?.stop()
})

const allPages = async (address: string, chainId: string) => {
  const pages: Array<History> = []
  let cursor: string | null = null
  do {
    const query: { chainId: string; cursor?: string } = cursor === null ? { chainId } : { chainId, cursor }
    const page: History = await withClient({ url: api.url }, (c) => c.blockchain.history({ params: { address }, query }))
    pages.push(page)
    cursor = page.next
  } while (cursor !== null)
  return pages
}

describe("EVM history", () => {
  it("serves every seeded transaction of the account, newest first, in pages", async () => {
    const owner = evm.deployment.accounts[0]
    const seeded = evm.deployment.chains.find((chain) => chain.chainId === 31337)?.history ?? []
    if (owner === undefined) throw new Error("no demo account")
    const me = owner.address.toLowerCase()
    const mine = seeded.filter((transaction) =>
      transaction.from.toLowerCase() === me ||
      transaction.to?.toLowerCase() === me ||
      transaction.transfers.some((transfer) => transfer.from.toLowerCase() === me || transfer.to.toLowerCase() === me))
    expect(mine.length).toBeGreaterThan(historyPageSize)

    const pages = await allPages(owner.address, "eip155:31337")
    expect(pages.slice(0, -1).every((page) => page.data.length === historyPageSize)).toBe(true)
    const served = pages.flatMap((page) => page.data)
    expect(served.map((entry) => entry.metadata.hash).toSorted()).toEqual(mine.map((transaction) => transaction.hash).toSorted())
    const times = served.map((entry) => Date.parse(entry.metadata.minedAt))
    expect(times).toEqual(times.toSorted((a, b) => b - a))
    expect(served.every((entry) => entry.metadata.chain === "eip155:31337" && entry.metadata.status === "confirmed")).toBe(true)
  })

  it("flags NFTs of spam collections", async () => {
    const seeded = evm.deployment.chains.find((chain) => chain.chainId === 31337)?.history ?? []
    const spam = evm.deployment.collections.find((collection) => collection.spam)
    const airdrop = seeded.find((transaction) =>
      transaction.kind === "airdrop-nft" && transaction.transfers.some((transfer) => transfer.token?.toLowerCase() === spam?.address.toLowerCase()))
    const recipient = airdrop?.transfers[0]?.to
    if (airdrop === undefined || recipient === undefined) throw new Error("the devnet seeded no spam airdrop")
    const served = (await allPages(recipient, "eip155:31337")).flatMap((page) => page.data)
    const entry = served.find((candidate) => candidate.metadata.hash === airdrop.hash)
    expect(entry?.transfers.map((transfer) => transfer.nft_info?.flags.is_spam)).toContain(true)
    expect(entry?.transfers.find((transfer) => transfer.nft_info !== undefined)?.direction).toBe("in")
  })

  it("names each NFT's contract, token id, collection and the inline SVG image of its tokenURI", async () => {
    const seeded = evm.deployment.chains.find((chain) => chain.chainId === 31337)?.history ?? []
    const collection = evm.deployment.collections.find((candidate) => !candidate.spam)
    const nftTransfers = seeded.flatMap((transaction) =>
      transaction.transfers.flatMap((transfer) =>
        transfer.standard === "erc721" && transfer.token?.toLowerCase() === collection?.address.toLowerCase() ? [{ hash: transaction.hash, transfer }] : []))
    if (collection === undefined || nftTransfers.length === 0) throw new Error("the devnet seeded no NFT transfer")
    for (const { hash, transfer } of nftTransfers.slice(0, 3)) {
      const served = (await allPages(transfer.to, "eip155:31337")).flatMap((page) => page.data)
      const info = served.find((entry) => entry.metadata.hash === hash)?.transfers.find((candidate) => candidate.nft_info !== undefined)?.nft_info
      expect(info).toMatchObject({
        name: `${collection.name} #${transfer.tokenId}`,
        flags: { is_spam: false },
        contract: `eip155:31337:${getAddress(collection.address)}`,
        tokenId: transfer.tokenId,
        collection: collection.name
      })
      const svgPrefix = "data:image/svg+xml;base64,"
      expect(info?.imageUrl?.startsWith(svgPrefix)).toBe(true)
      const svg = Buffer.from(info?.imageUrl?.slice(svgPrefix.length) ?? "", "base64").toString("utf8")
      expect(svg).toMatch(/^<svg /)
      expect(svg).toContain(`${collection.symbol} #${transfer.tokenId}</text>`)
    }
  })

  it("names a token transfer's recipient or sender as the counterparty, never the token contract", async () => {
    const seeded = evm.deployment.chains.find((chain) => chain.chainId === 31337)?.history ?? []
    const tokenSends = seeded.filter((transaction) => transaction.kind === "send-token").slice(0, 3)
    if (tokenSends.length === 0) throw new Error("the devnet seeded no token transfer")
    for (const transaction of tokenSends) {
      const transfer = transaction.transfers[0]
      if (transfer === undefined) throw new Error("a token send without a transfer")
      const sender = (await allPages(transfer.from, "eip155:31337")).flatMap((page) => page.data).find((entry) => entry.metadata.hash === transaction.hash)
      expect(sender?.metadata).toMatchObject({ sentFrom: getAddress(transfer.from), sentTo: getAddress(transfer.to) })
      expect(sender?.metadata.sentTo).not.toBe(getAddress(transaction.to ?? ""))
      const recipient = (await allPages(transfer.to, "eip155:31337")).flatMap((page) => page.data).find((entry) => entry.metadata.hash === transaction.hash)
      expect(recipient?.metadata).toMatchObject({ sentFrom: getAddress(transfer.from), sentTo: getAddress(transfer.to) })
      expect(recipient?.transfers[0]?.direction).toBe("in")
    }
  })

  it("shows both legs of a swap, the counterparty being the pool the sent leg went to", async () => {
    const seeded = evm.deployment.chains.find((chain) => chain.chainId === 31337)?.history ?? []
    const swap = seeded.find((transaction) => transaction.kind === "swap")
    if (swap === undefined) throw new Error("the devnet seeded no swap")
    const entry = (await allPages(swap.from, "eip155:31337")).flatMap((page) => page.data).find((candidate) => candidate.metadata.hash === swap.hash)
    expect(entry?.metadata.operationType).toBe("trade")
    expect(entry?.transfers.map((transfer) => transfer.direction).toSorted()).toEqual(["in", "out"])
    expect(new Set(entry?.transfers.map((transfer) => transfer.fungible_info?.symbol)).size).toBe(2)
    const sent = swap.transfers.find((transfer) => transfer.from === swap.from)
    expect(entry?.metadata).toMatchObject({ sentFrom: getAddress(swap.from), sentTo: getAddress(sent?.to ?? "") })
  })

  it("picks up a new transaction within the index's sync interval (a second)", async () => {
    const chain = evm.chains[1]
    const sender = evm.deployment.accounts[4]
    if (chain === undefined || sender === undefined) throw new Error("no devnet chain or account")
    const before = (await allPages(sender.address, "eip155:31338")).flatMap((page) => page.data)
    const wallet = createWalletClient({ account: privateKeyToAccount(sender.privateKey), transport: http(chain.rpcUrl) })
    const hash = await wallet.sendTransaction({ chain: null, to: "0x000000000000000000000000000000000000dEaD", value: parseEther("0.25") })
    await createPublicClient({ transport: http(chain.rpcUrl) }).waitForTransactionReceipt({ hash })
    const started = Date.now()
    await expect.poll(async () => (await allPages(sender.address, "eip155:31338"))[0]?.data[0]?.metadata.hash, { timeout: 5_000, interval: 100 }).toBe(hash)
    expect(Date.now() - started).toBeLessThan(3_000)
    const [newest] = (await allPages(sender.address, "eip155:31338")).flatMap((page) => page.data)
    expect(newest?.metadata).toMatchObject({ hash, operationType: "send", sentTo: "0x000000000000000000000000000000000000dEaD" })
    expect(newest?.transfers).toEqual([{ fungible_info: { name: "Ether", symbol: "ETH" }, direction: "out", quantity: { decimals: "18", numeric: "0.25" } }])
    expect(before.some((entry) => entry.metadata.hash === hash)).toBe(false)
  })

  it("answers a foreign cursor and an unsupported chain with 400", async () => {
    const address = evm.deployment.accounts[0]?.address ?? ""
    const cursor = await withClient({ url: api.url }, (c) => Effect.flip(c.blockchain.history({ params: { address }, query: { cursor: "abc" } })))
    expect(cursor).toMatchObject({ _tag: "BadRequest", message: `cursor: must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}` })
    const chain = await withClient({ url: api.url }, (c) => Effect.flip(c.blockchain.history({ params: { address }, query: { chainId: "eip155:1" } })))
    expect(chain).toMatchObject({ _tag: "BadRequest", message: "chainId: network eip155:1 is not supported" })
  })
})
