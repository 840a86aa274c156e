/**
 * Balances read from real chains: the sandbox's two EVM devnets (Hardhat EDR) and its Solana devnet
 * (LiteSVM behind JSON-RPC). Amounts are checked against the chains read directly (viem, kit); prices
 * come from the configured table only; the 30 s cache holds until forceUpdate.
 */
import { address, createSolanaRpc } from "@solana/kit"
import * as Effect from "effect/Effect"
import { createPublicClient, createWalletClient, erc20Abi, formatUnits, http, parseEther } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { startEvmDevnets, type EvmDevnets } from "../../../sandbox/evm/EvmDevnet.ts"
import { chainOf } from "../../../sandbox/evm/EvmDeployment.ts"
import { startSolanaDevnet, type SolanaDevnet } from "../../../sandbox/solana/SolanaDevnet.ts"
import { withClient } from "../support/client.ts"

let evm: EvmDevnets
let solana: SolanaDevnet
let api: ApiServer

beforeAll(async () => {
  ;[evm, solana] = await Promise.all([startEvmDevnets(), startSolanaDevnet()])
  const usdc = chainOf(evm.deployment, 31337).tokens.find((token) => token.contract === "usdc")
  api = await startApiServer({
    port: 0,
    projects: { "test-project": { allowedOrigins: ["*"] } },
    evm: evm.chains.map((chain) => ({
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      name: chain.name,
      tokens: chainOf(evm.deployment, chain.chainId).tokens
    })),
    solana: {
      rpcUrl: solana.rpcUrl,
      caipNetworkId: solana.deployment.caipNetworkId,
      mints: [{ address: solana.deployment.usdc.address, symbol: "USDC", name: solana.deployment.usdc.name, decimals: solana.deployment.usdc.decimals }]
    },
    prices: {
      "eip155:31337:native": 2000,
      [`eip155:31337:${usdc?.address ?? ""}`]: 1,
      [`${solana.deployment.caipNetworkId}:native`]: 150,
      [`${solana.deployment.caipNetworkId}:${solana.deployment.usdc.address}`]: 1
    }
  })
}, 180_000)

afterAll(async () => {
  await api?.stop()
  await Promise.all([evm?.stop(), solana?.stop()])
})

describe("EVM balances", () => {
  it("reads native and ERC20 balances as the chain holds them, priced only from the table", async () => {
    const chain = evm.chains[0]
    const owner = evm.deployment.accounts[0]
    if (chain === undefined || owner === undefined) throw new Error("no devnet chain or account")
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const { balances } = await withClient({ url: api.url }, (c) =>
      c.blockchain.balance({ params: { address: owner.address }, query: { currency: "usd", chainId: "eip155:31337" } }))

    const native = balances.find((balance) => balance.address === undefined)
    const wei = await client.getBalance({ address: owner.address })
    expect(native).toMatchObject({ symbol: "ETH", chainId: "eip155:31337", quantity: { decimals: "18", numeric: formatUnits(wei, 18) }, price: 2000 })
    expect(native?.value).toBeCloseTo(Number(formatUnits(wei, 18)) * 2000, 6)

    for (const token of chainOf(evm.deployment, 31337).tokens) {
      const held = await client.readContract({ address: token.address, abi: erc20Abi, functionName: "balanceOf", args: [owner.address] })
      const entry = balances.find((balance) => balance.address === `eip155:31337:${token.address}`)
      if (held === 0n) {
        expect(entry).toBeUndefined()
        continue
      }
      expect(entry?.quantity).toEqual({ decimals: String(token.decimals), numeric: formatUnits(held, token.decimals) })
      if (token.contract === "usdc") expect(entry?.price).toBe(1)
      else expect(entry).not.toHaveProperty("price")
    }
    expect(balances.every((balance) => balance.chainId === "eip155:31337")).toBe(true)
  })

  it("reads every configured chain of the namespace when no chainId is given", async () => {
    const owner = evm.deployment.accounts[1]
    if (owner === undefined) throw new Error("no account")
    const { balances } = await withClient({ url: api.url }, (c) => c.blockchain.balance({ params: { address: owner.address }, query: { currency: "usd" } }))
    expect(new Set(balances.map((balance) => balance.chainId))).toEqual(new Set(["eip155:31337", "eip155:31338"]))
    const unpriced = balances.find((balance) => balance.chainId === "eip155:31338" && balance.address === undefined)
    expect(unpriced).toBeDefined()
    expect(unpriced).not.toHaveProperty("price")
    expect(unpriced).not.toHaveProperty("value")
  })

  it("answers from its 30 s cache until forceUpdate", async () => {
    const chain = evm.chains[1]
    const sender = evm.deployment.accounts[3]
    if (chain === undefined || sender === undefined) throw new Error("no devnet chain or account")
    const read = (forceUpdate: boolean) =>
      withClient({ url: api.url }, (c) =>
        c.blockchain.balance({
          params: { address: sender.address },
          query: { currency: "usd", chainId: "eip155:31338", ...(forceUpdate ? { forceUpdate: "true" } : {}) }
        })).then(({ balances }) => balances.find((balance) => balance.address === undefined)?.quantity.numeric)
    const before = await read(false)
    const wallet = createWalletClient({ account: privateKeyToAccount(sender.privateKey), transport: http(chain.rpcUrl) })
    const hash = await wallet.sendTransaction({ chain: null, to: "0x000000000000000000000000000000000000dEaD", value: parseEther("1") })
    await createPublicClient({ transport: http(chain.rpcUrl) }).waitForTransactionReceipt({ hash })
    expect(await read(false)).toBe(before)
    const after = await read(true)
    expect(Number(after)).toBeLessThan(Number(before) - 0.99)
    expect(await read(false)).toBe(after)
  })
})

describe("Solana balances", () => {
  it("reads SOL and SPL balances as the cluster holds them", async () => {
    const owner = solana.deployment.accounts[0]
    if (owner === undefined) throw new Error("no Solana demo account")
    const rpc = createSolanaRpc(solana.rpcUrl)
    const lamports = (await rpc.getBalance(address(owner.address)).send()).value
    const { balances } = await withClient({ url: api.url }, (c) =>
      c.blockchain.balance({ params: { address: owner.address }, query: { currency: "usd", chainId: solana.deployment.caipNetworkId } }))
    const sol = balances.find((balance) => balance.symbol === "SOL")
    expect(sol).toMatchObject({ chainId: solana.deployment.caipNetworkId, quantity: { decimals: "9", numeric: formatUnits(lamports, 9) }, price: 150 })
    const tokenAccount = await rpc.getTokenAccountBalance(address(owner.usdcTokenAccount)).send()
    const usdc = balances.find((balance) => balance.address === `${solana.deployment.caipNetworkId}:${solana.deployment.usdc.address}`)
    expect(usdc?.quantity).toEqual({ decimals: String(solana.deployment.usdc.decimals), numeric: formatUnits(BigInt(tokenAccount.value.amount), solana.deployment.usdc.decimals) })
    expect(usdc?.price).toBe(1)
  })

  it("refuses an EVM address on the Solana network with 400", async () => {
    const error = await withClient({ url: api.url }, (c) =>
      Effect.flip(c.blockchain.balance({ params: { address: evm.deployment.accounts[0]?.address ?? "" }, query: { currency: "usd", chainId: solana.deployment.caipNetworkId } })))
    expect(error).toMatchObject({ _tag: "BadRequest", status: 400 })
  })
})
