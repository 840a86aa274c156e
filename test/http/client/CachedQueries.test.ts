/**
 * The client's TTL caches against the real server: identity and names are served from the 5 min cache,
 * failures are not cached; identity, names and balances are persisted, so a reload (a new client over the
 * same storage) within the TTL asks the server nothing, after it asks again, and a stored entry that does
 * not decode is dropped rather than trusted.
 */
import { assert, it as effectIt } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import * as TestClock from "effect/testing/TestClock"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, expect, it } from "vitest"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Constants from "../../../core/Constants.ts"
import { Identity } from "../../../core/Identity.ts"
import { NameAccount } from "../../../core/Name.ts"
import * as Storage from "../../../core/Storage.ts"
import * as StorageKey from "../../../core/StorageKey.ts"
import * as CachedQueries from "../../../http/client/CachedQueries.ts"
import * as BackendReads from "../../../http/client/BackendReads.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { withClient } from "../support/client.ts"

let server: ApiServer
beforeAll(async () => {
  server = await startApiServer({ port: 0, projects: { "test-project": { allowedOrigins: ["*"] } } })
})
afterAll(() => server.stop())

const account = privateKeyToAccount("0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba")
const other = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")

const register = async (signer: typeof account, name: string) => {
  const message = JSON.stringify({ name, timestamp: Date.now(), nonce: name })
  const signature = await signer.signMessage({ message })
  await withClient({ url: server.url }, (c) =>
    c.blockchain.registerName({ query: {}, payload: { coin_type: 60, address: signer.address, message, signature } }))
}

/** A storage of its own (layers are shared between provides unless made fresh). */
const memory = () => Layer.fresh(Storage.layerMemory)

/** The calls the caches stand in front of, as the modal makes them (EndpointCall, no HttpApiClient). */
const calls = () => BackendReads.calls({ apiUrl: server.url, projectId: "test-project", sdkVersion: "t-1", retry: false })

it("serves identity from its cache, and does not cache a failed lookup", async () => {
  await Effect.runPromise(
    Effect.gen(function*() {
      const client = yield* calls()
      const cached = yield* CachedQueries.make(client)
      expect((yield* cached.identity(account.address)).name).toBeNull()
      const missing = yield* cached.lookupName("cached-name.portico.id")
      expect(missing).toMatchObject({ _tag: "NameNotRegistered" })

      yield* Effect.promise(() => register(account, "cached-name.portico.id"))

      // Within 5 min the identity answer is the cached one; "not registered" was not kept.
      expect((yield* cached.identity(account.address)).name).toBeNull()
      const found = yield* cached.lookupName("cached-name.portico.id")
      expect(found instanceof NameAccount ? found.name : undefined).toBe("cached-name.portico.id")
      expect((yield* cached.namesOf(account.address.toLowerCase())).map((entry) => entry.name)).toEqual(["cached-name.portico.id"])
      // A page with nothing stored asks the server.
      const fresh = yield* Effect.provide(CachedQueries.make(client), memory())
      expect((yield* fresh.identity(account.address)).name).toBe("cached-name.portico.id")
    }).pipe(
      Effect.provide(memory()),
      Effect.provide(FetchHttpClient.layer)
    )
  )
})

effectIt.effect("a reload within the TTL reuses the persisted identity and name, and asks again once it has passed", () =>
  Effect.gen(function*() {
    const client = yield* calls()
    const storage = yield* Storage.Storage
    const name = "persisted-name.portico.id"
    yield* Effect.promise(() => register(other, name))
    const first = yield* CachedQueries.make(client)
    assert.strictEqual((yield* first.identity(other.address)).name, name)
    const looked = yield* first.lookupName(name)
    assert.isTrue(looked instanceof NameAccount)
    assert.deepStrictEqual(Object.keys(yield* storage.get(StorageKey.identityCache)), [other.address.toLowerCase()])

    // The server forgets nothing, so only the stored entries can tell: they are altered in storage, and
    // a page loaded within the TTL shows the stored values without asking.
    const stored = yield* storage.get(StorageKey.identityCache)
    const entry = stored[other.address.toLowerCase()]
    assert.isDefined(entry)
    if (entry === undefined) return
    yield* storage.set(StorageKey.identityCache, { [other.address.toLowerCase()]: { ...entry, value: new Identity({ ...entry.value, name: "kept.portico.id" }) } })
    yield* TestClock.adjust(Constants.identityCacheTtlMillis - 1)
    const reloaded = yield* CachedQueries.make(client)
    assert.strictEqual((yield* reloaded.identity(other.address)).name, "kept.portico.id")

    // At the TTL the stored entry has expired: the next page asks the server again.
    yield* TestClock.adjust(1)
    const later = yield* CachedQueries.make(client)
    assert.strictEqual((yield* later.identity(other.address)).name, name)
  }).pipe(
    Effect.provide(memory()),
    Effect.provide(FetchHttpClient.layer)
  ))

/** Storage over a key-value store the test can write raw text into, as a foreign script could. */
const rawStorage = Layer.effect(Storage.Storage, Storage.fromContext).pipe(Layer.provideMerge(Layer.fresh(KeyValueStore.layerMemory)))

effectIt.effect("a stored entry that does not decode is dropped, not trusted: the server is asked", () =>
  Effect.gen(function*() {
    const client = yield* calls()
    const raw = yield* KeyValueStore.KeyValueStore
    const storage = yield* Storage.Storage
    const key = account.address.toLowerCase()
    const forged = (entry: unknown) => raw.set(StorageKey.identityCache.name, JSON.stringify({ [key]: entry }))
    // A timestamp that is not a number, then a value that is not an identity: neither is shown.
    for (const entry of [{ timestamp: "now", value: { name: "forged.portico.id", avatar: null } }, { timestamp: 0, value: { name: 42 } }]) {
      yield* forged(entry)
      const cached = yield* CachedQueries.make(client)
      assert.notStrictEqual((yield* cached.identity(account.address)).name, "forged.portico.id")
      // What is stored now is the server's answer, written over the entry that did not decode.
      assert.notStrictEqual((yield* storage.get(StorageKey.identityCache))[key]?.value.name, "forged.portico.id")
    }
    // The same entry, well formed, is what a reload shows (the check above is not vacuous).
    yield* forged({ timestamp: 0, value: { name: "forged.portico.id", avatar: null } })
    const trusted = yield* CachedQueries.make(client)
    assert.strictEqual((yield* trusted.identity(account.address)).name, "forged.portico.id")
  }).pipe(
    Effect.provide(rawStorage),
    Effect.provide(FetchHttpClient.layer)
  ))
