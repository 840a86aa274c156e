import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import { mnemonicToEntropy } from "@scure/bip39"
import { wordlist } from "@scure/bip39/wordlists/english"
import {
  address,
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Accounts from "../../../frame/custody/Accounts.ts"
import * as Seed from "../../../frame/custody/Seed.ts"
import * as SolanaSigner from "../../../frame/custody/SolanaSigner.ts"

const seed = Seed.fromEntropy(mnemonicToEntropy("test test test test test test test test test test test junk", wordlist))
const feePayer = address("9B5XszUGdMaxCZ7uSQhPzdks5ZQSmWxrmzCSvtJ6Ns6g")
const receiver = address("GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzMp")
const lifetime = { blockhash: blockhash("EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N"), lastValidBlockHeight: 100n }

/** A transfer from `source`, paid by `payer`: two signers, the fee payer first. */
const wireOf = (payer: string, source: string): Uint8Array =>
  Uint8Array.from(getTransactionEncoder().encode(compileTransaction(pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(payer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstruction(
      getTransferSolInstruction({ source: createNoopSigner(address(source)), destination: receiver, amount: lamports(5n) }),
      m
    )
  ))))

describe("SolanaSigner", () => {
  it.effect("signs a message's bytes: ed25519 that the address's public key verifies", () =>
    Effect.gen(function*() {
      const opened = yield* seed
      const message = new TextEncoder().encode("Sign in to Portico")
      const signature = SolanaSigner.signMessage(opened, message)
      const publicKey = base58.decode(Accounts.solanaAddress(opened))
      assert.strictEqual(signature.length, 64)
      assert.isTrue(ed25519.verify(signature, message, publicKey))
      assert.isFalse(ed25519.verify(signature, new TextEncoder().encode("Sign in to Eve"), publicKey))
    }))

  it.effect("signs a transaction in its signer slot (second, after the fee payer), leaving the rest as it was", () =>
    Effect.gen(function*() {
      const opened = yield* seed
      const own = Accounts.solanaAddress(opened)
      const wire = wireOf(feePayer, own)
      const signed = yield* SolanaSigner.signTransaction(opened, wire)
      const before = getTransactionDecoder().decode(wire)
      const after = getTransactionDecoder().decode(signed)
      assert.deepStrictEqual(after.messageBytes, before.messageBytes)
      // The slot of our account is its index among the message's signer accounts.
      const message = getCompiledTransactionMessageDecoder().decode(after.messageBytes)
      const index = message.staticAccounts.indexOf(address(own))
      assert.strictEqual(index, 1)
      assert.isBelow(index, message.header.numSignerAccounts)
      // Wire format: one byte of count, then 64 bytes per signature slot.
      assert.strictEqual(signed[0], message.header.numSignerAccounts)
      const slot = signed.slice(1 + 64 * index, 1 + 64 * (index + 1))
      assert.isTrue(ed25519.verify(slot, Uint8Array.from(after.messageBytes), base58.decode(own)))
      assert.deepStrictEqual(Object.keys(after.signatures), [feePayer, own])
      assert.strictEqual(after.signatures[feePayer], null)
    }))

  it.effect("signs as fee payer too (the first slot)", () =>
    Effect.gen(function*() {
      const opened = yield* seed
      const own = Accounts.solanaAddress(opened)
      const signed = getTransactionDecoder().decode(yield* SolanaSigner.signTransaction(opened, wireOf(own, feePayer)))
      const signature = signed.signatures[address(own)]
      assert.isTrue(signature !== null && signature !== undefined && ed25519.verify(signature, Uint8Array.from(signed.messageBytes), base58.decode(own)))
      assert.strictEqual(signed.signatures[feePayer], null)
    }))

  it.effect("a transaction this account is not asked to sign is refused", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(SolanaSigner.signTransaction(yield* seed, wireOf(feePayer, receiver)))
      assert.strictEqual(error._tag, "NotASignerError")
    }))

  it.effect("bytes that are no transaction are refused", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(SolanaSigner.signTransaction(yield* seed, Uint8Array.of(3, 1, 2)))
      assert.strictEqual(error._tag, "UndecodableSolanaTransactionError")
    }))
})
