/**
 * History and token discovery through the explorer API, end to end: the sandbox devnets indexed by the
 * sandbox explorer, Portico's server reading chain 31337 through Etherscan's v2 dialect (with the key)
 * and chain 31338 through Blockscout's. The oracle is the devnets' own record of what they seeded
 * (EvmDeployment.chains[].history), read back from the receipts. Bad upstreams (a real rate limit,
 * a wrong key, garbage, silence) answer 502 naming why, never a shorter page or balance list.
 */
import { mkdtempSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import { createPublicClient, createWalletClient, getAddress, http, parseAbi, parseEther, type Address } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { History, Transaction } from "../../../../core/Transaction.ts"
import { historyPageSize } from "../../../../http/server/HistoryAnswers.ts"
import { startApiServer, type ApiServer } from "../../../../http/server/start.ts"
import { chainOf } from "../../../../sandbox/evm/EvmDeployment.ts"
import { startEvmDevnets, type EvmDevnets } from "../../../../sandbox/evm/EvmDevnet.ts"
import { contractOf } from "../../../../sandbox/evm/SandboxContracts.ts"
import type { SeededTransaction } from "../../../../sandbox/evm/SeededHistory.ts"
import { startExplorerServer, type ExplorerServer } from "../../../../sandbox/explorer/ExplorerServer.ts"
import { explorerOptionsFor, sandboxExplorerKey, sandboxTokenList, startSandboxExplorer } from "../../../../sandbox/explorer/SandboxExplorer.ts"
import type { TokenBalance } from "../../../../core/TokenBalance.ts"
import type { ExplorerOptions } from "../../../../http/server/explorer/ExplorerOptions.ts"
import type { ServerOptions } from "../../../../http/server/ServerOptions.ts"
import { swapUsdcForEther } from "../../../support/swapForEther.ts"
import { withClient } from "../../support/client.ts"

let evm: EvmDevnets
let explorer: ExplorerServer
let api: ApiServer

/** The contracts and configured tokens of the devnet with `chainId`. */
const contractsOn = (chainId: number) => chainOf(evm.deployment, chainId).contracts
const tokensOn = (chainId: number) => chainOf(evm.deployment, chainId).tokens
/** The Uniswap v2 pair of two tokens: where a swap's sent leg goes. */
const pairOf = (chainId: number, rpcUrl: string, tokenA: Address, tokenB: Address) =>
  createPublicClient({ transport: http(rpcUrl) }).readContract({
    address: contractOf(contractsOn(chainId), "uniswapV2Factory"),
    abi: parseAbi(["function getPair(address tokenA, address tokenB) view returns (address)"]),
    functionName: "getPair",
    args: [tokenA, tokenB]
  })

beforeAll(async () => {
  evm = await startEvmDevnets()
  explorer = await startSandboxExplorer({ host: "127.0.0.1", port: 0, chains: evm.chains })
  api = await startApiServer({
    port: 0,
    projects: { "test-project": { allowedOrigins: ["*"] } },
    evm: evm.chains.map((chain, index) => ({
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      tokens: tokensOn(chain.chainId),
      collections: evm.deployment.collections,
      explorer: explorerOptionsFor(explorer.url, chain.chainId, index)
    })),
    tokenList: explorer.tokenListUrl
  })
}, 180_000)

afterAll(async () => {
  await api?.stop()
  await explorer?.stop()
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

const seededOn = (chainId: number): ReadonlyArray<SeededTransaction> => evm.deployment.chains.find((chain) => chain.chainId === chainId)?.history ?? []

const involves = (transaction: SeededTransaction, address: string) => {
  const me = address.toLowerCase()
  return transaction.from.toLowerCase() === me ||
    transaction.to?.toLowerCase() === me ||
    transaction.transfers.some((transfer) => transfer.from.toLowerCase() === me || transfer.to.toLowerCase() === me)
}

const entryOf = async (address: string, chainId: string, hash: string): Promise<Transaction | undefined> =>
  (await allPages(address, chainId)).flatMap((page) => page.data).find((entry) => entry.metadata.hash === hash)

describe("EVM history through the explorer API", () => {
  for (const [chainId, dialect] of [[31337, "Etherscan v2"], [31338, "Blockscout"]] as const) {
    it(`serves every seeded transaction of the account on ${chainId} (${dialect}), newest first, in full pages`, async () => {
      const owner = evm.deployment.accounts[0]
      if (owner === undefined) throw new Error("no demo account")
      const mine = seededOn(chainId).filter((transaction) => involves(transaction, owner.address))
      expect(mine.length).toBeGreaterThan(chainId === 31337 ? historyPageSize : 0)

      const pages = await allPages(owner.address, `eip155:${chainId}`)
      expect(pages.slice(0, -1).every((page) => page.data.length === historyPageSize)).toBe(true)
      const served = pages.flatMap((page) => page.data)
      expect(served.map((entry) => entry.metadata.hash)).toEqual(mine.toReversed().map((transaction) => transaction.hash))
      const times = served.map((entry) => Date.parse(entry.metadata.minedAt))
      expect(times).toEqual(mine.toReversed().map((transaction) => transaction.timestamp * 1000))
      expect(served.every((entry) => entry.metadata.chain === `eip155:${chainId}` && entry.metadata.status === "confirmed")).toBe(true)
    })
  }

  it("shows each transfer's amount in token units, priced tokens verified, from the seeded record", async () => {
    const sends = seededOn(31337).filter((transaction) => transaction.kind === "send-token").slice(0, 4)
    for (const send of sends) {
      const transfer = send.transfers[0]
      const token = tokensOn(31337).find((candidate) => candidate.address.toLowerCase() === transfer?.token?.toLowerCase())
      if (transfer === undefined || token === undefined) throw new Error("a token send of no sandbox token")
      const entry = await entryOf(transfer.to, "eip155:31337", send.hash)
      expect(entry?.transfers).toEqual([expect.objectContaining({
        direction: "in",
        quantity: { decimals: String(token.decimals), numeric: (Number(transfer.value) / 10 ** token.decimals).toString() },
        fungible_info: expect.objectContaining({ symbol: token.symbol, name: token.name, flags: { verified: true } })
      })])
      expect(entry?.transfers[0]?.fungible_info?.icon?.url).toMatch(new RegExp(`/public/getTokenImage/${token.symbol}$`))
      expect(entry?.metadata).toMatchObject({ operationType: "receive", sentFrom: getAddress(transfer.from), sentTo: getAddress(transfer.to) })
    }
  })

  it("shows an ERC-20 approval as an approval of the token to its spender, not as a send", async () => {
    const approval = seededOn(31337).find((transaction) => transaction.kind === "approve" && transaction.from.toLowerCase() === evm.deployment.accounts[0]?.address.toLowerCase())
    if (approval === undefined || approval.to === null) throw new Error("the devnet seeded no approval by account 0")
    const token = tokensOn(31337).find((candidate) => candidate.address.toLowerCase() === approval.to?.toLowerCase())
    const entry = await entryOf(approval.from, "eip155:31337", approval.hash)
    expect(entry?.metadata.operationType).toBe("approve")
    expect(entry?.transfers).toEqual([])
    // The seeded swaps approve Uniswap v2's router for exactly what they swap, as a careful wallet does.
    expect(entry?.approvals).toEqual([expect.objectContaining({
      unlimited: false,
      spender: contractOf(contractsOn(31337), "uniswapV2Router02"),
      fungible_info: expect.objectContaining({ symbol: token?.symbol, flags: { verified: true } })
    })])
    expect(Number(entry?.approvals?.[0]?.quantity?.numeric)).toBeGreaterThan(0)
  })

  it("flags NFTs of spam collections, names the others with their tokenURI's inline SVG image", async () => {
    const seeded = seededOn(31337)
    const spam = evm.deployment.collections.find((collection) => collection.spam)
    const airdrop = seeded.find((transaction) => transaction.kind === "airdrop-nft")
    const recipient = airdrop?.transfers[0]?.to
    if (airdrop === undefined || recipient === undefined || spam === undefined) throw new Error("the devnet seeded no spam airdrop")
    const dropped = await entryOf(recipient, "eip155:31337", airdrop.hash)
    expect(dropped?.transfers.map((transfer) => transfer.nft_info?.flags.is_spam)).toEqual([true])
    expect(dropped?.transfers[0]?.nft_info?.imageUrl).toBeUndefined()

    const collection = evm.deployment.collections.find((candidate) => !candidate.spam)
    const mint = seeded.find((transaction) => transaction.kind === "mint-nft")
    const minted = mint?.transfers[0]
    if (collection === undefined || minted === undefined || mint === undefined) throw new Error("the devnet seeded no NFT mint")
    const info = (await entryOf(minted.to, "eip155:31337", mint.hash))?.transfers[0]?.nft_info
    expect(info).toMatchObject({
      name: `${collection.name} #${minted.tokenId}`,
      flags: { is_spam: false },
      contract: `eip155:31337:${getAddress(collection.address)}`,
      tokenId: minted.tokenId,
      collection: collection.name
    })
    const svgPrefix = "data:image/svg+xml;base64,"
    expect(info?.imageUrl?.startsWith(svgPrefix)).toBe(true)
    expect(Buffer.from(info?.imageUrl?.slice(svgPrefix.length) ?? "", "base64").toString("utf8")).toContain(`${collection.symbol} #${minted.tokenId}</text>`)
  })

  it("shows both legs of a swap, the counterparty being the pool the sent leg went to", async () => {
    const swap = seededOn(31337).find((transaction) => transaction.kind === "swap")
    const sent = swap?.transfers.find((transfer) => transfer.from.toLowerCase() === swap.from.toLowerCase())
    if (swap === undefined || sent === undefined) throw new Error("the devnet seeded no swap")
    const entry = await entryOf(swap.from, "eip155:31337", swap.hash)
    expect(entry?.metadata.operationType).toBe("trade")
    expect(entry?.transfers.map((transfer) => transfer.direction).toSorted()).toEqual(["in", "out"])
    expect(entry?.metadata).toMatchObject({ sentFrom: getAddress(swap.from), sentTo: getAddress(sent.to) })
  })

  it("shows the unlisted token's mint as an unverified token", async () => {
    const mint = seededOn(31337).find((transaction) => transaction.to?.toLowerCase() === contractOf(contractsOn(31337), "points").toLowerCase())
    const received = mint?.transfers[0]
    if (mint === undefined || received === undefined) throw new Error("the devnet minted no Portico Points")
    const entry = await entryOf(received.to, "eip155:31337", mint.hash)
    expect(entry?.transfers[0]).toMatchObject({ direction: "in", fungible_info: { symbol: "PTS", name: "Portico Points", flags: { verified: false } } })
    expect(entry?.transfers[0]?.price).toBeUndefined()
    expect(entry?.transfers[0]?.fungible_info?.icon?.url).toMatch(/\/public\/getAssetImage\/unverified-token$/)
  })

  it("lists a new transaction once the explorer has indexed it, with its Ether leaving the sender", async () => {
    const chain = evm.chains[1]
    const sender = evm.deployment.accounts[4]
    if (chain === undefined || sender === undefined) throw new Error("no devnet chain or account")
    const wallet = createWalletClient({ account: privateKeyToAccount(sender.privateKey), transport: http(chain.rpcUrl) })
    const hash = await wallet.sendTransaction({ chain: null, to: "0x000000000000000000000000000000000000dEaD", value: parseEther("0.25") })
    await createPublicClient({ transport: http(chain.rpcUrl) }).waitForTransactionReceipt({ hash })
    await expect.poll(async () => (await allPages(sender.address, "eip155:31338"))[0]?.data[0]?.metadata.hash, { timeout: 20_000, interval: 250 }).toBe(hash)
    const [newest] = (await allPages(sender.address, "eip155:31338")).flatMap((page) => page.data)
    expect(newest?.metadata).toMatchObject({ hash, operationType: "send", sentTo: "0x000000000000000000000000000000000000dEaD" })
    expect(newest?.transfers).toEqual([expect.objectContaining({ fungible_info: expect.objectContaining({ name: "Ether", symbol: "ETH" }), direction: "out", quantity: { decimals: "18", numeric: "0.25" } })])
  })

  it("shows a swap paid out in Ether by the router (an internal transfer) as a trade with both legs", async () => {
    const chain = evm.chains[0]
    const swapper = evm.deployment.accounts[7]
    if (chain === undefined || swapper === undefined) throw new Error("no devnet chain or account")
    const contracts = contractsOn(chain.chainId)
    const hash = await swapUsdcForEther(chain.rpcUrl, swapper, contracts, "300")
    const pair = await pairOf(chain.chainId, chain.rpcUrl, contractOf(contracts, "usdc"), contractOf(contracts, "weth"))
    await expect.poll(async () => (await allPages(swapper.address, "eip155:31337"))[0]?.data[0]?.metadata.hash, { timeout: 20_000, interval: 250 }).toBe(hash)
    const entry = await entryOf(swapper.address, "eip155:31337", hash)
    expect(entry?.metadata).toMatchObject({ operationType: "trade", sentFrom: swapper.address, sentTo: getAddress(pair) })
    expect(entry?.transfers.map((transfer) => [transfer.direction, transfer.fungible_info?.symbol])).toEqual([["in", "ETH"], ["out", "USDC"]])
    expect(entry?.transfers[1]?.quantity).toEqual({ decimals: "6", numeric: "300" })
    expect(Number(entry?.transfers[0]?.quantity?.numeric)).toBeGreaterThan(0.05)
  })

  it("answers a foreign cursor, an unsupported chain and a missing chain with 400", async () => {
    const address = evm.deployment.accounts[0]?.address ?? ""
    const cursor = await withClient({ url: api.url }, (c) => Effect.flip(c.blockchain.history({ params: { address }, query: { chainId: "eip155:31337", cursor: "40" } })))
    expect(cursor).toMatchObject({ _tag: "BadRequest", message: "cursor: not a cursor this server gave" })
    const chain = await withClient({ url: api.url }, (c) => Effect.flip(c.blockchain.history({ params: { address }, query: { chainId: "eip155:1" } })))
    expect(chain).toMatchObject({ _tag: "BadRequest", message: "chainId: network eip155:1 is not supported" })
    const none = await withClient({ url: api.url }, (c) => Effect.flip(c.blockchain.history({ params: { address }, query: {} })))
    expect(none).toMatchObject({ _tag: "BadRequest", message: "chainId: required for EVM history (each chain is paged on its own)" })
  })
})

const balancesOf = async (server: ApiServer, address: string, chainId: string): Promise<ReadonlyArray<TokenBalance>> =>
  (await withClient({ url: server.url }, (c) => c.blockchain.balance({ params: { address }, query: { chainId, currency: "usd" } }))).balances

/** Another API server on the same devnets, its chains' explorers as given. */
const serverWith = (explorers: (chainId: number, index: number) => ExplorerOptions | undefined, extra: Partial<ServerOptions> = {}) =>
  startApiServer({
    port: 0,
    projects: { "test-project": { allowedOrigins: ["*"] } },
    evm: evm.chains.map((chain, index) => {
      const explorerOptions = explorers(chain.chainId, index)
      return {
        chainId: chain.chainId,
        rpcUrl: chain.rpcUrl,
        tokens: tokensOn(chain.chainId),
        collections: evm.deployment.collections,
        ...(explorerOptions === undefined ? {} : { explorer: explorerOptions })
      }
    }),
    ...extra
  })

describe("token discovery through the explorer API", () => {
  for (const chainId of [31337, 31338]) {
    it(`finds the unlisted token the account holds on ${chainId}, flagged unverified, without price or borrowed image`, async () => {
      const [first, second, sixth] = [0, 1, 5].map((index) => evm.deployment.accounts[index]?.address ?? "")
      const held = await balancesOf(api, first ?? "", `eip155:${chainId}`)
      const points = held.find((balance) => balance.symbol === "PTS")
      expect(points).toEqual({
        name: "Portico Points",
        symbol: "PTS",
        chainId: `eip155:${chainId}`,
        address: `eip155:${chainId}:${contractOf(contractsOn(chainId), "points")}`,
        quantity: { decimals: "18", numeric: "1250" },
        iconUrl: `${api.url}/public/getAssetImage/unverified-token`,
        flags: { verified: false }
      })
      expect(held.filter((balance) => balance.symbol !== "PTS").every((balance) => balance.flags === undefined)).toBe(true)
      expect(held.map((balance) => balance.symbol).toSorted()).toEqual(["DAI", "ETH", "PTS", "USDC", "USDT"])
      expect((await balancesOf(api, second ?? "", `eip155:${chainId}`)).find((balance) => balance.symbol === "PTS")?.quantity.numeric).toBe("750")
      expect((await balancesOf(api, sixth ?? "", `eip155:${chainId}`)).some((balance) => balance.symbol === "PTS")).toBe(false)
    })
  }

  it("shows a discovered token the host's token list vouches for as any token (list read from a file)", async () => {
    const folder = mkdtempSync(join(tmpdir(), "portico-token-list-"))
    const file = join(folder, "list.json")
    const list = sandboxTokenList([31337])
    writeFileSync(file, JSON.stringify({ ...list, tokens: [...list.tokens, { chainId: 31337, address: contractOf(contractsOn(31337), "points"), name: "Portico Points", symbol: "PTS", decimals: 18 }] }))
    const listed = await serverWith((chainId, index) => explorerOptionsFor(explorer.url, chainId, index), { tokenList: file })
    try {
      const points = (await balancesOf(listed, evm.deployment.accounts[0]?.address ?? "", "eip155:31337")).find((balance) => balance.symbol === "PTS")
      expect(points).toMatchObject({ quantity: { numeric: "1250" }, iconUrl: `${listed.url}/public/getTokenImage/PTS` })
      expect(points?.flags).toBeUndefined()
    } finally {
      await listed.stop()
    }
  })

  it("reads the discovered tokens' balances and metadata in JSON-RPC batches, never through Multicall3", async () => {
    const chain = evm.chains[0]
    if (chain === undefined) throw new Error("no devnet chain")
    // A recording proxy in front of the devnet's JSON-RPC endpoint.
    const bodies: Array<unknown> = []
    const proxy = createServer((request, response) => {
      const chunks: Array<Buffer> = []
      request.on("data", (chunk: Buffer) => chunks.push(chunk))
      request.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8")
        bodies.push(JSON.parse(body))
        fetch(chain.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body }).then(async (answer) => {
          response.writeHead(answer.status, { "content-type": "application/json" })
          response.end(await answer.text())
        }, () => response.destroy())
      })
    })
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", () => resolve()))
    const server = await startApiServer({
      port: 0,
      projects: { "test-project": { allowedOrigins: ["*"] } },
      evm: [{ chainId: chain.chainId, rpcUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, explorer: explorerOptionsFor(explorer.url, chain.chainId, 0) }]
    })
    try {
      const held = await balancesOf(server, owner(), "eip155:31337")
      expect(held.map((balance) => balance.symbol).toSorted()).toEqual(["DAI", "ETH", "PTS", "USDC", "USDT"])
      const calls = bodies.flatMap((body) => (Array.isArray(body) ? body : [body])) as ReadonlyArray<{ readonly method: string; readonly params: ReadonlyArray<{ readonly to?: string }> }>
      const tokenCalls = calls.filter((call) => call.method === "eth_call")
      // decimals, symbol and name of each of the four discovered tokens, and their balances.
      expect(tokenCalls.length).toBe(16)
      expect(bodies.filter(Array.isArray).length).toBeGreaterThan(0)
      expect(bodies.length).toBeLessThan(tokenCalls.length)
      expect(tokenCalls.every((call) => call.params[0]?.to?.toLowerCase() !== "0xca11bde05977b3631167028862be2a173976ca11")).toBe(true)
    } finally {
      await server.stop()
      proxy.closeAllConnections()
      proxy.close()
    }
  })

  it("refuses to start on a token list file that is not one", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "portico-token-list-")), "list.json")
    writeFileSync(file, JSON.stringify({ name: "broken", tokens: [{ chainId: 1, address: "0x12" }] }))
    await expect(serverWith(() => undefined, { tokenList: file })).rejects.toMatchObject({ _tag: "TokenListError", message: `tokenList: ${file} is not a token list in the Uniswap format` })
  })
})

/** A stand-in explorer answering every call with `body` (undefined: never answering), counting the calls. */
const standIn = (body: string | undefined) =>
  new Promise<{ readonly server: Server; readonly url: string; readonly calls: () => number }>((resolve) => {
    let calls = 0
    const server = createServer((_request, response) => {
      calls++
      if (body === undefined) return
      response.writeHead(200, { "content-type": "application/json" })
      response.end(body)
    })
    server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, calls: () => calls }))
  })

describe("kept answers", () => {
  it("answers a repeated history page and balance from what it kept, without asking the explorer again", async () => {
    const empty = await standIn(JSON.stringify({ status: "0", message: "No transactions found", result: [] }))
    const server = await serverWith(() => ({ url: empty.url, kind: "blockscout" }))
    try {
      // An older page (a cursor's) is kept a minute, renewed after half of it: far from this test's pace.
      const history = () => withClient({ url: server.url }, (c) => c.blockchain.history({ params: { address: owner() }, query: { chainId: "eip155:31337", cursor: "100.0" } }))
      expect(await history()).toMatchObject({ data: [], next: null })
      // One call per list for the page.
      expect(empty.calls()).toBe(5)
      await history()
      expect(empty.calls()).toBe(5)
      await balancesOf(server, owner(), "eip155:31337")
      expect(empty.calls()).toBe(6)
      await balancesOf(server, owner(), "eip155:31337")
      expect(empty.calls()).toBe(6)
    } finally {
      await server.stop()
      empty.server.closeAllConnections()
      empty.server.close()
    }
  })
})

const owner = () => evm.deployment.accounts[0]?.address ?? ""

const historyFailure = (server: ApiServer, chainId: number) =>
  withClient({ url: server.url }, (c) => Effect.flip(c.blockchain.history({ params: { address: owner() }, query: { chainId: `eip155:${chainId}` } })))
const balanceFailure = (server: ApiServer, chainId: number) =>
  withClient({ url: server.url }, (c) => Effect.flip(c.blockchain.balance({ params: { address: owner() }, query: { chainId: `eip155:${chainId}`, currency: "usd" } })))

describe("bad upstreams", () => {

  it("answers 502 when the explorer's real rate limit is reached, in either dialect, for history and balances alike", async () => {
    // The sandbox explorer with a tight limit, and a server that does not pace under it.
    const strict = await startExplorerServer({ host: "127.0.0.1", port: 0, chains: evm.chains, apiKey: sandboxExplorerKey, tokenList: {}, rateLimit: { requests: 3, perSeconds: 600 } })
    const server = await serverWith((chainId, index) => ({ ...explorerOptionsFor(strict.url, chainId, index), requestsPerSecond: 1_000 }))
    try {
      for (const chainId of [31337, 31338]) {
        expect(await historyFailure(server, chainId)).toMatchObject({ _tag: "UpstreamUnavailable", status: 502, message: `The explorer of eip155:${chainId} is rate limiting this server` })
        expect(await balanceFailure(server, chainId)).toMatchObject({ _tag: "UpstreamUnavailable", status: 502, message: `The explorer of eip155:${chainId} is rate limiting this server` })
      }
    } finally {
      await server.stop()
      await strict.stop()
    }
  })

  it("answers 502 when the explorer refuses the key", async () => {
    const server = await serverWith((chainId, index) => ({ ...explorerOptionsFor(explorer.url, chainId, index), apiKey: "NOT-THE-KEY" }))
    try {
      expect(await historyFailure(server, 31337)).toMatchObject({ _tag: "UpstreamUnavailable", message: "The explorer of eip155:31337 refused the request" })
    } finally {
      await server.stop()
    }
  })

  it("answers 502 for an explorer answering something else than its API, or nothing within its timeout", async () => {
    const garbage = await standIn("<html>502 Bad Gateway</html>")
    const silent = await standIn(undefined)
    const server = await serverWith((_, index) => ({ url: index === 0 ? garbage.url : silent.url, kind: "blockscout", timeoutSeconds: 1 }))
    try {
      expect(await historyFailure(server, 31337)).toMatchObject({ _tag: "UpstreamUnavailable", message: "The explorer of eip155:31337 answered something that is not its API" })
      expect(await balanceFailure(server, 31337)).toMatchObject({ _tag: "UpstreamUnavailable", message: "The explorer of eip155:31337 answered something that is not its API" })
      expect(await historyFailure(server, 31338)).toMatchObject({ _tag: "UpstreamUnavailable", message: "The explorer of eip155:31338 did not answer in time" })
    } finally {
      await server.stop()
      for (const { server: standing } of [garbage, silent]) {
        standing.closeAllConnections()
        standing.close()
      }
    }
  })
})
