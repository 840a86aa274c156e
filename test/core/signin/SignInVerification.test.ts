import { assert, describe, it } from "@effect/vitest"
import { createKeyPairSignerFromPrivateKeyBytes, getBase58Decoder } from "@solana/kit"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/testing/TestClock"
import * as fc from "fast-check"
import { privateKeyToAccount } from "viem/accounts"
import * as SignInMessage from "../../../core/signin/SignInMessage.ts"
import type { SignInRejectedError } from "../../../core/signin/SignInRejection.ts"
import * as SignInVerification from "../../../core/signin/SignInVerification.ts"
import type { SignInMessageData } from "../../../core/SignInSession.ts"
import * as MemoryNonces from "../../../http/server/MemoryNonces.ts"
import * as SignInSignatures from "../../../http/server/SignInSignatures.ts"

const alice = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80")
const mallory = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
const solanaDevnet = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"
const start = Date.parse("2026-11-22T12:00:00.000Z")
const policy: SignInVerification.SignInPolicy = {
  domain: "app.example.com",
  origin: "https://app.example.com",
  chains: ["eip155:1", "eip155:31337", solanaDevnet]
}

const dataFor = (nonce: string, overrides: Partial<SignInMessageData> = {}): SignInMessageData => ({
  domain: "app.example.com",
  accountAddress: alice.address,
  chainId: "eip155:1",
  uri: "https://app.example.com/login",
  version: "1",
  nonce,
  statement: "Sign in to Example.",
  issuedAt: new Date(start).toISOString(),
  expirationTime: new Date(start + 600_000).toISOString(),
  ...overrides
})

/** A verifier over a fresh nonce store at `start`; `issued` nonces are valid once. */
const setup = Effect.gen(function*() {
  yield* TestClock.setTime(start)
  const nonces = MemoryNonces.make()
  const issue = nonces.issue()
  const run = <A, E>(effect: Effect.Effect<A, E, SignInVerification.SignatureVerifier | SignInVerification.NonceStore>) =>
    Effect.provide(effect, Layer.merge(nonces.layer, SignInSignatures.layer()))
  return { issue, run }
})

const signed = (data: SignInMessageData, account = alice) =>
  Effect.promise(async () => {
    const message = SignInMessage.format(data)
    return { message, signature: await account.signMessage({ message }) }
  })

const reasonOf = (effect: Effect.Effect<unknown, SignInRejectedError>) =>
  Effect.map(Effect.flip(effect), (error) => error.reason)

describe("SignInMessage", () => {
  it("formats EIP-4361 text and parses it back to the same fields", () => {
    const data = dataFor("a1b2c3d4e5f6a7b8", { resources: ["ipfs://bafy", "https://app.example.com/terms"], requestId: "r-1", notBefore: new Date(start).toISOString() })
    const text = SignInMessage.format(data)
    assert.isTrue(text.startsWith("app.example.com wants you to sign in with your Ethereum account:\n" + alice.address + "\n\nSign in to Example.\n\nURI: "))
    assert.include(text, "\nChain ID: 1\nNonce: a1b2c3d4e5f6a7b8\nIssued At: 2026-11-22T12:00:00.000Z\n")
    assert.deepStrictEqual(Effect.runSync(SignInMessage.parse(text, "eip155")), data)
  })

  it("writes the Solana account line for solana and refuses non-canonical text", () => {
    const { statement: _, ...data } = dataFor("n0nce123", { chainId: solanaDevnet, accountAddress: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM" })
    const text = SignInMessage.format(data)
    assert.isTrue(text.startsWith("app.example.com wants you to sign in with your Solana account:\n"))
    assert.deepStrictEqual(Effect.runSync(SignInMessage.parse(text, "solana")), data)
    for (const mangled of [text + "\n", text.replace("\n\n\nURI", "\n\nURI"), text.replace("Nonce:", "nonce:"), `${text}\nExtra: 1`]) {
      assert.isTrue(Effect.runSync(Effect.isFailure(SignInMessage.parse(mangled, "solana"))), mangled)
    }
  })
})

describe("SignInVerification", () => {
  it.effect("verifies a valid EIP-4361 sign-in, then refuses the same nonce", () =>
    Effect.gen(function*() {
      const { issue, run } = yield* setup
      const message = yield* signed(dataFor(yield* issue))
      const data = yield* run(SignInVerification.verify(message, policy))
      assert.strictEqual(data.accountAddress, alice.address)
      assert.strictEqual(yield* reasonOf(run(SignInVerification.verify(message, policy))), "nonce")
    }))

  it.effect("verifies a Sign-In With Solana message signed with ed25519", () =>
    Effect.gen(function*() {
      const { issue, run } = yield* setup
      const signer = yield* Effect.promise(() => createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(32).fill(7)))
      const message = SignInMessage.format(dataFor(yield* issue, { chainId: solanaDevnet, accountAddress: signer.address }))
      const [signatures] = yield* Effect.promise(() => signer.signMessages([{ content: new TextEncoder().encode(message), signatures: {} }]))
      const signature = getBase58Decoder().decode(signatures![signer.address]!)
      const data = yield* run(SignInVerification.verify({ message, signature }, policy))
      assert.strictEqual(data.accountAddress, signer.address)
    }))

  it.effect("changing any single field of the signed message makes it fail", () =>
    Effect.gen(function*() {
      const { issue, run } = yield* setup
      const fields = ["domain", "uri", "version", "nonce", "statement", "issuedAt", "expirationTime", "chainId"] as const
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(fc.constantFrom(...fields), fc.stringMatching(/^[a-z0-9]{1,6}$/), async (field, junk) => {
            // A nonce of its own per run: a check that reaches the signature spends it.
            const exit = await Effect.runPromiseExit(Effect.gen(function*() {
              yield* TestClock.setTime(start)
              const base = dataFor(yield* issue)
              const message = yield* signed(base)
              const altered: SignInMessageData = field === "chainId" ? { ...base, chainId: "eip155:31337" } : { ...base, [field]: `${base[field] ?? ""}${junk}` }
              return yield* run(SignInVerification.verify({ message: SignInMessage.format(altered), signature: message.signature }, policy))
            }).pipe(Effect.provide(TestClock.layer())))
            return exit._tag === "Failure"
          }),
          { numRuns: 40 }
        ))
      // The untouched message verifies: every failure above came from the change.
      yield* run(SignInVerification.verify(yield* signed(dataFor(yield* issue)), policy))
    }))

  it.effect("spends the nonce before the signature is checked: a made-up nonce costs no check, and a nonce serves one check", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(start)
      const nonces = MemoryNonces.make()
      let checks = 0
      const counting = Layer.succeed(SignInVerification.SignatureVerifier, SignInVerification.SignatureVerifier.of({
        verify: () =>
          Effect.sync(() => {
            checks++
            return false
          })
      }))
      const verify = (message: SignInVerification.SignedMessage) =>
        reasonOf(SignInVerification.verify(message, policy).pipe(Effect.provide(Layer.merge(nonces.layer, counting))))
      assert.strictEqual(yield* verify(yield* signed(dataFor("made-up-nonce-1"))), "nonce")
      assert.strictEqual(checks, 0)
      const message = yield* signed(dataFor(yield* nonces.issue()))
      assert.strictEqual(yield* verify(message), "signature")
      assert.strictEqual(yield* verify(message), "nonce")
      assert.strictEqual(checks, 1)
    }))

  it.effect("changing any byte of the signature makes it fail", () =>
    Effect.gen(function*() {
      const { issue, run } = yield* setup
      const message = yield* signed(dataFor(yield* issue))
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(fc.integer({ min: 2, max: message.signature.length - 1 }), async (index) => {
            const char = message.signature[index] === "0" ? "1" : "0"
            const signature = message.signature.slice(0, index) + char + message.signature.slice(index + 1)
            const exit = await Effect.runPromiseExit(run(SignInVerification.verify({ ...message, signature }, policy)))
            return exit._tag === "Failure"
          }),
          { numRuns: 30 }
        ))
    }))

  it.effect("names the reason of each refusal", () =>
    Effect.gen(function*() {
      const { issue, run } = yield* setup
      const check = (data: SignInMessageData, options: { account?: typeof alice; policy?: SignInVerification.SignInPolicy } = {}) =>
        Effect.flatMap(signed(data, options.account), (message) => reasonOf(run(SignInVerification.verify(message, options.policy ?? policy))))
      assert.strictEqual(yield* check(dataFor(yield* issue, { domain: "evil.example.com" })), "domain")
      assert.strictEqual(yield* check(dataFor(yield* issue, { uri: "https://evil.example.com/login" })), "uri")
      assert.strictEqual(yield* check(dataFor(yield* issue, { chainId: "eip155:5" })), "chain")
      assert.strictEqual(yield* check(dataFor(yield* issue), { policy: { ...policy, address: mallory.address } }), "address")
      assert.strictEqual(yield* check(dataFor(yield* issue, { accountAddress: alice.address.toLowerCase().replace("0xf3", "0xF3") })), "address")
      assert.strictEqual(yield* check(dataFor(yield* issue, { issuedAt: "yesterday" })), "time")
      assert.strictEqual(yield* check(dataFor(yield* issue, { expirationTime: "2026-02-30T00:00:00Z" })), "time")
      assert.strictEqual(yield* check(dataFor(yield* issue, { expirationTime: new Date(start).toISOString() })), "expired")
      assert.strictEqual(yield* check(dataFor(yield* issue, { notBefore: new Date(start + 120_000).toISOString() })), "notYetValid")
      assert.strictEqual(yield* check(dataFor(yield* issue, { issuedAt: new Date(start + 120_000).toISOString() })), "notYetValid")
      assert.strictEqual(yield* check(dataFor(yield* issue), { account: mallory }), "signature")
      assert.strictEqual(yield* check(dataFor("never-issued-1")), "nonce")
      assert.strictEqual(yield* check(dataFor(yield* issue, { version: "2" })), "message")
    }))

  it.effect("a sign-in valid now expires with the clock, and a nonce expires after its TTL", () =>
    Effect.gen(function*() {
      const { issue, run } = yield* setup
      const late = yield* signed(dataFor(yield* issue))
      yield* TestClock.adjust("11 minutes")
      assert.strictEqual(yield* reasonOf(run(SignInVerification.verify(late, policy))), "expired")
      const stale = yield* signed(dataFor(yield* issue, { issuedAt: new Date(start + 660_000).toISOString(), expirationTime: new Date(start + 3_600_000).toISOString() }))
      yield* TestClock.adjust("6 minutes")
      assert.strictEqual(yield* reasonOf(run(SignInVerification.verify(stale, policy))), "nonce")
    }))

  it.effect("two concurrent verifications of one nonce: exactly one succeeds", () =>
    Effect.gen(function*() {
      const { issue, run } = yield* setup
      const message = yield* signed(dataFor(yield* issue))
      const exits = yield* Effect.all([run(SignInVerification.verify(message, policy)), run(SignInVerification.verify(message, policy))].map(Effect.exit), { concurrency: 2 })
      assert.strictEqual(exits.filter((exit) => exit._tag === "Success").length, 1)
    }))

  it("parses only real RFC 3339 date-times", () => {
    assert.strictEqual(SignInVerification.parseTime("2026-11-22T12:00:00Z"), start)
    assert.strictEqual(SignInVerification.parseTime("2026-11-22T13:00:00.000+01:00"), start)
    for (const bad of ["2026-11-22", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "2026-11-22T24:00:00Z", "2026-11-22 12:00:00Z", "1e12"]) {
      assert.isUndefined(SignInVerification.parseTime(bad), bad)
    }
  })
})
