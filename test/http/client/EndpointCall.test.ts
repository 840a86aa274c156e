/**
 * The connect path's calls derived from the contracts without HttpApiClient: against the real server they
 * decode its answers into the contract's classes and its refusals (the endpoint's own and its group's
 * middlewares') into the typed errors at their status; against a local server that misbehaves, every
 * answer the contract does not describe fails (fail-closed), a path parameter stays one segment, and a
 * dot segment is refused before anything is sent.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import * as fc from "fast-check"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { BadRequest, InvalidProjectId, OriginNotAllowed, RateLimited } from "../../../http/api/ApiError.ts"
import { BlockchainApi, SupportedChains } from "../../../http/api/BlockchainApi.ts"
import { WalletApi } from "../../../http/api/WalletApi.ts"
import * as EndpointCall from "../../../http/client/EndpointCall.ts"
import * as ServerTransport from "../../../http/client/ServerTransport.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { httpClientLayer } from "../support/client.ts"

/** Runs `use` with the transport the modal uses (sdk query, timeout; no retries) over fetch. */
const run = <A, E>(url: string, use: (httpClient: HttpClient.HttpClient) => Effect.Effect<A, E>, setup: { readonly projectId?: string; readonly origin?: string } = {}) =>
  Effect.runPromise(
    Effect.flatMap(ServerTransport.transport({ apiUrl: url, projectId: setup.projectId ?? "call-test", sdkVersion: "t-1", retry: false }), use).pipe(
      Effect.provide(httpClientLayer(setup.origin))
    )
  )

const chains = (url: string, setup?: { readonly projectId?: string; readonly origin?: string }) =>
  run(url, (httpClient) => Effect.flip(EndpointCall.make(BlockchainApi.endpoints.supportedChains, { httpClient, baseUrl: url })({ query: {} })), setup)

describe("against the real server", () => {
  let server: ApiServer
  beforeAll(async () => {
    server = await startApiServer({
      port: 0,
      projects: { "call-test": { allowedOrigins: ["https://app.example.com"] } },
      rateLimit: { requests: 1000, perSeconds: 60 }
    })
  })
  afterAll(() => server.stop())

  it("decodes a success into the contract's class, with the query and params encoded", async () => {
    const [supported, page] = await run(server.url, (httpClient) =>
      Effect.all([
        EndpointCall.make(BlockchainApi.endpoints.supportedChains, { httpClient, baseUrl: server.url })({ query: {} }),
        EndpointCall.make(WalletApi.endpoints.getWallets, { httpClient, baseUrl: server.url })({ query: { page: "1", entries: "2" } })
      ]))
    expect(supported).toBeInstanceOf(SupportedChains)
    expect(page.count).toBeGreaterThan(2)
    expect(page.data).toHaveLength(2)
  })

  it("decodes the endpoint's own refusal into its typed error", async () => {
    const error = await run(server.url, (httpClient) =>
      Effect.flip(EndpointCall.make(BlockchainApi.endpoints.balance, { httpClient, baseUrl: server.url })({ params: { address: "0x123" }, query: { currency: "usd" } })))
    expect(error).toBeInstanceOf(BadRequest)
    expect(error).toMatchObject({ status: 400 })
  })

  it("decodes the group's middleware refusals (an unknown project, an origin not allowed) into their typed errors", async () => {
    expect(await chains(server.url, { projectId: "nobody" })).toBeInstanceOf(InvalidProjectId)
    expect(await chains(server.url, { origin: "https://evil.example.net" })).toBeInstanceOf(OriginNotAllowed)
  })
})

describe("against a server that answers what the contract does not describe", () => {
  let server: Server | undefined
  afterEach(() => new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve()))))

  /** Answers every request with `status` and `body` (sent as is), and records the paths asked for. */
  const serve = async (status: number, body: string) => {
    const paths: Array<string> = []
    server = createServer((request, response) => {
      paths.push(new URL(request.url ?? "", "http://host").pathname)
      response.writeHead(status, { "content-type": "application/json" })
      response.end(body)
    })
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve))
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths }
  }

  it("fails a success whose body is not the contract's, or not JSON, with a SchemaError", async () => {
    const wrong = await serve(200, JSON.stringify({ http: "eip155:1" }))
    expect(await chains(wrong.url)).toMatchObject({ _tag: "SchemaError" })
    await new Promise<void>((resolve) => server?.close(() => resolve()))
    const notJson = await serve(200, "<html>")
    expect(await chains(notJson.url)).toMatchObject({ _tag: "SchemaError" })
  })

  it("fails a declared status whose body is not a declared error with the status, and decodes one that is", async () => {
    const fake = await serve(429, JSON.stringify({ _tag: "RateLimited", message: "slow down", retryAfter: 3 }))
    const limited = await chains(fake.url)
    expect(limited).toBeInstanceOf(RateLimited)
    expect(limited).toMatchObject({ retryAfter: 3 })
    await new Promise<void>((resolve) => server?.close(() => resolve()))
    const forged = await serve(429, JSON.stringify({ _tag: "NotFound", message: "no" }))
    expect(await chains(forged.url)).toMatchObject({ _tag: "HttpClientError", reason: { _tag: "StatusCodeError", response: { status: 429 } } })
  })

  it("fails a status the contract does not declare", async () => {
    const fake = await serve(418, JSON.stringify({ http: [], ws: [] }))
    expect(await chains(fake.url)).toMatchObject({ _tag: "HttpClientError", reason: { _tag: "DecodeError", response: { status: 418 } } })
  })

  it("keeps any name one path segment, and refuses a dot segment before sending", async () => {
    const fake = await serve(404, "{}")
    const lookup = (name: string) =>
      run(fake.url, (httpClient) =>
        Effect.flip(EndpointCall.make(BlockchainApi.endpoints.profileAccount, { httpClient, baseUrl: fake.url })({ params: { name }, query: {} })))
    await fc.assert(fc.asyncProperty(fc.string({ minLength: 1 }).filter((name) => name !== "." && name !== ".."), async (name) => {
      const before = fake.paths.length
      await lookup(name)
      expect(fake.paths.slice(before)).toEqual([`/v1/profile/account/${encodeURIComponent(name)}`])
    }), { numRuns: 40 })
    const sent = fake.paths.length
    for (const dots of [".", ".."]) expect(await lookup(dots)).toMatchObject({ _tag: "HttpClientError", reason: { _tag: "EncodeError" } })
    expect(fake.paths).toHaveLength(sent)
  })
})

// Checked by `npm run typecheck`: a call's success is its endpoint's success type, and its query is the contract's.
export const typedByTheContract = (httpClient: HttpClient.HttpClient) => {
  const call = EndpointCall.make(BlockchainApi.endpoints.supportedChains, { httpClient, baseUrl: "http://127.0.0.1:1" })
  const typed: Effect.Effect<SupportedChains, unknown> = call({ query: {} })
  // @ts-expect-error the query has no such field
  const wrong = call({ query: { nope: "1" } })
  return [typed, wrong]
}
