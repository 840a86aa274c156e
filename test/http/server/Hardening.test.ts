/**
 * Bad input and misbehaving clients never reach a 500 or hang a connection: NUL characters and deep
 * nesting in JSON bodies are 400s naming the field; 413, 415 and 431 answer JSON with their tag; a
 * body that never arrives is cut off with a 408; retried writes (analytics events) are stored once.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { Agent, get } from "node:http"
import { connect } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as Schema from "effect/Schema"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openDatabase, rows } from "../../../http/server/Database.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"

let server: ApiServer
beforeAll(async () => {
  server = await startApiServer({
    port: 0,
    projects: { p: { allowedOrigins: ["*"], analyticsEnabled: true } },
    requestTimeoutSeconds: 1,
    headersTimeoutSeconds: 1
  })
})
afterAll(() => server.stop())

const query = "projectId=p&st=portico&sv=test"
const event = (patch: Record<string, unknown> = {}) =>
  ({ eventId: "event-1", url: "https://app.test/", domain: "app.test", timestamp: 1, props: { event: "MODAL_OPEN", properties: {} }, ...patch })

const post = async (path: string, body: string, headers: Record<string, string> = { "content-type": "application/json" }) => {
  const response = await fetch(`${server.url}${path}?${query}`, { method: "POST", body, headers })
  return { status: response.status, type: response.headers.get("content-type"), body: await response.text() }
}

/** Raw bytes over a socket, for what fetch will not send; resolves with what the server answered. */
const raw = (request: string) =>
  new Promise<string>((resolve, reject) => {
    const url = new URL(server.url)
    const socket = connect(Number(url.port), url.hostname, () => socket.write(request))
    let answer = ""
    socket.on("data", (chunk) => { answer += chunk.toString() })
    socket.on("close", () => resolve(answer))
    socket.on("error", reject)
  })

describe("bad input", () => {
  it("a NUL character anywhere in a JSON body is a 400 naming its path", async () => {
    const nested = await post("/e", JSON.stringify(event({ props: { event: "MODAL_OPEN", properties: { wallet: { name: "a\u0000b" } } } })))
    expect(nested.status).toBe(400)
    expect(JSON.parse(nested.body)).toEqual({ _tag: "BadRequest", message: "payload.props.properties.wallet.name: must not contain a NUL character" })
    const key = await post("/e", JSON.stringify(event({ props: { event: "MODAL_OPEN", properties: { "k\u0000": 1 } } })))
    expect(JSON.parse(key.body)).toMatchObject({ _tag: "BadRequest", message: "payload.props.properties: a key must not contain a NUL character" })
  })

  it("nesting deeper than 32 levels is a 400", async () => {
    let deep: unknown = 1
    for (let i = 0; i < 40; i++) deep = [deep]
    const answer = await post("/e", JSON.stringify(event({ props: { event: "MODAL_OPEN", properties: { deep } } })))
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body).message).toMatch(/nested deeper than 32 levels$/)
  })

  it("413, 415 and 431 answer JSON with their tag", async () => {
    const large = await post("/e", JSON.stringify(event({ url: "x".repeat(70_000) })))
    expect([large.status, large.type, JSON.parse(large.body)._tag]).toEqual([413, "application/json", "PayloadTooLarge"])
    const media = await post("/e", JSON.stringify(event()), { "content-type": "text/plain" })
    expect([media.status, media.type, JSON.parse(media.body)._tag]).toEqual([415, "application/json", "UnsupportedMediaType"])
    const headers = await raw(`GET /v1/supported-chains?${query} HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`)
    expect(headers).toMatch(/^HTTP\/1\.1 431 /)
    expect(headers).toContain('"_tag":"HeadersTooLarge"')
  })

  it("a client that declares a body and never sends it is cut off with a 408", async () => {
    const started = Date.now()
    const answer = await raw(`POST /e?${query} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`)
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(answer).toContain('"_tag":"RequestTimeout"')
    expect(Date.now() - started).toBeLessThan(10_000)
  })
})

describe("retried writes", () => {
  it("an analytics event sent twice (a retry) is stored once", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "portico-retry-"))
    const own = await startApiServer({ port: 0, dataDir, projects: { p: { allowedOrigins: ["*"], analyticsEnabled: true } } })
    const body = JSON.stringify(event({ eventId: "retried-event" }))
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${own.url}/e?${query}`, { method: "POST", body, headers: { "content-type": "application/json" } })
      expect(response.status).toBe(204)
    }
    await own.stop()
    const db = await openDatabase({ dataDir })
    const counted = await rows(db, Schema.Struct({ count: Schema.Number }), "SELECT count(*)::int AS count FROM analytics_events WHERE event_id = $1", ["retried-event"])
    await db.close()
    rmSync(dataDir, { recursive: true, force: true })
    expect(counted[0]?.count).toBe(1)
  })
})

describe("one process per PGlite folder", () => {
  it("a second server on the same data directory is refused at start with a clear error; after a stop it starts", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "portico-lock-"))
    const first = await startApiServer({ port: 0, dataDir })
    await expect(startApiServer({ port: 0, dataDir })).rejects.toMatchObject({
      _tag: "DataDirInUseError",
      pid: process.pid,
      message: expect.stringContaining("in use by process")
    })
    await first.stop()
    const second = await startApiServer({ port: 0, dataDir })
    await second.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("a lock left by a killed process is taken over", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "portico-stale-"))
    // A pid no process has: what kill -9 leaves behind.
    writeFileSync(join(dataDir, "portico.lock"), "2147483646")
    const restarted = await startApiServer({ port: 0, dataDir })
    await restarted.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })
})

describe("rate limits behind a proxy", () => {
  let limited: ApiServer
  beforeAll(async () => {
    limited = await startApiServer({
      port: 0,
      projects: { p: { allowedOrigins: ["*"] } },
      rateLimit: { requests: 2, perSeconds: 60 },
      unknownProjectRateLimit: { requests: 2, perSeconds: 60 },
      trustedProxies: ["127.0.0.1"]
    })
  })
  afterAll(() => limited.stop())

  const chains = (forwardedFor: string, projectId = "p") =>
    fetch(`${limited.url}/v1/supported-chains?projectId=${projectId}&st=portico&sv=test`, { headers: { "x-forwarded-for": forwardedFor } })
      .then((response) => response.status)

  it("keys on the client our trusted proxy names, not on the proxy itself nor on what the client claims", async () => {
    // The proxy (loopback here) appends the client it saw; anything to its left is the client's own claim.
    expect([await chains("203.0.113.7"), await chains("203.0.113.7"), await chains("203.0.113.7")]).toEqual([200, 200, 429])
    expect(await chains("198.51.100.9")).toBe(200)
    expect([await chains("1.2.3.4, 203.0.113.7"), await chains("5.6.7.8, 203.0.113.7")]).toEqual([429, 429])
  })

  it("attack: an IPv6 client cannot dodge its limit by hopping addresses inside its /64", async () => {
    const hops = ["2001:db8:a:b::1", "2001:db8:a:b:ffff:ffff:ffff:ffff", "2001:0db8:000a:000b:1234::9"]
    expect([await chains(hops[0] ?? ""), await chains(hops[1] ?? ""), await chains(hops[2] ?? "")]).toEqual([200, 200, 429])
    // The next /64 is another client.
    expect(await chains("2001:db8:a:c::1")).toBe(200)
  })

  // These go through one pooled connection of a trusted proxy: were it held like a flooding client's
  // own (below), the fourth would wait out the Retry-After and the test its timeout.
  it("limits a flood of unknown project ids per client: 401s, then 429s", async () => {
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push(await chains("192.0.2.44", `unknown-${i}-${Math.random()}`))
    expect(statuses).toEqual([401, 401, 429, 429])
  })
})

describe("a flood of unknown project ids", () => {
  let guarded: ApiServer
  beforeAll(async () => {
    guarded = await startApiServer({
      port: 0,
      projects: { p: { allowedOrigins: ["*"] } },
      unknownProjectRateLimit: { requests: 1, perSeconds: 2 }
    })
  })
  afterAll(() => guarded.stop())

  /** A GET over `agent`: its status, Retry-After and when it was answered. */
  const ask = (agent: Agent, projectId: string) =>
    new Promise<{ readonly status: number; readonly retryAfter: number; readonly at: number }>((resolve, reject) => {
      get(`${guarded.url}/v1/supported-chains?projectId=${projectId}&st=portico&sv=test`, { agent }, (response) => {
        response.resume()
        response.once("end", () => resolve({ status: response.statusCode ?? 0, retryAfter: Number(response.headers["retry-after"] ?? 0), at: performance.now() }))
      }).once("error", reject)
    })

  it("holds the refused client's connection unread until its Retry-After, while other connections are answered at once", async () => {
    const flood = new Agent({ keepAlive: true, maxSockets: 1 })
    const page = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      expect((await ask(flood, "made-up-1")).status).toBe(401)
      const refused = await ask(flood, "made-up-2")
      expect(refused.status).toBe(429)
      expect(refused.retryAfter).toBeGreaterThanOrEqual(2)
      const held = ask(flood, "made-up-3")
      const meanwhile = await ask(page, "p")
      expect(meanwhile.status).toBe(200)
      expect(meanwhile.at - refused.at).toBeLessThan(1_000)
      const next = await held
      // Timer granularity aside, not a moment before the Retry-After.
      expect(next.at - refused.at).toBeGreaterThanOrEqual(refused.retryAfter * 1000 - 50)
    } finally {
      flood.destroy()
      page.destroy()
    }
  })
})

describe("response headers", () => {
  it("images run no script, load nothing, are cached long and never sniffed", async () => {
    const response = await fetch(`${server.url}/public/getTokenImage/USDC`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/)
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox")
    expect(response.headers.get("cache-control")).toBe("public, max-age=604800")
    expect(response.headers.get("x-content-type-options")).toBe("nosniff")
    const json = await fetch(`${server.url}/v1/supported-chains?${query}`)
    expect(json.headers.get("x-content-type-options")).toBe("nosniff")
    expect(json.headers.get("content-security-policy")).toBeNull()
  })
})
