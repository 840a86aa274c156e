/**
 * A graceful stop, as an operator rolls a deployment: two relay processes on one Postgres behind a load
 * balancer (clients are given its URL, the relays' public URL), the one holding the clients stops; they
 * get WebSocket close 1001, reconnect through the balancer to the other, and lose no message: what was
 * published before, during and after the stop reaches them; a settled session (Portico's clients, and the
 * reference sign-client) carries its next request through the remaining process.
 * Skipped, saying why, without the postgresql binaries.
 */
import * as Schema from "effect/Schema"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { WebSocket } from "ws"
import { generateSeed } from "../../../core/walletconnect/RelayAuth.ts"
import * as RelayClient from "../../../core/walletconnect/RelayClient.ts"
import { startRelay, type Relay } from "../../../http/relay/Relay.ts"
import { type Database, openDatabase, rows } from "../../../http/server/Database.ts"
import { postgresAvailable, startPostgres, type Postgres } from "../support/postgres.ts"
import { startLoadBalancer, type LoadBalancer } from "./support/LoadBalancer.ts"
import { freshDatabase, porticoSession, referenceSession } from "./support/Peers.ts"
import * as Raw from "./support/RawClient.ts"


/** Publishes waiting on a lock of the messages' table. */
const waitingPublishes = "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%INSERT INTO relay_messages%'"

/** Holds an exclusive lock on the relay's messages table until `release`: the relay's writes wait for it. */
const lockMessages = async (admin: Database) => {
  let release: (() => void) | undefined
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let acquired: (() => void) | undefined
  const held = new Promise<void>((resolve) => {
    acquired = resolve
  })
  const done = admin.withConnection(async (connection) => {
    await connection.query("BEGIN")
    await connection.query("LOCK TABLE relay_messages IN EXCLUSIVE MODE")
    acquired?.()
    await released
    await connection.query("COMMIT")
  })
  await Promise.race([held, done])
  return {
    release: async () => {
      release?.()
      await done
    }
  }
}

/** A client connected to one process itself, not through the balancer. */
const direct = (relay: Relay) => Raw.connect(relay.url, Raw.token({ audience: relay.publicUrl }))

if (!postgresAvailable) {
  describe("a graceful stop behind a load balancer", () => {
    it.skip("needs Debian's postgresql (apt-get install postgresql; npm test installs it): not found under /usr/lib/postgresql", () => undefined)
  })
} else {
  describe("a graceful stop behind a load balancer", () => {
    let postgres: Postgres | undefined
    let balancer: LoadBalancer | undefined
    let relays: Array<Relay> = []
    let deployedUrl = ""
    beforeAll(async () => {
      postgres = await startPostgres()
      // Each connection goes to the first relay that accepts it: A while it runs, then B.
      balancer = await startLoadBalancer(() => relays.map((relay) => relay.url))
    }, 120_000)
    afterAll(async () => {
      await balancer?.stop()
      postgres?.stop()
    })
    afterEach(async () => {
      await Promise.all(relays.map((relay) => relay.stop()))
      relays = []
    })

    /** Relays A and B on a database of their own, both known to clients by the balancer's URL. */
    const deploy = async (): Promise<readonly [Relay, Relay]> => {
      const databaseUrl = await freshDatabase(postgres)
      deployedUrl = databaseUrl
      const publicUrl = balancer?.url ?? ""
      const [a, b] = await Promise.all([startRelay({ databaseUrl, publicUrl }), startRelay({ databaseUrl, publicUrl })])
      relays = [a, b]
      return [a, b]
    }
    const viaBalancer = (seed = generateSeed()) => Raw.connect(balancer?.url ?? "", Raw.token({ seed, audience: balancer?.url ?? "" }))

    it("closes its sockets with 1001, and the client's next connection lands on the other process", async () => {
      const [a, b] = await deploy()
      const watcher = await viaBalancer()
      await watcher.request("irn_subscribe", { topic: Raw.topic("watch") })
      expect((await a.figures()).openSockets).toBe(1)
      await a.stop()
      expect(await watcher.closed).toBe(1001)
      const next = await viaBalancer()
      expect((await next.request("irn_subscribe", { topic: Raw.topic("watch") })).error).toBeUndefined()
      expect((await b.figures()).openSockets).toBe(1)
    })

    it("holds the stop until the publish it has taken is stored and answered, then closes with 1001", async () => {
      const [a] = await deploy()
      const admin = await openDatabase({ databaseUrl: deployedUrl })
      const publisher = await viaBalancer()
      const topic = Raw.topic("held")
      const lock = await lockMessages(admin)
      try {
        const answer = publisher.request("irn_publish", { topic, message: "in flight", ttl: 300 })
        // The publish waits on the table's lock inside the database: the relay has taken it.
        await expect.poll(async () => (await rows(admin, Schema.Struct({ waiting: Schema.Number }), waitingPublishes))[0]?.waiting, { timeout: 20_000 }).toBe(1)
        const stopping = a.stop()
        const first = await Promise.race([answer.then(() => "answer"), publisher.closed.then(() => "closed"), new Promise((resolve) => setTimeout(resolve, 300, "waiting"))])
        expect(first).toBe("waiting")
        await lock.release()
        expect((await answer).result).toBe(true)
        expect(await publisher.closed).toBe(1001)
        await stopping
      } finally {
        await lock.release()
        await admin.close()
      }
      const reader = await viaBalancer()
      await reader.request("irn_subscribe", { topic })
      expect((await reader.pushes()).map((push) => push.params?.data["message"])).toEqual(["in flight"])
    })

    it("loses no message for Portico's relay client: before, during and after the stop", async () => {
      const [a, b] = await deploy()
      const topic = Raw.topic("rolling")
      const received: Array<string> = []
      const closeCodes: Array<number> = []
      const client = RelayClient.make({
        relayUrl: balancer?.url ?? "",
        projectId: "test",
        seed: generateSeed(),
        onPush: (push) => received.push(push.message),
        backoff: { initialMillis: 50, maxMillis: 400 },
        openSocket: (url) => {
          const socket = new WebSocket(url)
          socket.on("close", (code) => closeCodes.push(code))
          return socket as unknown as RelayClient.Socket
        }
      })
      try {
        await client.subscribe(topic)
        const onA = await direct(a)
        const onB = await direct(b)
        await onA.request("irn_publish", { topic, message: "before", ttl: 300 })
        await expect.poll(() => received).toEqual(["before"])
        const stopping = a.stop()
        await onB.request("irn_publish", { topic, message: "during", ttl: 300 })
        await stopping
        await onB.request("irn_publish", { topic, message: "after", ttl: 300 })
        await expect.poll(() => received.toSorted(), { timeout: 20_000 }).toEqual(["after", "before", "during"])
        expect(closeCodes).toEqual([1001])
        expect((await b.figures()).openSockets).toBe(2)
      } finally {
        client.close()
      }
    })

    it.each([
      ["Portico's clients", porticoSession],
      ["the reference sign-client", referenceSession]
    ] as const)("keeps a session of %s settled on the stopped process: the next personal_sign completes through the other", async (_, settle) => {
      const [a] = await deploy()
      const session = await settle(balancer?.url ?? "", balancer?.url ?? "")
      try {
        expect((await a.figures()).openSockets).toBe(2)
        await a.stop()
        expect(await session.signs("Signed after a rolling restart")).toBe(true)
      } finally {
        await session.close()
      }
    }, 60_000)
  })
}
