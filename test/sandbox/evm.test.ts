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
  parseAbi,
  type Address,
  type Chain
} from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { uniswapV2FactoryAbi, uniswapV2RouterAbi } from "../../http/server/convert/UniswapAbi.ts"
import { collectionAbi, legacyTokenAbi, tokenAbi, transferEventAbi } from "../../sandbox/evm/Abi.ts"
import { accountAt } from "../../sandbox/evm/DemoAccounts.ts"
import { startEvmDevnets, type EvmDevnets } from "../../sandbox/evm/EvmDevnet.ts"
import { chainOf, EvmDeployment } from "../../sandbox/evm/EvmDeployment.ts"
import { evmChainSpecs } from "../../sandbox/evm/NetworkShapes.ts"
import { ensPublicResolverAddress, ensRegistryAddress } from "../../sandbox/evm/RealContracts.ts"
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

/** A contract of chain 31337 (or `chainId`) by key. */
const contract = (key: string, chainId = 31337): Address => {
  const address = chainOf(devnets.deployment, chainId).contracts[key]
  if (address === undefined) throw new Error(`no ${key} on ${chainId}`)
  return address
}

const pairSwapEvent = parseAbi(["event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)"])

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

  it("places each real network's contracts at the addresses its docs/networks file names, with code, and the sandbox's own at fixed ones", async () => {
    for (const [index, spec] of evmChainSpecs.entries()) {
      const { contracts } = chainOf(devnets.deployment, spec.chainId)
      const shape = spec.shape
      const venues = shape.swapVenues
      const expected = [
        ...(shape.tokens ?? []).map((token) => token.address),
        ...(shape.priceFeeds ?? []).map((feed) => feed.address),
        venues?.wrappedNative,
        ...(venues?.uniswapV2 ?? []).flatMap((venue) => [venue.factory, venue.router]),
        ...(venues?.uniswapV3 ?? []).flatMap((venue) => [venue.factory, venue.quoter, venue.router]),
        ...(shape.ens === undefined ? [] : [shape.ens.universalResolver, ensRegistryAddress, ensPublicResolverAddress]),
        "0xcA11bde05977b3631167028862bE2a173976CA11"
      ]
      const placed = new Set(Object.values(contracts).map((address) => address.toLowerCase()))
      for (const address of expected) expect(placed.has(String(address).toLowerCase())).toBe(true)
      for (const address of Object.values(contracts)) {
        expect((await publicClient(index).getCode({ address }))?.length ?? 0).toBeGreaterThan(2)
      }
    }
    // Ethereum's and Base's USDC differ, and only the Ethereum-shaped chain has ENS.
    expect(contract("usdc")).toBe("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")
    expect(contract("usdc", 31338)).toBe("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")
    expect(chainOf(devnets.deployment, 31338).contracts["ensRegistry"]).toBeUndefined()
    expect([contract("nft"), contract("spamNft"), contract("poolSeeder"), contract("points")]).toEqual([
      "0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35",
      "0xA15BB66138824a1c7167f5E85b957d04Dd34E468",
      "0xb19b36b1456E65E3A6D514D3F715f204BD59f431",
      "0x8ce361602B935680E8DeC218b820ff5056BeB7af"
    ])
    expect(contract("nft", 31338)).toBe(contract("nft"))
  })

  it("describes the deployment as JSON that the EvmDeployment schema decodes", () => {
    const decoded = Schema.decodeUnknownSync(EvmDeployment)(JSON.parse(JSON.stringify(devnets.deployment)))
    expect(decoded.accounts.map((account) => account.address)).toEqual(devnets.deployment.accounts.map((a) => a.address))
    expect(chainOf(decoded, 31337).tokens.map(({ symbol, decimals, abi }) => ({ symbol, decimals, abi }))).toEqual([
      { symbol: "USDC", decimals: 6, abi: "erc20" },
      { symbol: "USDT", decimals: 6, abi: "legacy" },
      { symbol: "DAI", decimals: 18, abi: "erc20" }
    ])
    // Base's USDT is a standard ERC20.
    expect(chainOf(decoded, 31338).tokens.map(({ symbol, abi }) => `${symbol}:${abi}`)).toEqual(["USDC:erc20", "USDT:erc20", "DAI:erc20"])
    expect(decoded.collections.map((collection) => ({ contract: collection.contract, spam: collection.spam }))).toEqual([
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
    const usdc = contract("usdc")
    expect(await client.readContract({ address: usdc, abi: tokenAbi, functionName: "decimals" })).toBe(6)
    expect(await client.readContract({ address: usdc, abi: tokenAbi, functionName: "symbol" })).toBe("USDC")
    expect(await client.readContract({ address: usdc, abi: tokenAbi, functionName: "name" })).toBe("USD Coin")
    const to = accountAt(7).address
    const value = parseUnits("12.345678", 6)
    const before = await client.readContract({ address: usdc, abi: tokenAbi, functionName: "balanceOf", args: [to] })
    const hash = await walletOf(5).writeContract({ address: usdc, abi: tokenAbi, functionName: "transfer", args: [to, value] })
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(await client.readContract({ address: usdc, abi: tokenAbi, functionName: "balanceOf", args: [to] })).toBe(before + value)
    const [log] = receipt.logs
    expect(log && decodeEventLog({ abi: tokenAbi, ...log }).args).toEqual({ from: accountAt(5).address, to, value })
  })

  it("transfers Ethereum's USDT through the ABI whose transfer returns nothing", async () => {
    const client = publicClient()
    const usdt = contract("usdt")
    const from = accountAt(5).address
    const to = accountAt(7).address
    const value = parseUnits("40", 6)
    const data = encodeFunctionData({ abi: legacyTokenAbi, functionName: "transfer", args: [to, value] })

    // The same calldata: the standard token returns a 32-byte true, the legacy one returns no bytes at all.
    expect((await client.call({ account: from, to: usdt, data })).data).toBeUndefined()
    const standard = await client.call({ account: from, to: contract("usdc"), data })
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

  it("quotes a swap on the Uniswap v2 router and swaps exactly what it quoted", async () => {
    const client = publicClient()
    const [usdc, dai, router] = [contract("usdc"), contract("dai"), contract("uniswapV2Router02")]
    const amountIn = parseUnits("100", 6)
    const [, quoted = 0n] = await client.readContract({ address: router, abi: uniswapV2RouterAbi, functionName: "getAmountsOut", args: [amountIn, [usdc, dai]] })
    // The pool sits near a dollar: 100 USDC give about 99.7 DAI after the 0.3 % fee.
    expect(quoted).toBeGreaterThan(parseUnits("99", 18))
    expect(quoted).toBeLessThan(parseUnits("100", 18))

    const trader = walletOf(0)
    // The seeded swaps approved exactly what they swapped: nothing is left to spend.
    expect(await client.readContract({ address: usdc, abi: tokenAbi, functionName: "allowance", args: [trader.account.address, router] })).toBe(0n)
    await client.waitForTransactionReceipt({ hash: await trader.writeContract({ address: usdc, abi: tokenAbi, functionName: "approve", args: [router, amountIn] }) })
    const before = await client.readContract({ address: dai, abi: tokenAbi, functionName: "balanceOf", args: [trader.account.address] })
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600)
    const hash = await trader.writeContract({ address: router, abi: uniswapV2RouterAbi, functionName: "swapExactTokensForTokens", args: [amountIn, quoted, [usdc, dai], trader.account.address, deadline] })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success")
    expect(await client.readContract({ address: dai, abi: tokenAbi, functionName: "balanceOf", args: [trader.account.address] })).toBe(before + quoted)
    // An expired deadline is refused with the router's own reason.
    await expect(
      client.simulateContract({ account: trader.account, address: router, abi: uniswapV2RouterAbi, functionName: "swapExactTokensForTokens", args: [amountIn, 0n, [usdc, dai], trader.account.address, 1n] })
    ).rejects.toThrow(/UniswapV2Router: EXPIRED/)
  })
})

describe("NFT collections", () => {
  it("mints to an owner that ownerOf and balanceOf report, with JSON metadata and an inline SVG", async () => {
    const client = publicClient()
    const nft = contract("nft")
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
    const [nft, spamNft] = [contract("nft"), contract("spamNft")]
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

  it("emits Transfer logs for tokens and NFTs across those months, and Swap logs on the v2 pair", async () => {
    const client = publicClient()
    const [usdc, usdt, dai, nft, spamNft] = ["usdc", "usdt", "dai", "nft", "spamNft"].map((key) => contract(key)) as [Address, Address, Address, Address, Address]
    const pair = await client.readContract({ address: contract("uniswapV2Factory"), abi: uniswapV2FactoryAbi, functionName: "getPair", args: [usdc, dai] })
    const transfers = await client.getLogs({
      address: [usdc, usdt, dai],
      event: transferEventAbi.erc20[0],
      fromBlock: 0n
    })
    const nftTransfers = await client.getLogs({
      address: [nft, spamNft],
      event: transferEventAbi.erc721[0],
      fromBlock: 0n
    })
    const swaps = await client.getContractEvents({ address: pair, abi: pairSwapEvent, eventName: "Swap", fromBlock: 0n })
    expect(new Set(transfers.map((log) => log.address.toLowerCase()))).toEqual(new Set([usdc, usdt, dai].map((a) => a.toLowerCase())))
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
    expect(await client.readContract({ address: contract("usdc", 31338), abi: tokenAbi, functionName: "balanceOf", args: [accountAt(0).address] })).toBeGreaterThan(
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
