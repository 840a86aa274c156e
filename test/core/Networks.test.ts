import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type * as Network from "../../core/Network.ts"
import * as Networks from "../../core/Networks.ts"
import * as Session from "../../core/Session.ts"
import * as Storage from "../../core/Storage.ts"
import * as StorageKey from "../../core/StorageKey.ts"

const evm = (id: number, name: string): Network.Network => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: "eip155",
  name,
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:1/${id}`] } }
})
const local = evm(31337, "Portico Local")
const local2 = evm(31338, "Portico Local 2")
const solana: Network.Network = {
  id: "4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ",
  caipNetworkId: "solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ",
  chainNamespace: "solana",
  name: "Portico Solana",
  nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
  rpcUrls: { default: { http: ["http://127.0.0.1:1"] } }
}
const configured = [local, local2, solana]

const account = (caipNetworkId: `eip155:${number}`): Session.SessionAccount => ({
  namespace: "eip155",
  address: "0x00000000000000000000000000000000000000aa",
  allAccounts: ["0x00000000000000000000000000000000000000aa"],
  caipNetworkId,
  connectorId: "com.demo",
  connectorName: "Demo",
  connectorType: "ANNOUNCED"
})

const page = (storage: Storage.Storage["Service"]) =>
  Networks.Networks.layer(configured).pipe(Layer.provideMerge(Session.Session.layer), Layer.provide(Layer.succeed(Storage.Storage, storage)))

/** One page over fresh memory storage, its Storage too. */
const onePage = Networks.Networks.layer(configured).pipe(Layer.provideMerge(Session.Session.layer), Layer.provideMerge(Storage.layerMemory))

/** Lets the preference follow the session (a forked watcher). */
const flush = Effect.forEach(Array.from({ length: 10 }), () => Effect.yieldNow, { discard: true })

describe("Networks", () => {
  it("prefers the first configured network of each namespace, and the first network's namespace", () => {
    const initial = Networks.make(configured)
    assert.deepStrictEqual(initial.preferredIds, { eip155: "eip155:31337", solana: solana.caipNetworkId })
    assert.strictEqual(initial.preferredNamespace, "eip155")
    assert.strictEqual(Networks.activeNetworkId(Session.empty, initial), "eip155:31337")
  })

  it("a connected account's network is the active one, wherever its wallet is; the preference only while nobody is connected", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.constantFrom(...configured.map((network) => network.caipNetworkId)), (chainId, preferred) => {
      const preference = Networks.prefer(Networks.make(configured), preferred)
      const connected = Session.add(Session.empty, account(`eip155:${chainId}`))
      assert.strictEqual(Networks.activeNetworkId(connected, preference), `eip155:${chainId}`)
      assert.strictEqual(Networks.activeNamespace(connected, preference), "eip155")
      assert.strictEqual(Networks.activeNetworkId(Session.empty, preference), preferred)
    }))
  })

  it("only a configured network can become the preference", () => {
    const initial = Networks.make(configured)
    assert.strictEqual(Networks.prefer(initial, "eip155:10"), initial)
    assert.strictEqual(Networks.prefer(initial, solana.caipNetworkId).preferredNamespace, "solana")
  })

  it.effect("the preference follows a connected account's configured network, not an unconfigured one, so a disconnect stays where the visitor was", () =>
    Effect.gen(function*() {
      const networks = yield* Networks.Networks
      const session = yield* Session.Session
      yield* session.connected(account("eip155:31338"))
      yield* flush
      assert.strictEqual((yield* SubscriptionRef.get(networks.state)).preferredIds.eip155, "eip155:31338")
      // What the first chunk reads on the next visit, before the engine loads.
      assert.strictEqual(yield* Effect.flatMap(Storage.Storage, (storage) => storage.get(StorageKey.activeCaipNetworkId)), "eip155:31338")
      yield* session.amend("eip155", { caipNetworkId: "eip155:10" })
      yield* flush
      assert.strictEqual((yield* SubscriptionRef.get(networks.state)).preferredIds.eip155, "eip155:31338")
      yield* session.forget()
      assert.strictEqual(Networks.activeNetworkId(yield* SubscriptionRef.get(session.state), yield* SubscriptionRef.get(networks.state)), "eip155:31338")
    }).pipe(Effect.provide(onePage)))

  it.effect("a switch sets the switching flag only when the namespace changes", () =>
    Effect.gen(function*() {
      const networks = yield* Networks.Networks
      yield* networks.recordSwitch(solana.caipNetworkId, true)
      const after = yield* SubscriptionRef.get(networks.state)
      assert.strictEqual(after.preferredNamespace, "solana")
      assert.isTrue(after.switchingNamespace)
      yield* networks.recordSwitch(solana.caipNetworkId, false)
      assert.isFalse((yield* SubscriptionRef.get(networks.state)).switchingNamespace)
    }).pipe(Effect.provide(onePage)))

  it.effect("the chosen network survives a reload, and one the host no longer configures is ignored", () =>
    Effect.gen(function*() {
      const storage = yield* Storage.Storage
      yield* Effect.flatMap(Networks.Networks, (networks) => networks.recordSwitch(local2.caipNetworkId, false)).pipe(Effect.provide(page(storage)))
      const reloaded = yield* Effect.flatMap(Networks.Networks, (n) => SubscriptionRef.get(n.state)).pipe(Effect.provide(page(storage)))
      assert.strictEqual(Networks.activeNetworkId(Session.empty, reloaded), "eip155:31338")
      assert.isFalse(reloaded.switchingNamespace)
      const withoutIt = Networks.Networks.layer([local, solana]).pipe(Layer.provideMerge(Session.Session.layer), Layer.provide(Layer.succeed(Storage.Storage, storage)))
      const narrowed = yield* Effect.flatMap(Networks.Networks, (n) => SubscriptionRef.get(n.state)).pipe(Effect.provide(withoutIt))
      assert.strictEqual(Networks.activeNetworkId(Session.empty, narrowed), "eip155:31337")
    }).pipe(Effect.provide(Storage.layerMemory)))
})
