/**
 * Sign In With Farcaster's message checks: a message the sandbox's Farcaster client writes for a request
 * passes; each attack on a field — another nonce, another domain or URI, another chain, a second or another
 * fid, an expired or not-yet-valid message, a missing expiration, text that is not canonical — is refused
 * with its reason.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as fc from "fast-check"
import * as SignInMessage from "../../../core/signin/SignInMessage.ts"
import * as Siwf from "../../../core/farcaster/SiwfMessage.ts"
import type { SignInMessageData } from "../../../core/SignInSession.ts"
import { custodyAccount } from "../../../sandbox/farcaster/DemoClient.ts"

const now = Date.parse("2026-11-26T12:00:00.000Z")
const expected: Siwf.Expected = { domain: "wallet.example.com", uri: "https://wallet.example.com", nonce: "0123456789abcdef0123456789abcdef", fid: 2_157_300 }

const data = (overrides: Partial<SignInMessageData> = {}): SignInMessageData => ({
  domain: expected.domain,
  accountAddress: custodyAccount.address,
  statement: Siwf.statement,
  uri: expected.uri,
  version: "1",
  chainId: Siwf.chainId,
  nonce: expected.nonce,
  issuedAt: new Date(now - 5_000).toISOString(),
  expirationTime: new Date(now + 600_000).toISOString(),
  resources: [`farcaster://fid/${expected.fid}`],
  ...overrides
})

const reasonOf = (text: string, at: number = now): Siwf.SiwfRejectionReason | "accepted" => {
  const result = Effect.runSync(Effect.result(Siwf.check(text, expected, at)))
  return Result.isSuccess(result) ? "accepted" : result.failure.reason
}

describe("SiwfMessage.check", () => {
  it("accepts the message a Farcaster client writes for the request, with its address and fid", () => {
    const checked = Effect.runSync(Siwf.check(SignInMessage.format(data()), expected, now))
    assert.strictEqual(checked.address, custodyAccount.address)
    assert.strictEqual(checked.fid, expected.fid)
  })

  it("refuses another nonce (a message signed for another sign-in)", () => {
    assert.strictEqual(reasonOf(SignInMessage.format(data({ nonce: "ffffffffffffffffffffffffffffffff" }))), "nonce")
  })

  it("refuses another domain or URI (a message signed for another site)", () => {
    assert.strictEqual(reasonOf(SignInMessage.format(data({ domain: "evil.example.com" }))), "domain")
    assert.strictEqual(reasonOf(SignInMessage.format(data({ uri: "https://evil.example.com" }))), "uri")
  })

  it("refuses another chain than OP Mainnet, another statement, and a plain Sign-In with Ethereum message", () => {
    assert.strictEqual(reasonOf(SignInMessage.format(data({ chainId: "eip155:1" }))), "chain")
    assert.strictEqual(reasonOf(SignInMessage.format(data({ statement: "Sign in" }))), "message")
    const { statement: _, resources: __, ...siwe } = data()
    assert.strictEqual(reasonOf(SignInMessage.format(siwe)), "message")
  })

  it("refuses a message naming another fid than the relay's, none, or two", () => {
    assert.strictEqual(reasonOf(SignInMessage.format(data({ resources: ["farcaster://fid/1"] }))), "fid")
    assert.strictEqual(reasonOf(SignInMessage.format(data({ resources: [] }))), "fid")
    assert.strictEqual(reasonOf(SignInMessage.format(data({ resources: [`farcaster://fid/${expected.fid}`, "farcaster://fid/1"] }))), "fid")
  })

  it("refuses an expired message, one not valid yet, and one without an expiration", () => {
    const text = SignInMessage.format(data())
    assert.strictEqual(reasonOf(text, now + 600_000), "expired")
    assert.strictEqual(reasonOf(SignInMessage.format(data({ notBefore: new Date(now + 60_000).toISOString() }))), "notYetValid")
    const { expirationTime: _, ...open } = data()
    assert.strictEqual(reasonOf(SignInMessage.format(open)), "message")
  })

  it("refuses an address that is not checksummed and text that is not canonical", () => {
    assert.strictEqual(reasonOf(SignInMessage.format(data({ accountAddress: custodyAccount.address.toLowerCase() }))), "message")
    assert.strictEqual(reasonOf(`${SignInMessage.format(data())}\n`), "message")
  })

  it("refuses every message whose nonce differs from the request's", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{32}$/).filter((nonce) => nonce !== expected.nonce), (nonce) => {
        assert.strictEqual(reasonOf(SignInMessage.format(data({ nonce }))), "nonce")
      })
    )
  })
})
