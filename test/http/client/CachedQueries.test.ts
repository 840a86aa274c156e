/**
 * The client's TTL caches against the real server: identity and names are served from the 5 min cache,
 * failures are not cached.
 */
import * as Effect from "effect/Effect"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, expect, it } from "vitest"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { NameAccount } from "../../../core/Name.ts"
import * as CachedQueries from "../../../http/client/CachedQueries.ts"
import * as PorticoClient from "../../../http/client/PorticoClient.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { withClient } from "../support/client.ts"

let server: ApiServer
beforeAll(async () => {
  server = await startApiServer({ port: 0, projects: { "test-project": { allowedOrigins: ["*"] } } })
})
afterAll(() => server.stop())

const account = privateKeyToAccount("0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba")

const register = async (name: string) => {
  const message = JSON.stringify({ name, timestamp: Date.now(), nonce: name })
  const signature = await account.signMessage({ message })
  await withClient({ url: server.url }, (c) =>
    c.blockchain.registerName({ query: {}, payload: { coin_type: 60, address: account.address, message, signature } }))
}

it("serves identity from its cache, and does not cache a failed lookup", async () => {
  await Effect.runPromise(
    Effect.gen(function*() {
      const client = yield* PorticoClient.PorticoApiClient
      const cached = yield* CachedQueries.make(client)
      expect((yield* cached.identity(account.address)).name).toBeNull()
      const missing = yield* cached.lookupName("cached-name.portico.id")
      expect(missing).toMatchObject({ _tag: "NameNotRegistered" })

      yield* Effect.promise(() => register("cached-name.portico.id"))

      // Within 5 min the identity answer is the cached one; "not registered" was not kept.
      expect((yield* cached.identity(account.address)).name).toBeNull()
      const found = yield* cached.lookupName("cached-name.portico.id")
      expect(found instanceof NameAccount ? found.name : undefined).toBe("cached-name.portico.id")
      expect((yield* cached.namesOf(account.address.toLowerCase())).map((entry) => entry.name)).toEqual(["cached-name.portico.id"])
      const fresh = yield* CachedQueries.make(client)
      expect((yield* fresh.identity(account.address)).name).toBe("cached-name.portico.id")
    }).pipe(
      Effect.provide(PorticoClient.PorticoApiClient.layer({ apiUrl: server.url, projectId: "test-project", sdkVersion: "t-1" })),
      Effect.provide(FetchHttpClient.layer)
    )
  )
})
