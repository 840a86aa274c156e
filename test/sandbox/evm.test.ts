import * as Schema from "effect/Schema"
import {
  AbiDecodingZeroDataError,
  BaseError,
  createPublicClient,
  createWalletClient,
  decodeEventLog,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  http,
  parseEther,
  parseUnits,
  type Address,
  type Chain
} from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { collectionAbi, legacyTokenAbi, poolAbi, tokenAbi, transferEventAbi } from "../../sandbox/evm/Abi.ts"
import { accountAt } from "../../sandbox/evm/DemoAccounts.ts"
import { startEvmDevnets, type EvmDevnets } from "../../sandbox/evm/EvmDevnet.ts"
import { EvmDeployment } from "../../sandbox/evm/EvmDeployment.ts"
import { historyOf } from "../../sandbox/evm/SeededHistory.ts"

let devnets: EvmDevnets

const chainAt = (index: number): Chain => {
  const chain = devnets.chains[index]
  if (chain === undefined) throw new Error(`no chain ${index}`)
  return defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } }
  })
}
const publicClient = (index = 0) => createPublicClient({ chain: chainAt(index), transport: http() })
// Local accounts: viem signs and sends eth_sendRawTransaction, as a real wallet does.
const walletOf = (accountIndex: number, chainIndex = 0) =>
  createWalletClient({ account: privateKeyToAccount(accountAt(accountIndex).privateKey), chain: chainAt(chainIndex), transport: http() })

const decodeDataUri = (uri: string, type: string): string => {
  const prefix = `data:${type};base64,`
  expect(uri.startsWith(prefix)).toBe(true)
  return Buffer.from(uri.slice(prefix.length), "base64").toString("utf8")
}

const monthOf = (seconds: bigint | number): string => new Date(Number(seconds) * 1000).toISOString().slice(0, 7)

beforeAll(async () => {
  devnets = await startEvmDevnets({ ports: [0, 0] })
})

afterAll(async () => {
  await devnets?.stop()
})

describe("startEvmDevnets", () => {
  it("starts 31337 and 31338 on ephemeral 127.0.0.1 ports, each answering its own chain id", async () => {
    expect(devnets.chains.map(({ chainId, name }) => ({ chainId, name }))).toEqual([
      { chainId: 31337, name: "Portico Local" },
      { chainId: 31338, name: "Portico Local 2" }
    ])
    for (const [index, chain] of devnets.chains.entries()) {
      expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(await publicClient(index).getChainId()).toBe(chain.chainId)
    }
    expect(devnets.chains[0]?.rpcUrl).not.toBe(devnets.chains[1]?.rpcUrl)
  })

  it("deploys every contract at the same fixed addresses on both chains", async () => {
    expect(devnets.deployment.contracts).toEqual({
      usdc6: "0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35",
      usdtLike: "0xA15BB66138824a1c7167f5E85b957d04Dd34E468",
      dai18: "0xb19b36b1456E65E3A6D514D3F715f204BD59f431",
      nft: "0x8ce361602B935680E8DeC218b820ff5056BeB7af",
      spamNft: "0xe1Aa25618fA0c7A1CFDab5d6B456af611873b629",
      pool: "0xe1DA8919f262Ee86f9BE05059C9280142CF23f48",
      router: "0x0C8E79F3534B00D9a3D4a856B665Bf4eBC22f2ba",
      points: "0xeD1DB453C3156Ff3155a97AD217b3087D5Dc5f6E"
    })
    for (const index of [0, 1]) {
      for (const address of Object.values(devnets.deployment.contracts)) {
        expect((await publicClient(index).getCode({ address }))?.length ?? 0).toBeGreaterThan(2)
      }
    }
  })

  it("describes the deployment as JSON that the EvmDeployment schema decodes", () => {
    const decoded = Schema.decodeUnknownSync(EvmDeployment)(JSON.parse(JSON.stringify(devnets.deployment)))
    expect(decoded.accounts.map((account) => account.address)).toEqual(devnets.deployment.accounts.map((a) => a.address))
    expect(decoded.tokens.map(({ symbol, decimals, abi }) => ({ symbol, decimals, abi }))).toEqual([
      { symbol: "USDC", decimals: 6, abi: "erc20" },
      { symbol: "USDT", decimals: 6, abi: "legacy" },
      { symbol: "DAI", decimals: 18, abi: "erc20" }
    ])
    expect(decoded.collections.map(({ contract, spam }) => ({ contract, spam }))).toEqual([
      { contract: "nft", spam: false },
      { contract: "spamNft", spam: true }
    ])
  })
})

describe("transfers on the devnet", () => {
  it("sends native ether signed by a demo key", async () => {
    const client = publicClient()
    const to = accountAt(6).address
    const before = await client.getBalance({ address: to })
    const hash = await walletOf(5).sendTransaction({ to, value: parseEther("1.25") })
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe("success")
    expect(await client.getBalance({ address: to })).toBe(before + parseEther("1.25"))
  })

  it("transfers the 6-decimal ERC20 and emits Transfer", async () => {
    const client = publicClient()
    const usdc = devnets.deployment.contracts.usdc6
    expect(await client.readContract({ address: usdc, abi: tokenAbi, functionName: "decimals" })).toBe(6)
    expect(await client.readContract({ address: usdc, abi: tokenAbi, functionName: "symbol" })).toBe("USDC")
    const to = accountAt(7).address
    const value = parseUnits("12.345678", 6)
    const before = await client.readContract({ address: usdc, abi: tokenAbi, functionName: "balanceOf", args: [to] })
    const hash = await walletOf(5).writeContract({ address: usdc, abi: tokenAbi, functionName: "transfer", args: [to, value] })
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(await client.readContract({ address: usdc, abi: tokenAbi, functionName: "balanceOf", args: [to] })).toBe(before + value)
    const [log] = receipt.logs
    expect(log && decodeEventLog({ abi: tokenAbi, ...log }).args).toEqual({ from: accountAt(5).address, to, value })
  })

  it("transfers the USDT-like token through the ABI whose transfer returns nothing", async () => {
    const client = publicClient()
    const usdt = devnets.deployment.contracts.usdtLike
    const from = accountAt(5).address
    const to = accountAt(7).address
    const value = parseUnits("40", 6)
    const data = encodeFunctionData({ abi: legacyTokenAbi, functionName: "transfer", args: [to, value] })

    // The same calldata: the standard token returns a 32-byte true, the legacy one returns no bytes at all.
    expect((await client.call({ account: from, to: usdt, data })).data).toBeUndefined()
    const standard = await client.call({ account: from, to: devnets.deployment.contracts.usdc6, data })
    expect(standard.data).toBe(`0x${"0".repeat(63)}1`)

    // Decoding the standard ABI's bool from that empty return fails; the legacy ABI expects nothing.
    const error = await client
      .simulateContract({ account: from, address: usdt, abi: erc20Abi, functionName: "transfer", args: [to, value] })
      .then(() => undefined, (cause: unknown) => cause)
    expect(error).toBeInstanceOf(BaseError)
    expect(error instanceof BaseError && error.walk((cause) => cause instanceof AbiDecodingZeroDataError)).toBeInstanceOf(
      AbiDecodingZeroDataError
    )
    const simulated = await client.simulateContract({ account: from, address: usdt, abi: legacyTokenAbi, functionName: "transfer", args: [to, value] })
    expect(simulated.result).toBeUndefined()

    const before = await client.readContract({ address: usdt, abi: legacyTokenAbi, functionName: "balanceOf", args: [to] })
    const hash = await walletOf(5).writeContract({ address: usdt, abi: legacyTokenAbi, functionName: "transfer", args: [to, value] })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success")
    expect(await client.readContract({ address: usdt, abi: legacyTokenAbi, functionName: "balanceOf", args: [to] })).toBe(before + value)
  })

  it("quotes and executes a swap on the constant-product pool", async () => {
    const client = publicClient()
    const { pool, usdc6, dai18 } = devnets.deployment.contracts
    const [reserveUsdc, reserveDai] = await client.readContract({ address: pool, abi: poolAbi, functionName: "getReserves" })
    const amountIn = parseUnits("100", 6)
    const quoted = await client.readContract({ address: pool, abi: poolAbi, functionName: "getAmountOut", args: [usdc6, amountIn] })
    expect(quoted).toBe((amountIn * 997n * reserveDai) / (reserveUsdc * 1000n + amountIn * 997n))

    const trader = walletOf(0)
    const before = await client.readContract({ address: dai18, abi: tokenAbi, functionName: "balanceOf", args: [trader.account.address] })
    const hash = await trader.writeContract({ address: pool, abi: poolAbi, functionName: "swap", args: [usdc6, amountIn, quoted, trader.account.address] })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success")
    expect(await client.readContract({ address: dai18, abi: tokenAbi, functionName: "balanceOf", args: [trader.account.address] })).toBe(before + quoted)
    expect(await client.readContract({ address: pool, abi: poolAbi, functionName: "getReserves" })).toEqual([reserveUsdc + amountIn, reserveDai - quoted])
  })
})

describe("NFT collections", () => {
  it("mints to an owner that ownerOf and balanceOf report, with JSON metadata and an inline SVG", async () => {
    const client = publicClient()
    const { nft } = devnets.deployment.contracts
    const holder = accountAt(8).address
    const balance = await client.readContract({ address: nft, abi: collectionAbi, functionName: "balanceOf", args: [holder] })
    const hash = await walletOf(9).writeContract({ address: nft, abi: collectionAbi, functionName: "mint", args: [holder] })
    await client.waitForTransactionReceipt({ hash })
    const tokenId = await client.readContract({ address: nft, abi: collectionAbi, functionName: "totalSupply" })
    expect(await client.readContract({ address: nft, abi: collectionAbi, functionName: "ownerOf", args: [tokenId] })).toBe(holder)
    expect(await client.readContract({ address: nft, abi: collectionAbi, functionName: "balanceOf", args: [holder] })).toBe(balance + 1n)
    expect(await client.readContract({ address: nft, abi: collectionAbi, functionName: "supportsInterface", args: ["0x80ac58cd"] })).toBe(true)

    const uri = await client.readContract({ address: nft, abi: collectionAbi, functionName: "tokenURI", args: [tokenId] })
    const metadata: unknown = JSON.parse(decodeDataUri(uri, "application/json"))
    expect(metadata).toMatchObject({ name: `Portico Pioneers #${tokenId}`, description: expect.any(String) })
    const image = typeof metadata === "object" && metadata !== null && "image" in metadata ? String(metadata.image) : ""
    const svg = decodeDataUri(image, "image/svg+xml")
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(svg).toContain(`PPNR #${tokenId}</text></svg>`)
  })

  it("agrees between balanceOf and ownerOf for every seeded token, and the spam collection reached account 0", async () => {
    const client = publicClient()
    const { nft, spamNft } = devnets.deployment.contracts
    const supply = await client.readContract({ address: nft, abi: collectionAbi, functionName: "totalSupply" })
    const owners = await Promise.all(
      Array.from({ length: Number(supply) }, (_, index) =>
        client.readContract({ address: nft, abi: collectionAbi, functionName: "ownerOf", args: [BigInt(index + 1)] })
      )
    )
    for (const account of [0, 1, 2].map((index) => accountAt(index).address)) {
      const held = owners.filter((owner) => owner === account).length
      expect(await client.readContract({ address: nft, abi: collectionAbi, functionName: "balanceOf", args: [account] })).toBe(BigInt(held))
    }
    expect(owners.filter((owner) => owner === accountAt(0).address).length).toBeGreaterThan(0)
    expect(await client.readContract({ address: spamNft, abi: collectionAbi, functionName: "balanceOf", args: [accountAt(0).address] })).toBe(5n)
    expect(await client.readContract({ address: spamNft, abi: collectionAbi, functionName: "name" })).toBe("Free Reward Pass")
    await expect(
      client.readContract({ address: nft, abi: collectionAbi, functionName: "ownerOf", args: [supply + 100n] })
    ).rejects.toThrow(/NonexistentToken/)
  })
})

describe("seeded history", () => {
  it("spreads blocks over at least 12 months of two calendar years and ends near now", async () => {
    const client = publicClient()
    const latest = await client.getBlock()
    const blocks = await Promise.all(
      Array.from({ length: Number(latest.number) }, (_, index) => client.getBlock({ blockNumber: BigInt(index + 1) }))
    )
    const months = new Set(blocks.map((block) => monthOf(block.timestamp)))
    const years = new Set([...months].map((month) => month.slice(0, 4)))
    expect(months.size).toBeGreaterThanOrEqual(12)
    expect(years.size).toBeGreaterThanOrEqual(2)
    for (const [index, block] of blocks.entries()) {
      if (index > 0) expect(block.timestamp).toBeGreaterThan(blocks[index - 1]?.timestamp ?? 0n)
    }
    expect(Math.abs(Number(latest.timestamp) - Date.now() / 1000)).toBeLessThan(600)
  })

  it("emits Transfer logs for tokens and NFTs across those months, and Swap logs on the pool", async () => {
    const client = publicClient()
    const { usdc6, usdtLike, dai18, nft, spamNft, pool } = devnets.deployment.contracts
    const transfers = await client.getLogs({
      address: [usdc6, usdtLike, dai18],
      event: transferEventAbi.erc20[0],
      fromBlock: 0n
    })
    const nftTransfers = await client.getLogs({
      address: [nft, spamNft],
      event: transferEventAbi.erc721[0],
      fromBlock: 0n
    })
    const swaps = await client.getContractEvents({ address: pool, abi: poolAbi, eventName: "Swap", fromBlock: 0n })
    expect(new Set(transfers.map((log) => log.address.toLowerCase()))).toEqual(new Set([usdc6, usdtLike, dai18].map((a) => a.toLowerCase())))
    expect(nftTransfers.some((log) => log.args.from === accountAt(0).address && log.args.to === accountAt(1).address)).toBe(true)
    expect(swaps.length).toBeGreaterThanOrEqual(12)
    const blockMonths = await Promise.all(transfers.map((log) => client.getBlock({ blockNumber: log.blockNumber })))
    expect(new Set(blockMonths.map((block) => monthOf(block.timestamp))).size).toBeGreaterThanOrEqual(12)
  })

  it("records every seeded transaction as the chain holds it", async () => {
    const client = publicClient()
    const chain = devnets.deployment.chains[0]
    expect(chain?.chainId).toBe(31337)
    const history = chain?.history ?? []
    expect(history.length).toBeGreaterThan(100)
    for (const entry of [history[0], history[Math.floor(history.length / 2)], history.at(-1)]) {
      if (entry === undefined) throw new Error("empty history")
      const receipt = await client.getTransactionReceipt({ hash: entry.hash })
      const block = await client.getBlock({ blockNumber: receipt.blockNumber })
      expect({ blockNumber: Number(receipt.blockNumber), timestamp: Number(block.timestamp) }).toEqual({
        blockNumber: entry.blockNumber,
        timestamp: entry.timestamp
      })
    }
    const kinds = new Set(history.map((entry) => entry.kind))
    for (const kind of ["deploy", "send-native", "send-token", "mint-nft", "send-nft", "airdrop-nft", "swap"] as const) {
      expect(kinds.has(kind)).toBe(true)
    }
    const swap = history.find((entry) => entry.kind === "swap")
    expect(swap?.transfers.map((transfer) => transfer.standard)).toEqual(["erc20", "erc20"])
  })

  it("filters one address's history newest first", () => {
    const account: Address = accountAt(0).address
    const mine = historyOf(devnets.deployment.chains[0]?.history ?? [], account.toLowerCase())
    expect(mine.length).toBeGreaterThan(50)
    for (const [index, entry] of mine.entries()) {
      const involved = [entry.from, entry.to, ...entry.transfers.flatMap((t) => [t.from, t.to])]
      expect(involved).toContain(account)
      if (index > 0) expect(entry.timestamp).toBeLessThanOrEqual(mine[index - 1]?.timestamp ?? 0)
    }
  })

  it("seeds the second chain with its own funded accounts and a thinner history", async () => {
    const client = publicClient(1)
    const { usdc6 } = devnets.deployment.contracts
    expect(await client.readContract({ address: usdc6, abi: tokenAbi, functionName: "balanceOf", args: [accountAt(0).address] })).toBeGreaterThan(
      parseUnits("10000", 6)
    )
    const second = devnets.deployment.chains[1]
    expect(second?.chainId).toBe(31338)
    expect(second?.history.every((entry) => entry.chainId === 31338)).toBe(true)
    expect(new Set(second?.history.map((entry) => monthOf(entry.timestamp))).size).toBeGreaterThanOrEqual(12)
    const hash = await walletOf(0, 1).sendTransaction({ to: accountAt(1).address, value: parseEther("0.5") })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success")
    await expect(publicClient(0).getTransactionReceipt({ hash })).rejects.toThrow()
  })
})
