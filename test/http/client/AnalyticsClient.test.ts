/**
 * The analytics client: off by default, never sends MODAL_CREATED, sends the spec's event shape when
 * on, and shows 'Invalid App Configuration' once when the real server answers 403 for the origin.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import * as Effect from "effect/Effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type * as DeveloperAlerts from "../../../core/DeveloperAlerts.ts"
import type * as Analytics from "../../../core/Analytics.ts"
import * as AnalyticsClient from "../../../http/client/AnalyticsClient.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { httpClientLayer } from "../support/client.ts"

let api: ApiServer
let recorder: Server
let recorderUrl = ""
const received: Array<{ readonly url: string; readonly body: unknown }> = []

beforeAll(async () => {
  api = await startApiServer({ port: 0, projects: { site: { allowedOrigins: ["https://shop.example.com"], analyticsEnabled: true } } })
  recorder = createServer((request, response) => {
    let body = ""
    request.on("data", (chunk: Buffer) => (body += chunk.toString()))
    request.on("end", () => {
      received.push({ url: request.url ?? "", body: JSON.parse(body) })
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => recorder.listen(0, "127.0.0.1", resolve))
  recorderUrl = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`
})
afterAll(async () => {
  await api.stop()
  await new Promise<void>((resolve) => recorder.close(() => resolve()))
})

const page = () => ({ url: "https://shop.example.com/checkout", domain: "shop.example.com" })

const track = (
  options: Partial<AnalyticsClient.AnalyticsOptions> & { readonly apiUrl: string; readonly origin?: string },
  events: ReadonlyArray<Analytics.TrackedEvent>
) =>
  Effect.runPromise(
    Effect.gen(function*() {
      const analytics = yield* AnalyticsClient.make({ projectId: "site", sdkVersion: "t-1", page, onAlert: () => undefined, ...options })
      return yield* Effect.forEach(events, analytics.track)
    }).pipe(Effect.provide(httpClientLayer(options.origin)))
  )

describe("analytics client", () => {
  it("sends nothing while analytics is off, which is the default", async () => {
    const before = received.length
    expect(await track({ apiUrl: recorderUrl }, [{ event: "MODAL_OPEN" }, { event: "SEND_SUCCESS" }])).toEqual([false, false])
    expect(received.length).toBe(before)
  })

  it("never sends MODAL_CREATED, and sends other events with the spec's fields", async () => {
    const before = received.length
    const sent = await track({ apiUrl: recorderUrl, enabled: true }, [
      { event: "MODAL_CREATED" },
      { event: "SWITCH_NETWORK", address: "0xabc", properties: { network: "eip155:1" } }
    ])
    expect(sent).toEqual([false, true])
    expect(received.slice(before)).toHaveLength(1)
    const [event] = received.slice(before)
    expect(event?.url).toMatch(/^\/e\?projectId=site&st=portico&sv=t-1$/)
    expect(event?.body).toMatchObject({
      url: "https://shop.example.com/checkout",
      domain: "shop.example.com",
      props: { type: "track", event: "SWITCH_NETWORK", address: "0xabc", properties: { network: "eip155:1" } }
    })
    expect(event?.body).toHaveProperty("eventId")
    expect(event?.body).toHaveProperty("timestamp")
  })

  it("is accepted by the real server from an allowed origin", async () => {
    expect(await track({ apiUrl: api.url, enabled: true, origin: "https://shop.example.com" }, [{ event: "SEND_INITIATED" }])).toEqual([true])
  })

  it("shows 'Invalid App Configuration' once when the server answers 403", async () => {
    const alerts: Array<DeveloperAlerts.Raised> = []
    const sent = await track(
      { apiUrl: api.url, enabled: true, origin: "https://evil.example.org", onAlert: (alert) => alerts.push(alert) },
      [{ event: "MODAL_OPEN" }, { event: "SEARCH_WALLET" }, { event: "DISCONNECT_SUCCESS" }]
    )
    expect(sent).toEqual([false, false, false])
    expect(alerts).toEqual([{ key: "InvalidAppConfiguration" }])
  })
})
