/**
 * The Backend whose HTTP client loads with its first request, in two parts: nothing is loaded to build it
 * or to draw an image URL, the connect path's reads load their part once (never the rest, HttpApiClient's)
 * and reach the real server, a feature's call loads the rest alone, and a part that could not be loaded is
 * a typed `BackendRequestError` that the next request recovers from.
 */
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Layer from "effect/Layer"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Backend from "../../../core/Backend.ts"
import * as CodeChunk from "../../../core/CodeChunk.ts"
import * as Storage from "../../../core/Storage.ts"
import type * as HttpClient from "effect/http/HttpClient"
import * as BackendClient from "../../../http/client/Backend.ts"
import * as BackendReads from "../../../http/client/BackendReads.ts"
import * as DeferredBackend from "../../../http/client/DeferredBackend.ts"
import * as ServerUrls from "../../../http/client/ServerUrls.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"

let server: ApiServer
beforeAll(async () => {
  server = await startApiServer({ port: 0, projects: { "deferred-test": { allowedOrigins: ["*"] } } })
})
afterAll(() => server.stop())

/** A part's chunk as the browser imports it: failing the first `failures` times (offline), then there. */
const part = <M, S>(module: M, build: (module: M) => Effect.Effect<S, never, HttpClient.HttpClient | Storage.Storage>, failures: number) => {
  const counts = { imports: 0, builds: 0 }
  const load = CodeChunk.lazy("server", () => ++counts.imports <= failures ? Promise.reject(new TypeError("Failed to fetch dynamically imported module")) : Promise.resolve(module))
  const built = Effect.flatMap(load, (loaded) =>
    Effect.andThen(Effect.sync(() => counts.builds++), build(loaded)).pipe(Effect.provide(Layer.merge(FetchHttpClient.layer, Storage.layerMemory))))
  return { counts, built }
}

/** The Backend over both parts' chunks; the reads' fail to load the first `failures` times. */
const chunk = (failures: number) => {
  const options = { apiUrl: server.url, projectId: "deferred-test", sdkVersion: "test", retry: false as const }
  const reads = part(BackendReads, (module) => module.make(options), failures)
  const rest = part(BackendClient, (module) => module.makeRest(options), 0)
  const layer = DeferredBackend.layer(ServerUrls.make(options), { reads: reads.built, rest: rest.built })
  return { counts: { reads: reads.counts, rest: rest.counts }, layer }
}

const firstPage = { page: 1, search: "", chains: [] }

describe("DeferredBackend", () => {
  it("loads nothing to be built or to give an image's URL", async () => {
    const { counts, layer } = chunk(0)
    const url = await Effect.runPromise(Effect.map(Backend.Backend, (backend) => backend.urls?.tokenImage("USDC")).pipe(Effect.provide(layer)))
    expect(url).toBe(`${server.url}/public/getTokenImage/USDC`)
    expect(counts).toEqual({ reads: { imports: 0, builds: 0 }, rest: { imports: 0, builds: 0 } })
  })

  it("loads the reads at the connect path's first requests, once for all of them, and never the rest; they reach the server", async () => {
    const { counts, layer } = chunk(0)
    const [pages, chains] = await Effect.runPromise(Effect.flatMap(Backend.Backend, (backend) =>
      Effect.all([
        Effect.all([backend.wallets(firstPage), backend.wallets(firstPage), backend.wallets(firstPage)], { concurrency: "unbounded" }),
        backend.swapNetworks()
      ])).pipe(Effect.provide(layer)))
    expect(counts).toEqual({ reads: { imports: 1, builds: 1 }, rest: { imports: 0, builds: 0 } })
    for (const page of pages) expect(page.count).toBeGreaterThan(0)
    expect(Array.isArray(chains)).toBe(true)
  })

  it("loads the rest at a feature's first call (sign-in's nonce), and not the reads", async () => {
    const { counts, layer } = chunk(0)
    const nonce = await Effect.runPromise(Effect.flatMap(Backend.Backend, (backend) => backend.signInNonce()).pipe(Effect.provide(layer)))
    expect(nonce.length).toBeGreaterThan(0)
    expect(counts).toEqual({ reads: { imports: 0, builds: 0 }, rest: { imports: 1, builds: 1 } })
  })

  it("a client that could not be loaded fails the request as a BackendRequestError, and the next request loads it again", async () => {
    const { counts, layer } = chunk(1)
    const [failure, page] = await Effect.runPromise(Effect.flatMap(Backend.Backend, (backend) =>
      Effect.all([Effect.flip(backend.wallets(firstPage)), backend.wallets(firstPage)])).pipe(Effect.provide(layer)))
    expect(failure).toMatchObject({ _tag: "BackendRequestError", reason: "FeatureUnavailableError" })
    expect(page.count).toBeGreaterThan(0)
    expect(counts.reads).toEqual({ imports: 2, builds: 1 })
  })
})
