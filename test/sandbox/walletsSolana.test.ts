import {
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createKeyPairFromPrivateKeyBytes,
  createNoopSigner,
  createTransactionMessage,
  getAddressEncoder,
  getAddressFromPublicKey,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
  type SignatureBytes
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import * as Effect from "effect/Effect"
import * as SignInMessage from "../../core/signin/SignInMessage.ts"
import { describe, expect, it } from "vitest"
import { solanaIcon } from "../../sandbox/wallets/Icons.ts"
import { createSolanaWallet } from "../../sandbox/wallets/SolanaWallet.ts"
import { answering, rejection } from "../support/demoWallet.ts"

const chain = "solana:PorticoSandbox1111111111111111" as const

const demoKey = async () => {
  const seed = crypto.getRandomValues(new Uint8Array(32))
  const { publicKey } = await createKeyPairFromPrivateKeyBytes(seed, true)
  const address = await getAddressFromPublicKey(publicKey)
  return { address, secretKey: Uint8Array.from([...seed, ...getAddressEncoder().encode(address)]) }
}

const setup = async (answers: ReadonlyArray<boolean>) => {
  const key = await demoKey()
  const { approve, asked } = answering(answers)
  const wallet = createSolanaWallet({
    ...key,
    chain,
    // Nothing listens here: only signAndSend would reach it.
    rpcUrl: "http://127.0.0.1:9/",
    icon: solanaIcon,
    origin: "http://127.0.0.1:5173",
    approve
  })
  return { wallet, asked, key }
}

describe("Solana demo wallet (Wallet Standard)", () => {
  it("describes itself as the Wallet Standard asks", async () => {
    const { wallet } = await setup([])
    expect(wallet.version).toBe("1.0.0")
    expect(wallet.name).toBe("Portico Demo Solana")
    expect(wallet.icon.startsWith("data:image/svg+xml;base64,")).toBe(true)
    expect(wallet.chains).toEqual([chain, "solana:localnet"])
    expect(Object.keys(wallet.features).toSorted()).toEqual([
      "solana:signAndSendTransaction",
      "solana:signIn",
      "solana:signMessage",
      "solana:signTransaction",
      "standard:connect",
      "standard:disconnect",
      "standard:events"
    ])
    expect(wallet.accounts).toEqual([])
  })

  it("connects after approval, announces the account, and disconnects", async () => {
    const { wallet, asked, key } = await setup([true])
    const changes: Array<ReadonlyArray<string>> = []
    wallet.features["standard:events"].on("change", ({ accounts }) => changes.push((accounts ?? []).map((a) => a.address)))
    expect((await wallet.features["standard:connect"].connect({ silent: true })).accounts).toEqual([])
    expect(asked).toHaveLength(0)
    const { accounts } = await wallet.features["standard:connect"].connect()
    expect(accounts.map((account) => account.address)).toEqual([key.address])
    expect([...(accounts[0]?.publicKey ?? [])]).toEqual([...getAddressEncoder().encode(key.address)])
    expect(wallet.accounts).toHaveLength(1)
    await wallet.features["standard:disconnect"].disconnect()
    expect(wallet.accounts).toEqual([])
    expect(changes).toEqual([[key.address], []])
  })

  it("a rejected connection throws 4001 and exposes no account", async () => {
    const { wallet } = await setup([false])
    expect(await rejection(wallet.features["standard:connect"].connect())).toEqual({ code: 4001, message: "User rejected the request." })
    expect(wallet.accounts).toEqual([])
  })

  it("signIn writes the Sign-In With Solana text Portico reads back field for field, and signs it", async () => {
    const { wallet, key, asked } = await setup([true, true])
    const [account] = (await wallet.features["standard:connect"].connect()).accounts
    if (account === undefined) throw new Error("no account")
    const fields = {
      domain: "app.example.com",
      address: key.address,
      statement: "Sign in to Example.",
      uri: "https://app.example.com",
      version: "1",
      chainId: chain.slice("solana:".length),
      nonce: "a1b2c3d4e5f6",
      issuedAt: "2026-11-22T12:00:00.000Z",
      expirationTime: "2026-11-23T12:00:00.000Z"
    }
    const [output] = await wallet.features["solana:signIn"].signIn(fields)
    if (output === undefined) throw new Error("no output")
    const text = new TextDecoder().decode(output.signedMessage)
    expect(asked[1]?.details).toContain(`Message: ${text}`)
    const parsed = Effect.runSync(SignInMessage.parse(text, "solana"))
    expect(parsed).toEqual({
      domain: fields.domain,
      accountAddress: key.address,
      statement: fields.statement,
      uri: fields.uri,
      version: "1",
      chainId: chain,
      nonce: fields.nonce,
      issuedAt: fields.issuedAt,
      expirationTime: fields.expirationTime
    })
    const publicKey = await getPublicKeyFromAddress(key.address)
    expect(await verifySignature(publicKey, output.signature as SignatureBytes, output.signedMessage)).toBe(true)
  })

  it("signMessage returns an ed25519 signature the account's public key verifies", async () => {
    const { wallet, key, asked } = await setup([true, true, false])
    const [account] = (await wallet.features["standard:connect"].connect()).accounts
    if (account === undefined) throw new Error("no account")
    const message = new TextEncoder().encode("Sign in to Portico")
    const [output] = await wallet.features["solana:signMessage"].signMessage({ account, message })
    if (output === undefined) throw new Error("no output")
    const publicKey = await getPublicKeyFromAddress(key.address)
    expect(await verifySignature(publicKey, output.signature as SignatureBytes, message)).toBe(true)
    expect(await verifySignature(publicKey, output.signature as SignatureBytes, new TextEncoder().encode("other"))).toBe(false)
    expect(asked[1]?.details).toContain("Message: Sign in to Portico")
    expect((await rejection(wallet.features["solana:signMessage"].signMessage({ account, message }))).code).toBe(4001)
  })

  it("signTransaction adds the account's valid signature to the transaction", async () => {
    const { wallet, key } = await setup([true, true])
    const [account] = (await wallet.features["standard:connect"].connect()).accounts
    if (account === undefined) throw new Error("no account")
    const payer = createNoopSigner(key.address)
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(key.address, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash("11111111111111111111111111111111"), lastValidBlockHeight: 100n }, m),
      (m) => appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: payer, destination: key.address, amount: lamports(1n) }),
        m
      )
    )
    const unsigned = compileTransaction(message)
    expect(unsigned.signatures[key.address]).toBeNull()
    const [output] = await wallet.features["solana:signTransaction"].signTransaction({
      account,
      chain,
      transaction: getTransactionEncoder().encode(unsigned) as Uint8Array
    })
    if (output === undefined) throw new Error("no output")
    const signed = getTransactionDecoder().decode(output.signedTransaction)
    const signature = signed.signatures[key.address]
    if (signature == null) throw new Error("not signed")
    expect(await verifySignature(await getPublicKeyFromAddress(key.address), signature, signed.messageBytes)).toBe(true)
  })

  it("refuses unknown chains and accounts it was not asked to connect", async () => {
    const { wallet } = await setup([])
    const stranger = { address: "11111111111111111111111111111111", publicKey: new Uint8Array(32), chains: [chain], features: [] }
    expect((await rejection(wallet.features["solana:signMessage"].signMessage({ account: stranger, message: new Uint8Array(1) }))).code).toBe(4100)
  })
})
