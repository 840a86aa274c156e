/**
 * Connecting and signing in with one approval (ERC-7846) in Node: the engine's features, the demo EVM
 * wallet through the EIP-1193 connector, and Portico's real API server (in-memory PGlite) issuing the nonce
 * and verifying. A wallet that signs what was asked is signed in after one prompt; a wallet that signs
 * anything else (a replayed nonce, another domain, another account) is refused before the verifier, and
 * "Try again" asks the two-step way.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { TestClock } from "effect/testing"
import { privateKeyToAccount } from "viem/accounts"
import * as Eip1193 from "../../../core/connectors/Eip1193.ts"
import { ConnectAttempt } from "../../../core/features/ConnectAttempt.ts"
import { Navigation } from "../../../core/features/Navigation.ts"
import { SignIn } from "../../../core/features/SignIn.ts"
import * as Modal from "../../../core/Modal.ts"
import * as SignInState from "../../../core/signin/SignInState.ts"
import * as Storage from "../../../core/Storage.ts"
import * as StorageKey from "../../../core/StorageKey.ts"
import * as BackendClient from "../../../http/client/Backend.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { accountAt } from "../../../sandbox/evm/DemoAccounts.ts"
import type { ApprovalRequest } from "../../../sandbox/wallets/Approval.ts"
import { createEvmProvider } from "../../../sandbox/wallets/EvmWallet.ts"
import { httpClientLayer } from "../../http/support/client.ts"
import { features, signInSettings } from "../support/Environment.ts"
import { evmConnector, solNetwork } from "../support/Wallets.ts"

const alice = accountAt(0)
const mallory = privateKeyToAccount(accountAt(1).privateKey)

let server: ApiServer
beforeAll(async () => {
  server = await startApiServer({
    port: 0,
    projects: { "one-approval-test": { allowedOrigins: [signInSettings.uri] } },
    evm: [{ chainId: 31337, rpcUrl: "http://127.0.0.1:9/unused" }],
    solana: { rpcUrl: "http://127.0.0.1:9/unused", caipNetworkId: solNetwork }
  })
})
afterAll(() => server.stop())

type Tamper = (params: unknown) => unknown

/** The demo wallet (alice) answering `wallet_connect`; `tamper` rewrites what the site asked before the wallet signs it. */
const demoWallet = (options: { readonly tamper?: Tamper; readonly answer?: (result: unknown) => Promise<unknown> } = {}) => {
  const asked: Array<ApprovalRequest> = []
  const methods: Array<string> = []
  const provider = createEvmProvider({
    privateKey: alice.privateKey,
    chains: [{ chainId: 31337, name: "Portico Local", rpcUrl: "http://127.0.0.1:9/" }, { chainId: 31338, name: "Portico Local 2", rpcUrl: "http://127.0.0.1:9/" }],
    origin: signInSettings.uri,
    approve: (request) => {
      asked.push(request)
      return Promise.resolve(true)
    },
    connectWithSignIn: true
  })
  const client = Eip1193.make(evmConnector, {
    request: async ({ method, params }) => {
      methods.push(method)
      if (method !== "wallet_connect") return provider.request({ method, params })
      const result = await provider.request({ method, params: options.tamper === undefined ? params : options.tamper(params) })
      return options.answer === undefined ? result : options.answer(result)
    }
  })
  return { client, asked, methods }
}

/** Changes one field of the signInWithEthereum capability. */
const changing = (field: string, value: string): Tamper => (params) => {
  const [request] = params as [{ capabilities: { signInWithEthereum: Record<string, unknown> } }]
  return [{ ...request, capabilities: { signInWithEthereum: { ...request.capabilities.signInWithEthereum, [field]: value } } }]
}

const run = <A, E, R>(effect: Effect.Effect<A, E, R>, wallet: ReturnType<typeof demoWallet>) =>
  Effect.gen(function*() {
    // Messages carry real times: the server checks them against its own clock.
    yield* TestClock.setTime(Date.now())
    return yield* effect
  }).pipe(Effect.provide(features({
    backendLayer: BackendClient.layer({ apiUrl: server.url, projectId: "one-approval-test", sdkVersion: "portico-test", retry: false }).pipe(
      Layer.provide(Layer.merge(httpClientLayer(signInSettings.uri), Storage.layerMemory))
    ),
    clients: [wallet.client],
    config: { siwx: {} }
  })))

const settled = Effect.gen(function*() {
  const state = yield* SignInState.SignInState
  for (let i = 0; i < 300; i++) {
    const status = yield* SubscriptionRef.get(state.status)
    if (status._tag !== "Checking" && status._tag !== "Signing") return status
    yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 10)))
  }
  return yield* SubscriptionRef.get(state.status)
})

const connect = Effect.gen(function*() {
  yield* Effect.flatMap(Navigation, (navigation) => navigation.open())
  yield* Effect.flatMap(ConnectAttempt, (attempt) => attempt.choose({ _tag: "Installed", connectorId: evmConnector.id }))
  return yield* settled
})

const storedSessions = Effect.flatMap(Storage.Storage, (storage) => storage.get(StorageKey.siwxSessions))

describe("connect and sign in with one approval (ERC-7846)", () => {
  it.effect("one prompt: connected, the server verified the signed message, the modal closed", () => {
    const wallet = demoWallet()
    return Effect.gen(function*() {
      const status = yield* connect
      assert.strictEqual(status._tag, "SignedIn")
      assert.deepStrictEqual(wallet.asked.map((request) => request.title), ["Connect and sign in"])
      assert.notInclude(wallet.methods, "personal_sign")
      const [session] = yield* storedSessions
      assert.strictEqual(session?.data.accountAddress, alice.address)
      assert.strictEqual(session?.data.domain, signInSettings.domain)
      assert.isFalse((yield* Effect.flatMap(Modal.Modal, (modal) => SubscriptionRef.get(modal.state))).open)
    }).pipe((effect) => run(effect, wallet))
  })

  const attacks: ReadonlyArray<readonly [string, Parameters<typeof demoWallet>[0]]> = [
    ["a replayed nonce", { tamper: changing("nonce", "0123456789abcdef0123456789abcdef") }],
    ["another domain", { tamper: changing("domain", "evil.example") }],
    ["another URI", { tamper: changing("uri", "https://evil.example") }],
    ["another chain", { tamper: changing("chainId", "0x7a6a") }],
    ["a later expiry", { tamper: changing("expirationTime", "2099-01-01T00:00:00.000Z") }],
    [
      "another account's signed message",
      {
        answer: async (result) => {
          const { accounts } = result as { accounts: [{ address: string; capabilities: { signInWithEthereum: { message: string } } }] }
          const message = accounts[0].capabilities.signInWithEthereum.message.replace(alice.address, mallory.address)
          return { accounts: [{ address: alice.address, capabilities: { signInWithEthereum: { message, signature: await mallory.signMessage({ message }) } } }] }
        }
      }
    ]
  ]

  for (const [name, tampering] of attacks) {
    it.effect(`refuses ${name} before the verifier; Try again asks the two-step way`, () => {
      const wallet = demoWallet(tampering)
      return Effect.gen(function*() {
        const status = yield* connect
        assert.strictEqual(status._tag, "Failed")
        assert.strictEqual(status._tag === "Failed" ? status.errorTag : "", "SignInMismatchError")
        assert.deepStrictEqual(yield* storedSessions, [])
        yield* Effect.flatMap(SignIn, (signIn) => signIn.retry)
        assert.strictEqual((yield* settled)._tag, "SignedIn")
        assert.include(wallet.methods, "personal_sign")
      }).pipe((effect) => run(effect, wallet))
    })
  }
})
