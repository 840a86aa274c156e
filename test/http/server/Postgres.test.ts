/**
 * The API suite against Debian's Postgres server (a throwaway cluster), plus what only a shared server
 * shows: migrations racing from several processes apply once, and two API servers share one database.
 * Skipped, saying why, when the postgresql binaries are not installed.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openDatabase, rows } from "../../../http/server/Database.ts"
import { migrate, migrations } from "../../../http/server/Migrations.ts"
import * as SharedRateLimiter from "../../../http/server/SharedRateLimiter.ts"
import { walletSeed } from "../../../http/server/WalletSeed.ts"
import { startApiServer } from "../../../http/server/start.ts"
import { apiSuite } from "../support/apiSuite.ts"
import { registeredName, withClient } from "../support/client.ts"
import { postgresAvailable, startPostgres, type Postgres } from "../support/postgres.ts"

/** The status of one call to the server's supported-chains endpoint as project "limited". */
const chains = (server: { readonly url: string }) =>
  fetch(`${server.url}/v1/supported-chains?projectId=limited&st=x&sv=1`).then((response) => response.status)

/** A registry page as project "paged": an answer a process keeps whole (http/server/KeptResponses.ts). */
const registryPage = (server: { readonly url: string }) =>
  fetch(`${server.url}/getWallets?projectId=paged&st=x&sv=1&page=1&entries=5`).then((response) => response.status)

if (!postgresAvailable) {
  describe("Postgres", () => {
    it.skip("needs Debian's postgresql (apt-get install postgresql; npm test installs it): not found under /usr/lib/postgresql", () => undefined)
  })
} else {
  describe("Postgres", () => {
    let postgres: Postgres | undefined
    beforeAll(async () => {
      postgres = await startPostgres()
    })
    afterAll(() => postgres?.stop())
    const url = () => {
      if (postgres === undefined) throw new Error("Postgres did not start")
      return postgres.url
    }

    it("applies each migration once when several processes migrate at the same time", async () => {
      const admin = await openDatabase({ databaseUrl: url() })
      await admin.query("CREATE DATABASE race")
      await admin.close()
      const raceUrl = url().replace(/\/postgres$/, "/race")
      const databases = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ databaseUrl: raceUrl })))
      try {
        const applied = await Promise.all(databases.map(migrate))
        expect(applied.flat().toSorted((a, b) => a - b)).toEqual(migrations.map((migration) => migration.version))
        const [db] = databases
        const versions = db && await rows(db, Schema.Struct({ version: Schema.Number }), "SELECT version FROM portico_migrations ORDER BY version")
        expect(versions?.map((row) => row.version)).toEqual(migrations.map((migration) => migration.version))
        const wallets = db && await rows(db, Schema.Struct({ count: Schema.Number }), "SELECT count(*)::int AS count FROM wallets")
        expect(wallets?.[0]?.count).toBe(walletSeed.length)
      } finally {
        await Promise.all(databases.map((db) => db.close()))
      }
    })

    it("lets two API servers share one database", async () => {
      const options = { databaseUrl: url(), port: 0, projects: { shared: { allowedOrigins: ["*"], analyticsEnabled: true } } }
      const [a, b] = await Promise.all([startApiServer(options), startApiServer(options)])
      try {
        const account = privateKeyToAccount("0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6")
        const message = JSON.stringify({ name: "shared-name.portico.id", timestamp: Date.now(), nonce: "shared" })
        const signature = await account.signMessage({ message })
        const payload = { coin_type: 60 as const, address: account.address, message, signature }
        await withClient({ url: a.url, projectId: "shared" }, (c) => c.blockchain.registerName({ query: {}, payload }))
        const seen = registeredName(await withClient({ url: b.url, projectId: "shared" }, (c) =>
          c.blockchain.profileAccount({ params: { name: "shared-name.portico.id" }, query: {} })))
        expect(seen.addresses["60"]?.address).toBe(account.address)
        // A retry through the other process is the same registration, not a second one.
        const retried = await withClient({ url: b.url, projectId: "shared" }, (c) => c.blockchain.registerName({ query: {}, payload }))
        expect(retried).toMatchObject({ success: true, name: "shared-name.portico.id" })
        await withClient({ url: b.url, projectId: "shared" }, (c) =>
          c.analytics.send({ query: {}, payload: { eventId: "pg-1", url: "https://x.example/", domain: "x.example", timestamp: Date.now(), props: { event: "MODAL_OPEN" } } }))
        const db = await openDatabase({ databaseUrl: url() })
        const stored = await rows(db, Schema.Struct({ event_id: Schema.String }), "SELECT event_id FROM analytics_events WHERE project_id = 'shared'")
        await db.close()
        expect(stored.map((row) => row.event_id)).toEqual(["pg-1"])
      } finally {
        await Promise.all([a.stop(), b.stop()])
      }
    })

    it("holds a rate limit across two server processes sharing the database", async () => {
      const options = { databaseUrl: url(), port: 0, projects: { limited: { allowedOrigins: ["*"] } }, rateLimit: { requests: 3, perSeconds: 60 } }
      const [a, b] = await Promise.all([startApiServer(options), startApiServer(options)])
      try {
        // One client, three tokens, four requests spread over both processes: the fourth is refused wherever it lands.
        expect([await chains(a), await chains(b), await chains(a), await chains(b)]).toEqual([200, 200, 200, 429])
        expect(await chains(a)).toBe(429)
      } finally {
        await Promise.all([a.stop(), b.stop()])
      }
    })

    it("takes a cost of several tokens at once from the shared bucket, or none", async () => {
      const db = await openDatabase({ databaseUrl: url() })
      try {
        const limiter = SharedRateLimiter.make(db, { requests: 10, perSeconds: 10 })
        const take = (cost: number) => Effect.runPromise(limiter.take("cost|client", 0, cost))
        expect(await take(7)).toBe(0)
        expect(await take(4)).toBe(1)
        expect(await take(3)).toBe(0)
        expect(await take(1)).toBe(1)
      } finally {
        await db.close()
      }
    })

    it("holds it for answers a process keeps whole too: every hit takes its token from the shared bucket", async () => {
      const options = { databaseUrl: url(), port: 0, projects: { paged: { allowedOrigins: ["*"] } }, rateLimit: { requests: 3, perSeconds: 60 } }
      const [a, b] = await Promise.all([startApiServer(options), startApiServer(options)])
      try {
        expect([await registryPage(a), await registryPage(a), await registryPage(b), await registryPage(a)]).toEqual([200, 200, 200, 429])
      } finally {
        await Promise.all([a.stop(), b.stop()])
      }
    })

    it("answers 503 with a jittered Retry-After while the database is away, and recovers by itself", async () => {
      const server = await startApiServer({ databaseUrl: url(), port: 0, projects: { outage: { allowedOrigins: ["*"] } } })
      const lookup = () => fetch(`${server.url}/v1/profile/account/nobody-here.portico.id?projectId=outage&st=x&sv=1`)
      try {
        // An unknown name is an answer (NameNotRegistered, 200): the database was read.
        expect((await lookup()).status).toBe(200)
        postgres?.pause()
        const away = await lookup()
        expect(away.status).toBe(503)
        expect(await away.json()).toEqual({ _tag: "ServiceUnavailable", message: "database: unreachable, retry later" })
        expect(Number(away.headers.get("retry-after"))).toBeGreaterThanOrEqual(2)
        expect(Number(away.headers.get("retry-after"))).toBeLessThanOrEqual(5)
        postgres?.resume()
        await expect.poll(async () => (await lookup()).status, { timeout: 15_000 }).toBe(200)
      } finally {
        postgres?.resume()
        await server.stop()
      }
    })

    describe("API suite", () => {
      apiSuite(() => ({ databaseUrl: url() }))
    })
  })
}
