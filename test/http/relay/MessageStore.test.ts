/**
 * The relay's mailbox on its own, the same rules for every store (in memory, and in a database: PGlite,
 * and Debian's Postgres when installed): TTL expiry on the caller's clock, per-client receipts, a
 * publisher never served its own message, republish dedupe, and the bounds per topic and in all.
 */
import * as Effect from "effect/Effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openDatabase, type Database } from "../../../http/server/Database.ts"
import * as MemoryMessageStore from "../../../http/relay/MemoryMessageStore.ts"
import type { MessageStore, StoreBounds, StoredMessage } from "../../../http/relay/MessageStore.ts"
import { migrateRelay } from "../../../http/relay/RelayMigrations.ts"
import * as SqlMessageStore from "../../../http/relay/SqlMessageStore.ts"
import { postgresAvailable, startPostgres, type Postgres } from "../support/postgres.ts"

const roomy: StoreBounds = { maxMessagesPerTopic: 100, maxBytesPerTopic: 1_000_000, maxStoredBytes: 10_000_000 }
const bodies = (messages: ReadonlyArray<StoredMessage>) => messages.map((stored) => stored.message)
const run = <A>(effect: Effect.Effect<A, unknown>) => Effect.runPromise(effect)

let topics = 0
const fresh = () => `topic-${++topics}`

const suite = (name: string, makeStore: (bounds: StoreBounds) => Promise<MessageStore>) =>
  describe(name, () => {
    it("keeps a message until its TTL ends, then drops it", async () => {
      const store = await makeStore(roomy)
      const t = fresh()
      await run(store.publish({ topic: t, message: "m", ttl: 10 }, "publisher", 1_000_000))
      expect(bodies(await run(store.pendingFor([t], "reader", 1_009_999)))).toEqual(["m"])
      expect(await run(store.pendingFor([t], "reader", 1_010_000))).toEqual([])
      const [stored] = await run(store.pendingFor([t], "reader", 1_000_000))
      await run(store.sweep(1_010_000))
      expect(await run(store.byId(stored?.id ?? 0, 1_000_000))).toBeUndefined()
    })

    it("hands a message to each client until that client has received it, never to its publisher", async () => {
      const store = await makeStore(roomy)
      const t = fresh()
      const { stored, fresh: isNew } = await run(store.publish({ topic: t, message: "m", ttl: 60, tag: 1102, attestation: "jwt" }, "publisher", 1_000_000))
      expect(isNew).toBe(true)
      expect(stored).toMatchObject({ topic: t, message: "m", tag: 1102, attestation: "jwt", publishedAt: 1_000_000, expiresAt: 1_060_000, publisher: "publisher" })
      expect(await run(store.pendingFor([t], "publisher", 1_000_000))).toEqual([])
      await run(store.markReceived([stored.id], "a"))
      await run(store.markReceived([stored.id], "a"))
      expect(await run(store.pendingFor([t], "a", 1_000_000))).toEqual([])
      expect(await run(store.pendingFor([t], "b", 1_000_000))).toEqual([stored])
      expect(await run(store.byId(stored.id, 1_000_000))).toEqual(stored)
    })

    it("treats a republished identical message as the same message while it lives, and as a new one after", async () => {
      const store = await makeStore(roomy)
      const t = fresh()
      const first = await run(store.publish({ topic: t, message: "m", ttl: 60 }, "publisher", 1_000_000))
      const again = await run(store.publish({ topic: t, message: "m", ttl: 60 }, "publisher", 1_001_000))
      expect(again).toEqual({ stored: first.stored, fresh: false })
      const later = await run(store.publish({ topic: t, message: "m", ttl: 60 }, "publisher", 1_060_000))
      expect(later.fresh).toBe(true)
      expect(later.stored.id).toBeGreaterThan(first.stored.id)
    })

    it("lists pending messages of several topics oldest first", async () => {
      const store = await makeStore(roomy)
      const [a, b] = [fresh(), fresh()]
      for (const [t, message] of [[a, "1"], [b, "2"], [a, "3"]] as const) await run(store.publish({ topic: t, message, ttl: 60 }, "p", 1_000_000))
      expect(bodies(await run(store.pendingFor([a, b], "r", 1_000_000)))).toEqual(["1", "2", "3"])
    })

    it("keeps per topic at most its bounds of messages and bytes, the newest, and always the newest one", async () => {
      const store = await makeStore({ ...roomy, maxMessagesPerTopic: 2, maxBytesPerTopic: 10 })
      const [counted, weighed, huge] = [fresh(), fresh(), fresh()]
      for (const message of ["1", "2", "3"]) await run(store.publish({ topic: counted, message, ttl: 60 }, "p", 1_000_000))
      expect(bodies(await run(store.pendingFor([counted], "r", 1_000_000)))).toEqual(["2", "3"])
      for (const message of ["aaaa", "bbbb", "cccc"]) await run(store.publish({ topic: weighed, message, ttl: 60 }, "p", 1_000_000))
      expect(bodies(await run(store.pendingFor([weighed], "r", 1_000_000)))).toEqual(["bbbb", "cccc"])
      // Bytes are UTF-8 bytes: "é" is two.
      await run(store.publish({ topic: weighed, message: "ééé", ttl: 60 }, "p", 1_000_000))
      expect(bodies(await run(store.pendingFor([weighed], "r", 1_000_000)))).toEqual(["cccc", "ééé"])
      await run(store.publish({ topic: huge, message: "x".repeat(50), ttl: 60 }, "p", 1_000_000))
      expect(bodies(await run(store.pendingFor([huge], "r", 1_000_000)))).toEqual(["x".repeat(50)])
    })

    it("sweeps the oldest messages beyond the bytes kept in all", async () => {
      const store = await makeStore({ ...roomy, maxStoredBytes: 8 })
      await run(store.sweep(1_000_000))
      const [a, b, c] = [fresh(), fresh(), fresh()]
      for (const t of [a, b, c]) await run(store.publish({ topic: t, message: "xxxx", ttl: 60 }, "p", 1_000_000))
      await run(store.sweep(1_000_000))
      expect(await run(store.pendingFor([a], "r", 1_000_000))).toEqual([])
      expect(bodies(await run(store.pendingFor([b, c], "r", 1_000_000)))).toEqual(["xxxx", "xxxx"])
      expect(await run(store.size)).toEqual({ messages: 2, bytes: 8 })
    })
  })

suite("the memory store", async (bounds) => MemoryMessageStore.make(bounds))

/** The database store over one database for all its tests, emptied before each. */
const databaseSuite = (name: string, open: () => Promise<Database>) =>
  describe(name, () => {
    let db: Database | undefined
    beforeAll(async () => {
      db = await open()
      await migrateRelay(db)
    }, 120_000)
    afterAll(() => db?.close())
    suite("the same rules", async (bounds) => {
      if (db === undefined) throw new Error("the database did not open")
      await db.query("DELETE FROM relay_messages")
      return SqlMessageStore.make(db, bounds)
    })
  })

databaseSuite("the database store on PGlite", () => openDatabase({ inMemory: true }))

if (postgresAvailable) {
  let postgres: Postgres | undefined
  afterAll(() => postgres?.stop())
  databaseSuite("the database store on Postgres", async () => {
    postgres = await startPostgres()
    if (postgres === undefined) throw new Error("Postgres did not start")
    return openDatabase({ databaseUrl: postgres.url })
  })
} else {
  describe("the database store on Postgres", () => {
    it.skip("needs Debian's postgresql (apt-get install postgresql; npm test installs it): not found under /usr/lib/postgresql", () => undefined)
  })
}
