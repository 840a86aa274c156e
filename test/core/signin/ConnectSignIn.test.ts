import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { privateKeyToAccount } from "viem/accounts"
import * as ConnectSignIn from "../../../core/signin/ConnectSignIn.ts"
import * as SignInMessage from "../../../core/signin/SignInMessage.ts"

const alice = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80")
const mallory = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
const start = Date.parse("2026-11-26T12:00:00.000Z")
const settings: SignInMessage.MessageSettings = {
  domain: "app.example.com",
  uri: "https://app.example.com",
  statement: "Sign in to Example.",
  expiresInMillis: 600_000
}
const template = SignInMessage.template(settings, "eip155:31337", "a1b2c3d4e5f6a7b8", start)

/** What a wallet writes: our fields for `address`, with whatever it changed. */
const written = (changes: Partial<SignInMessage.SignInTemplate> = {}, address: string = alice.address) =>
  SignInMessage.format({ ...template, ...changes, accountAddress: address })

const fieldOf = (message: string, address: string = alice.address) =>
  Effect.map(Effect.flip(ConnectSignIn.sessionOf({ template, address, message, signature: "0x01" })), (error) => error.field)

/** A change to one asked field, and the field it is. */
const changed = fc.oneof(
  fc.domain().filter((domain) => domain !== template.domain).map((domain) => ["domain", { domain }] as const),
  fc.webUrl().filter((uri) => uri !== template.uri).map((uri) => ["uri", { uri }] as const),
  fc.stringMatching(/^[a-zA-Z0-9]{8,32}$/).filter((nonce) => nonce !== template.nonce).map((nonce) => ["nonce", { nonce }] as const),
  fc.integer({ min: 1, max: 1_000_000 }).filter((id) => id !== 31337).map((id) => ["chainId", { chainId: `eip155:${id}` as const }] as const),
  fc.integer({ min: 1, max: 10_000_000 }).map((shift) => ["issuedAt", { issuedAt: new Date(start - shift).toISOString() }] as const),
  fc.integer({ min: 1, max: 10_000_000 }).map((shift) => ["expirationTime", { expirationTime: new Date(start + 600_000 + shift).toISOString() }] as const),
  fc.stringMatching(/^[A-Za-z][A-Za-z .]{0,40}$/).filter((statement) => statement !== settings.statement).map((statement) => ["statement", { statement }] as const),
  fc.constant(["notBefore", { notBefore: new Date(start).toISOString() }] as const),
  fc.constant(["requestId", { requestId: "r-1" }] as const),
  fc.constant(["resources", { resources: ["https://app.example.com/terms"] }] as const)
)

describe("ConnectSignIn.sessionOf", () => {
  it.effect("accepts the canonical message of exactly the asked fields for the connected account", () =>
    Effect.gen(function*() {
      const message = written()
      const session = yield* ConnectSignIn.sessionOf({ template, address: alice.address.toLowerCase(), message, signature: "0x01" })
      assert.strictEqual(session.message, message)
      assert.deepStrictEqual(session.data, { ...template, accountAddress: alice.address })
    }))

  it.effect("refuses a message that differs from the request in any field, naming the field", () =>
    Effect.promise(() =>
      fc.assert(fc.asyncProperty(changed, async ([field, change]) => {
        assert.strictEqual(await Effect.runPromise(fieldOf(written(change))), field)
      }))
    ))

  it.effect("refuses a message for another address than the one connected (or not EIP-55)", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* fieldOf(written({}, mallory.address)), "address")
      assert.strictEqual(yield* fieldOf(written({}, alice.address.toLowerCase())), "address")
    }))

  it.effect("refuses text that is not a canonical sign-in message", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* fieldOf(`${written()}\n`), "message")
      assert.strictEqual(yield* fieldOf(written().replace("Ethereum account", "Solana account")), "message")
      assert.strictEqual(yield* fieldOf("Sign in please"), "message")
    }))
})
