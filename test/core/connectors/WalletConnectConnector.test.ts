/**
 * WalletConnect's connector in the engine is its name and id, its code behind LazyClient
 * (core/connectors/WalletConnectConnector.ts): nothing of it loads until the visitor leans toward
 * WalletConnect, a stored session names it, or a connection the page asked for before a phone discarded it
 * waits in storage; once loaded, its events reach those who listened before, and the page's return wakes it.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import type * as Connector from "../../../core/Connector.ts"
import * as WalletConnectConnector from "../../../core/connectors/WalletConnectConnector.ts"
import * as Storage from "../../../core/Storage.ts"
import * as StorageKey from "../../../core/StorageKey.ts"
import { evmConnected, fake } from "../support/Wallets.ts"

const options = (storage: Storage.Storage["Service"]) => ({
  projectId: "portico-test",
  relayUrl: "ws://127.0.0.1:9",
  metadata: { name: "Portico test", description: "test", url: "http://dapp.localhost", icons: [] },
  networks: ["eip155:31337"] as const,
  storage
})

/** The connector over a fake implementation that counts its loads and what it was asked. */
const lazyConnector = (storage = Storage.serviceOf(Storage.layerMemory)) => {
  const asked: Array<string> = []
  const implementation = fake(WalletConnectConnector.connector, { reconnect: Effect.succeed(evmConnected) })
  const loads = { count: 0 }
  const client: Connector.ConnectorClient = {
    ...implementation.client,
    prepare: () => void asked.push("prepare"),
    wake: () => void asked.push("wake"),
    resume: Effect.sync(() => {
      asked.push("resume")
      return evmConnected
    })
  }
  const connector = WalletConnectConnector.make(options(storage), () => {
    loads.count++
    return Promise.resolve(client)
  })
  return { connector, implementation, asked, loads, storage }
}

describe("WalletConnectConnector", () => {
  it.effect("loads nothing to resume when no proposal waits in storage, and the page's return wakes nothing", () =>
    Effect.gen(function*() {
      const { connector, asked, loads } = lazyConnector()
      assert.strictEqual(yield* connector.resume ?? Effect.succeed("none"), undefined)
      connector.wake?.()
      assert.strictEqual(loads.count, 0)
      assert.deepStrictEqual(asked, [])
    }))

  it.effect("loads the connector to resume when a proposal the page made still waits, and then wakes it", () =>
    Effect.gen(function*() {
      const { connector, asked, loads, storage } = lazyConnector()
      yield* storage.set(StorageKey.walletConnectProposals, { proposals: [{ expiry: Number.MAX_SAFE_INTEGER }] })
      assert.deepStrictEqual(yield* connector.resume ?? Effect.succeed("none"), evmConnected)
      connector.wake?.()
      assert.strictEqual(loads.count, 1)
      assert.deepStrictEqual(asked, ["resume", "wake"])
    }))

  it.effect("an expired proposal loads nothing", () =>
    Effect.gen(function*() {
      const { connector, loads, storage } = lazyConnector()
      yield* storage.set(StorageKey.walletConnectProposals, { proposals: [{ expiry: 60 }] })
      yield* TestClock.setTime(61_000)
      assert.strictEqual(yield* connector.resume ?? Effect.succeed("none"), undefined)
      assert.strictEqual(loads.count, 0)
    }))

  it.effect("pointing at WalletConnect loads its code once and prepares its client; a stored session's restore uses it", () =>
    Effect.gen(function*() {
      const { connector, implementation, asked, loads } = lazyConnector()
      const events: Array<string> = []
      connector.subscribe((event) => events.push(event._tag))
      connector.prepare?.()
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 0)))
      assert.deepStrictEqual(asked, ["prepare"])
      assert.deepStrictEqual(yield* connector.reconnect({}), evmConnected)
      implementation.emit({ _tag: "Disconnected" })
      assert.strictEqual(loads.count, 1)
      assert.deepStrictEqual(implementation.calls, ["reconnect"])
      assert.deepStrictEqual(events, ["Disconnected"])
    }))
})
