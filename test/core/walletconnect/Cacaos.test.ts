/**
 * The dapp's strict reading of One-Click Auth's CACAOs, and the ReCaps they grant: a CACAO of exactly the asked
 * payload is taken with the message the wallet signed; any one field changed, a chain not asked, or an issuer
 * that is no EIP-55 did:pkh account is refused, naming the field. ReCaps round-trip canonically and write
 * ERC-5573's sentence; a message signed at connect must carry that sentence and URI when a ReCap was asked.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as fc from "fast-check"
import { privateKeyToAccount } from "viem/accounts"
import type * as Caip from "../../../core/Caip.ts"
import * as ConnectSignIn from "../../../core/signin/ConnectSignIn.ts"
import * as Recap from "../../../core/signin/Recap.ts"
import * as SignInMessage from "../../../core/signin/SignInMessage.ts"
import * as Cacaos from "../../../core/walletconnect/Cacaos.ts"
import type * as Protocol from "../../../core/walletconnect/Protocol.ts"

const alice = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80")
const account: Caip.ParsedAddress = { namespace: "eip155", reference: "31337", address: alice.address }
const recap = Recap.encode(Recap.requests("eip155", ["personal_sign", "eth_sendTransaction"]))
const asked: Protocol.AuthPayload = {
  type: "caip122",
  chains: ["eip155:31337", "eip155:1"],
  domain: "app.example.com",
  aud: "https://app.example.com",
  version: "1",
  nonce: "a1b2c3d4e5f6a7b8",
  iat: "2026-11-26T12:00:00.000Z",
  exp: "2026-11-26T12:10:00.000Z",
  statement: "Sign in to Example.",
  resources: [recap]
}

const cacaoOf = (payload: Protocol.Cacao["p"]): Protocol.Cacao => ({ h: { t: "caip122" }, p: payload, s: { t: "eip191", s: "0x01" } })
const fieldOf = (payload: Protocol.Cacao["p"]) => Effect.runSync(Effect.flip(Cacaos.check(asked, cacaoOf(payload)))).field
const { payload: signed, message } = Cacaos.signable(asked, account)

/** A change to one signed field, and the name the refusal gives it. */
const changed = fc.oneof(
  fc.domain().filter((domain) => domain !== asked.domain).map((domain) => ["domain", { domain }] as const),
  fc.webUrl().filter((aud) => aud !== asked.aud).map((aud) => ["uri", { aud }] as const),
  fc.stringMatching(/^[a-zA-Z0-9]{8,32}$/).filter((nonce) => nonce !== asked.nonce).map((nonce) => ["nonce", { nonce }] as const),
  fc.integer({ min: 1, max: 10_000_000 }).map((shift) => ["issuedAt", { iat: new Date(Date.parse(asked.iat) - shift).toISOString() }] as const),
  fc.integer({ min: 1, max: 10_000_000 }).map((shift) => ["expirationTime", { exp: new Date(Date.parse(asked.iat) + 600_000 + shift).toISOString() }] as const),
  fc.constant(["expirationTime", { exp: undefined }] as const),
  fc.constant(["notBefore", { nbf: asked.iat }] as const),
  fc.stringMatching(/^[A-Za-z][A-Za-z .]{0,40}$/).filter((statement) => statement !== asked.statement).map((statement) => ["statement", { statement }] as const),
  fc.constant(["requestId", { requestId: "r-1" }] as const),
  fc.subarray(["personal_sign", "eth_sendTransaction", "eth_signTypedData_v4", "wallet_sendCalls"], { minLength: 1 })
    .map((methods) => Recap.encode(Recap.requests("eip155", methods)))
    .filter((other) => other !== recap)
    .map((other) => ["resources", { resources: [other] }] as const),
  fc.integer({ min: 2, max: 1_000_000 }).filter((id) => id !== 31337).map((id) => ["chainId", { iss: `did:pkh:eip155:${id}:${alice.address}` }] as const)
)

describe("Cacaos.check", () => {
  it("takes a CACAO of exactly the asked payload, with the message the wallet signed", () => {
    const checked = Effect.runSync(Cacaos.check(asked, cacaoOf(signed)))
    assert.deepStrictEqual(checked, { account, message, signature: "0x01" })
    assert.include(message, "Sign in to Example. I further authorize the stated URI to perform the following actions on my behalf: (1) 'request': 'eth_sendTransaction', 'personal_sign' for 'eip155'.")
    assert.include(message, `Resources:\n- ${recap}`)
  })

  it("refuses a CACAO with any one field changed, naming it", () => {
    fc.assert(fc.property(changed, ([field, change]) => {
      const payload = Object.fromEntries(Object.entries({ ...signed, ...change }).filter(([, value]) => value !== undefined)) as Protocol.Cacao["p"]
      assert.strictEqual(fieldOf(payload), field)
    }))
  })

  it("refuses an issuer that is no did:pkh EVM account or not EIP-55", () => {
    assert.strictEqual(fieldOf({ ...signed, iss: `did:key:${alice.address}` }), "chainId")
    assert.strictEqual(fieldOf({ ...signed, iss: "did:pkh:solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM" }), "chainId")
    assert.strictEqual(fieldOf({ ...signed, iss: `did:pkh:eip155:31337:${alice.address.toLowerCase()}` }), "address")
  })
})

describe("Recap", () => {
  const methods = fc.uniqueArray(fc.stringMatching(/^[a-z][a-zA-Z_0-9]{0,20}$/), { minLength: 1, maxLength: 8 })
  it("round-trips the attenuations it encodes, whatever order the methods came in", () => {
    fc.assert(fc.property(methods, (list) => {
      const uri = Recap.encode(Recap.requests("eip155", list))
      assert.strictEqual(uri, Recap.encode(Recap.requests("eip155", list.toReversed())))
      assert.deepStrictEqual(Option.map(Recap.decode(uri), (att) => Recap.methodsOf(att, "eip155")), Option.some([...list].toSorted()))
    }))
  })
  it("refuses what is no canonical ReCap", () => {
    assert.isTrue(Option.isNone(Recap.decode("https://example.com")))
    assert.isTrue(Option.isNone(Recap.decode(`urn:recap:${btoa('{"att":{"b":{"request/x":[{}]},"a":{"request/y":[{}]}}}').replaceAll("=", "")}`)))
    assert.isTrue(Option.isNone(Recap.decode("urn:recap:!!!")))
  })
  it("writes ERC-5573's sentence: resources and abilities in order, grouped by namespace", () => {
    const att = { "https://example.com": { "crud/read": [{}], "crud/append": [{}], "msg/send": [{}] }, "eip155": { "request/personal_sign": [{}] } }
    assert.strictEqual(
      Recap.statementOf(att),
      "I further authorize the stated URI to perform the following actions on my behalf: (1) 'request': 'personal_sign' for 'eip155'. (2) 'crud': 'append', 'read' for 'https://example.com'. (3) 'msg': 'send' for 'https://example.com'."
    )
  })
})

describe("ConnectSignIn.sessionOf with a ReCap", () => {
  const template = SignInMessage.template({ domain: "app.example.com", uri: "https://app.example.com", statement: "Sign in to Example.", expiresInMillis: 600_000 }, "eip155:31337", "a1b2c3d4e5f6a7b8", Date.parse("2026-11-26T12:00:00.000Z"))
  const withRecap = Option.getOrThrow(Recap.withRecap(template, recap))
  it.effect("takes the message that carries the asked ReCap's sentence and URI, and refuses one without", () =>
    Effect.gen(function*() {
      const text = SignInMessage.format({ ...withRecap, accountAddress: alice.address })
      const session = yield* ConnectSignIn.sessionOf({ template, address: alice.address, message: text, signature: "0x01", recap })
      assert.strictEqual(session.message, text)
      const bare = SignInMessage.format({ ...template, accountAddress: alice.address })
      const refused = yield* Effect.flip(ConnectSignIn.sessionOf({ template, address: alice.address, message: bare, signature: "0x01", recap }))
      assert.strictEqual(refused.field, "statement")
      const unreadable = yield* Effect.flip(ConnectSignIn.sessionOf({ template, address: alice.address, message: text, signature: "0x01", recap: "urn:recap:!!" }))
      assert.strictEqual(unreadable.field, "resources")
    }))
})
