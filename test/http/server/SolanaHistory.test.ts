/**
 * History of Solana addresses from the sandbox Solana devnet: the seeded SOL and USDC movements of a
 * demo account seen from its side, newest first, new transactions picked up, paging by signature.
 */
import { address, lamports } from "@solana/kit"
import { createSolanaRpc, generateKeyPairSigner } from "@solana/kit"
import * as Effect from "effect/Effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { History } from "../../../core/Transaction.ts"
import { historyPageSize } from "../../../http/server/HistoryAnswers.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { startSolanaDevnet, type SolanaDevnet } from "../../../sandbox/solana/SolanaDevnet.ts"
import * as WalletStandard from "../../../core/connectors/WalletStandard.ts"
import * as ChainRead from "../../../core/rpc/ChainRead.ts"
import { fallbackTransport } from "../../../core/rpc/Transport.ts"
import * as SolanaSend from "../../../core/send/SolanaSend.ts"
import { solanaIcon } from "../../../sandbox/wallets/Icons.ts"
import { createSolanaWallet } from "../../../sandbox/wallets/SolanaWallet.ts"
import { answering } from "../../support/demoWallet.ts"
import { withClient } from "../support/client.ts"

let solana: SolanaDevnet
let api: ApiServer

beforeAll(async () => {
  solana = await startSolanaDevnet()
  const usdc = solana.deployment.usdc
  api = await startApiServer({
    port: 0,
    projects: { "test-project": { allowedOrigins: ["*"] } },
    solana: {
      rpcUrl: solana.rpcUrl,
      caipNetworkId: solana.deployment.caipNetworkId,
      mints: [{ address: usdc.address, symbol: usdc.symbol, name: usdc.name, decimals: usdc.decimals }]
    },
    prices: { [`${solana.deployment.caipNetworkId}:native`]: 150 }
  })
}, 120_000)

afterAll(async () => {
  await api?.stop()
  await solana?.stop()
})

const history = (owner: string, cursor?: string) =>
  withClient({ url: api.url }, (c) =>
    c.blockchain.history({ params: { address: owner }, query: { chainId: solana.deployment.caipNetworkId, ...(cursor === undefined ? {} : { cursor }) } }))

const airdrop = async (owner: string, amount: bigint) => {
  const rpc = createSolanaRpc(solana.rpcUrl)
  const signature = await rpc.requestAirdrop(address(owner), lamports(amount)).send()
  return signature
}

describe("Solana history", () => {
  it("shows the seeded SOL and USDC movements from the account's side, newest first", async () => {
    const [alice, bob] = solana.deployment.accounts
    if (alice === undefined || bob === undefined) throw new Error("no demo accounts")
    const { data } = await history(alice.address)
    const transfers = data.flatMap((entry) => entry.transfers.map((transfer) => ({ ...transfer, hash: entry.metadata.hash })))
    expect(transfers).toContainEqual(expect.objectContaining({ fungible_info: { name: "Solana", symbol: "SOL" }, direction: "in", quantity: { decimals: "9", numeric: "0.5" }, price: 150, value: 75 }))
    expect(transfers).toContainEqual(expect.objectContaining({ fungible_info: { name: solana.deployment.usdc.name, symbol: "USDC" }, direction: "out", quantity: { decimals: String(solana.deployment.usdc.decimals), numeric: "25" } }))
    const times = data.map((entry) => Date.parse(entry.metadata.minedAt))
    expect(times).toEqual(times.toSorted((a, b) => b - a))
    expect(data.every((entry) => solana.deployment.seededSignatures.includes(entry.metadata.hash ?? ""))).toBe(true)

    const bobView = (await history(bob.address)).data.flatMap((entry) => entry.transfers)
    expect(bobView).toContainEqual(expect.objectContaining({ fungible_info: { name: solana.deployment.usdc.name, symbol: "USDC" }, direction: "in", quantity: { decimals: String(solana.deployment.usdc.decimals), numeric: "25" } }))
  })

  it("names the token's recipient or sender as the counterparty, not a token account or program", async () => {
    const [alice, bob] = solana.deployment.accounts
    if (alice === undefined || bob === undefined) throw new Error("no demo accounts")
    const usdcOut = (await history(alice.address)).data.find((entry) =>
      entry.transfers.some((transfer) => transfer.fungible_info?.symbol === "USDC" && transfer.direction === "out"))
    expect(usdcOut?.metadata).toMatchObject({ sentFrom: alice.address, sentTo: bob.address })
    const bobsSide = (await history(bob.address)).data.find((entry) => entry.metadata.hash === usdcOut?.metadata.hash)
    expect(bobsSide?.metadata).toMatchObject({ sentFrom: alice.address, sentTo: bob.address })
  })

  it("a token send that creates the receiver's token account still names the receiver", async () => {
    const sender = solana.deployment.accounts[1]
    if (sender === undefined) throw new Error("no demo account")
    const receiver = (await generateKeyPairSigner()).address
    const wallet = createSolanaWallet({
      secretKey: Uint8Array.from(sender.secretKey),
      address: sender.address,
      chain: solana.deployment.caipNetworkId,
      rpcUrl: solana.rpcUrl,
      icon: solanaIcon,
      approve: answering([true, true]).approve,
      origin: "http://test"
    })
    const client = WalletStandard.make(wallet)
    const read = ChainRead.fromRequest(fallbackTransport([solana.rpcUrl])({}).request)
    const mint = solana.deployment.usdc
    const signature = await Effect.runPromise(Effect.andThen(
      client.connect({ caipNetworkId: solana.deployment.caipNetworkId }),
      SolanaSend.send(client, read, { from: sender.address, to: receiver, units: 1_000_000n, mint: { address: mint.address, decimals: mint.decimals } })
    ))
    await expect.poll(async () => (await history(sender.address)).data[0]?.metadata.hash, { timeout: 15_000 }).toBe(signature)
    const [entry] = (await history(sender.address)).data
    expect(entry?.metadata).toMatchObject({ sentFrom: sender.address, sentTo: receiver })
    const [received] = (await history(receiver)).data
    expect(received?.metadata).toMatchObject({ hash: signature, sentFrom: sender.address, sentTo: receiver })
  })

  it("picks up new transactions and pages by signature", async () => {
    const owner = solana.deployment.accounts[2]
    if (owner === undefined) throw new Error("no demo account")
    const signatures: Array<string> = []
    for (let i = 0; i < historyPageSize + 2; i++) signatures.push(await airdrop(owner.address, 1_000_000n + BigInt(i)))
    const first: History = await history(owner.address)
    expect(first.data).toHaveLength(historyPageSize)
    expect(first.data[0]?.metadata.hash).toBe(signatures.at(-1))
    expect(first.data[0]?.transfers).toEqual([
      { fungible_info: { name: "Solana", symbol: "SOL" }, direction: "in", quantity: { decimals: "9", numeric: "0.001000021" }, price: 150, value: 0.001000021 * 150 }
    ])
    expect(first.next).toBe(first.data.at(-1)?.metadata.hash)
    const second = await history(owner.address, first.next ?? "")
    expect(second.data.map((entry) => entry.metadata.hash)).toEqual(expect.arrayContaining(signatures.slice(0, 2)))
    const seen = new Set([...first.data, ...second.data].map((entry) => entry.metadata.hash))
    expect(seen.size).toBe(first.data.length + second.data.length)
  })

  it("answers a malformed cursor and another chain with 400", async () => {
    const owner = solana.deployment.accounts[0]?.address ?? ""
    const cursor = await withClient({ url: api.url }, (c) => Effect.flip(c.blockchain.history({ params: { address: owner }, query: { cursor: "42" } })))
    expect(cursor).toMatchObject({ _tag: "BadRequest", message: "cursor: not a cursor this server gave" })
    const chain = await withClient({ url: api.url }, (c) => Effect.flip(c.blockchain.history({ params: { address: owner }, query: { chainId: "solana:other" } })))
    expect(chain).toMatchObject({ _tag: "BadRequest", message: "chainId: network solana:other is not supported" })
  })
})
