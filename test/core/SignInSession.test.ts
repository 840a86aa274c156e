import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import * as SignInSession from "../../core/SignInSession.ts"

const data = {
  accountAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  chainId: "eip155:31337",
  domain: "127.0.0.1:5173",
  uri: "http://127.0.0.1:5173",
  version: "1",
  nonce: "n0nce123",
  issuedAt: "2026-11-22T04:00:00Z"
}

describe("SignInSession", () => {
  it("decodes a session with and without a cacao", () => {
    const session = { data, message: "127.0.0.1:5173 wants you to sign in…", signature: "0xabc" }
    assert.isTrue(Schema.is(SignInSession.SignInSession)(session))
    const cacao = {
      h: { t: "caip122" },
      p: { domain: data.domain, aud: data.uri, nonce: data.nonce, iss: `did:pkh:${data.chainId}:${data.accountAddress}` },
      s: { t: "eip191", s: "0xabc" }
    }
    assert.isTrue(Schema.is(SignInSession.SignInSession)({ ...session, cacao }))
  })

  it("rejects a session without signature or with a non-CAIP-2 chain id", () => {
    const is = Schema.is(SignInSession.SignInSession)
    assert.isFalse(is({ data, message: "m" }))
    assert.isFalse(is({ data: { ...data, chainId: "31337" }, message: "m", signature: "0x" }))
  })
})
