import { connect } from "node:net"
import {
  address,
  airdropFactory,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  devnet,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  assertIsTransactionWithBlockhashLifetime,
  blockhash,
  compileTransaction,
  createNoopSigner,
  fetchJsonParsedAccount,
  setTransactionMessageFeePayer,
  isSolanaError,
  signature as toSignature,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  SOLANA_ERROR__BLOCK_HEIGHT_EXCEEDED,
  SOLANA_ERROR__JSON_RPC__INVALID_PARAMS,
  SOLANA_ERROR__JSON_RPC__METHOD_NOT_FOUND,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type PendingRpcRequest,
  type Rpc,
  type RpcSubscriptions,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import {
  fetchMint,
  fetchToken,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS
} from "@solana-program/token"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { poolUsdc } from "../../sandbox/solana/JupiterStandIn.ts"
import { startSolanaDevnet, type SolanaDevnet } from "../../sandbox/solana/SolanaDevnet.ts"

interface UntypedRpc {
  getNoSuchThing(): PendingRpcRequest<unknown>
  getSignaturesForAddress(address: string, config: { readonly limit: number }): PendingRpcRequest<unknown>
}

const SOL = 1_000_000_000n
const FEE = 5000n

let devnet_: SolanaDevnet
let startupMs = 0
let rpc: Rpc<SolanaRpcApi>
let rpcSubscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi>

const signerOf = (index: number): Promise<KeyPairSigner> => {
  const account = devnet_.deployment.accounts[index]
  if (account === undefined) throw new Error(`no demo account ${index}`)
  return createKeyPairSignerFromBytes(Uint8Array.from(account.secretKey))
}

const buildTransaction = async (feePayer: KeyPairSigner, instructions: ReadonlyArray<Instruction>) => {
  const { value: latest } = await rpc.getLatestBlockhash({ commitment: "confirmed" }).send()
  return signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayerSigner(feePayer, message),
      (message) => setTransactionMessageLifetimeUsingBlockhash(latest, message),
      (message) => appendTransactionMessageInstructions(instructions, message)
    )
  )
}

const sendAndConfirm = async (feePayer: KeyPairSigner, instructions: ReadonlyArray<Instruction>) => {
  const transaction = await buildTransaction(feePayer, instructions)
  assertIsTransactionWithBlockhashLifetime(transaction)
  await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(transaction, { commitment: "confirmed" })
  return getSignatureFromTransaction(transaction)
}

beforeAll(async () => {
  const started = performance.now()
  devnet_ = await startSolanaDevnet({ port: 0 })
  startupMs = performance.now() - started
  rpc = createSolanaRpc(devnet_.rpcUrl)
  rpcSubscriptions = createSolanaRpcSubscriptions(devnet_.wsUrl)
})

afterAll(async () => {
  await devnet_.stop()
})

describe("Solana devnet", () => {
  it("starts well under 5 s with a fixed genesis hash, its CAIP-2 id and advancing slots", async () => {
    expect(startupMs).toBeLessThan(5000)
    const genesisHash = await rpc.getGenesisHash().send()
    expect(genesisHash).toBe("J9Lv6quX2x5LmewmhGm2uPGJ1UDE4oByGeZNUn4erQ28")
    expect(devnet_.deployment.caipNetworkId).toBe(`solana:${genesisHash.slice(0, 32)}`)
    expect(await rpc.getHealth().send()).toBe("ok")
    expect((await rpc.getVersion().send())["solana-core"]).toMatch(/^\d+\.\d+\.\d+$/)
    const before = await rpc.getSlot().send()
    await new Promise((resolve) => setTimeout(resolve, 900))
    const after = await rpc.getSlot({ commitment: "confirmed" }).send()
    expect(after).toBeGreaterThan(before)
    const epoch = await rpc.getEpochInfo().send()
    expect(epoch.blockHeight).toBeGreaterThanOrEqual(after)
    expect(await rpc.getBlockHeight().send()).toBeGreaterThanOrEqual(after)
  })

  it("seeds the demo accounts with SOL and USDC readable through the token program client", async () => {
    const { usdc, accounts } = devnet_.deployment
    const mint = await fetchMint(rpc, address(usdc.address))
    expect(mint.data.decimals).toBe(6)
    expect(mint.programAddress).toBe(TOKEN_PROGRAM_ADDRESS)
    const [alice, bob, , dave] = accounts
    if (alice === undefined || bob === undefined || dave === undefined) throw new Error("demo accounts missing")
    // Alice sent Bob 25 USDC in the seeded history; Bob sent Alice 0.5 SOL.
    expect((await fetchToken(rpc, address(alice.usdcTokenAccount))).data.amount).toBe(9_975_000_000n)
    expect((await fetchToken(rpc, address(bob.usdcTokenAccount))).data.amount).toBe(5_025_000_000n)
    expect((await rpc.getAccountInfo(address(dave.usdcTokenAccount), { encoding: "base64" }).send()).value).toBeNull()
    const { value: aliceBalance } = await rpc.getBalance(address(alice.address)).send()
    expect(aliceBalance).toBe(alice.fundedLamports + SOL / 2n - FEE)
    const rent = await rpc.getMinimumBalanceForRentExemption(165n).send()
    expect(rent).toBe(2_039_280n)
  })

  it("reads the mint through getProgramAccounts filters, getTokenSupply and jsonParsed accounts", async () => {
    const mint = address(devnet_.deployment.usdc.address)
    const mints = await rpc
      .getProgramAccounts(TOKEN_PROGRAM_ADDRESS, { encoding: "base64", filters: [{ dataSize: 82n }] })
      .send()
    expect(mints.map((entry) => entry.pubkey)).toEqual([mint])
    const { value: supply } = await rpc.getTokenSupply(mint).send()
    // 10,000 + 5,000 + 1,000 USDC minted to the demo accounts at genesis, and the swap pool's side.
    const minted = 16_000_000_000n + poolUsdc
    expect(supply).toMatchObject({ amount: String(minted), decimals: 6, uiAmountString: String(minted / 1_000_000n) })
    const parsed = await fetchJsonParsedAccount<{ decimals: number; mintAuthority: string }>(rpc, mint)
    if (!parsed.exists) throw new Error("mint missing")
    expect(parsed.data).toMatchObject({ decimals: 6, mintAuthority: devnet_.deployment.usdc.mintAuthority.address })
  })

  it("simulates an unsigned transaction with replaceRecentBlockhash, as wallets do before signing", async () => {
    const bob = await signerOf(1)
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (draft) => setTransactionMessageFeePayer(bob.address, draft),
      (draft) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash("11111111111111111111111111111111"), lastValidBlockHeight: 0n }, draft),
      (draft) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: createNoopSigner(bob.address), destination: bob.address, amount: 1n })], draft)
    )
    const wire = getBase64EncodedWireTransaction(compileTransaction(message))
    // Slots advance on a timer, so the latest blockhash may move during the call: the replacement is the
    // latest one at simulation time, hence one the bank still accepts and one of the two read around it.
    const before = (await rpc.getLatestBlockhash().send()).value.blockhash
    const { value } = await rpc.simulateTransaction(wire, { encoding: "base64", replaceRecentBlockhash: true, sigVerify: false }).send()
    const after = (await rpc.getLatestBlockhash().send()).value.blockhash
    expect(value.err).toBeNull()
    const replacement = value.replacementBlockhash?.blockhash
    expect([before, after]).toContain(replacement)
    expect((await rpc.isBlockhashValid(blockhash(replacement ?? ""), {}).send()).value).toBe(true)
    expect(value.unitsConsumed).toBeGreaterThan(0n)
    // Without the replacement the made-up blockhash is refused, like on a real cluster.
    const stale = await rpc.simulateTransaction(wire, { encoding: "base64" }).send()
    expect(stale.value.err).toBe("BlockhashNotFound")
  })

  it("confirms a SOL transfer through sendAndConfirmTransactionFactory and reads the balances back", async () => {
    const alice = await signerOf(0)
    const recipient = await generateKeyPairSigner()
    const { value: before } = await rpc.getBalance(alice.address).send()
    const signature = await sendAndConfirm(alice, [
      getTransferSolInstruction({ source: alice, destination: recipient.address, amount: lamports(1_500_000_000n) })
    ])
    expect((await rpc.getBalance(recipient.address).send()).value).toBe(1_500_000_000n)
    expect((await rpc.getBalance(alice.address).send()).value).toBe(before - 1_500_000_000n - FEE)
    const { value: statuses } = await rpc.getSignatureStatuses([signature]).send()
    expect(statuses[0]?.err).toBeNull()
    expect(statuses[0]?.confirmationStatus).toBe("confirmed")
    const { value: accounts } = await rpc.getMultipleAccounts([alice.address, recipient.address], { encoding: "base64" }).send()
    expect(accounts.map((account) => account?.lamports)).toEqual([before - 1_500_000_000n - FEE, 1_500_000_000n])
  })

  it("confirms an SPL transfer that creates the recipient's token account, and lists it in history", async () => {
    const alice = await signerOf(0)
    const daveAccount = devnet_.deployment.accounts[3]
    if (daveAccount === undefined) throw new Error("Dave missing")
    const dave = address(daveAccount.address)
    const mint = address(devnet_.deployment.usdc.address)
    const [source] = await findAssociatedTokenPda({ owner: alice.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const [destination] = await findAssociatedTokenPda({ owner: dave, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    expect(destination).toBe(daveAccount.usdcTokenAccount)
    const signature = await sendAndConfirm(alice, [
      getCreateAssociatedTokenIdempotentInstruction({ payer: alice, ata: destination, owner: dave, mint }),
      getTransferCheckedInstruction({ source, mint, destination, authority: alice, amount: 12_500_000n, decimals: 6 })
    ])

    expect((await fetchToken(rpc, destination)).data.amount).toBe(12_500_000n)
    expect((await fetchToken(rpc, source)).data.amount).toBe(9_975_000_000n - 12_500_000n)
    const { value: balance } = await rpc.getTokenAccountBalance(destination).send()
    expect(balance).toMatchObject({ amount: "12500000", decimals: 6, uiAmountString: "12.5" })
    const { value: byMint } = await rpc.getTokenAccountsByOwner(dave, { mint }, { encoding: "jsonParsed" }).send()
    expect(byMint.map((entry) => entry.pubkey)).toEqual([destination])
    expect(byMint[0]?.account.data.parsed.info.tokenAmount.uiAmountString).toBe("12.5")
    const { value: byProgram } = await rpc.getTokenAccountsByOwner(alice.address, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: "base64" }).send()
    expect(byProgram.map((entry) => entry.pubkey)).toEqual([source])

    const history = await rpc.getSignaturesForAddress(dave, { limit: 10 }).send()
    expect(history[0]?.signature).toBe(signature)
    expect(history[0]?.err).toBeNull()
    const transaction = await rpc.getTransaction(signature, { encoding: "json", maxSupportedTransactionVersion: 0, commitment: "confirmed" }).send()
    if (transaction === null) throw new Error("transaction missing")
    const nowSeconds = BigInt(Math.floor(Date.now() / 1000))
    expect(transaction.blockTime).toBeGreaterThan(nowSeconds - 60n)
    expect(transaction.meta?.err).toBeNull()
    expect(transaction.meta?.fee).toBe(FEE)
    expect(transaction.meta?.logMessages).toContain(`Program ${TOKEN_PROGRAM_ADDRESS} success`)
    const keys = transaction.transaction.message.accountKeys
    const post = transaction.meta?.postTokenBalances?.find((entry) => keys[Number(entry.accountIndex)] === destination)
    expect(post).toMatchObject({ mint, owner: dave, uiTokenAmount: { amount: "12500000", uiAmountString: "12.5" } })
    expect(transaction.meta?.preTokenBalances?.some((entry) => keys[Number(entry.accountIndex)] === destination)).toBe(false)
    const payerIndex = keys.indexOf(alice.address)
    const pre = transaction.meta?.preBalances[payerIndex] ?? 0n
    const rent = await rpc.getMinimumBalanceForRentExemption(165n).send()
    expect(transaction.meta?.postBalances[payerIndex]).toBe(pre - FEE - rent)

    const wire = await rpc.getTransaction(signature, { encoding: "base64", maxSupportedTransactionVersion: 0 }).send()
    const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(wire?.transaction[0] ?? ""))
    expect(getSignatureFromTransaction(decoded)).toBe(signature)
    const parsed = await rpc.getTransaction(signature, { encoding: "jsonParsed", maxSupportedTransactionVersion: 0 }).send()
    const instructions = parsed?.transaction.message.instructions ?? []
    expect(instructions[1]).toMatchObject({ program: "spl-token", parsed: { type: "transferChecked", info: { destination, mint } } })
  })

  it("lands legacy transactions and asks v0 readers for maxSupportedTransactionVersion, like a real node", async () => {
    const bob = await signerOf(1)
    const { value: latest } = await rpc.getLatestBlockhash().send()
    const legacy = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: "legacy" }),
        (message) => setTransactionMessageFeePayerSigner(bob, message),
        (message) => setTransactionMessageLifetimeUsingBlockhash(latest, message),
        (message) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: bob, destination: bob.address, amount: 1n })], message)
      )
    )
    assertIsTransactionWithBlockhashLifetime(legacy)
    await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(legacy, { commitment: "confirmed" })
    const found = await rpc.getTransaction(getSignatureFromTransaction(legacy), { encoding: "json" }).send()
    expect(found?.meta?.err).toBeNull()
    expect(found?.transaction.message.accountKeys[0]).toBe(bob.address)
    expect(found !== null && "version" in found).toBe(false)
    const v0 = devnet_.deployment.seededSignatures[0] ?? ""
    await expect(rpc.getTransaction(toSignature(v0), { encoding: "json" }).send()).rejects.toSatisfy((error: unknown) =>
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION)
    )
  })

  it("keeps the seeded history and pages through it with before/until", async () => {
    const { accounts, seededSignatures } = devnet_.deployment
    const bob = accounts[1]
    if (bob === undefined) throw new Error("Bob missing")
    const all = await rpc.getSignaturesForAddress(address(bob.address)).send()
    const seededForBob = all.map((entry) => entry.signature).filter((signature) => seededSignatures.includes(signature))
    // Funded by the faucet, got a USDC account (created and minted to), sent Alice 0.5 SOL. Alice's 25 USDC
    // touched only Bob's token account, so it is in that account's history, not his wallet's.
    expect(seededForBob).toHaveLength(3)
    const tokenHistory = await rpc.getSignaturesForAddress(address(bob.usdcTokenAccount)).send()
    expect(tokenHistory.map((entry) => entry.signature).filter((signature) => seededSignatures.includes(signature))).toHaveLength(2)
    const times = all.map((entry) => Number(entry.blockTime))
    expect(times).toEqual(times.toSorted((a, b) => b - a))
    const newest = all[0]
    const oldest = all.at(-1)
    if (newest === undefined || oldest === undefined) throw new Error("history missing")
    const page = await rpc.getSignaturesForAddress(address(bob.address), { before: newest.signature, until: oldest.signature }).send()
    expect(page.map((entry) => entry.signature)).toEqual(all.slice(1, -1).map((entry) => entry.signature))
    const seeded = await rpc.getTransaction(toSignature(seededSignatures[0] ?? ""), { encoding: "json", maxSupportedTransactionVersion: 0 }).send()
    expect(Number(seeded?.blockTime)).toBeLessThan(Date.now() / 1000 - 24 * 3600)
  })

  it("reports a failing transaction's error in simulation and refuses it at preflight", async () => {
    const dave = await signerOf(3)
    const recipient = await generateKeyPairSigner()
    const transaction = await buildTransaction(dave, [
      getTransferSolInstruction({ source: dave, destination: recipient.address, amount: lamports(1_000_000n * SOL) })
    ])
    const wire = getBase64EncodedWireTransaction(transaction)
    const { value } = await rpc.simulateTransaction(wire, { encoding: "base64", sigVerify: true }).send()
    expect(value.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    expect(value.logs?.some((line) => line.includes("insufficient lamports"))).toBe(true)

    const sending = rpc.sendTransaction(wire, { encoding: "base64" }).send()
    await expect(sending).rejects.toSatisfy((error: unknown) =>
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)
    )
    // Nothing landed: the recipient is still empty and the signature unknown.
    expect((await rpc.getBalance(recipient.address).send()).value).toBe(0n)
    const { value: statuses } = await rpc.getSignatureStatuses([getSignatureFromTransaction(transaction)]).send()
    expect(statuses[0]).toBeNull()
  })

  it("lands an instruction failure sent with skipPreflight, charging the fee and recording the error", async () => {
    const carol = await signerOf(2)
    const transaction = await buildTransaction(carol, [
      getTransferSolInstruction({ source: carol, destination: (await generateKeyPairSigner()).address, amount: lamports(1_000_000n * SOL) })
    ])
    const { value: before } = await rpc.getBalance(carol.address).send()
    const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: "base64", skipPreflight: true }).send()
    const { value: statuses } = await rpc.getSignatureStatuses([signature]).send()
    expect(statuses[0]?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    expect((await rpc.getBalance(carol.address).send()).value).toBe(before - FEE)
    expect((await rpc.getSignaturesForAddress(carol.address, { limit: 1 }).send())[0]?.err).not.toBeNull()
  })

  it("airdrops through requestAirdrop and kit's airdropFactory", async () => {
    const recipient = await generateKeyPairSigner()
    const airdrop = airdropFactory({ rpc: createSolanaRpc(devnet(devnet_.rpcUrl)), rpcSubscriptions: createSolanaRpcSubscriptions(devnet(devnet_.wsUrl)) })
    await airdrop({ recipientAddress: recipient.address, lamports: lamports(2n * SOL), commitment: "confirmed" })
    expect((await rpc.getBalance(recipient.address).send()).value).toBe(2n * SOL)
  })

  it("notifies signature subscribers once the transaction lands, and slot subscribers every slot", async () => {
    const carol = await signerOf(2)
    const transaction = await buildTransaction(carol, [
      getTransferSolInstruction({ source: carol, destination: (await generateKeyPairSigner()).address, amount: lamports(SOL) })
    ])
    const abort = new AbortController()
    try {
      const signatureNotifications = await rpcSubscriptions
        .signatureNotifications(getSignatureFromTransaction(transaction), { commitment: "confirmed" })
        .subscribe({ abortSignal: abort.signal })
      const slotNotifications = await rpcSubscriptions.slotNotifications().subscribe({ abortSignal: abort.signal })
      const landed = (async () => {
        for await (const notification of signatureNotifications) return notification
        return undefined
      })()
      const slots: Array<bigint> = []
      const twoSlots = (async () => {
        for await (const notification of slotNotifications) {
          slots.push(notification.slot)
          if (slots.length === 2) return
        }
      })()
      await rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: "base64" }).send()
      const notification = await landed
      await twoSlots
      expect(notification?.value.err).toBeNull()
      expect(slots[1]).toBe((slots[0] ?? 0n) + 1n)
    } finally {
      abort.abort()
    }
  })

  it("notifies account subscribers when a transaction changes the account", async () => {
    const bob = await signerOf(1)
    const recipient = await generateKeyPairSigner()
    const abort = new AbortController()
    const notifications = await rpcSubscriptions
      .accountNotifications(recipient.address, { commitment: "confirmed", encoding: "base64" })
      .subscribe({ abortSignal: abort.signal })
    // kit's iterator only queues notifications once someone is iterating, so start listening before sending.
    const first = (async () => {
      for await (const notification of notifications) return notification
      return undefined
    })()
    await sendAndConfirm(bob, [getTransferSolInstruction({ source: bob, destination: recipient.address, amount: lamports(SOL) })])
    const notification = await first
    abort.abort()
    expect(notification?.value.lamports).toBe(SOL)
    expect(notification?.value.owner).toBe("11111111111111111111111111111111")
  })

  it("allows cross-origin calls from the demo pages", async () => {
    const preflight = await fetch(devnet_.rpcUrl, {
      method: "OPTIONS",
      headers: { origin: "http://127.0.0.1:5173", "access-control-request-method": "POST", "access-control-request-headers": "content-type,solana-client" }
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*")
    expect(preflight.headers.get("access-control-allow-headers")).toContain("solana-client")
  })

  it("answers unknown methods with -32601 and invalid params with -32602", async () => {
    // The Solana API object forwards any method name, so the real client (and its error parsing) sends it.
    const generic = rpc as unknown as UntypedRpc
    await expect(generic.getNoSuchThing().send()).rejects.toSatisfy((error: unknown) =>
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__METHOD_NOT_FOUND)
    )
    await expect(rpc.getBalance("not-an-address" as Address).send()).rejects.toSatisfy((error: unknown) =>
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__INVALID_PARAMS)
    )
    await expect(generic.getSignaturesForAddress(devnet_.deployment.faucet.address, { limit: -1 }).send()).rejects.toSatisfy(
      (error: unknown) => isSolanaError(error, SOLANA_ERROR__JSON_RPC__INVALID_PARAMS)
    )
  })
})

describe("Solana devnet lifecycle", () => {
  it("replays the same deployment, expires blockhashes after 150 blocks, and stop() closes the port", async () => {
    const fast = await startSolanaDevnet({ port: 0, slotMs: 5 })
    try {
      expect(fast.deployment).toEqual(devnet_.deployment)
      const fastRpc = createSolanaRpc(fast.rpcUrl)
      const fastSubscriptions = createSolanaRpcSubscriptions(fast.wsUrl)
      const alice = await createKeyPairSignerFromBytes(Uint8Array.from(fast.deployment.accounts[0]?.secretKey ?? []))
      const { value: latest } = await fastRpc.getLatestBlockhash().send()
      expect((await fastRpc.isBlockhashValid(latest.blockhash).send()).value).toBe(true)
      const transaction = await signTransactionMessageWithSigners(
        pipe(
          createTransactionMessage({ version: 0 }),
          (message) => setTransactionMessageFeePayerSigner(alice, message),
          (message) => setTransactionMessageLifetimeUsingBlockhash(latest, message),
          (message) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: alice, destination: alice.address, amount: 1n })], message)
        )
      )
      assertIsTransactionWithBlockhashLifetime(transaction)
      while ((await fastRpc.getBlockHeight().send()) <= latest.lastValidBlockHeight) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect((await fastRpc.isBlockhashValid(latest.blockhash).send()).value).toBe(false)
      await expect(fastRpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: "base64" }).send()).rejects.toSatisfy(
        (error: unknown) => isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)
      )
      await expect(
        sendAndConfirmTransactionFactory({ rpc: fastRpc, rpcSubscriptions: fastSubscriptions })(transaction, { commitment: "confirmed", skipPreflight: true })
      ).rejects.toSatisfy((error: unknown) => isSolanaError(error, SOLANA_ERROR__BLOCK_HEIGHT_EXCEEDED))
    } finally {
      await fast.stop()
    }
    const port = Number(new URL(fast.rpcUrl).port)
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1")
      socket.once("connect", () => {
        socket.destroy()
        resolve(false)
      })
      socket.once("error", () => resolve(true))
    })
    expect(refused).toBe(true)
  })
})
