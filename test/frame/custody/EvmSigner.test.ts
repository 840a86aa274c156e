import { assert, describe, it } from "@effect/vitest"
import { mnemonicToEntropy } from "@scure/bip39"
import { wordlist } from "@scure/bip39/wordlists/english"
import * as Effect from "effect/Effect"
import { parseEther, parseGwei, parseTransaction, recoverTransactionAddress, stringToHex, verifyMessage, verifyTypedData, type TransactionSerialized } from "viem"
import { recoverAuthorizationAddress } from "viem/utils"
import * as SmartAccount7702 from "../../../core/SmartAccount7702.ts"
import * as EvmSigner from "../../../frame/custody/EvmSigner.ts"
import * as Seed from "../../../frame/custody/Seed.ts"

const address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const seed = Seed.fromEntropy(mnemonicToEntropy("test test test test test test test test test test test junk", wordlist))

const mail = {
  domain: { name: "Ether Mail", version: "1", chainId: 1, verifyingContract: "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC" },
  types: {
    Person: [{ name: "name", type: "string" }, { name: "wallet", type: "address" }],
    Mail: [{ name: "from", type: "Person" }, { name: "to", type: "Person" }, { name: "contents", type: "string" }]
  },
  primaryType: "Mail",
  message: {
    from: { name: "Cow", wallet: "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826" },
    to: { name: "Bob", wallet: "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB" },
    contents: "Hello, Bob!"
  }
} as const

describe("EvmSigner", () => {
  it.effect("personal_sign: text and raw bytes, verified against the account's address", () =>
    Effect.gen(function*() {
      const opened = yield* seed
      const text = yield* EvmSigner.signPersonalMessage(opened, "Sign in to Portico")
      assert.isTrue(yield* Effect.promise(() => verifyMessage({ address, message: "Sign in to Portico", signature: text })))
      const raw = stringToHex("raw bytes")
      const rawSignature = yield* EvmSigner.signPersonalMessage(opened, { raw })
      assert.isTrue(yield* Effect.promise(() => verifyMessage({ address, message: { raw }, signature: rawSignature })))
      assert.isFalse(yield* Effect.promise(() => verifyMessage({ address, message: "something else", signature: text })))
    }))

  it.effect("eth_signTypedData_v4: EIP-712's Mail example, verified", () =>
    Effect.gen(function*() {
      const signature = yield* EvmSigner.signTypedData(yield* seed, mail)
      assert.isTrue(yield* Effect.promise(() => verifyTypedData({ ...mail, address, signature })))
      assert.isFalse(yield* Effect.promise(() => verifyTypedData({ ...mail, message: { ...mail.message, contents: "Hello, Eve!" }, address, signature })))
    }))

  it.effect("typed data that does not fit its types is a typed error", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(EvmSigner.signTypedData(yield* seed, { ...mail, primaryType: "Letter" }))
      assert.strictEqual(error._tag, "EvmSigningError")
      assert.strictEqual(error.method, "eth_signTypedData_v4")
    }))

  it.effect("an EIP-1559 transaction: signed by the account, fields intact", () =>
    Effect.gen(function*() {
      const transaction = {
        type: "eip1559",
        chainId: 31337,
        nonce: 7,
        to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
        value: parseEther("1.5"),
        gas: 21000n,
        maxFeePerGas: parseGwei("30"),
        maxPriorityFeePerGas: parseGwei("1")
      } as const
      const serialized = yield* EvmSigner.signTransaction(yield* seed, transaction)
      assert.strictEqual(yield* Effect.promise(() => recoverTransactionAddress({ serializedTransaction: serialized as TransactionSerialized })), address)
      const parsed = parseTransaction(serialized as TransactionSerialized)
      assert.strictEqual(parsed.type, "eip1559")
      assert.strictEqual(parsed.chainId, 31337)
      assert.strictEqual(parsed.nonce, 7)
      assert.strictEqual(parsed.value, parseEther("1.5"))
      assert.strictEqual(parsed.maxFeePerGas, parseGwei("30"))
    }))

  it.effect("a legacy transaction carries its chain id (EIP-155) and is signed by the account", () =>
    Effect.gen(function*() {
      const serialized = yield* EvmSigner.signTransaction(yield* seed, {
        type: "legacy",
        chainId: 10,
        nonce: 1,
        to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
        value: 1n,
        gas: 21000n,
        gasPrice: parseGwei("2")
      })
      assert.strictEqual(yield* Effect.promise(() => recoverTransactionAddress({ serializedTransaction: serialized as TransactionSerialized })), address)
      const parsed = parseTransaction(serialized as TransactionSerialized)
      assert.strictEqual(parsed.type, "legacy")
      assert.strictEqual(parsed.chainId, 10)
      // EIP-155: v = chainId * 2 + 35 or 36.
      assert.include([55n, 56n], parsed.v)
    }))

  it.effect("a transaction viem refuses is a typed error", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(EvmSigner.signTransaction(yield* seed, {
        type: "eip1559",
        chainId: 1,
        to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
        maxFeePerGas: 1n,
        maxPriorityFeePerGas: 2n
      }))
      assert.strictEqual(error._tag, "EvmSigningError")
      assert.strictEqual(error.method, "eth_signTransaction")
    }))

  it.effect("an EIP-7702 authorization: signed for Simple7702Account on one chain, recovered to the account; any other contract or chain 0 refused", () =>
    Effect.gen(function*() {
      const opened = yield* seed
      const authorization = yield* EvmSigner.signAuthorization(opened, { chainId: 31337, nonce: 4, contractAddress: SmartAccount7702.implementationAddress })
      assert.strictEqual(yield* Effect.promise(() => recoverAuthorizationAddress({ authorization })), address)
      assert.deepStrictEqual({ chainId: authorization.chainId, nonce: authorization.nonce, address: authorization.address }, { chainId: 31337, nonce: 4, address: SmartAccount7702.implementationAddress })
      const elsewhere = yield* Effect.flip(EvmSigner.signAuthorization(opened, { chainId: 31337, nonce: 4, contractAddress: "0x1111111111111111111111111111111111111111" }))
      assert.strictEqual(elsewhere._tag, "DelegationRefusedError")
      // Chain id 0 would let the authorization be replayed on every chain.
      const everywhere = yield* Effect.flip(EvmSigner.signAuthorization(opened, { chainId: 0, nonce: 4, contractAddress: SmartAccount7702.implementationAddress }))
      assert.strictEqual(everywhere._tag, "DelegationRefusedError")
    }))
})
