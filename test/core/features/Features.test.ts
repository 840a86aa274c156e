/**
 * The modal's engine in Node: every feature over memory storage, local connectors, a Backend that
 * answers as each test says, and TestClock for the relay deadline and the shake.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { TestClock } from "effect/testing"
import { stringToHex } from "viem"
import type * as Analytics from "../../../core/Analytics.ts"
import * as Backend from "../../../core/Backend.ts"
import * as Connection from "../../../core/Connection.ts"
import { Connectors } from "../../../core/connectors/Connectors.ts"
import type * as Connector from "../../../core/Connector.ts"
import * as Constants from "../../../core/Constants.ts"
import { AccountData } from "../../../core/features/AccountData.ts"
import { Activity, keyOf } from "../../../core/features/Activity.ts"
import { ConnectAttempt } from "../../../core/features/ConnectAttempt.ts"
import { Disconnecting } from "../../../core/features/Disconnecting.ts"
import * as Features from "../../../core/features/Features.ts"
import { Names } from "../../../core/features/Names.ts"
import { Navigation } from "../../../core/features/Navigation.ts"
import { NetworkSwitch } from "../../../core/features/NetworkSwitch.ts"
import { Sending } from "../../../core/features/Sending.ts"
import { WalletList } from "../../../core/features/WalletList.ts"
import { WalletRequests } from "../../../core/features/WalletRequests.ts"
import { Identity } from "../../../core/Identity.ts"
import * as Modal from "../../../core/Modal.ts"
import * as Name from "../../../core/Name.ts"
import * as Session from "../../../core/Session.ts"
import * as TokenBalance from "../../../core/TokenBalance.ts"
import * as Transaction from "../../../core/Transaction.ts"
import { WalletPage } from "../../../core/WalletListEntry.ts"
import { environment, type EnvironmentOptions, features } from "../support/Environment.ts"
import { evmAddress, evmConnected, evmConnector, fake, rejected } from "../support/Wallets.ts"

const withFeatures = (options: EnvironmentOptions = {}) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.provide(effect, features(options))

/** Lets forked fibers run up to their next wait. */
const flush = Effect.forEach(Array.from({ length: 20 }), () => Effect.yieldNow, { discard: true })

const modalState = Effect.flatMap(Modal.Modal, (modal) => SubscriptionRef.get(modal.state))
const attemptState = Effect.flatMap(ConnectAttempt, (attempt) => SubscriptionRef.get(attempt.state))
const connectionState = Effect.flatMap(Connection.Connection, (connection) => SubscriptionRef.get(connection.state))
const view = Effect.map(modalState, Modal.currentView)

const walletConnectConnector: Connector.Connector = { id: "walletConnect", name: "WalletConnect", chain: "eip155", type: "WALLET_CONNECT" }
/** A WalletConnect connector whose relay never answers: no pairing URI ever arrives. */
const silentRelay = fake(walletConnectConnector, { connect: Effect.never })

const openModal = Effect.flatMap(Navigation, (navigation) => navigation.open())

describe("ConnectAttempt", () => {
  it.effect("choosing an installed wallet shows ConnectingExternal, connects and closes the modal", () => {
    const approved = Deferred.makeUnsafe<Connector.Connected>()
    return Effect.gen(function*() {
      yield* openModal
      const attempt = yield* ConnectAttempt
      const fiber = yield* Effect.forkChild(attempt.choose({ _tag: "Installed", connectorId: evmConnector.id }))
      yield* flush
      assert.deepStrictEqual((yield* modalState).history.map((route) => route.view), ["Connect", "ConnectingExternal"])
      assert.deepStrictEqual(yield* attemptState, { _tag: "Pending", connectorId: evmConnector.id })
      yield* Deferred.succeed(approved, evmConnected)
      yield* Fiber.join(fiber)
      assert.isFalse((yield* modalState).open)
      assert.deepStrictEqual(yield* attemptState, { _tag: "Idle" })
      const session = yield* Effect.flatMap(Session.Session, (s) => SubscriptionRef.get(s.state))
      assert.strictEqual(session.eip155?.address, evmAddress)
    }).pipe(withFeatures({ clients: [fake(evmConnector, { connect: Deferred.await(approved) }).client] }))
  })

  it.effect("a refused connection stays on its view as Failed and shakes the modal for 500 ms", () =>
    Effect.gen(function*() {
      yield* openModal
      yield* Effect.flatMap(ConnectAttempt, (attempt) => attempt.choose({ _tag: "Installed", connectorId: evmConnector.id }))
      const failed = yield* attemptState
      assert.strictEqual(failed._tag, "Failed")
      assert.strictEqual(failed._tag === "Failed" ? failed.error._tag : undefined, "UserRejectedRequestError")
      assert.strictEqual(yield* view, "ConnectingExternal")
      assert.isTrue((yield* modalState).shaking)
      yield* TestClock.adjust(Constants.shakeMillis)
      assert.isFalse((yield* modalState).shaking)
    }).pipe(withFeatures({ clients: [fake(evmConnector, { connect: Effect.fail(rejected) }).client] })))

  it.effect("a WalletConnect attempt that gets no pairing URI fails at the relay deadline", () =>
    Effect.gen(function*() {
      yield* openModal
      const fiber = yield* Effect.forkChild(Effect.flatMap(ConnectAttempt, (attempt) => attempt.choose({ _tag: "WalletConnect" })))
      yield* TestClock.adjust(Constants.walletConnectUriTimeoutMillis - 1)
      assert.strictEqual((yield* attemptState)._tag, "Pending")
      assert.strictEqual(yield* view, "ConnectingWalletConnect")
      yield* TestClock.adjust(1)
      yield* Fiber.join(fiber)
      const failed = yield* attemptState
      assert.strictEqual(failed._tag === "Failed" ? failed.error._tag : failed._tag, "RelayUnreachableError")
      assert.isTrue((yield* connectionState).wcError)
    }).pipe(withFeatures({ walletConnect: silentRelay.client })))

  it.effect("the WalletConnect client's code loads on the visitor's intent, not when the modal opens", () => {
    let loads = 0
    const client = { ...silentRelay.client, prepare: () => void loads++ }
    return Effect.gen(function*() {
      yield* openModal
      yield* flush
      assert.strictEqual(loads, 0)
      yield* Effect.flatMap(ConnectAttempt, (attempt) => attempt.prepareWalletConnect)
      assert.strictEqual(loads, 1)
    }).pipe(withFeatures({ walletConnect: client }))
  })

  it.effect("basic mode shows only the QR view", () =>
    Effect.gen(function*() {
      yield* openModal
      yield* Effect.forkChild(Effect.flatMap(ConnectAttempt, (attempt) => attempt.choose({ _tag: "WalletConnect" })))
      yield* flush
      assert.strictEqual(yield* view, "ConnectingWalletConnectBasic")
    }).pipe(withFeatures({ walletConnect: silentRelay.client, config: { basicMode: true } })))

  it.effect("going back from a connecting view abandons its attempt and resets the connection", () =>
    Effect.gen(function*() {
      yield* openModal
      yield* Effect.forkChild(Effect.flatMap(ConnectAttempt, (attempt) => attempt.choose({ _tag: "WalletConnect" })))
      yield* flush
      assert.strictEqual((yield* connectionState).status, "connecting")
      yield* Effect.flatMap(Navigation, (navigation) => navigation.back)
      assert.strictEqual(yield* view, "Connect")
      assert.deepStrictEqual(yield* attemptState, { _tag: "Idle" })
      assert.strictEqual((yield* connectionState).status, "disconnected")
      // The deadline of the abandoned attempt never fires.
      yield* TestClock.adjust(Constants.walletConnectUriTimeoutMillis)
      assert.deepStrictEqual(yield* attemptState, { _tag: "Idle" })
    }).pipe(withFeatures({ walletConnect: silentRelay.client })))

  it.effect("a new attempt supersedes the one in flight", () =>
    Effect.gen(function*() {
      yield* openModal
      const attempt = yield* ConnectAttempt
      yield* Effect.forkChild(attempt.choose({ _tag: "WalletConnect" }))
      yield* flush
      yield* attempt.connect(evmConnector.id)
      assert.deepStrictEqual(yield* attemptState, { _tag: "Idle" })
      assert.isFalse((yield* modalState).open)
    }).pipe(withFeatures({
      walletConnect: silentRelay.client,
      clients: [fake(evmConnector, { connect: Effect.succeed(evmConnected) }).client]
    })))
})

describe("Navigation", () => {
  it.effect("opens on Connect for a new visitor and tracks the modal-open event", () => {
    const tracked: Array<Analytics.TrackedEvent> = []
    return Effect.gen(function*() {
      yield* openModal
      assert.strictEqual(yield* view, "Connect")
      yield* flush
      assert.deepStrictEqual(tracked, [{ event: "MODAL_OPEN", properties: { connected: false } }])
    }).pipe(withFeatures({ tracked }))
  })

  it.effect("a wallet moving to a network the host did not request brings up UnsupportedChain", () => {
    const wallet = fake(evmConnector, { connect: Effect.succeed(evmConnected) })
    return Effect.gen(function*() {
      yield* openModal
      yield* Effect.flatMap(ConnectAttempt, (attempt) => attempt.choose({ _tag: "Installed", connectorId: evmConnector.id }))
      assert.isFalse((yield* modalState).open)
      wallet.emit({ _tag: "ChainChanged", caipNetworkId: "eip155:1" })
      yield* TestClock.adjust(0)
      assert.strictEqual(yield* view, "UnsupportedChain")
      yield* Effect.flatMap(Navigation, (navigation) => navigation.close())
      yield* openModal
      assert.strictEqual(yield* view, "UnsupportedChain")
    }).pipe(withFeatures({ clients: [wallet.client] }))
  })
})

describe("Sending", () => {
  it.effect("the wallet moving to another network resets the send form; what follows the connection keeps it (spec §4)", () => {
    const wallet = fake(evmConnector, { connect: Effect.succeed(evmConnected) })
    const amount = Effect.flatMap(Sending, (sending) => Effect.map(SubscriptionRef.get(sending.form), (form) => form.sendTokenAmount))
    return Effect.gen(function*() {
      yield* openModal
      yield* Effect.flatMap(ConnectAttempt, (attempt) => attempt.choose({ _tag: "Installed", connectorId: evmConnector.id }))
      yield* Effect.flatMap(Sending, (sending) => sending.setAmount("1"))
      yield* flush
      assert.strictEqual(yield* amount, "1")
      wallet.emit({ _tag: "ChainChanged", caipNetworkId: "eip155:1" })
      yield* flush
      assert.strictEqual(yield* amount, undefined)
    }).pipe(withFeatures({ clients: [wallet.client] }))
  })
})

const transaction = (id: string, chain: string, spam = false): Transaction.Transaction => ({
  id,
  metadata: { minedAt: "2026-11-01T10:00:00.000Z", chain },
  transfers: spam ? [{ nft_info: { flags: { is_spam: true } } }] : []
})

/** Five one-transaction pages of history, cursors "1" to "4". */
const pageOf = (cursor: string | undefined) => {
  const index = cursor === undefined ? 0 : Number(cursor)
  return new Transaction.History({ data: [transaction(`t${index}`, "eip155:31337")], next: index < 4 ? String(index + 1) : null })
}

describe("Activity", () => {
  const account = { address: evmAddress, caipNetworkId: "eip155:31337" }
  const listOf = Effect.flatMap(Activity, (activity) =>
    Effect.map(SubscriptionRef.get(activity.lists), (lists) => lists.get(keyOf(account))))

  it.effect("loads the first page once, appends the next on 'more', and keeps only visible transactions", () => {
    const cursors: Array<string | undefined> = []
    const pages: Record<string, Transaction.History> = {
      first: new Transaction.History({ data: [transaction("a", "eip155:31337"), transaction("spam", "eip155:31337", true)], next: "page-2" }),
      "page-2": new Transaction.History({ data: [transaction("b", "eip155:31337"), transaction("other", "eip155:1")], next: null })
    }
    return Effect.gen(function*() {
      const activity = yield* Activity
      yield* activity.load(account)
      yield* activity.load(account)
      assert.deepStrictEqual((yield* listOf)?.transactions.map((entry) => entry.id), ["a"])
      assert.strictEqual((yield* listOf)?.next, "page-2")
      yield* activity.load(account, { more: true })
      const list = yield* listOf
      assert.deepStrictEqual(list?.transactions.map((entry) => entry.id), ["a", "b"])
      assert.strictEqual(list?.next, undefined)
      yield* activity.load(account, { more: true })
      assert.deepStrictEqual(cursors, [undefined, "page-2"])
    }).pipe(withFeatures({
      backend: {
        history: (_account, cursor) =>
          Effect.sync(() => {
            cursors.push(cursor)
            return pages[cursor ?? "first"] ?? new Transaction.History({ data: [], next: null })
          })
      }
    }))
  })

  it.effect("loadAll reads page after page until the history ends, within its page limit", () => {
    const cursors: Array<string | undefined> = []
    return Effect.gen(function*() {
      const activity = yield* Activity
      yield* activity.loadAll(account, 3)
      assert.deepStrictEqual(cursors, [undefined, "1", "2"])
      yield* activity.loadAll(account, 10)
      assert.deepStrictEqual((yield* listOf)?.transactions.map((entry) => entry.id), ["t0", "t1", "t2", "t3", "t4"])
      assert.strictEqual((yield* listOf)?.next, undefined)
    }).pipe(withFeatures({ backend: { history: (_account, cursor) => Effect.sync(() => (cursors.push(cursor), pageOf(cursor))) } }))
  })

  it.effect("a failed fetch marks the list empty with 'Failed to fetch transactions', and trying again reloads", () => {
    let calls = 0
    return Effect.gen(function*() {
      const activity = yield* Activity
      yield* activity.load(account)
      const failed = yield* listOf
      assert.isTrue(failed?.empty)
      assert.strictEqual(failed?.error?.message, "Failed to fetch transactions")
      yield* activity.load(account)
      const loaded = yield* listOf
      assert.strictEqual(loaded?.error, undefined)
      assert.deepStrictEqual(loaded?.transactions.map((entry) => entry.id), ["a"])
    }).pipe(withFeatures({
      backend: {
        history: () =>
          Effect.suspend(() => {
            calls += 1
            return calls === 1
              ? Effect.fail(new Backend.BackendRequestError({ reason: "UpstreamUnavailable", status: 503, message: "down" }))
              : Effect.succeed(new Transaction.History({ data: [transaction("a", "eip155:31337")], next: null }))
          })
      }
    }))
  })
})

/** The session account the EVM fake wallet connects as. */
const connectedAccount: Session.SessionAccount = {
  namespace: "eip155",
  address: evmAddress,
  allAccounts: [evmAddress],
  caipNetworkId: "eip155:31337",
  connectorId: evmConnector.id,
  connectorName: evmConnector.name,
  connectorType: evmConnector.type
}

describe("AccountData", () => {
  const account = connectedAccount
  const stateOf = Effect.flatMap(AccountData, (data) => Effect.map(SubscriptionRef.get(data.balances), (all) => all.get(keyOf(account))))
  const balances = new TokenBalance.Balances({
    balances: [{ name: "Ether", symbol: "ETH", chainId: "eip155:31337", iconUrl: "", quantity: { decimals: "18", numeric: "1.5" } }]
  })

  it.effect("after a failed fetch, no new fetch for 30 s, and 'Token Balance Unavailable' shows", () => {
    const calls: Array<boolean> = []
    return Effect.gen(function*() {
      yield* openModal
      const data = yield* AccountData
      yield* data.loadBalances(account)
      assert.strictEqual((yield* stateOf)?._tag, "Failed")
      assert.strictEqual((yield* modalState).toast?.message, "Token Balance Unavailable")
      yield* TestClock.adjust(Constants.tokenBalanceRetryGateMillis - 1)
      yield* data.loadBalances(account, { refresh: true })
      assert.strictEqual(calls.length, 1)
      yield* TestClock.adjust(1)
      yield* data.loadBalances(account)
      assert.strictEqual(calls.length, 2)
      assert.strictEqual((yield* stateOf)?._tag, "Loaded")
    }).pipe(withFeatures({
      backend: {
        balances: (_account, options) =>
          Effect.suspend(() => {
            calls.push(options?.force === true)
            return calls.length === 1
              ? Effect.fail(new Backend.BackendRequestError({ reason: "TimeoutError", message: "timed out" }))
              : Effect.succeed(balances)
          })
      }
    }))
  })

  it.effect("a wallet that discovers its assets (EIP-7811) is asked instead of the server", () => {
    const asked: Array<string> = []
    const wallet = {
      ...fake(evmConnector, { connect: Effect.succeed(evmConnected) }).client,
      request: (args: Connector.RequestArguments) =>
        Effect.sync(() => {
          asked.push(args.method)
          return args.method === "wallet_getCapabilities"
            ? { "0x7a69": { assetDiscovery: { supported: true } } }
            : { "0x7a69": [{ address: "native", balance: "0xde0b6b3a7640000", type: "native", metadata: { name: "Ether", symbol: "ETH", decimals: 18 } }] }
        })
    } satisfies Connector.ConnectorClient
    return Effect.gen(function*() {
      yield* Effect.flatMap(Connectors, (connectors) => connectors.discover)
      const data = yield* AccountData
      yield* data.loadBalances(account)
      const state = yield* stateOf
      assert.deepStrictEqual(asked, ["wallet_getCapabilities", "wallet_getAssets"])
      assert.strictEqual(state?._tag === "Loaded" ? state.balances.balances[0]?.quantity.numeric : state?._tag, "1")
    }).pipe(withFeatures({ clients: [wallet] }))
  })

  it.effect("loads once, and a refresh asks the server past its cache while the last balances stay shown", () => {
    const calls: Array<boolean> = []
    return Effect.gen(function*() {
      const data = yield* AccountData
      yield* data.loadBalances(account)
      yield* data.loadBalances(account)
      assert.deepStrictEqual(calls, [false])
      yield* data.loadBalances(account, { refresh: true })
      assert.deepStrictEqual(calls, [false, true])
      assert.strictEqual((yield* stateOf)?._tag, "Loaded")
    }).pipe(withFeatures({ backend: { balances: (_account, options) => Effect.sync(() => (calls.push(options?.force === true), balances)) } }))
  })
})

describe("typed failures on the live path", () => {
  it.effect("without an API URL, balances fail with BackendNotConfiguredError", () =>
    Effect.gen(function*() {
      const data = yield* AccountData
      const account = connectedAccount
      yield* data.loadBalances(account)
      const state = (yield* SubscriptionRef.get(data.balances)).get(keyOf(account))
      assert.strictEqual(state?._tag === "Failed" ? state.error.message : state?._tag, "No API URL configured")
    }).pipe(Effect.provide(Features.layer.pipe(
      Layer.provideMerge(Layer.mergeAll(environment(), Backend.Backend.layerNotConfigured))
    ))))

  it.effect("a host request without a connected account is EIP-1193's 4100 Unauthorized", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Effect.flatMap(WalletRequests, (requests) => requests.request("eip155", { method: "eth_chainId" })))
      assert.strictEqual(error._tag, "UnauthorizedError")
      assert.strictEqual(error._tag === "UnauthorizedError" ? error.code : 0, 4100)
    }).pipe(withFeatures()))

  it.effect("a host's wallet_sendCalls with a call missing `to` or with data not 0x-prefixed never reaches the wallet", () => {
    const asked: Array<unknown> = []
    return Effect.gen(function*() {
      yield* openModal
      yield* Effect.flatMap(ConnectAttempt, (attempt) => attempt.choose({ _tag: "Installed", connectorId: evmConnector.id }))
      const requests = yield* WalletRequests
      const noTo = yield* Effect.flip(requests.request("eip155", { method: "wallet_sendCalls", params: [{ calls: [{ to: evmAddress }, { data: "0x" }] }] }))
      assert.strictEqual(noTo._tag, "CallMissingToError")
      const notHex = yield* Effect.flip(requests.request("eip155", { method: "wallet_sendCalls", params: [{ calls: [{ to: evmAddress, data: "abcd" }] }] }))
      assert.strictEqual(notHex._tag, "CallDataNotHexError")
      yield* requests.request("eip155", { method: "wallet_sendCalls", params: [{ calls: [{ to: evmAddress, data: "0xabcd" }] }] })
      assert.deepStrictEqual(asked.length, 1)
    }).pipe(withFeatures({ clients: [signingWallet(asked)] }))
  })

  it.effect("switching to a network the host did not configure is NetworkNotFoundError, shown as a toast", () =>
    Effect.gen(function*() {
      yield* openModal
      const error = yield* Effect.flip(Effect.flatMap(NetworkSwitch, (networks) => networks.switchNetwork("eip155:999")))
      assert.strictEqual(error._tag, "NetworkNotFoundError")
      assert.strictEqual((yield* modalState).toast?.message, "Network not found")
    }).pipe(withFeatures()))

  it.effect("disconnecting every chain when a wallet refuses is 'Failed to disconnect chains', and the modal closes", () => {
    const tracked: Array<Analytics.TrackedEvent> = []
    const wallet = fake(evmConnector, { connect: Effect.succeed(evmConnected), disconnect: Effect.fail(rejected) })
    return Effect.gen(function*() {
      yield* openModal
      yield* Effect.flatMap(ConnectAttempt, (attempt) => attempt.choose({ _tag: "Installed", connectorId: evmConnector.id }))
      yield* openModal
      const error = yield* Effect.flip(Effect.flatMap(Disconnecting, (disconnecting) => disconnecting.disconnect()))
      assert.strictEqual(error.message, "Failed to disconnect chains")
      assert.isFalse((yield* modalState).open)
      yield* flush
      assert.include(tracked.map((event) => event.event), "DISCONNECT_ERROR")
    }).pipe(withFeatures({ clients: [wallet.client], tracked }))
  })
})

describe("WalletList", () => {
  it.effect("asks the registry for the configured chains and tracks a search", () => {
    const tracked: Array<Analytics.TrackedEvent> = []
    const queries: Array<Backend.WalletQuery> = []
    return Effect.gen(function*() {
      const list = yield* WalletList
      yield* list.page({ page: 1, search: "" })
      yield* list.page({ page: 1, search: "rain" })
      yield* flush
      assert.deepStrictEqual(queries.map((query) => query.chains), [["eip155:31337", "solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ"], ["eip155:31337", "solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ"]])
      assert.deepStrictEqual(tracked, [{ event: "SEARCH_WALLET", properties: { search: "rain" } }])
    }).pipe(withFeatures({
      tracked,
      backend: { wallets: (query) => Effect.sync(() => (queries.push(query), new WalletPage({ count: 0, data: [] }))) }
    }))
  })
})


describe("ConnectAttempt when the visitor acts during the prompt", () => {
  it.effect("'Try again' while the wallet is still asking does not ask a second time", () => {
    const approved = Deferred.makeUnsafe<Connector.Connected>()
    const wallet = fake(evmConnector, { connect: Deferred.await(approved) })
    return Effect.gen(function*() {
      yield* openModal
      const attempt = yield* ConnectAttempt
      const first = yield* Effect.forkChild(attempt.choose({ _tag: "Installed", connectorId: evmConnector.id }))
      yield* flush
      const again = yield* Effect.forkChild(attempt.connect(evmConnector.id))
      yield* flush
      yield* Deferred.succeed(approved, evmConnected)
      yield* Fiber.join(first)
      yield* Fiber.join(again)
      assert.deepStrictEqual(wallet.calls, ["connect"])
      assert.isFalse((yield* modalState).open)
    }).pipe(withFeatures({ clients: [wallet.client] }))
  })

  it.effect("approving in the wallet after the visitor closed the modal keeps the connection", () => {
    const approved = Deferred.makeUnsafe<Connector.Connected>()
    return Effect.gen(function*() {
      yield* openModal
      yield* Effect.forkChild(Effect.flatMap(ConnectAttempt, (attempt) => attempt.choose({ _tag: "Installed", connectorId: evmConnector.id })))
      yield* flush
      yield* Effect.flatMap(Navigation, (navigation) => navigation.close())
      yield* Deferred.succeed(approved, evmConnected)
      yield* flush
      const session = yield* Effect.flatMap(Session.Session, (s) => SubscriptionRef.get(s.state))
      assert.strictEqual(session.eip155?.address, evmAddress)
      assert.deepStrictEqual(yield* attemptState, { _tag: "Idle" })
      assert.isFalse((yield* modalState).open)
      assert.isFalse((yield* modalState).shaking)
    }).pipe(withFeatures({ clients: [fake(evmConnector, { connect: Deferred.await(approved) }).client] }))
  })

  it.effect("closing the modal stops a WalletConnect pairing nobody can scan any more", () =>
    Effect.gen(function*() {
      yield* openModal
      yield* Effect.forkChild(Effect.flatMap(ConnectAttempt, (attempt) => attempt.choose({ _tag: "WalletConnect" })))
      yield* flush
      yield* Effect.flatMap(Navigation, (navigation) => navigation.close())
      assert.deepStrictEqual(yield* attemptState, { _tag: "Idle" })
      assert.strictEqual((yield* connectionState).status, "disconnected")
    }).pipe(withFeatures({ walletConnect: silentRelay.client })))
})

/** A wallet that connects and signs whatever it is asked, recording each request. */
const signingWallet = (signatures: Array<unknown>) =>
  ({
    ...fake(evmConnector, { connect: Effect.succeed(evmConnected) }).client,
    request: (args: Connector.RequestArguments) =>
      Effect.sync(() => {
        signatures.push(args)
        return "0x" + "ab".repeat(65)
      })
  }) satisfies Connector.ConnectorClient

describe("Names", () => {
  it.effect("registers in the spec's steps: success view, wallet signature, server, then the profile is read again", () => {
    const signed: Array<unknown> = []
    const registered: Array<typeof Name.RegisterNameRequest.Type> = []
    const identityReads: Array<boolean> = []
    return Effect.gen(function*() {
      yield* openModal
      yield* Effect.flatMap(ConnectAttempt, (attempt) => attempt.choose({ _tag: "Installed", connectorId: evmConnector.id }))
      yield* openModal
      const names = yield* Names
      yield* Effect.flatMap(Navigation, (navigation) => navigation.push({ view: "RegisterAccountName" }))
      yield* names.register("Alice-1")
      assert.deepStrictEqual((yield* SubscriptionRef.get(names.registration)), { _tag: "Registered", name: "alice-1.portico.id" })
      assert.strictEqual(yield* view, "RegisterAccountNameSuccess")
      const [request] = registered
      assert.strictEqual(request?.coin_type, 60)
      assert.strictEqual(request?.address, evmAddress)
      const message = JSON.parse(request?.message ?? "{}") as { readonly name: string; readonly timestamp: number; readonly nonce: string }
      assert.strictEqual(message.name, "alice-1.portico.id")
      assert.match(message.nonce, /^[0-9a-f]{32}$/)
      // personal_sign of the exact message text, by the connected address.
      assert.deepStrictEqual(signed, [{ method: "personal_sign", params: [stringToHex(request?.message ?? ""), evmAddress] }])
      assert.deepStrictEqual(identityReads, [true])
    }).pipe(withFeatures({
      clients: [signingWallet(signed)],
      backend: {
        registerName: (request) => Effect.sync(() => (registered.push(request), new Name.RegisterNameResult({ success: true, name: "alice-1.portico.id" }))),
        identity: (_address, options) => Effect.sync(() => (identityReads.push(options?.force === true), new Identity({ name: "alice-1.portico.id", avatar: null })))
      }
    }))
  })

  it.effect("a refused registration goes back to the register view with the server's error", () =>
    Effect.gen(function*() {
      yield* openModal
      yield* Effect.flatMap(ConnectAttempt, (attempt) => attempt.choose({ _tag: "Installed", connectorId: evmConnector.id }))
      yield* openModal
      yield* Effect.flatMap(Navigation, (navigation) => navigation.push({ view: "RegisterAccountName" }))
      const names = yield* Names
      yield* names.register("taken-name")
      const registration = yield* SubscriptionRef.get(names.registration)
      assert.strictEqual(registration._tag === "Failed" ? registration.error._tag : registration._tag, "BackendRequestError")
      assert.strictEqual(yield* view, "RegisterAccountName")
    }).pipe(withFeatures({
      clients: [signingWallet([])],
      backend: { registerName: () => Effect.fail(new Backend.BackendRequestError({ reason: "Conflict", status: 409, message: "name: taken-name.portico.id is already taken" })) }
    })))

  it.effect("a name breaking the §5 rules is refused before any wallet is asked", () => {
    const signed: Array<unknown> = []
    return Effect.gen(function*() {
      const names = yield* Names
      yield* names.register("ab")
      const registration = yield* SubscriptionRef.get(names.registration)
      assert.strictEqual(registration._tag === "Failed" ? registration.error._tag : registration._tag, "NameTooShortError")
      yield* names.register("no spaces")
      const again = yield* SubscriptionRef.get(names.registration)
      assert.strictEqual(again._tag === "Failed" ? again.error._tag : again._tag, "NameInvalidCharactersError")
      assert.deepStrictEqual(signed, [])
      const error = yield* Effect.flip(names.suggestions("a b"))
      assert.strictEqual(error._tag, "NameInvalidCharactersError")
    }).pipe(withFeatures({ clients: [signingWallet(signed)] }))
  })

  it.effect("a send's receiver typed as a name resolves to its address and avatar; a name with no address there is refused", () =>
    Effect.gen(function*() {
      yield* openModal
      yield* Effect.flatMap(ConnectAttempt, (attempt) => attempt.choose({ _tag: "Installed", connectorId: evmConnector.id }))
      const sending = yield* Sending
      yield* sending.setReceiver("Alice.portico.id")
      const form = yield* SubscriptionRef.get(sending.form)
      assert.strictEqual(form.receiverAddress, evmAddress)
      assert.strictEqual(form.receiverProfileName, "Alice.portico.id")
      assert.strictEqual(form.receiverProfileImageUrl, "https://avatar.example/alice.png")
      const error = yield* Effect.flip(sending.setReceiver("bob.portico.id"))
      assert.strictEqual(error._tag, "InvalidReceiverError")
      const broken = yield* Effect.flip(sending.setReceiver("down.portico.id"))
      assert.strictEqual(broken.message, "Error resolving name")
      // A name the server knows but with no address on this namespace is refused as such.
      const unknown = yield* Effect.flip(sending.setReceiver("nobody.eth"))
      assert.strictEqual(unknown.message, "No eip155 address for nobody.eth")
    }).pipe(withFeatures({
      clients: [fake(evmConnector, { connect: Effect.succeed(evmConnected) }).client],
      backend: {
        lookupName: (name) =>
          name === "down.portico.id"
            ? Effect.fail(new Backend.BackendRequestError({ reason: "TimeoutError", message: "timed out" }))
            : Effect.succeed(new Name.NameAccount({
              name,
              registered: "",
              updated: "",
              addresses: name === "alice.portico.id" ? { "60": { address: evmAddress, created: "" } } : {},
              attributes: { avatar: "https://avatar.example/alice.png" }
            }))
      }
    })))
})
