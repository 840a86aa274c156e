/**
 * Two relay instances on one real Postgres (Debian's, a throwaway cluster) share messages and receipts:
 * a dapp on A and a wallet on B pair, settle and complete personal_sign, with Portico's own clients and
 * with the reference sign-client 2.21.8; raw clients show the parts (a live push crossing processes
 * through NOTIFY, a late subscribe reading the table, an acknowledgement on B honoured on A); and a
 * database outage is answered as a passing refusal. Skipped, saying why, without the postgresql binaries.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { generateSeed } from "../../../core/walletconnect/RelayAuth.ts"
import { startRelay, type Relay } from "../../../http/relay/Relay.ts"
import type { RelayLimits } from "../../../http/relay/RelayLimits.ts"
import { openDatabase } from "../../../http/server/Database.ts"
import { postgresAvailable, startPostgres, type Postgres } from "../support/postgres.ts"
import { freshDatabase, porticoSession, referenceSession } from "./support/Peers.ts"
import * as Raw from "./support/RawClient.ts"

const client = (relay: Relay, seed = generateSeed()) => Raw.connect(relay.url, Raw.token({ seed, audience: relay.publicUrl }))

if (!postgresAvailable) {
  describe("relay processes on one Postgres", () => {
    it.skip("needs Debian's postgresql (apt-get install postgresql; npm test installs it): not found under /usr/lib/postgresql", () => undefined)
  })
} else {
  describe("relay processes on one Postgres", () => {
    let postgres: Postgres | undefined
    const relays: Array<Relay> = []
    beforeAll(async () => {
      postgres = await startPostgres()
    }, 120_000)
    afterAll(() => postgres?.stop())
    afterEach(async () => {
      await Promise.all(relays.splice(0).map((relay) => relay.stop()))
    })

    /** Two relays on a database of their own. */
    const databases = new Map<Relay, string>()
    const databaseOf = (relay: Relay) => databases.get(relay) ?? ""
    const pair = async (limits: RelayLimits = {}): Promise<readonly [Relay, Relay]> => {
      const databaseUrl = await freshDatabase(postgres)
      const started = await Promise.all([startRelay({ databaseUrl, limits }), startRelay({ databaseUrl, limits })])
      relays.push(...started)
      for (const relay of started) databases.set(relay, databaseUrl)
      return started
    }

    it("pushes a message published on A to B's listener, hands it to a late subscriber on B, and honours B's receipt on A", async () => {
      const [a, b] = await pair()
      const topic = Raw.topic("shared")
      const readerSeed = generateSeed()
      const listener = await client(b, readerSeed)
      await listener.request("irn_subscribe", { topic })
      const publisher = await client(a)
      expect((await publisher.request("irn_publish", { topic, message: "across", ttl: 300, tag: 1108 })).result).toBe(true)
      const push = await listener.waitFor((frame) => frame.method === "irn_subscription")
      expect(push.params?.data).toMatchObject({ topic, message: "across", tag: 1108 })
      listener.ack(push)
      await listener.pushes()

      const late = await client(b)
      await late.request("irn_subscribe", { topic })
      expect((await late.pushes()).map((frame) => frame.params?.data["message"])).toEqual(["across"])
      const again = await client(a, readerSeed)
      await again.request("irn_subscribe", { topic })
      expect(await again.pushes()).toEqual([])
    })

    it("hands B's listener what A published while B's link to the database's announcements was down", async () => {
      const [a, b] = await pair()
      const topic = Raw.topic("gap")
      const listener = await client(b)
      await listener.request("irn_subscribe", { topic })
      const publisher = await client(a)
      // Both relays' LISTEN connections are cut; the publish lands before they are back (their backoff starts at 125 ms).
      const admin = await openDatabase({ databaseUrl: databaseOf(a) })
      try {
        await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN portico_relay'")
      } finally {
        await admin.close()
      }
      expect((await publisher.request("irn_publish", { topic, message: "in the gap", ttl: 300 })).result).toBe(true)
      const push = await listener.waitFor((frame) => frame.method === "irn_subscription")
      expect(push.params?.data["message"]).toBe("in the gap")
    })

    it.each([
      ["Portico's", porticoSession],
      ["the reference sign-client's", referenceSession]
    ] as const)("pairs %s dapp on A with its wallet on B and completes personal_sign", async (_, settle) => {
      const [a, b] = await pair()
      const session = await settle(a.url, b.url)
      try {
        expect(await session.signs("Across two relay processes")).toBe(true)
      } finally {
        await session.close()
      }
    })

    it("stores concurrent publishes on one full topic from many clients on both processes, refusing none", async () => {
      const [a, b] = await pair({ maxMessagesPerTopic: 5 })
      const topic = Raw.topic("busy")
      const publishers = await Promise.all(Array.from({ length: 16 }, (_, index) => client(index % 2 === 0 ? a : b)))
      const answers = await Promise.all(
        publishers.map(async (publisher, index) => {
          const results: Array<unknown> = []
          for (let message = 0; message < 15; message++) results.push((await publisher.request("irn_publish", { topic, message: `${index}-${message}`, ttl: 300 })).error ?? true)
          return results
        })
      )
      expect(answers.flat().filter((answer) => answer !== true)).toEqual([])
      const reader = await client(a)
      const fetched = await reader.request("irn_batchFetchMessages", { topics: [topic] })
      // Each publish trims what it sees; ones committed meanwhile are trimmed by the next: the bound holds up to those in flight.
      expect((fetched.result as { messages: ReadonlyArray<unknown> }).messages.length).toBeLessThanOrEqual(5 + publishers.length)
    })

    it("answers a publish during a database outage with -32603 and keeps the socket, then serves again", async () => {
      const [a] = await pair()
      const publisher = await client(a)
      postgres?.pause()
      try {
        const refused = await publisher.request("irn_publish", { topic: Raw.topic("outage"), message: "lost?", ttl: 300 })
        expect(refused.error).toEqual({ code: -32603, message: "The relay's database cannot be reached" })
      } finally {
        postgres?.resume()
      }
      expect((await publisher.request("irn_publish", { topic: Raw.topic("outage"), message: "kept", ttl: 300 })).result).toBe(true)
      expect((await a.figures()).refusedByReason).toEqual({ StorageUnavailableError: 1 })
    }, 60_000)
  })
}
