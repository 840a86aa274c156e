/**
 * The Backend whose HTTP client loads with its first request: nothing is loaded to build it or to draw an
 * image URL, the first requests load the client once and reach the real server, and a client that could
 * not be loaded is a typed `BackendRequestError` that the next request recovers from.
 */
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Layer from "effect/Layer"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Backend from "../../../core/Backend.ts"
import * as CodeChunk from "../../../core/CodeChunk.ts"
import * as Storage from "../../../core/Storage.ts"
import * as BackendClient from "../../../http/client/Backend.ts"
import * as DeferredBackend from "../../../http/client/DeferredBackend.ts"
import * as ServerUrls from "../../../http/client/ServerUrls.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"

let server: ApiServer
beforeAll(async () => {
  server = await startApiServer({ port: 0, projects: { "deferred-test": { allowedOrigins: ["*"] } } })
})
afterAll(() => server.stop())

/** The client's chunk as the browser imports it: failing the first `failures` times (offline), then there. */
const chunk = (failures: number) => {
  const counts = { imports: 0, builds: 0 }
  const options = { apiUrl: server.url, projectId: "deferred-test", sdkVersion: "test", retry: false as const }
  const load = CodeChunk.lazy("server", () => ++counts.imports <= failures ? Promise.reject(new TypeError("Failed to fetch dynamically imported module")) : Promise.resolve(BackendClient))
  const layer = DeferredBackend.layer(ServerUrls.make(options), Effect.flatMap(load, (client) =>
    Effect.andThen(Effect.sync(() => counts.builds++), client.make(options)).pipe(Effect.provide(Layer.merge(FetchHttpClient.layer, Storage.layerMemory)))))
  return { counts, layer }
}

const firstPage = { page: 1, search: "", chains: [] }

describe("DeferredBackend", () => {
  it("loads nothing to be built or to give an image's URL", async () => {
    const { counts, layer } = chunk(0)
    const url = await Effect.runPromise(Effect.map(Backend.Backend, (backend) => backend.urls?.tokenImage("USDC")).pipe(Effect.provide(layer)))
    expect(url).toBe(`${server.url}/public/getTokenImage/USDC`)
    expect(counts).toEqual({ imports: 0, builds: 0 })
  })

  it("loads the client at the first requests, once for all of them, and they reach the server", async () => {
    const { counts, layer } = chunk(0)
    const pages = await Effect.runPromise(Effect.flatMap(Backend.Backend, (backend) =>
      Effect.all([backend.wallets(firstPage), backend.wallets(firstPage), backend.wallets(firstPage)], { concurrency: "unbounded" })).pipe(Effect.provide(layer)))
    expect(counts).toEqual({ imports: 1, builds: 1 })
    for (const page of pages) expect(page.count).toBeGreaterThan(0)
  })

  it("a client that could not be loaded fails the request as a BackendRequestError, and the next request loads it again", async () => {
    const { counts, layer } = chunk(1)
    const [failure, page] = await Effect.runPromise(Effect.flatMap(Backend.Backend, (backend) =>
      Effect.all([Effect.flip(backend.wallets(firstPage)), backend.wallets(firstPage)])).pipe(Effect.provide(layer)))
    expect(failure).toMatchObject({ _tag: "BackendRequestError", reason: "FeatureUnavailableError" })
    expect(page.count).toBeGreaterThan(0)
    expect(counts).toEqual({ imports: 2, builds: 1 })
  })
})
