/**
 * The sandbox explorer speaks the account API as Etherscan's v2 and Blockscout do: the same paths and
 * parameters, paging and block bounds, sort, the envelope with Etherscan's texts for no records and for
 * each refusal, a real rate limit (Etherscan's NOTOK with HTTP 200, Blockscout's 429), internal transfers
 * from call traces, and new blocks indexed as questions come. Its token list is a valid
 * Uniswap-format list.
 */
import * as Schema from "effect/Schema"
import { parseUnits } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as AccountApi from "../../http/server/explorer/AccountApi.ts"
import { TokenList } from "../../http/server/explorer/TokenList.ts"
import { chainOf } from "../../sandbox/evm/EvmDeployment.ts"
import { startEvmDevnets, type EvmDevnets } from "../../sandbox/evm/EvmDevnet.ts"
import { contractOf } from "../../sandbox/evm/SandboxContracts.ts"
import { startExplorerServer, type ExplorerServer } from "../../sandbox/explorer/ExplorerServer.ts"
import { sandboxExplorerKey, startSandboxExplorer } from "../../sandbox/explorer/SandboxExplorer.ts"
import { swapUsdcForEther } from "../support/swapForEther.ts"

let evm: EvmDevnets
let explorer: ExplorerServer

beforeAll(async () => {
  evm = await startEvmDevnets()
  explorer = await startSandboxExplorer({ host: "127.0.0.1", port: 0, chains: evm.chains, rateLimit: { requests: 1_000, perSeconds: 1 } })
}, 180_000)

afterAll(async () => {
  await explorer?.stop()
  await evm?.stop()
})

const account = (index: number) => evm.deployment.accounts[index]?.address ?? ""

const etherscan = async (params: Record<string, string>) => {
  const response = await fetch(`${explorer.etherscanUrl}?${new URLSearchParams({ chainid: "31337", module: "account", apikey: sandboxExplorerKey, ...params })}`)
  return { status: response.status, body: (await response.json()) as AccountApi.Envelope }
}

const listOf = (body: AccountApi.Envelope): ReadonlyArray<{ readonly blockNumber: string; readonly hash: string }> =>
  Array.isArray(body.result) ? (body.result as ReadonlyArray<{ readonly blockNumber: string; readonly hash: string }>) : []

describe("the sandbox explorer", () => {
  it("lists an account's transactions as decodable records, oldest first by default, paged and bounded by blocks", async () => {
    const all = await etherscan({ action: "txlist", address: account(0) })
    expect(all.body).toMatchObject({ status: "1", message: "OK" })
    const records = Schema.decodeUnknownSync(Schema.Array(AccountApi.NormalTransaction))(all.body.result)
    const seeded = evm.deployment.chains[0]?.history.filter((transaction) => transaction.from === account(0)) ?? []
    expect(records.map((record) => record.hash)).toEqual(expect.arrayContaining(seeded.map((transaction) => transaction.hash)))
    const blocks = records.map((record) => Number(record.blockNumber))
    expect(blocks).toEqual(blocks.toSorted((a, b) => a - b))

    const newest = listOf((await etherscan({ action: "txlist", address: account(0), sort: "desc", page: "1", offset: "5" })).body)
    expect(newest.map((record) => record.hash)).toEqual(records.toReversed().slice(0, 5).map((record) => record.hash))
    const second = listOf((await etherscan({ action: "txlist", address: account(0), sort: "desc", page: "2", offset: "5" })).body)
    expect(second.map((record) => record.hash)).toEqual(records.toReversed().slice(5, 10).map((record) => record.hash))

    const [low, high] = [blocks[2] ?? 0, blocks[6] ?? 0]
    const bounded = listOf((await etherscan({ action: "txlist", address: account(0), startblock: String(low), endblock: String(high) })).body)
    expect(bounded.map((record) => record.hash)).toEqual(records.filter((record) => Number(record.blockNumber) >= low && Number(record.blockNumber) <= high).map((record) => record.hash))
  })

  it("answers Etherscan's texts for no records and for each refusal", async () => {
    const stranger = "0x000000000000000000000000000000000000dEaD"
    expect((await etherscan({ action: "tokennfttx", address: stranger })).body).toEqual({ status: "0", message: "No transactions found", result: [] })
    const refusals: ReadonlyArray<readonly [Record<string, string>, string]> = [
      [{ action: "txlist", address: account(0), apikey: "" }, "Missing/Invalid API Key"],
      [{ action: "txlist", address: account(0), apikey: "WRONG" }, "Invalid API Key"],
      [{ action: "txlist", address: account(0), chainid: "1" }, "Missing or unsupported chainid parameter (required for v2 api), please see https://api.etherscan.io/v2/chainlist for the list of supported chainids"],
      [{ action: "balance", address: account(0) }, "Error! Missing Or invalid Action name"],
      [{ action: "txlist", address: "0x12" }, "Error! Invalid address format"],
      [{ action: "txlist", address: account(0), page: "101", offset: "100" }, "Result window is too large, PageNo x Offset size must be less than or equal to 10000"]
    ]
    for (const [params, text] of refusals) {
      const answer = await etherscan(params)
      expect(answer).toEqual({ status: 200, body: { status: "0", message: "NOTOK", result: text } })
    }
  })

  it("lists each token standard in its own action with its facts", async () => {
    const tokens = listOf((await etherscan({ action: "tokentx", address: account(0) })).body)
    const decoded = Schema.decodeUnknownSync(Schema.Array(AccountApi.TokenTransfer))(tokens)
    expect(new Set(decoded.map((record) => `${record.tokenSymbol}:${record.tokenDecimal}`))).toEqual(new Set(["USDC:6", "USDT:6", "DAI:18", "PTS:18"]))
    const nfts = Schema.decodeUnknownSync(Schema.Array(AccountApi.NftTransfer))(listOf((await etherscan({ action: "tokennfttx", address: account(0) })).body))
    expect(new Set(nfts.map((record) => record.tokenSymbol))).toEqual(new Set(["PPNR", "CLAIM"]))
  })

  it("indexes new blocks, with the Ether a contract paid out as an internal transfer", async () => {
    const chain = evm.chains[0]
    const swapper = evm.deployment.accounts[6]
    if (chain === undefined || swapper === undefined) throw new Error("no devnet chain or account")
    const contracts = chainOf(evm.deployment, chain.chainId).contracts
    const hash = await swapUsdcForEther(chain.rpcUrl, swapper, contracts, "300")
    // Uniswap v2's router unwraps the WETH and pays the Ether out itself.
    const router = contractOf(contracts, "uniswapV2Router02")
    // Blocks mined within the sync interval of the last question show from the next one on.
    const internalOf = async () => Schema.decodeUnknownSync(Schema.Array(AccountApi.InternalTransaction))(listOf((await etherscan({ action: "txlistinternal", address: swapper.address })).body))
    await expect.poll(async () => (await internalOf()).length, { timeout: 10_000, interval: 300 }).toBe(1)
    const internal = await internalOf()
    expect(internal).toEqual([expect.objectContaining({ hash, from: router, to: swapper.address, isError: "0", contractAddress: "" })])
    expect(BigInt(internal[0]?.value ?? "0")).toBeGreaterThan(parseUnits("0.05", 18))
  })

  it("rate limits per key as Etherscan does (HTTP 200, NOTOK) and per client as Blockscout does (HTTP 429)", async () => {
    const strict = await startExplorerServer({ host: "127.0.0.1", port: 0, chains: evm.chains, apiKey: sandboxExplorerKey, tokenList: {}, rateLimit: { requests: 2, perSeconds: 600 } })
    try {
      const etherscanAnswers = await Promise.all([1, 2, 3].map(async () => {
        const response = await fetch(`${strict.etherscanUrl}?chainid=31337&module=account&action=txlist&address=${account(0)}&apikey=${sandboxExplorerKey}`)
        return { status: response.status, body: (await response.json()) as AccountApi.Envelope }
      }))
      expect(etherscanAnswers.filter((answer) => answer.body.status === "1")).toHaveLength(2)
      expect(etherscanAnswers.filter((answer) => answer.body.result === "Max rate limit reached")).toEqual([{ status: 200, body: { status: "0", message: "NOTOK", result: "Max rate limit reached" } }])
      const blockscout = await Promise.all([1, 2, 3].map(async () => (await fetch(`${strict.blockscoutUrl(31338)}?module=account&action=txlist&address=${account(0)}`)).status))
      expect(blockscout.toSorted()).toEqual([200, 200, 429])
    } finally {
      await strict.stop()
    }
  })

  it("serves its token list in the Uniswap format: the three stablecoins on both devnets, not Portico Points", async () => {
    const list = Schema.decodeUnknownSync(TokenList)(await (await fetch(explorer.tokenListUrl)).json())
    expect(list.tokens.map((token) => `${token.chainId}:${token.symbol}`).toSorted()).toEqual(["31337:DAI", "31337:USDC", "31337:USDT", "31338:DAI", "31338:USDC", "31338:USDT"])
    expect(list.tokens.some((token) => token.address === contractOf(chainOf(evm.deployment, 31337).contracts, "points"))).toBe(false)
  })
})
