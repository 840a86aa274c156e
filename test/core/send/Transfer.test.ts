/**
 * Each send kind, built by core and sent through a real connector over the sandbox's demo wallets, mined
 * on the sandbox devnets and checked on chain: ETH, the 18-decimal and 6-decimal ERC20s, the USDT-style
 * token whose transfer returns nothing, SOL, and an SPL token to a receiver without a token account.
 */
import { address, createSolanaRpc, generateKeyPairSigner, getBase58Decoder, getBase64Encoder } from "@solana/kit"
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { createPublicClient, erc20Abi, http, type Hex } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ConnectorError } from "../../../core/Connector.ts"
import type * as Connector from "../../../core/Connector.ts"
import * as Eip1193 from "../../../core/connectors/Eip1193.ts"
import * as WalletStandard from "../../../core/connectors/WalletStandard.ts"
import * as ChainRead from "../../../core/rpc/ChainRead.ts"
import { fallbackTransport } from "../../../core/rpc/Transport.ts"
import * as Send from "../../../core/Send.ts"
import * as SendFlow from "../../../core/send/SendFlow.ts"
import * as Transfer from "../../../core/send/Transfer.ts"
import type { TokenBalance } from "../../../core/TokenBalance.ts"
import * as SolanaRequests from "../../../core/walletconnect/SolanaRequests.ts"
import { startEvmDevnets, type EvmDevnets } from "../../../sandbox/evm/EvmDevnet.ts"
import { chainOf } from "../../../sandbox/evm/EvmDeployment.ts"
import { startSolanaDevnet, type SolanaDevnet } from "../../../sandbox/solana/SolanaDevnet.ts"
import { createEvmProvider } from "../../../sandbox/wallets/EvmWallet.ts"
import { solanaIcon } from "../../../sandbox/wallets/Icons.ts"
import { createSolanaWallet } from "../../../sandbox/wallets/SolanaWallet.ts"
import { answering } from "../../support/demoWallet.ts"

const token = (fields: Partial<TokenBalance> & Pick<TokenBalance, "symbol" | "chainId" | "quantity">): TokenBalance => ({
  name: fields.symbol,
  iconUrl: "",
  ...fields
})

const sendForm = (client: Connector.ConnectorClient, read: ChainRead.ChainRead, from: string, namespace: string, state: Send.SendState) =>
  Effect.runPromise(
    Effect.gen(function*() {
      const request = yield* Send.validate(namespace, state)
      const transfer = yield* Transfer.fromRequest(request, from)
      const fee = yield* Transfer.estimateFee(read, transfer)
      const id = yield* Transfer.send(client, read, transfer)
      return { id, fee }
    })
  )

describe("sends on the sandbox devnets", () => {
  let evm: EvmDevnets
  let solana: SolanaDevnet

  beforeAll(async () => {
    ;[evm, solana] = await Promise.all([startEvmDevnets({ ports: [0, 0] }), startSolanaDevnet({ port: 0 })])
  }, 120_000)
  afterAll(async () => {
    await Promise.allSettled([evm?.stop(), solana?.stop()])
  })

  const evmClient = async (approvals: number) => {
    const sender = evm.deployment.accounts[1]
    if (sender === undefined) throw new Error("no demo account")
    const provider = createEvmProvider({
      privateKey: sender.privateKey,
      chains: evm.chains,
      approve: answering(Array.from({ length: approvals + 1 }, () => true)).approve,
      origin: "http://test"
    })
    const client = Eip1193.make(
      { id: "demo", name: "Demo", chain: "eip155", type: "ANNOUNCED" },
      // Sends need no wallet events.
      { request: (args) => provider.request(args) }
    )
    const connected = await Effect.runPromise(client.connect({}))
    return { client, from: connected.accounts[0] ?? "" }
  }
  const evmRead = () => ChainRead.fromRequest(fallbackTransport([evm.chains[0]?.rpcUrl ?? ""])({}).request)
  const reader = () => createPublicClient({ transport: http(evm.chains[0]?.rpcUrl) })

  it("ETH as the transaction's value", async () => {
    const { client, from } = await evmClient(1)
    const to = evm.deployment.accounts[7]?.address as Hex
    const before = await reader().getBalance({ address: to })
    const form = { ...Send.initial, token: token({ symbol: "ETH", chainId: "eip155:31337", quantity: { decimals: "18", numeric: "100" } }), sendTokenAmount: "0.000000000000000123", receiverAddress: to }
    const { id, fee } = await sendForm(client, evmRead(), from, "eip155", form)
    expect(fee).toBeGreaterThan(0n)
    expect((await reader().waitForTransactionReceipt({ hash: id as Hex })).status).toBe("success")
    expect(await reader().getBalance({ address: to })).toBe(before + 123n)
  })

  for (const contract of ["dai", "usdc", "usdt"] as const) {
    it(`${contract}: an ERC20 transfer call, amount parsed with the token's decimals`, async () => {
      const { client, from } = await evmClient(1)
      const info = chainOf(evm.deployment, 31337).tokens.find((entry) => entry.contract === contract)
      if (info === undefined) throw new Error(`no ${contract}`)
      const to = evm.deployment.accounts[8]?.address as Hex
      const balanceOf = () => reader().readContract({ address: info.address, abi: erc20Abi, functionName: "balanceOf", args: [to] })
      const before = await balanceOf()
      const form = {
        ...Send.initial,
        token: token({ symbol: info.symbol, chainId: "eip155:31337", address: `eip155:31337:${info.address}`, quantity: { decimals: String(info.decimals), numeric: "1000" } }),
        sendTokenAmount: "1.5",
        receiverAddress: to
      }
      const { id } = await sendForm(client, evmRead(), from, "eip155", form)
      expect((await reader().waitForTransactionReceipt({ hash: id as Hex })).status).toBe("success")
      expect(await balanceOf()).toBe(before + 15n * 10n ** BigInt(info.decimals - 1))
    })
  }

  it("the whole flow: tracked, sent on chain, form reset, pending entry, back to Account; a rejection keeps the form", async () => {
    const sender = evm.deployment.accounts[1]
    if (sender === undefined) throw new Error("no demo account")
    // Connect, then approve one send and reject the next.
    const provider = createEvmProvider({ privateKey: sender.privateKey, chains: evm.chains, approve: answering([true, true, false]).approve, origin: "http://test" })
    const client = Eip1193.make({ id: "demo", name: "Demo", chain: "eip155", type: "ANNOUNCED" }, { request: (args) => provider.request(args) })
    const from = (await Effect.runPromise(client.connect({}))).accounts[0] ?? ""
    const info = chainOf(evm.deployment, 31337).tokens.find((entry) => entry.contract === "usdc")
    if (info === undefined) throw new Error("no usdc")
    const to = evm.deployment.accounts[9]?.address ?? ""
    const usdc = token({ symbol: "USDC", chainId: "eip155:31337", address: `eip155:31337:${info.address}`, quantity: { decimals: "6", numeric: "1000" } })
    const filled: Send.SendState = { ...Send.initial, token: usdc, sendTokenAmount: "2.25", receiverAddress: to, tokenBalances: [usdc] }
    const tracked: Array<SendFlow.SendEvent> = []
    const flow: SendFlow.SendFlow = { client, read: evmRead(), track: (event) => Effect.sync(() => void tracked.push(event)) }

    const { sent, after } = await Effect.runPromise(Effect.gen(function*() {
      const form = yield* SubscriptionRef.make(filled)
      const result = yield* SendFlow.submit(form, "eip155:31337", from, flow)
      return { sent: result, after: yield* SubscriptionRef.get(form) }
    }))
    expect((await reader().waitForTransactionReceipt({ hash: sent.id as Hex })).status).toBe("success")
    expect(after).toEqual({ loading: false, tokenBalances: [usdc] })
    expect(sent.next).toBe("Account")
    expect(sent.pending).toMatchObject({ id: sent.id, chain: "eip155:31337", from, to, amount: "2.25", symbol: "USDC" })
    expect(tracked.map((event) => event.event)).toEqual(["SEND_INITIATED", "SEND_SUCCESS"])

    const rejected = await Effect.runPromise(Effect.gen(function*() {
      const form = yield* SubscriptionRef.make(filled)
      const error = yield* Effect.flip(SendFlow.submit(form, "eip155:31337", from, flow))
      return { error, after: yield* SubscriptionRef.get(form) }
    }))
    expect(rejected.error._tag).toBe("UserRejectedRequestError")
    expect(rejected.after).toEqual(filled)
    expect(tracked.map((event) => event.event)).toEqual(["SEND_INITIATED", "SEND_SUCCESS", "SEND_INITIATED"])
  })

  it("a token transfer the token would refuse never reaches the wallet", async () => {
    // No approval scripted beyond the connection: a prompt would fail the test with 'unexpected prompt'.
    const { client, from } = await evmClient(0)
    const info = chainOf(evm.deployment, 31337).tokens.find((entry) => entry.contract === "usdc")
    if (info === undefined) throw new Error("no usdc")
    const form = {
      ...Send.initial,
      token: token({ symbol: "USDC", chainId: "eip155:31337", address: `eip155:31337:${info.address}`, quantity: { decimals: "6", numeric: "1" } }),
      sendTokenAmount: "1000000000000",
      receiverAddress: evm.deployment.accounts[8]?.address ?? ""
    }
    const refused = await Effect.runPromise(Effect.flip(Effect.gen(function*() {
      const transfer = yield* Transfer.fromRequest(yield* Send.validate("eip155", form), from)
      return yield* Transfer.send(client, evmRead(), transfer)
    })))
    expect(refused._tag).toBe("EvmTransferRefusedError")
  })

  const solanaClient = async () => {
    const owner = solana.deployment.accounts[1]
    if (owner === undefined) throw new Error("no demo account")
    const wallet = createSolanaWallet({
      secretKey: Uint8Array.from(owner.secretKey),
      address: owner.address,
      chain: solana.deployment.caipNetworkId,
      rpcUrl: solana.rpcUrl,
      icon: solanaIcon,
      approve: answering([true, true]).approve,
      origin: "http://test"
    })
    const client = WalletStandard.make(wallet)
    await Effect.runPromise(client.connect({ caipNetworkId: solana.deployment.caipNetworkId }))
    return { client, from: owner.address }
  }
  const solanaRead = () => ChainRead.fromRequest(fallbackTransport([solana.rpcUrl])({}).request)

  it("SOL as a System program transfer", async () => {
    const { client, from } = await solanaClient()
    const receiver = (await generateKeyPairSigner()).address
    const form = { ...Send.initial, token: token({ symbol: "SOL", chainId: solana.deployment.caipNetworkId, quantity: { decimals: "9", numeric: "10" } }), sendTokenAmount: "0.25", receiverAddress: receiver }
    const { fee } = await sendForm(client, solanaRead(), from, "solana", form)
    expect(fee).toBe(5000n)
    const rpc = createSolanaRpc(solana.rpcUrl)
    await expect.poll(async () => (await rpc.getBalance(receiver).send()).value, { timeout: 15_000 }).toBe(250_000_000n)
  })

  it("through the WalletConnect connector's Solana encoding the transaction travels in base64 and the base58 signature comes back", async () => {
    const { client: standard, from } = await solanaClient()
    const wire: Array<unknown> = []
    // The modal's side is the WalletConnect connector's own encoding (SolanaRequests); the peer side
    // decodes the base64 transaction and hands it to the demo wallet, as the sandbox's WalletConnect wallet does.
    const walletConnect: Connector.ConnectorClient = {
      ...standard,
      connector: { ...standard.connector, id: "walletConnect", type: "WALLET_CONNECT" },
      request: (args) =>
        SolanaRequests.request(args.method, args.params as Record<string, unknown>, {
          pubkey: from,
          fail: (message) => new ConnectorError({ connectorId: "walletConnect", message }),
          ask: (params) => {
            wire.push(params)
            const { transaction } = params as { transaction: string }
            return Effect.map(
              standard.request({ method: args.method, params: { transaction: getBase64Encoder().encode(transaction) } }),
              (output) => ({ signature: getBase58Decoder().decode((output as { signature: Uint8Array }).signature) })
            )
          }
        })
    }
    const receiver = (await generateKeyPairSigner()).address
    const form = { ...Send.initial, token: token({ symbol: "SOL", chainId: solana.deployment.caipNetworkId, quantity: { decimals: "9", numeric: "10" } }), sendTokenAmount: "0.001", receiverAddress: receiver }
    const { id } = await sendForm(walletConnect, solanaRead(), from, "solana", form)
    expect(typeof (wire[0] as { transaction: unknown }).transaction).toBe("string")
    expect(id).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
    const rpc = createSolanaRpc(solana.rpcUrl)
    await expect.poll(async () => (await rpc.getBalance(receiver).send()).value, { timeout: 15_000 }).toBe(1_000_000n)
  })

  it("an SPL token with transferChecked, creating the receiver's associated token account", async () => {
    const { client, from } = await solanaClient()
    const receiver = (await generateKeyPairSigner()).address
    const mint = solana.deployment.usdc
    const rpc = createSolanaRpc(solana.rpcUrl)
    const [ata] = await findAssociatedTokenPda({ owner: receiver, mint: address(mint.address), tokenProgram: TOKEN_PROGRAM_ADDRESS })
    expect((await rpc.getAccountInfo(ata, { encoding: "base64" }).send()).value).toBeNull()
    const form = {
      ...Send.initial,
      token: token({ symbol: mint.symbol, chainId: solana.deployment.caipNetworkId, address: `${solana.deployment.caipNetworkId}:${mint.address}`, quantity: { decimals: String(mint.decimals), numeric: "100" } }),
      sendTokenAmount: "1.5",
      receiverAddress: receiver
    }
    await sendForm(client, solanaRead(), from, "solana", form)
    await expect.poll(async () => (await rpc.getTokenAccountBalance(ata).send().catch(() => undefined))?.value.amount, { timeout: 15_000 })
      .toBe(String(15n * 10n ** BigInt(mint.decimals - 1)))
  })
})
