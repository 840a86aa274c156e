/**
 * Spec §7 "A clientId query param is added when configured": the host's `clientId` goes, through the
 * browser environment's real clients, on the calls to our real server, which answers them; without one no
 * clientId is sent.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as BrowserEnvironment from "../../app/BrowserEnvironment.ts"
import * as Backend from "../../core/Backend.ts"
import * as Config from "../../core/Config.ts"
import { startApiServer, type ApiServer } from "../../http/server/start.ts"

let server: ApiServer
/** Every URL fetched and its status (fetch is wrapped once: the fetch client keeps the function it first finds). */
const seen: Array<readonly [string, number]> = []
const original = globalThis.fetch
beforeAll(async () => {
  server = await startApiServer({ port: 0, projects: { known: { allowedOrigins: ["*"] } } })
  globalThis.fetch = async (input, init) => {
    const response = await original(input, init)
    seen.push([input instanceof Request ? input.url : String(input), response.status])
    return response
  }
})
afterAll(async () => {
  globalThis.fetch = original
  await server.stop()
})

/** The registry's first page through the environment, and the URLs fetched meanwhile. */
const walletsWith = async (extra: Partial<Config.PorticoConfig>) => {
  seen.length = 0
  const config: Config.PorticoConfig = { projectId: "known", networks: [], metadata: { name: "", description: "", url: "", icons: [] }, apiUrl: server.url, ...extra }
  const page = await Effect.runPromise(
    Effect.flatMap(Backend.Backend, (backend) => backend.wallets({ page: 1, search: "", chains: [] })).pipe(
      Effect.provide(Layer.fresh(BrowserEnvironment.layer(Config.resolve(config), () => undefined, () => Promise.reject(new Error("no frame")))))
    )
  )
  return { page, fetched: [...seen] }
}

describe("clientId", () => {
  it("is sent on the calls to our server when configured, and the server answers them", async () => {
    const { page, fetched } = await walletsWith({ clientId: "host-client-7" })
    expect(page.count).toBeGreaterThanOrEqual(0)
    const calls = fetched.filter(([url]) => url.startsWith(server.url))
    expect(calls.length).toBeGreaterThan(0)
    for (const [url, status] of calls) {
      expect(new URL(url).searchParams.get("clientId")).toBe("host-client-7")
      expect(status).toBe(200)
    }
  })

  it("is absent when not configured", async () => {
    const { fetched } = await walletsWith({})
    expect(fetched.length).toBeGreaterThan(0)
    for (const [url] of fetched) expect(new URL(url).searchParams.has("clientId")).toBe(false)
  })
})
