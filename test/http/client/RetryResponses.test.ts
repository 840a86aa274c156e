/**
 * The derived client's retry path against a local node:http server that answers 429/503 with
 * Retry-After as delta-seconds and as an HTTP-date: the client waits as told and the number of
 * requests stays bounded by core's policy.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import * as Effect from "effect/Effect"
import { afterEach, describe, expect, it } from "vitest"
import * as Constants from "../../../core/Constants.ts"
import * as Retry from "../../../core/Retry.ts"
import { withClient } from "../support/client.ts"

interface Answer {
  readonly status: number
  readonly headers?: Record<string, string>
  readonly body: unknown
}

const ok: Answer = { status: 200, body: { http: ["eip155:1"], ws: [] } }

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve()))))

/** Serves the answers in order (the last one repeats) and records when each request arrived. */
const serve = async (answers: ReadonlyArray<(now: number) => Answer>) => {
  const arrivals: Array<{ readonly at: number; readonly url: string }> = []
  server = createServer((request, response) => {
    const now = Date.now()
    arrivals.push({ at: now, url: request.url ?? "" })
    const answer = (answers[Math.min(arrivals.length - 1, answers.length - 1)] ?? (() => ok))(now)
    response.writeHead(answer.status, { "content-type": "application/json", ...answer.headers })
    response.end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, arrivals }
}

const gaps = (arrivals: ReadonlyArray<{ readonly at: number }>) => arrivals.slice(1).map((arrival, i) => arrival.at - (arrivals[i]?.at ?? 0))

const rateLimited = (retryAfter: string): Answer => ({
  status: 429,
  headers: { "retry-after": retryAfter },
  body: { _tag: "RateLimited", message: "slow down", retryAfter: Number(retryAfter) || 0 }
})

describe("retry with Retry-After", () => {
  it("waits the delta-seconds a 429 names, then succeeds", async () => {
    const fake = await serve([() => rateLimited("1"), () => ok])
    const chains = await withClient({ url: fake.url, retry: Retry.policy }, (c) => c.blockchain.supportedChains({ query: {} }))
    expect(chains.http).toEqual(["eip155:1"])
    expect(fake.arrivals).toHaveLength(2)
    expect(gaps(fake.arrivals)[0]).toBeGreaterThanOrEqual(950)
    expect(gaps(fake.arrivals)[0]).toBeLessThan(2500)
  })

  it("waits until the HTTP-date a 503 names, then succeeds", async () => {
    // HTTP-dates have whole seconds: ask for now + 3 s, which is at least 2 s away.
    const fake = await serve([(now) => ({ status: 503, headers: { "retry-after": new Date(now + 3000).toUTCString() }, body: {} }), () => ok])
    await withClient({ url: fake.url, retry: Retry.policy }, (c) => c.blockchain.supportedChains({ query: {} }))
    expect(fake.arrivals).toHaveLength(2)
    expect(gaps(fake.arrivals)[0]).toBeGreaterThanOrEqual(1950)
    expect(gaps(fake.arrivals)[0]).toBeLessThan(3500)
  })

  it("stops after the policy's attempts and hands back the typed error with its status", async () => {
    const fake = await serve([() => rateLimited("0")])
    const error = await withClient({ url: fake.url, retry: Retry.policy }, (c) => Effect.flip(c.blockchain.supportedChains({ query: {} })))
    expect(error).toMatchObject({ _tag: "RateLimited", status: 429 })
    expect(fake.arrivals).toHaveLength(Constants.httpRetryAttempts)
  })

  it("does not retry an answer the policy does not retry", async () => {
    const fake = await serve([() => ({ status: 400, body: { _tag: "BadRequest", message: "chainId: bad" } })])
    const error = await withClient({ url: fake.url, retry: Retry.policy }, (c) => Effect.flip(c.blockchain.supportedChains({ query: {} })))
    expect(error).toMatchObject({ _tag: "BadRequest", message: "chainId: bad", status: 400 })
    expect(fake.arrivals).toHaveLength(1)
  })

  it("adds the sdk query and the clientId to every request", async () => {
    const fake = await serve([() => ok])
    await withClient({ url: fake.url, projectId: "p-1", sdkVersion: "v-9", clientId: "c-3" }, (c) => c.blockchain.supportedChains({ query: {} }))
    const params = new URL(fake.arrivals[0]?.url ?? "", fake.url).searchParams
    expect(Object.fromEntries(params)).toEqual({ projectId: "p-1", st: "portico", sv: "v-9", clientId: "c-3" })
  })
})
