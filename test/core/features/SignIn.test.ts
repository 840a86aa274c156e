/**
 * Sign-in by wallet signature (spec §4) in Node: the engine's features over local wallets that sign
 * with real keys, and Portico's real API server (in-memory PGlite) verifying for the page's origin.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { createKeyPairSignerFromPrivateKeyBytes } from "@solana/kit"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { TestClock } from "effect/testing"
import { hexToString, isHex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import type * as Analytics from "../../../core/Analytics.ts"
import * as BrowserStorage from "../../../app/BrowserStorage.ts"
import * as Backend from "../../../core/Backend.ts"
import type * as Config from "../../../core/Config.ts"
import * as Connection from "../../../core/Connection.ts"
import type * as Connector from "../../../core/Connector.ts"
import { ConnectAttempt } from "../../../core/features/ConnectAttempt.ts"
import { Disconnecting } from "../../../core/features/Disconnecting.ts"
import * as Features from "../../../core/features/Features.ts"
import { Navigation } from "../../../core/features/Navigation.ts"
import { NetworkSwitch } from "../../../core/features/NetworkSwitch.ts"
import { SignIn } from "../../../core/features/SignIn.ts"
import * as Modal from "../../../core/Modal.ts"
import * as Session from "../../../core/Session.ts"
import * as SignInState from "../../../core/signin/SignInState.ts"
import * as Storage from "../../../core/Storage.ts"
import * as StorageKey from "../../../core/StorageKey.ts"
import * as WalletError from "../../../core/WalletError.ts"
import * as BackendClient from "../../../http/client/Backend.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { httpClientLayer } from "../../http/support/client.ts"
import { environment, type EnvironmentOptions, features, signInSettings } from "../support/Environment.ts"
import { evmConnector, fake, memoryWebStorage, networks as hostNetworks, rejected, solConnector, solNetwork } from "../support/Wallets.ts"

const alice = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80")

let server: ApiServer
beforeAll(async () => {
  server = await startApiServer({
    port: 0,
    projects: { "sign-in-test": { allowedOrigins: [signInSettings.uri] } },
    evm: [{ chainId: 31337, rpcUrl: "http://127.0.0.1:9/unused" }],
    solana: { rpcUrl: "http://127.0.0.1:9/unused", caipNetworkId: solNetwork }
  })
})
afterAll(() => server.stop())

/** Our server through its real client, called from the test page's origin. */
const serverBackend = () =>
  BackendClient.layer({ apiUrl: server.url, projectId: "sign-in-test", sdkVersion: "portico-test", retry: false }).pipe(
    Layer.provide(Layer.merge(httpClientLayer(signInSettings.uri), Storage.layerMemory))
  )

const aliceConnected: Connector.Connected = { namespace: "eip155", accounts: [alice.address], caipNetworkId: "eip155:31337" }

/** A wallet that connects alice on 31337 and signs what it is asked, or refuses as told. */
const signingWallet = (options: { readonly refuse?: () => boolean } = {}) =>
  fake(evmConnector, {
    connect: Effect.succeed(aliceConnected),
    reconnect: Effect.succeed(aliceConnected),
    disconnect: Effect.void,
    request: (args: Connector.RequestArguments) => {
      if (options.refuse?.() === true) return Effect.fail(rejected)
      const [message] = args.params as [string]
      return Effect.promise(() => alice.signMessage({ message: isHex(message) ? hexToString(message) : message }))
    }
  })

const run = (options: EnvironmentOptions & { readonly siwx?: Config.SignInOptions }) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.gen(function*() {
      // Messages carry real times: the server checks them against its own clock.
      yield* TestClock.setTime(Date.now())
      return yield* effect
    }).pipe(Effect.provide(features({
      backendLayer: serverBackend(),
      ...options,
      config: { ...options.config, ...(options.siwx === undefined ? {} : { siwx: options.siwx }) }
    })))

/** Waits for the sign-in to leave its transient states (server calls are real I/O). */
const settled = Effect.gen(function*() {
  const state = yield* SignInState.SignInState
  for (let i = 0; i < 200; i++) {
    const status = yield* SubscriptionRef.get(state.status)
    if (status._tag !== "Checking" && status._tag !== "Signing") return status
    yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 10)))
  }
  return yield* SubscriptionRef.get(state.status)
})

const modalState = Effect.flatMap(Modal.Modal, (modal) => SubscriptionRef.get(modal.state))
const sessionState = Effect.flatMap(Session.Session, (session) => SubscriptionRef.get(session.state))
const storedSessions = Effect.flatMap(Storage.Storage, (storage) => storage.get(StorageKey.siwxSessions))
const connect = Effect.gen(function*() {
  yield* Effect.flatMap(Navigation, (navigation) => navigation.open())
  yield* Effect.flatMap(ConnectAttempt, (attempt) => attempt.choose({ _tag: "Installed", connectorId: evmConnector.id }))
})

describe("SignIn", () => {
  it.effect("after connecting, asks for a signature, keeps the verified session, closes the modal and tracks it", () => {
    const tracked: Array<Analytics.TrackedEvent> = []
    const wallet = signingWallet()
    return Effect.gen(function*() {
      yield* connect
      const status = yield* settled
      assert.strictEqual(status._tag, "SignedIn")
      assert.isFalse((yield* modalState).open)
      const stored = yield* storedSessions
      assert.strictEqual(stored.length, 1)
      assert.strictEqual(stored[0]?.data.domain, "app.test")
      assert.strictEqual(stored[0]?.data.accountAddress, alice.address)
      assert.include(wallet.calls, "request:personal_sign")
      assert.isTrue(tracked.some((event) => event.event === "SIWX_AUTH_SUCCESS" && event.address === alice.address))
    }).pipe(run({ tracked, siwx: {}, ...withWallet(wallet) }))
  })

  it.effect("a refused signature shows 'Signature declined' on the sign view; Try again signs in", () => {
    let refuse = true
    const wallet = signingWallet({ refuse: () => refuse })
    return Effect.gen(function*() {
      yield* connect
      const failed = yield* settled
      assert.deepInclude(failed, { _tag: "Failed", message: "Signature declined", errorTag: "SignatureDeclinedError" })
      const modal = yield* modalState
      assert.isTrue(modal.open)
      assert.strictEqual(Modal.currentView(modal), "SIWXSignMessage")
      refuse = false
      yield* Effect.flatMap(SignIn, (signIn) => signIn.retry)
      assert.strictEqual((yield* settled)._tag, "SignedIn")
      assert.isFalse((yield* modalState).open)
    }).pipe(run({ siwx: {}, ...withWallet(wallet) }))
  })

  it.effect("a device clock two days behind: the server refuses the session as expired, and 'Session Expired' is shown", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(Date.now() - 2 * 86_400_000)
      yield* connect
      const failed = yield* settled
      assert.deepInclude(failed, { _tag: "Failed", message: "Session Expired", errorTag: "SignInSessionExpiredError" })
      const modal = yield* modalState
      assert.strictEqual(Modal.currentView(modal), "SIWXSignMessage")
      assert.deepInclude(modal.toast, { message: "Session Expired", errorTag: "SessionExpired", variant: "error" })
    }).pipe(run({ siwx: {}, ...withWallet(signingWallet()) })))

  it.effect("required: closing is blocked on the sign view, and cancel disconnects", () =>
    Effect.gen(function*() {
      yield* connect
      yield* settled
      const navigation = yield* Navigation
      yield* navigation.close()
      assert.isTrue((yield* modalState).open, "close is blocked while no session exists")
      yield* navigation.back
      assert.isTrue((yield* modalState).open, "back is blocked too")
      yield* Effect.flatMap(SignIn, (signIn) => signIn.cancel)
      assert.deepStrictEqual(Session.accounts(yield* sessionState), [])
      assert.isFalse((yield* modalState).open)
    }).pipe(run({ siwx: { required: true }, ...withWallet(signingWallet({ refuse: () => true })) })))

  it.effect("not required: cancel closes and keeps the connection, and the account is not asked again", () => {
    const wallet = signingWallet({ refuse: () => true })
    return Effect.gen(function*() {
      yield* connect
      yield* settled
      yield* Effect.flatMap(Navigation, (navigation) => navigation.close())
      assert.isFalse((yield* modalState).open, "closable when sign-in is optional")
      yield* Effect.flatMap(SignIn, (signIn) => signIn.cancel)
      assert.strictEqual((yield* sessionState).eip155?.address, alice.address)
      assert.strictEqual((yield* Effect.flatMap(SignInState.SignInState, (state) => SubscriptionRef.get(state.status)))._tag, "Declined")
    }).pipe(run({ siwx: {}, ...withWallet(wallet) }))
  })

  it.effect("one signature per address: switching networks, and back, never asks again", () => {
    const wallet = fake(evmConnector, {
      connect: Effect.succeed(aliceConnected),
      // The wallet goes wherever it is asked.
      switchChain: (network) => Effect.succeed(network.caipNetworkId),
      request: (args: Connector.RequestArguments) => {
        const [message] = args.params as [string]
        return Effect.promise(() => alice.signMessage({ message: isHex(message) ? hexToString(message) : message }))
      }
    })
    return Effect.gen(function*() {
      yield* connect
      assert.strictEqual((yield* settled)._tag, "SignedIn")
      const networkSwitch = yield* NetworkSwitch
      yield* networkSwitch.switchNetwork("eip155:31338")
      assert.strictEqual((yield* settled)._tag, "SignedIn")
      yield* networkSwitch.switchNetwork("eip155:31337")
      assert.strictEqual((yield* settled)._tag, "SignedIn")
      assert.strictEqual((yield* sessionState).eip155?.caipNetworkId, "eip155:31337")
      assert.strictEqual(wallet.calls.filter((call) => call === "request:personal_sign").length, 1)
    }).pipe(run({ siwx: {}, clients: [wallet.client], config: { networks: [...hostNetworks, { ...hostNetworks[0]!, id: 31338, caipNetworkId: "eip155:31338", name: "Portico Local 2" }] } }))
  })

  it.effect("a signature the visitor approves in the wallet after cancelling still signs them in", () => {
    const approved = Deferred.makeUnsafe<void>()
    const wallet = fake(evmConnector, {
      connect: Effect.succeed(aliceConnected),
      request: (args: Connector.RequestArguments) => {
        const [message] = args.params as [string]
        return Effect.andThen(Deferred.await(approved), Effect.promise(() => alice.signMessage({ message: isHex(message) ? hexToString(message) : message })))
      }
    })
    return Effect.gen(function*() {
      yield* connect
      const status = Effect.flatMap(SignInState.SignInState, (state) => SubscriptionRef.get(state.status))
      for (let i = 0; i < 200 && (yield* status)._tag !== "Signing"; i++) yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 10)))
      yield* Effect.flatMap(SignIn, (signIn) => signIn.cancel)
      assert.strictEqual((yield* status)._tag, "Declined")
      assert.isFalse((yield* modalState).open)
      yield* Deferred.succeed(approved, undefined)
      for (let i = 0; i < 200 && (yield* status)._tag !== "SignedIn"; i++) yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 10)))
      assert.strictEqual((yield* status)._tag, "SignedIn")
      assert.strictEqual((yield* storedSessions).length, 1)
      assert.isFalse((yield* modalState).open)
    }).pipe(run({ siwx: {}, clients: [wallet.client] }))
  })

  it.effect("after a reload the kept session is confirmed by the server: no second signature", () => {
    const wallet = signingWallet()
    const storage = BrowserStorage.layerWebStorage(memoryWebStorage())
    const connection = Effect.flatMap(Connection.Connection, (c) => c.restore)
    return Effect.gen(function*() {
      yield* Effect.gen(function*() {
        yield* connect
        assert.strictEqual((yield* settled)._tag, "SignedIn")
      }).pipe(run({ siwx: {}, storage, ...withWallet(wallet) }))
      yield* Effect.gen(function*() {
        yield* connection
        assert.strictEqual((yield* settled)._tag, "SignedIn")
        assert.isFalse((yield* modalState).open)
      }).pipe(run({ siwx: {}, storage, ...withWallet(wallet) }))
      assert.strictEqual(wallet.calls.filter((call) => call === "request:personal_sign").length, 1)
    })
  })

  it.effect("disconnecting ends the session on the page and on the server", () =>
    Effect.gen(function*() {
      yield* connect
      yield* settled
      const [kept] = yield* storedSessions
      yield* Effect.flatMap(Disconnecting, (disconnecting) => disconnecting.disconnect())
      yield* settled
      assert.deepStrictEqual(yield* storedSessions, [])
      const backend = yield* Backend.Backend
      const { createHash } = yield* Effect.promise(() => import("node:crypto"))
      assert.isUndefined(yield* backend.signInSession(createHash("sha256").update(kept?.signature ?? "").digest("hex")))
    }).pipe(run({ siwx: {}, ...withWallet(signingWallet()) })))

  it.effect("no nonce: 'A problem occurred while trying initialize authentication' and the wallet is disconnected", () =>
    Effect.gen(function*() {
      yield* connect
      yield* settled
      for (let i = 0; i < 100 && (yield* modalState).toast === undefined; i++) yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 10)))
      assert.deepStrictEqual(Session.accounts(yield* sessionState), [])
      assert.strictEqual((yield* modalState).toast?.message, "A problem occurred while trying initialize authentication")
    }).pipe(run({
      siwx: {},
      ...withWallet(signingWallet()),
      backendLayer: Layer.succeed(Backend.Backend, Backend.Backend.of({
        ...unusedBackend,
        signInNonce: () => Effect.fail(new Backend.BackendRequestError({ reason: "TimeoutError", message: "The Portico API could not answer" }))
      }))
    })))

  it.effect("without siwx nothing is asked", () => {
    const wallet = signingWallet()
    return Effect.gen(function*() {
      yield* connect
      const status = yield* settled
      assert.strictEqual(status._tag, "SignedOut")
      assert.notInclude(wallet.calls, "request:personal_sign")
    }).pipe(run(withWallet(wallet)))
  })

  it.effect("a Solana wallet without solana:signIn signs our Sign-In With Solana text with signMessage", () =>
    Effect.gen(function*() {
      const signer = yield* Effect.promise(() => createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(32).fill(9)))
      const asked: Array<string> = []
      const solanaWallet = fake(solConnector, {
        connect: Effect.succeed({ namespace: "solana", accounts: [signer.address], caipNetworkId: solNetwork }),
        request: (args) => {
          asked.push(args.method)
          if (args.method === "solana_signIn") return Effect.fail(new WalletError.UnsupportedMethodError({ code: 4200, message: "Unsupported method" }))
          const { message } = args.params as { readonly message: Uint8Array }
          return Effect.map(
            Effect.promise(() => signer.signMessages([{ content: message, signatures: {} }])),
            ([signed]) => ({ signedMessage: message, signature: signed?.[signer.address] })
          )
        }
      })
      yield* Effect.gen(function*() {
        yield* Effect.flatMap(Navigation, (navigation) => navigation.open())
        yield* Effect.flatMap(ConnectAttempt, (attempt) => attempt.choose({ _tag: "Installed", connectorId: solConnector.id }))
        const status = yield* settled
        assert.strictEqual(status._tag, "SignedIn")
        assert.deepStrictEqual(asked, ["solana_signIn", "solana_signMessage"])
        const [kept] = yield* storedSessions
        assert.isTrue(kept?.message.startsWith("app.test wants you to sign in with your Solana account:\n" + signer.address))
      }).pipe(run({ siwx: {}, clients: [solanaWallet.client] }))
    }))

  it.effect("siweConfig: sign-in on eip155 through the ConnectingSiwe view", () => {
    const wallet = signingWallet({ refuse: () => true })
    return Effect.gen(function*() {
      yield* connect
      const status = yield* settled
      assert.strictEqual(status._tag, "Failed")
      assert.strictEqual(Modal.currentView(yield* modalState), "ConnectingSiwe")
      const scope = (yield* SignInState.SignInState).scope
      assert.deepStrictEqual(scope.namespaces, ["eip155"])
      assert.isFalse(SignInState.appliesTo(scope, { namespace: "solana", caipNetworkId: solNetwork }))
    }).pipe(run({ ...withWallet(wallet), config: { siweConfig: {} } }))
  })

  it.effect("setting both siwx and siweConfig fails with the spec's message", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(Layer.build(Features.layer.pipe(Layer.provide(environment({ config: { siwx: {}, siweConfig: {} } })))))
      assert.isTrue(Exit.isFailure(exit))
      assert.include(String(Exit.isFailure(exit) ? exit.cause : ""), "Cannot set both siweConfig and siwx options")
    }))
})

function withWallet(wallet: ReturnType<typeof signingWallet>): EnvironmentOptions {
  return { clients: [wallet.client] }
}

const unusedBackend = Backend.Backend.of({
  urls: undefined,
  balances: () => Effect.die("unused"),
  history: () => Effect.die("unused"),
  identity: () => Effect.die("unused"),
  wallets: () => Effect.die("unused"),
  lookupName: () => Effect.die("unused"),
  namesOf: () => Effect.die("unused"),
  nameSuggestions: () => Effect.die("unused"),
  registerName: () => Effect.die("unused"),
  signInNonce: () => Effect.die("unused"),
  addSignInSession: () => Effect.die("unused"),
  signInSession: () => Effect.die("unused"),
  revokeSignInSession: () => Effect.die("unused"),
  swapNetworks: () => Effect.die("unused"),
  swapTokens: () => Effect.die("unused"),
  swapQuote: () => Effect.die("unused"),
  swapAllowance: () => Effect.die("unused"),
  swapApproval: () => Effect.die("unused"),
  swapTransaction: () => Effect.die("unused"),
  onrampOptions: () => Effect.die("unused"),
  onrampQuote: () => Effect.die("unused"),
  onrampUrl: () => Effect.die("unused"),
  onrampPurchases: () => Effect.die("unused"),
  smartSession: () => Effect.die("unused"),
  revokeSmartSession: () => Effect.die("unused")
})
