import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { TestClock } from "effect/testing"
import * as Connection from "../../core/Connection.ts"
import type * as Connector from "../../core/Connector.ts"
import { Connectors } from "../../core/connectors/Connectors.ts"
import * as Networks from "../../core/Networks.ts"
import * as Session from "../../core/Session.ts"
import * as Storage from "../../core/Storage.ts"
import * as StorageKey from "../../core/StorageKey.ts"
import { connectorsOf, evmAddress, evmConnected, evmConnector, fake, memoryWebStorage, networks, rejected, solAddress, solConnected, solConnector } from "./support/Wallets.ts"
import * as BrowserStorage from "../../app/BrowserStorage.ts"

const layer = (clients: ReadonlyArray<Connector.ConnectorClient>, webStorage: globalThis.Storage = memoryWebStorage()) => {
  const storage = BrowserStorage.layerWebStorage(webStorage)
  const base = Layer.mergeAll(
    storage,
    connectorsOf(clients)
  )
  const withSession = Layer.provideMerge(Session.Session.layer, base)
  return Layer.provideMerge(Connection.Connection.layer, Layer.provideMerge(Networks.Networks.layer(networks), withSession))
}

type Services = Connection.Connection | Session.Session | Networks.Networks | Connectors | Storage.Storage

const connectionState = Effect.flatMap(Connection.Connection, (c) => SubscriptionRef.get(c.state))
const sessionState = Effect.flatMap(Session.Session, (s) => SubscriptionRef.get(s.state))
const discover = Effect.flatMap(Connectors, (c) => c.discover)

const withLayer = (clients: ReadonlyArray<Connector.ConnectorClient>, webStorage?: globalThis.Storage) =>
  <A, E>(effect: Effect.Effect<A, E, Services>) => effect.pipe(Effect.provide(layer(clients, webStorage)))

describe("Connection state machine (pure)", () => {
  it("reset clears the URI, expiry, linking and recent wallet and sets disconnected", () => {
    const state = Connection.succeeded(
      Connection.paired(Connection.connecting({ wcError: false, buffering: false, status: "disconnected" }), "wc:abc", 5),
      { recentWallet: { id: "w", name: "W" }, linking: { name: "W", href: "w://" } }
    )
    assert.strictEqual(state.status, "connected")
    assert.deepStrictEqual(state.wcLinking, { name: "W", href: "w://" })
    const withUri = Connection.paired(state, "wc:def", 10)
    const reset = Connection.failed(withUri)
    assert.deepStrictEqual(reset, { wcError: true, buffering: false, status: "disconnected" })
  })
})

describe("Connection service", () => {
  it.effect("connecting then connected: the session, network, recent wallet and storage follow", () => {
    const evm = fake(evmConnector, { connect: Effect.succeed(evmConnected) })
    return withLayer([evm.client])(Effect.gen(function*() {
      yield* discover
      const connection = yield* Connection.Connection
      const result = yield* connection.connect("com.demo.evm")
      assert.deepStrictEqual(result, evmConnected)
      const state = yield* connectionState
      assert.strictEqual(state.status, "connected")
      assert.deepStrictEqual(state.recentWallet, { id: "com.demo.evm", name: "Demo EVM" })
      const session = yield* sessionState
      assert.strictEqual(Session.activeAccount(session)?.address, evmAddress)
      const storage = yield* Storage.Storage
      assert.strictEqual(yield* storage.get(StorageKey.connectionStatus), "connected")
      assert.strictEqual(yield* storage.get(StorageKey.walletId), "com.demo.evm")
      assert.deepStrictEqual(yield* storage.get(StorageKey.recentWallets), [{ id: "com.demo.evm", name: "Demo EVM", rdns: "com.demo.evm" }])
    }))
  })

  it.effect("a rejection leaves the machine disconnected with the wallet's error", () => {
    const evm = fake(evmConnector, { connect: Effect.fail(rejected) })
    return withLayer([evm.client])(Effect.gen(function*() {
      yield* discover
      const connection = yield* Connection.Connection
      const error = yield* Effect.flip(connection.connect("com.demo.evm"))
      assert.strictEqual(error._tag, "UserRejectedRequestError")
      const state = yield* connectionState
      assert.strictEqual(state.status, "disconnected")
      assert.isTrue(state.wcError)
      assert.strictEqual(Session.accounts(yield* sessionState).length, 0)
    }))
  })

  it.effect("an unknown connector id fails with ConnectorNotFound", () =>
    withLayer([])(Effect.gen(function*() {
      const connection = yield* Connection.Connection
      const error = yield* Effect.flip(connection.connect("nope"))
      assert.strictEqual(error._tag, "ConnectorNotFound")
    })))

  it.effect("a pairing URI is shown with a 4 minute expiry and stays valid with 10 s left", () => {
    const wc = fake({ id: "walletConnect", name: "WalletConnect", chain: "eip155", type: "WALLET_CONNECT" }, {})
    return Effect.gen(function*() {
      const approve = yield* Deferred.make<Connector.Connected>()
      const client: Connector.ConnectorClient = {
        ...wc.client,
        connect: () =>
          Effect.suspend(() => {
            wc.emit({ _tag: "DisplayUri", uri: "wc:topic@2?relay-protocol=irn&symKey=abc" })
            return Deferred.await(approve)
          })
      }
      yield* withLayer([client])(Effect.gen(function*() {
        yield* discover
        const connection = yield* Connection.Connection
        yield* TestClock.setTime(1_000)
        const fiber = yield* Effect.forkChild(connection.connect("walletConnect"))
        yield* Effect.yieldNow
        const pending = yield* connectionState
        assert.strictEqual(pending.status, "connecting")
        assert.strictEqual(pending.wcUri, "wc:topic@2?relay-protocol=irn&symKey=abc")
        assert.strictEqual(pending.wcPairingExpiry, 1_000 + 240_000)
        assert.isFalse(yield* connection.isPairingExpired)
        yield* TestClock.adjust(230_000) // exactly 10 s left: still valid
        assert.isFalse(yield* connection.isPairingExpired)
        yield* Deferred.succeed(approve, { ...evmConnected, linking: "demowallet://" })
        yield* Fiber.join(fiber)
        const done = yield* connectionState
        assert.strictEqual(done.wcUri, undefined)
        assert.deepStrictEqual(done.wcLinking, { name: "WalletConnect", href: "demowallet://" })
      }))
    })
  })

  it.effect("an unscanned pairing is refreshed with a new URI when it nears expiry", () => {
    const wc = fake({ id: "walletConnect", name: "WalletConnect", chain: "eip155", type: "WALLET_CONNECT" }, {})
    let attempts = 0
    const client: Connector.ConnectorClient = {
      ...wc.client,
      connect: () =>
        Effect.suspend(() => {
          attempts += 1
          wc.emit({ _tag: "DisplayUri", uri: `wc:attempt-${attempts}` })
          return Effect.never
        })
    }
    return withLayer([client])(Effect.gen(function*() {
      yield* discover
      const connection = yield* Connection.Connection
      yield* TestClock.setTime(0)
      const fiber = yield* Effect.forkChild(connection.connect("walletConnect"))
      yield* Effect.yieldNow
      assert.strictEqual((yield* connectionState).wcUri, "wc:attempt-1")
      yield* TestClock.adjust(230_000)
      assert.strictEqual((yield* connectionState).wcUri, "wc:attempt-1")
      yield* TestClock.adjust(1)
      yield* Effect.yieldNow
      const refreshed = yield* connectionState
      assert.strictEqual(refreshed.wcUri, "wc:attempt-2")
      assert.strictEqual(refreshed.wcPairingExpiry, 230_001 + 240_000)
      assert.strictEqual(refreshed.status, "connecting")
      yield* Fiber.interrupt(fiber)
      assert.strictEqual((yield* connectionState).status, "disconnected")
    }))
  })

  it.effect("keeps at most 2 recent wallets, newest first", () => {
    const a = fake({ ...evmConnector, id: "a", name: "A" }, { connect: Effect.succeed(evmConnected) })
    const b = fake({ ...evmConnector, id: "b", name: "B" }, { connect: Effect.succeed(evmConnected) })
    const c = fake({ ...evmConnector, id: "c", name: "C" }, { connect: Effect.succeed(evmConnected) })
    return withLayer([a.client, b.client, c.client])(Effect.gen(function*() {
      yield* discover
      const connection = yield* Connection.Connection
      for (const id of ["a", "b", "c", "b"]) yield* connection.connect(id)
      const recent = yield* SubscriptionRef.get(connection.recentWallets)
      assert.deepStrictEqual(recent.map((w) => w.id), ["b", "c"])
    }))
  })

  it.effect("holds an EVM and a Solana account at once; disconnecting one keeps the other", () => {
    const evm = fake(evmConnector, { connect: Effect.succeed(evmConnected), disconnect: Effect.void })
    const sol = fake(solConnector, { connect: Effect.succeed(solConnected), disconnect: Effect.void })
    return withLayer([evm.client, sol.client])(Effect.gen(function*() {
      yield* discover
      const connection = yield* Connection.Connection
      yield* connection.connect(evmConnector.id)
      yield* connection.connect(solConnector.id)
      const both = yield* sessionState
      assert.strictEqual(both.eip155?.address, evmAddress)
      assert.strictEqual(both.solana?.address, solAddress)
      assert.strictEqual(both.activeNamespace, "solana")
      yield* connection.disconnect("solana")
      const after = yield* sessionState
      assert.strictEqual(after.solana, undefined)
      assert.strictEqual(after.activeNamespace, "eip155")
      assert.strictEqual((yield* connectionState).status, "connected")
      assert.deepStrictEqual(sol.calls, ["connect", "disconnect"])
    }))
  })

  it.effect("one authorisation with EVM and Solana accounts (WalletConnect): both join; disconnecting one releases only it", () => {
    const wc = fake({ id: "walletConnect", name: "WalletConnect", chain: "eip155", type: "WALLET_CONNECT" }, {
      connect: Effect.succeed({ ...evmConnected, also: [solConnected] }),
      release: () => Effect.void
    })
    return withLayer([wc.client])(Effect.gen(function*() {
      yield* discover
      const connection = yield* Connection.Connection
      yield* connection.connect("walletConnect")
      const both = yield* sessionState
      assert.strictEqual(both.eip155?.address, evmAddress)
      assert.strictEqual(both.solana?.address, solAddress)
      // The primary namespace joins last and is the active one.
      assert.strictEqual(both.activeNamespace, "eip155")
      // A Solana event moves the Solana account only.
      const otherSolana = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
      wc.emit({ _tag: "AccountsChanged", namespace: "solana", accounts: [otherSolana] })
      yield* Effect.yieldNow
      const moved = yield* sessionState
      assert.strictEqual(moved.eip155?.address, evmAddress)
      assert.strictEqual(moved.solana?.address, otherSolana)
      yield* connection.disconnect("eip155")
      assert.deepStrictEqual(wc.calls, ["connect", "release:eip155"])
      yield* connection.disconnect()
      assert.deepStrictEqual(wc.calls, ["connect", "release:eip155", "release:solana"])
    }))
  })

  it.effect("a full disconnect clears the session and cached login data; a refusing wallet still ends ours", () => {
    const evm = fake(evmConnector, { connect: Effect.succeed(evmConnected), disconnect: Effect.fail(rejected) })
    return withLayer([evm.client])(Effect.gen(function*() {
      yield* discover
      const connection = yield* Connection.Connection
      const storage = yield* Storage.Storage
      yield* connection.connect(evmConnector.id)
      yield* storage.set(StorageKey.emailLogin, true)
      const error = yield* Effect.flip(connection.disconnect())
      assert.strictEqual(error.message, "Failed to disconnect chains")
      assert.strictEqual(Session.accounts(yield* sessionState).length, 0)
      assert.strictEqual((yield* connectionState).status, "disconnected")
      assert.strictEqual(yield* storage.get(StorageKey.connectionStatus), "disconnected")
      assert.strictEqual(yield* storage.get(StorageKey.walletId), null)
      assert.isFalse(yield* storage.get(StorageKey.emailLogin))
      assert.deepStrictEqual(yield* storage.get(Session.storageKey), {})
    }))
  })

  it.effect("after a reload both accounts are restored without a prompt; a wallet that no longer grants is dropped", () => {
    const webStorage = memoryWebStorage()
    const evm = fake(evmConnector, { connect: Effect.succeed(evmConnected), reconnect: Effect.succeed(evmConnected) })
    const sol = fake(solConnector, { connect: Effect.succeed(solConnected), reconnect: Effect.fail(rejected) })
    return Effect.gen(function*() {
      yield* withLayer([evm.client, sol.client], webStorage)(Effect.gen(function*() {
        yield* discover
        const connection = yield* Connection.Connection
        yield* connection.connect(evmConnector.id)
        yield* connection.connect(solConnector.id)
      }))
      // A new page: fresh services over the same storage.
      yield* withLayer([evm.client, sol.client], webStorage)(Effect.gen(function*() {
        assert.strictEqual(Session.accounts(yield* sessionState).length, 0)
        const connection = yield* Connection.Connection
        yield* connection.restore
        const restored = yield* sessionState
        assert.strictEqual(restored.eip155?.address, evmAddress)
        assert.strictEqual(restored.solana, undefined)
        assert.strictEqual(restored.activeNamespace, "eip155")
        assert.strictEqual((yield* connectionState).status, "connected")
        assert.deepStrictEqual(evm.calls, ["connect", "reconnect"])
      }))
    })
  })

  it.effect("restore waits a moment for a wallet that announces itself late", () => {
    const webStorage = memoryWebStorage()
    const evm = fake(evmConnector, { connect: Effect.succeed(evmConnected), reconnect: Effect.succeed(evmConnected) })
    return Effect.gen(function*() {
      yield* withLayer([evm.client], webStorage)(Effect.gen(function*() {
        yield* discover
        yield* (yield* Connection.Connection).connect(evmConnector.id)
      }))
      // The next page's wallet announces 300 ms after discovery starts.
      let announce: ((clients: ReadonlyArray<Connector.ConnectorClient>) => void) | undefined
      const late = Layer.provideMerge(
        Connection.Connection.layer,
        Layer.provideMerge(
          Session.Session.layer,
          Layer.mergeAll(
            BrowserStorage.layerWebStorage(webStorage),
            Connectors.layer({
              eip6963: () => () => undefined,
              walletStandard: (onChange) => {
                announce = onChange
                return () => undefined
              },
              walletConnect: undefined
            })
          )
        )
      )
      yield* Effect.gen(function*() {
        const connection = yield* Connection.Connection
        const fiber = yield* Effect.forkChild(connection.restore)
        yield* TestClock.adjust(300)
        announce?.([evm.client])
        yield* TestClock.adjust(100)
        yield* Fiber.join(fiber)
        assert.strictEqual((yield* sessionState).eip155?.address, evmAddress)
      }).pipe(Effect.provide(late))
    })
  })

  it.effect("wallet events: a chain change moves the network; an empty account list forgets the account", () => {
    const evm = fake(evmConnector, { connect: Effect.succeed(evmConnected) })
    return withLayer([evm.client])(Effect.gen(function*() {
      yield* discover
      const connection = yield* Connection.Connection
      const networksService = yield* Networks.Networks
      yield* connection.connect(evmConnector.id)
      evm.emit({ _tag: "ChainChanged", caipNetworkId: "eip155:10" })
      yield* Effect.yieldNow
      assert.strictEqual((yield* sessionState).eip155?.caipNetworkId, "eip155:10")
      // The session is the one owner of the account's network; what the host sees follows it.
      assert.strictEqual(Networks.activeNetworkId(yield* sessionState, yield* SubscriptionRef.get(networksService.state)), "eip155:10")
      evm.emit({ _tag: "AccountsChanged", accounts: [] })
      yield* Effect.yieldNow
      assert.strictEqual((yield* sessionState).eip155, undefined)
    }))
  })

  it.effect("every connector's accounts pass one check: malformed, badly checksummed or mismatched ones are refused", () => {
    const answers: ReadonlyArray<Connector.Connected> = [
      { ...evmConnected, accounts: ["0xnot-an-address"] },
      // EIP-55: mixed case with a wrong checksum.
      { ...evmConnected, accounts: ["0x70997970c51812dc3a010C7d01b50e0d17dc79C8"] },
      { ...evmConnected, accounts: [] },
      { ...evmConnected, caipNetworkId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" },
      { ...solConnected, accounts: ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8"] }
    ]
    return Effect.forEach(answers, (answer) => {
      const wallet = fake(answer.namespace === "solana" ? solConnector : evmConnector, { connect: Effect.succeed(answer) })
      return withLayer([wallet.client])(Effect.gen(function*() {
        yield* discover
        const error = yield* Effect.flip((yield* Connection.Connection).connect(wallet.client.connector.id))
        assert.strictEqual(error._tag, "InvalidAccountError")
        assert.deepStrictEqual(Session.accounts(yield* sessionState), [])
      }))
    }, { discard: true })
  })

  it.effect("an accountsChanged event with a malformed address ends the session of that namespace", () => {
    const evm = fake(evmConnector, { connect: Effect.succeed(evmConnected) })
    return withLayer([evm.client])(Effect.gen(function*() {
      yield* discover
      yield* (yield* Connection.Connection).connect(evmConnector.id)
      evm.emit({ _tag: "AccountsChanged", accounts: ["<img src=x>"] })
      yield* Effect.yieldNow
      assert.strictEqual((yield* sessionState).eip155, undefined)
    }))
  })

  it.effect("a connector speaking for many wallets names the account after the wallet it reached", () => {
    const relay: Connector.Connector = { id: "walletConnect", name: "WalletConnect", chain: "eip155", type: "WALLET_CONNECT" }
    const icon = "https://wallet.example/icon.png"
    const reached = fake(relay, { connect: Effect.succeed({ ...evmConnected, wallet: { name: "Demo Mobile Wallet", icon } }) })
    const unsafe = fake(relay, { connect: Effect.succeed({ ...evmConnected, wallet: { name: "Sly", icon: "javascript:alert(1)" } }) })
    return Effect.gen(function*() {
      yield* withLayer([reached.client])(Effect.gen(function*() {
        yield* discover
        yield* (yield* Connection.Connection).connect(relay.id)
        const account = (yield* sessionState).eip155
        assert.strictEqual(account?.connectorName, "Demo Mobile Wallet")
        assert.strictEqual(account?.connectorImageUrl, icon)
      }))
      yield* withLayer([unsafe.client])(Effect.gen(function*() {
        yield* discover
        yield* (yield* Connection.Connection).connect(relay.id)
        const account = (yield* sessionState).eip155
        assert.strictEqual(account?.connectorName, "Sly")
        assert.strictEqual(account?.connectorImageUrl, undefined)
      }))
    })
  })
})
