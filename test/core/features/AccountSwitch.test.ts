/**
 * Several accounts per namespace (issue 28) over the connection, session and request machinery: every
 * account the wallet exposes is kept, the visitor switches between them, the wallet's own changes are
 * followed, a reload keeps the visitor's pick, and a request that signs names the active account.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as BrowserStorage from "../../../app/BrowserStorage.ts"
import * as Connection from "../../../core/Connection.ts"
import type * as Connector from "../../../core/Connector.ts"
import { Connectors } from "../../../core/connectors/Connectors.ts"
import { AccountSwitch } from "../../../core/features/AccountSwitch.ts"
import { WalletRequests } from "../../../core/features/WalletRequests.ts"
import * as Modal from "../../../core/Modal.ts"
import * as Session from "../../../core/Session.ts"
import * as WalletError from "../../../core/WalletError.ts"
import { connectorsOf, evmAddress, evmConnector, fake, memoryWebStorage, solAddress, solConnector, solNetwork } from "../support/Wallets.ts"

const second = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const secondSol = "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T"
const twoEvm: Connector.Connected = { namespace: "eip155", accounts: [evmAddress, second], caipNetworkId: "eip155:31337" }
const twoSol: Connector.Connected = { namespace: "solana", accounts: [solAddress, secondSol], caipNetworkId: solNetwork }

const layer = (clients: ReadonlyArray<Connector.ConnectorClient>, webStorage: globalThis.Storage) => {
  const base = Layer.mergeAll(
    BrowserStorage.layerWebStorage(webStorage),
    Modal.Modal.layer,
    connectorsOf(clients)
  )
  const machines = Layer.provideMerge(Connection.Connection.layer, Layer.provideMerge(Session.Session.layer, base))
  return Layer.provideMerge(Layer.merge(AccountSwitch.layer, WalletRequests.layer), machines)
}

type Services = Layer.Success<ReturnType<typeof layer>>

const run = (clients: ReadonlyArray<Connector.ConnectorClient>, webStorage = memoryWebStorage()) =>
  <A, E>(effect: Effect.Effect<A, E, Services>) =>
    Effect.gen(function*() {
      yield* Effect.flatMap(Connectors, (connectors) => connectors.discover)
      return yield* effect
    }).pipe(Effect.provide(layer(clients, webStorage)))

const session = Effect.flatMap(Session.Session, (s) => SubscriptionRef.get(s.state))
const connect = (id: string) => Effect.flatMap(Connection.Connection, (connection) => connection.connect(id))
const request = (args: Connector.RequestArguments) => Effect.flatMap(WalletRequests, (requests) => requests.request("eip155", args))
const select = (namespace: Session.SessionNamespace, address: string) =>
  Effect.flatMap(AccountSwitch, (feature) => feature.selectAccount(namespace, address))

describe("AccountSwitch", () => {
  it.effect("keeps every account the wallet exposes, in its order, its first active; switching makes another active", () => {
    const evm = fake(evmConnector, { connect: Effect.succeed({ ...twoEvm, accounts: [evmAddress, second, evmAddress.toUpperCase().replace("0X", "0x")] }) })
    return run([evm.client])(Effect.gen(function*() {
      yield* connect(evmConnector.id)
      assert.deepStrictEqual((yield* session).eip155?.allAccounts, [evmAddress, second])
      assert.strictEqual((yield* session).eip155?.address, evmAddress)
      yield* select("eip155", second.toLowerCase())
      // The wallet's spelling is kept, the list unchanged.
      assert.strictEqual((yield* session).eip155?.address, second)
      assert.deepStrictEqual((yield* session).eip155?.allAccounts, [evmAddress, second])
    }))
  })

  it.effect("an account the wallet did not expose is refused with 4100 and changes nothing", () => {
    const evm = fake(evmConnector, { connect: Effect.succeed(twoEvm) })
    return run([evm.client])(Effect.gen(function*() {
      yield* connect(evmConnector.id)
      const refused = yield* Effect.flip(select("eip155", "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"))
      assert.instanceOf(refused, WalletError.UnauthorizedError)
      assert.strictEqual(refused.code, 4100)
      assert.strictEqual((yield* session).eip155?.address, evmAddress)
      const modal = yield* Effect.flatMap(Modal.Modal, (m) => SubscriptionRef.get(m.state))
      assert.strictEqual(modal.toast?.errorTag, "UnauthorizedError")
    }))
  })

  it.effect("a wallet whose requests name no account (Wallet Standard) is told which one signs", () => {
    const told: Array<string> = []
    const sol = fake(solConnector, {
      connect: Effect.succeed(twoSol),
      selectAccount: (_namespace, address) => Effect.sync(() => void told.push(address))
    })
    return run([sol.client])(Effect.gen(function*() {
      yield* connect(solConnector.id)
      yield* select("solana", secondSol)
      assert.deepStrictEqual(told, [secondSol])
      assert.strictEqual((yield* session).solana?.address, secondSol)
    }))
  })

  it.effect("the wallet's own account change is followed: its new list, its first account", () => {
    const evm = fake(evmConnector, { connect: Effect.succeed(twoEvm) })
    return run([evm.client])(Effect.gen(function*() {
      yield* connect(evmConnector.id)
      evm.emit({ _tag: "AccountsChanged", accounts: [second, evmAddress] })
      yield* Effect.yieldNow
      assert.strictEqual((yield* session).eip155?.address, second)
      assert.deepStrictEqual((yield* session).eip155?.allAccounts, [second, evmAddress])
      // One malformed account in the list ends the namespace's session, as at connection.
      evm.emit({ _tag: "AccountsChanged", accounts: [second, "0xnot-an-address"] })
      yield* Effect.yieldNow
      assert.strictEqual((yield* session).eip155, undefined)
    }))
  })

  it.effect("after a reload the visitor's pick stays active while the wallet still lists it; a disconnect clears the accounts", () => {
    const webStorage = memoryWebStorage()
    const evm = fake(evmConnector, { connect: Effect.succeed(twoEvm), reconnect: Effect.succeed(twoEvm), disconnect: Effect.void })
    return Effect.gen(function*() {
      yield* run([evm.client], webStorage)(Effect.gen(function*() {
        yield* connect(evmConnector.id)
        yield* select("eip155", second)
      }))
      yield* run([evm.client], webStorage)(Effect.gen(function*() {
        yield* Effect.flatMap(Connection.Connection, (connection) => connection.restore)
        assert.strictEqual((yield* session).eip155?.address, second)
        assert.deepStrictEqual((yield* session).eip155?.allAccounts, [evmAddress, second])
        yield* Effect.flatMap(Connection.Connection, (connection) => connection.disconnect())
        assert.deepStrictEqual(yield* session, Session.empty)
      }))
    })
  })
})

describe("requests that sign name the active account", () => {

  it.effect("a transaction without `from` is sent from the active account; one naming an unexposed account never reaches the wallet", () => {
    const asked: Array<Connector.RequestArguments> = []
    const evm = fake(evmConnector, { connect: Effect.succeed(twoEvm), request: (args) => Effect.sync(() => asked.push(args)).pipe(Effect.as("0xhash")) })
    return run([evm.client])(Effect.gen(function*() {
      yield* connect(evmConnector.id)
      yield* select("eip155", second)
      yield* request({ method: "eth_sendTransaction", params: [{ to: evmAddress, value: "0x1" }] })
      assert.deepStrictEqual(asked.at(-1)?.params, [{ to: evmAddress, value: "0x1", from: second }])
      yield* request({ method: "personal_sign", params: ["0x68", second.toLowerCase()] })
      assert.strictEqual(asked.length, 2)
      const refused = yield* Effect.flip(request({ method: "personal_sign", params: ["0x68", "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"] }))
      assert.instanceOf(refused, WalletError.UnauthorizedError)
      const refusedTyped = yield* Effect.flip(request({ method: "eth_signTypedData_v4", params: ["0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", "{}"] }))
      assert.instanceOf(refusedTyped, WalletError.UnauthorizedError)
      assert.strictEqual(asked.length, 2)
    }))
  })

  it.effect("a wallet that refuses to sign for an account other than its own selection fails with the typed 4100", () => {
    const evm = fake(evmConnector, {
      connect: Effect.succeed(twoEvm),
      request: () => Effect.fail(new WalletError.UnauthorizedError({ code: 4100, message: "The requested account has not been authorized" }))
    })
    return run([evm.client])(Effect.gen(function*() {
      yield* connect(evmConnector.id)
      yield* select("eip155", second)
      const refused = yield* Effect.flip(request({ method: "eth_sendTransaction", params: [{ from: second, to: evmAddress }] }))
      assert.instanceOf(refused, WalletError.UnauthorizedError)
      assert.strictEqual(refused.code, 4100)
    }))
  })
})
