/**
 * Inside a mini-app host the host's wallet is connected on load with no modal and no click (its account
 * and chain in the session, the wallet listed); an EVM account the session already holds is kept; outside
 * a host nothing is connected and the host is asked once at most.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as BrowserStorage from "../../app/BrowserStorage.ts"
import * as Connection from "../../core/Connection.ts"
import type * as Connector from "../../core/Connector.ts"
import { Connectors } from "../../core/connectors/Connectors.ts"
import * as MiniApp from "../../core/connectors/MiniApp.ts"
import * as Networks from "../../core/Networks.ts"
import * as Session from "../../core/Session.ts"
import { connectorsOf, evmConnected, evmConnector, fake, memoryWebStorage, networks, rejected } from "./support/Wallets.ts"

const hostAccount = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8"

const layer = (options: { readonly hosted?: Effect.Effect<Option.Option<Connector.ConnectorClient>>; readonly clients?: ReadonlyArray<Connector.ConnectorClient>; readonly storage?: globalThis.Storage }) => {
  const base = Layer.mergeAll(BrowserStorage.layerWebStorage(options.storage ?? memoryWebStorage()), connectorsOf(options.clients ?? [], options.hosted))
  const withSession = Layer.provideMerge(Session.Session.layer, base)
  return Layer.provideMerge(Connection.Connection.layer, Layer.provideMerge(Networks.Networks.layer(networks), withSession))
}

const hostWallet = (connect: Effect.Effect<Connector.Connected, Connector.ConnectorFailure>) =>
  fake(MiniApp.connector, { connect, disconnect: Effect.void })

const onLoad = Effect.gen(function*() {
  const connection = yield* Connection.Connection
  yield* connection.restore
  yield* connection.connectHosted
  return yield* SubscriptionRef.get((yield* Session.Session).state)
})

describe("the mini-app host's wallet", () => {
  it.effect("connects on load with the host's account and chain, and is listed", () => {
    const host = hostWallet(Effect.succeed({ namespace: "eip155", accounts: [hostAccount], caipNetworkId: "eip155:31338" }))
    let asked = 0
    const hosted = Effect.sync(() => {
      asked += 1
      return Option.some(host.client)
    })
    return Effect.gen(function*() {
      const session = yield* onLoad
      assert.strictEqual(session.eip155?.address, hostAccount)
      assert.strictEqual(session.eip155?.caipNetworkId, "eip155:31338")
      assert.strictEqual(session.eip155?.connectorId, MiniApp.connector.id)
      assert.strictEqual((yield* SubscriptionRef.get((yield* Connection.Connection).state)).status, "connected")
      const listed = (yield* SubscriptionRef.get((yield* Connectors).state)).clients.map((client) => client.connector.id)
      assert.include(listed, MiniApp.connector.id)
      yield* (yield* Connection.Connection).connectHosted
      assert.strictEqual(asked, 1)
      assert.deepStrictEqual(host.calls, ["connect"])
    }).pipe(Effect.provide(layer({ hosted })))
  })

  it.effect("outside a host nothing connects", () =>
    Effect.gen(function*() {
      const session = yield* onLoad
      assert.isUndefined(session.eip155)
    }).pipe(Effect.provide(layer({}))))

  it.effect("an EVM account the visitor's session restored is kept", () => {
    const storage = memoryWebStorage()
    const injected = fake(evmConnector, { connect: Effect.succeed(evmConnected), reconnect: Effect.succeed(evmConnected) })
    const host = hostWallet(Effect.succeed({ namespace: "eip155", accounts: [hostAccount], caipNetworkId: "eip155:31337" }))
    const first = Effect.gen(function*() {
      yield* (yield* Connectors).discover
      yield* (yield* Connection.Connection).connect(evmConnector.id)
    }).pipe(Effect.provide(layer({ clients: [injected.client], storage })))
    const reload = Effect.gen(function*() {
      const session = yield* onLoad
      assert.strictEqual(session.eip155?.connectorId, evmConnector.id)
      assert.deepStrictEqual(host.calls, [])
    }).pipe(Effect.provide(layer({ clients: [injected.client], storage, hosted: Effect.succeed(Option.some(host.client)) })))
    return Effect.andThen(first, reload)
  })

  it.effect("the host's refusal is the connect's typed failure and leaves the visitor disconnected", () => {
    const host = hostWallet(Effect.fail(rejected))
    return Effect.gen(function*() {
      const connection = yield* Connection.Connection
      const error = yield* Effect.flip(connection.connectHosted)
      assert.strictEqual(error._tag, "UserRejectedRequestError")
      assert.isUndefined((yield* SubscriptionRef.get((yield* Session.Session).state)).eip155)
    }).pipe(Effect.provide(layer({ hosted: Effect.succeed(Option.some(host.client)) })))
  })
})
