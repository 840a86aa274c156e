import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import {
  address,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash
} from "@solana/kit"
import * as Result from "effect/Result"
import { hexToBytes, recoverTransactionAddress, verifyMessage, verifyTypedData, type TransactionSerialized } from "viem"
import { mnemonicToAccount } from "viem/accounts"
import { afterEach, describe, expect, it } from "vitest"
import * as ShareReplacement from "../../../core/embedded/ShareReplacement.ts"
import * as ShareSet from "../../../core/embedded/ShareSet.ts"
import { Custody, type NewWallet, type ServerShares } from "../../../frame/custody/Custody.ts"
import { DeviceVault } from "../../../frame/custody/DeviceVault.ts"
import * as Passkey from "../../../frame/custody/Passkey.ts"
import * as RecoveryCode from "../../../frame/custody/RecoveryCode.ts"
import type { RecoveryFactor } from "../../../frame/custody/RecoveryKey.ts"
import { deleteVaultDatabase } from "../support/VaultDatabase.ts"
import { addVirtualAuthenticator, type VirtualAuthenticator } from "../support/VirtualAuthenticator.ts"

/** The visitor and the server's nonce a replacement is signed over. */
const authorization: ShareReplacement.ReplacementAuthorization = { visitorId: "0".repeat(32), nonce: "N".repeat(43) }

/** One frame's custody: its vault in this origin's IndexedDB, its memory its own. */
const frame = Layer.provideMerge(Custody.layer, DeviceVault.layer)
const custody = Effect.service(Custody)
const vault = Effect.service(DeviceVault)
const run = <A, E>(effect: Effect.Effect<A, E, Custody | DeviceVault>) => Effect.runPromise(Effect.provide(effect, frame))

const codeFactor = (): RecoveryFactor => ({ kind: "code", code: RecoveryCode.generate() })

/** What the server keeps after the wallet's creation. */
const serverSide = (wallet: NewWallet): ServerShares => ({ ...wallet.shareSet, addresses: wallet.addresses })

const errorOf = <A, E extends { readonly _tag: string }>(effect: Effect.Effect<A, E, Custody | DeviceVault>) =>
  run(Effect.flip(effect)).then((error) => error._tag)

let authenticator: VirtualAuthenticator | undefined

afterEach(async () => {
  await authenticator?.remove()
  authenticator = undefined
  await deleteVaultDatabase()
})

describe("Custody (the frame's key custody, in Chromium)", () => {
  it("creates a wallet whose shares are ready for the server, and unlocks it on this device with the auth share", async () => {
    const factor = codeFactor()
    const wallet = await run(Effect.flatMap(custody, (c) => c.create(factor)))
    const decoded = Schema.decodeUnknownSync(ShareSet.ShareSet)(JSON.parse(JSON.stringify(wallet.shareSet)))
    expect(decoded.recoveryKind).toBe("code")
    expect(wallet.addresses.evm).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // A new frame (a reload): nothing in memory, the device share in the vault.
    expect(await errorOf(Effect.flatMap(custody, (c) => c.addresses))).toBe("CustodyLockedError")
    const unlocked = await run(Effect.flatMap(custody, (c) => c.unlock(wallet.shareSet.authShare)))
    expect(unlocked).toEqual(wallet.addresses)
  })

  it("signs while open, refuses once locked, and signs again after an unlock", async () => {
    await run(Effect.gen(function*() {
      const c = yield* custody
      const wallet = yield* c.create(codeFactor())
      const signature = yield* c.signPersonalMessage("hello")
      expect(yield* Effect.promise(() => verifyMessage({ address: wallet.addresses.evm, message: "hello", signature }))).toBe(true)
      const message = new TextEncoder().encode("hello")
      expect(ed25519.verify(yield* c.signSolanaMessage(message), message, base58.decode(wallet.addresses.solana))).toBe(true)
      yield* c.lock
      const refusals: ReadonlyArray<Effect.Effect<unknown, { readonly _tag: string }>> = [c.signPersonalMessage("hello"), c.signSolanaMessage(message), c.exportKeys, c.addresses]
      for (const refused of refusals) {
        expect((yield* Effect.flip(refused))._tag).toBe("CustodyLockedError")
      }
      yield* c.unlock(wallet.shareSet.authShare)
      const again = yield* c.signPersonalMessage("hello")
      expect(yield* Effect.promise(() => verifyMessage({ address: wallet.addresses.evm, message: "hello", signature: again }))).toBe(true)
    }))
  })

  it("every signer signs with the wallet's accounts", async () => {
    await run(Effect.gen(function*() {
      const c = yield* custody
      const { addresses } = yield* c.create(codeFactor())
      const typedData = {
        domain: { name: "Portico", chainId: 1 },
        types: { Greeting: [{ name: "text", type: "string" }] },
        primaryType: "Greeting",
        message: { text: "hello" }
      } as const
      const typed = yield* c.signTypedData(typedData)
      expect(yield* Effect.promise(() => verifyTypedData({ ...typedData, address: addresses.evm, signature: typed }))).toBe(true)
      const transaction = yield* c.signEvmTransaction({ type: "eip1559", chainId: 1, to: addresses.evm, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n, gas: 21000n })
      expect(yield* Effect.promise(() => recoverTransactionAddress({ serializedTransaction: transaction as TransactionSerialized }))).toBe(addresses.evm)
      const wire = Uint8Array.from(getTransactionEncoder().encode(compileTransaction(pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(address(addresses.solana), m),
        (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash("EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N"), lastValidBlockHeight: 1n }, m)
      ))))
      const signed = getTransactionDecoder().decode(yield* c.signSolanaTransaction(wire))
      const signature = signed.signatures[address(addresses.solana)]
      expect(signature && ed25519.verify(signature, Uint8Array.from(signed.messageBytes), base58.decode(addresses.solana))).toBe(true)
    }))
  })

  it("locking while a signature is being made never yields a wrong signature", async () => {
    await run(Effect.gen(function*() {
      const c = yield* custody
      const wallet = yield* c.create(codeFactor())
      for (let round = 0; round < 20; round++) {
        const [signature] = yield* Effect.all([Effect.result(c.signPersonalMessage(`round ${round}`)), c.lock], { concurrency: 2 })
        if (Result.isSuccess(signature)) {
          expect(yield* Effect.promise(() => verifyMessage({ address: wallet.addresses.evm, message: `round ${round}`, signature: signature.success }))).toBe(true)
        } else {
          expect(signature.failure._tag).toBe("CustodyLockedError")
        }
        yield* c.unlock(wallet.shareSet.authShare)
      }
    }))
  })

  it("exports the phrase and both keys, which MetaMask and Phantom would import to the same addresses", async () => {
    const keys = await run(Effect.gen(function*() {
      const c = yield* custody
      yield* c.create(codeFactor())
      return yield* c.exportKeys
    }))
    expect(keys.phrase.split(" ")).toHaveLength(12)
    expect(mnemonicToAccount(keys.phrase).address).toBe(keys.evm.address)
    expect(mnemonicToAccount(keys.phrase).getHdKey().privateKey).toEqual(hexToBytes(keys.evm.privateKey))
    const solana = base58.decode(keys.solana.privateKey)
    expect(solana).toHaveLength(64)
    expect(base58.encode(ed25519.getPublicKey(solana.slice(0, 32)))).toBe(keys.solana.address)
    expect(base58.encode(solana.slice(32))).toBe(keys.solana.address)
  })

  it("a new device (no device share) recovers with the recovery code: same addresses, new shares, a replacement the EVM account signed", async () => {
    const code = RecoveryCode.generate()
    const wallet = await run(Effect.flatMap(custody, (c) => c.create({ kind: "code", code })))
    await run(Effect.flatMap(vault, (v) => v.clear))
    expect(await errorOf(Effect.flatMap(custody, (c) => c.unlock(wallet.shareSet.authShare)))).toBe("NoDeviceShareError")

    const typed = await Effect.runPromise(RecoveryCode.parse(RecoveryCode.format(code).toLowerCase()))
    const recovered = await run(Effect.flatMap(custody, (c) => c.recover(serverSide(wallet), { kind: "code", code: typed }, authorization)))
    expect(recovered.addresses).toEqual(wallet.addresses)
    expect(recovered.shareSet.authShare).not.toBe(wallet.shareSet.authShare)
    expect(recovered.shareSet.recoveryShare).not.toBe(wallet.shareSet.recoveryShare)
    expect(recovered.shareSet.recoveryKind).toBe("code")
    expect(await verifyTypedData({ address: wallet.addresses.evm, ...ShareReplacement.typedData(authorization, recovered.shareSet), signature: recovered.replacement }))
      .toBe(true)

    // This device now unlocks with the new auth share, not the old one; the same code opens the new recovery share.
    expect(await run(Effect.flatMap(custody, (c) => c.unlock(recovered.shareSet.authShare)))).toEqual(wallet.addresses)
    expect(await errorOf(Effect.flatMap(custody, (c) => c.unlock(wallet.shareSet.authShare)))).toBe("SharesMismatchError")
    await run(Effect.flatMap(vault, (v) => v.clear))
    const again = await run(Effect.flatMap(custody, (c) => c.recover({ ...recovered.shareSet, addresses: wallet.addresses }, { kind: "code", code }, authorization)))
    expect(again.addresses).toEqual(wallet.addresses)
  })

  it("a wrong recovery code is a typed error and changes nothing", async () => {
    const wallet = await run(Effect.flatMap(custody, (c) => c.create(codeFactor())))
    await run(Effect.flatMap(vault, (v) => v.clear))
    expect(await errorOf(Effect.flatMap(custody, (c) => c.recover(serverSide(wallet), codeFactor(), authorization)))).toBe("RecoveryFactorMismatchError")
    expect(await errorOf(Effect.flatMap(custody, (c) => c.unlock(wallet.shareSet.authShare)))).toBe("NoDeviceShareError")
  })

  it("shares of different splits or wallets, or damaged ones, never open a wallet", async () => {
    const factor = codeFactor()
    const wallet = await run(Effect.flatMap(custody, (c) => c.create(factor)))
    const other = await run(Effect.flatMap(custody, (c) => c.create(codeFactor())))
    // The vault now holds the other wallet's device share.
    expect(await errorOf(Effect.flatMap(custody, (c) => c.unlock(wallet.shareSet.authShare)))).toBe("SharesMismatchError")
    // Another wallet's auth share with this wallet's recovery share.
    expect(await errorOf(Effect.flatMap(custody, (c) => c.recover({ ...serverSide(wallet), authShare: other.shareSet.authShare }, factor, authorization)))).toBe(
      "SharesMismatchError"
    )
    // The addresses the server stored decide: shares of this wallet claimed for another.
    expect(await errorOf(Effect.flatMap(custody, (c) => c.recover({ ...serverSide(wallet), addresses: other.addresses }, factor, authorization)))).toBe(
      "SharesMismatchError"
    )
    expect(await errorOf(Effect.flatMap(custody, (c) => c.unlock("not-a-share")))).toBe("SharesMismatchError")
    expect(await errorOf(Effect.flatMap(custody, (c) => c.recover({ ...serverSide(wallet), recoveryShare: "AAAA" }, factor, authorization)))).toBe("SharesMismatchError")
  })

  it("a new device recovers with the passkey (PRF through Chromium's virtual authenticator)", async () => {
    authenticator = await addVirtualAuthenticator({ hasPrf: true })
    const factor = await Effect.runPromise(Passkey.create({ rpName: "Portico", userName: "visitor@example.com" }))
    const wallet = await run(Effect.flatMap(custody, (c) => c.create(factor)))
    expect(wallet.shareSet.recoveryKind).toBe("passkey")
    await run(Effect.flatMap(vault, (v) => v.clear))

    // The new browser knows only what the server serves: the passkey to ask is named in the sealed share.
    const asked = await Effect.runPromise(Passkey.evaluateFor(wallet.shareSet.recoveryShare))
    const recovered = await run(Effect.flatMap(custody, (c) => c.recover(serverSide(wallet), asked, authorization)))
    expect(recovered.addresses).toEqual(wallet.addresses)
    expect(recovered.shareSet.recoveryKind).toBe("passkey")
    expect(await verifyTypedData({ address: wallet.addresses.evm, ...ShareReplacement.typedData(authorization, recovered.shareSet), signature: recovered.replacement }))
      .toBe(true)
    // The new recovery share still answers to the same passkey.
    await run(Effect.flatMap(vault, (v) => v.clear))
    const next = await Effect.runPromise(Passkey.evaluateFor(recovered.shareSet.recoveryShare))
    expect((await run(Effect.flatMap(custody, (c) => c.recover({ ...recovered.shareSet, addresses: wallet.addresses }, next, authorization)))).addresses).toEqual(wallet.addresses)
    // A recovery code does not open a passkey's share.
    expect(await errorOf(Effect.flatMap(custody, (c) => c.recover(serverSide(wallet), codeFactor(), authorization)))).toBe("RecoveryFactorMismatchError")
  })
})
