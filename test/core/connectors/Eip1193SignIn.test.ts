/**
 * ERC-7846 through the EIP-1193 connector, against the demo wallet itself (in Node): a wallet that supports
 * `wallet_connect` connects and signs in with one approval, and the message it wrote passes the
 * connect-time check and recovers to the account; a wallet that does not know the method answers without
 * a prompt and is asked the EIP-1193 way; a refusal is a refusal, not a reason to ask again.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { recoverMessageAddress, type Hex } from "viem"
import * as Eip1193 from "../../../core/connectors/Eip1193.ts"
import * as ConnectSignIn from "../../../core/signin/ConnectSignIn.ts"
import * as SignInMessage from "../../../core/signin/SignInMessage.ts"
import { accountAt } from "../../../sandbox/evm/DemoAccounts.ts"
import { createEvmProvider } from "../../../sandbox/wallets/EvmWallet.ts"
import { answering } from "../../support/demoWallet.ts"

const { privateKey, address } = accountAt(0)
// Nothing listens here: connecting and signing never reach a node.
const chains = [{ chainId: 31337, name: "Portico Local", rpcUrl: "http://127.0.0.1:9/" }]
const origin = "http://127.0.0.1:5173"
const connector = { id: "dev.portico.demo", name: "Portico Demo Wallet", chain: "eip155", type: "ANNOUNCED" } as const
const template = SignInMessage.template(
  { domain: "127.0.0.1:5173", uri: origin, statement: "Sign in to the demo.", expiresInMillis: 600_000 },
  "eip155:31337",
  "a1b2c3d4e5f6a7b8",
  Date.parse("2026-11-26T12:00:00.000Z")
)

const walletWith = (answers: ReadonlyArray<boolean>, connectWithSignIn: boolean) => {
  const { approve, asked } = answering(answers)
  const provider = createEvmProvider({ privateKey, chains, origin, approve, connectWithSignIn })
  return { client: Eip1193.make(connector, { request: (args) => provider.request(args) }), asked }
}

describe("EIP-1193 connect with sign-in (ERC-7846)", () => {
  it.effect("one approval connects and signs the message of exactly the asked fields", () =>
    Effect.gen(function*() {
      const { client, asked } = walletWith([true], true)
      const connected = yield* client.connect({ signIn: template })
      assert.deepStrictEqual(connected.accounts, [address])
      assert.strictEqual(connected.caipNetworkId, "eip155:31337")
      assert.strictEqual(asked.length, 1)
      assert.strictEqual(asked[0]?.title, "Connect and sign in")
      const signedIn = connected.signedIn
      if (signedIn === undefined) return assert.fail("the wallet signed nothing")
      assert.include(asked[0]?.details.join("\n") ?? "", signedIn.message)
      const session = yield* ConnectSignIn.sessionOf({ template, address, ...signedIn })
      assert.strictEqual(session.data.nonce, template.nonce)
      const signer = yield* Effect.promise(() => recoverMessageAddress({ message: signedIn.message, signature: signedIn.signature as Hex }))
      assert.strictEqual(signer, address)
    }))

  it.effect("a wallet without wallet_connect (4200) is asked with eth_requestAccounts: one prompt, nothing signed", () =>
    Effect.gen(function*() {
      const { client, asked } = walletWith([true], false)
      const connected = yield* client.connect({ signIn: template })
      assert.deepStrictEqual(connected.accounts, [address])
      assert.isUndefined(connected.signedIn)
      assert.deepStrictEqual(asked.map((request) => request.title), ["Connect to this site"])
    }))

  it.effect("a wallet answering -32601 (method not found) is asked with eth_requestAccounts", () =>
    Effect.gen(function*() {
      const methods: Array<string> = []
      const client = Eip1193.make(connector, {
        request: ({ method }) => {
          methods.push(method)
          if (method === "wallet_connect") return Promise.reject({ code: -32601, message: "Method not found" })
          return Promise.resolve(method === "eth_chainId" ? "0x7a69" : [address])
        }
      })
      const connected = yield* client.connect({ signIn: template })
      assert.deepStrictEqual(connected.accounts, [address])
      assert.deepStrictEqual(methods, ["wallet_connect", "eth_requestAccounts", "eth_chainId"])
    }))

  it.effect("a refused wallet_connect is the visitor's refusal: no second prompt", () =>
    Effect.gen(function*() {
      const { client, asked } = walletWith([false, true], true)
      const error = yield* Effect.flip(client.connect({ signIn: template }))
      assert.strictEqual(error._tag, "UserRejectedRequestError")
      assert.strictEqual(asked.length, 1)
    }))

  it.effect("an answer of another shape is refused", () =>
    Effect.gen(function*() {
      const client = Eip1193.make(connector, {
        request: ({ method }) => Promise.resolve(method === "wallet_connect" ? { accounts: [{ address, capabilities: { signInWithEthereum: { message: 1 } } }] } : "0x7a69")
      })
      const error = yield* Effect.flip(client.connect({ signIn: template }))
      assert.strictEqual(error._tag, "ConnectorError")
    }))
})
