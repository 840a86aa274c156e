/**
 * Sign-in on our server: nonce, strict verification for the calling page's origin, sessions that can
 * be confirmed and revoked, and a nonce racing in two requests accepted once.
 */
import * as Effect from "effect/Effect"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as SignInMessage from "../../../core/signin/SignInMessage.ts"
import type { SignInMessageData } from "../../../core/SignInSession.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { withClient } from "../support/client.ts"

const alice = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80")
const origin = "https://app.example.com"

let server: ApiServer
beforeAll(async () => {
  server = await startApiServer({
    port: 0,
    projects: { "test-project": { allowedOrigins: ["https://*.example.com"] }, "other-project": { allowedOrigins: ["*"] } },
    evm: [{ chainId: 31337, rpcUrl: "http://127.0.0.1:9/unused" }]
  })
})
afterAll(() => server.stop())

const client = <A, E>(use: Parameters<typeof withClient<A, E>>[1], from: string | null = origin, projectId = "test-project") =>
  withClient({ url: server.url, projectId, ...(from === null ? {} : { origin: from }) }, use)

const messageFor = (nonce: string, overrides: Partial<SignInMessageData> = {}) =>
  SignInMessage.format({
    domain: "app.example.com",
    accountAddress: alice.address,
    chainId: "eip155:31337",
    uri: `${origin}/`,
    version: "1",
    nonce,
    issuedAt: new Date().toISOString(),
    expirationTime: new Date(Date.now() + 3_600_000).toISOString(),
    ...overrides
  })

const signedWithNonce = async (overrides: Partial<SignInMessageData> = {}) => {
  const { nonce } = await client((c) => c.signIn.nonce({ query: {} }))
  const message = messageFor(nonce, overrides)
  return { message, signature: await alice.signMessage({ message }) }
}

describe("sign-in endpoints", () => {
  it("issues 128-bit nonces, each different", async () => {
    const nonces = await Promise.all([1, 2, 3].map(() => client((c) => c.signIn.nonce({ query: {} }))))
    for (const { nonce, expiresAt } of nonces) {
      expect(nonce).toMatch(/^[0-9a-f]{32}$/)
      expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000)
    }
    expect(new Set(nonces.map((n) => n.nonce)).size).toBe(3)
  })

  it("verifies a sign-in, keeps the session until it is revoked", async () => {
    const payload = await signedWithNonce()
    const record = await client((c) => c.signIn.addSession({ payload, query: {} }))
    expect(record).toMatchObject({ chainId: "eip155:31337", address: alice.address })
    expect(record.id).toMatch(/^[0-9a-f]{64}$/)
    const found = await client((c) => c.signIn.session({ params: { id: record.id }, query: {} }))
    expect(found.id).toBe(record.id)
    expect(await client((c) => c.signIn.revokeSession({ params: { id: record.id }, query: {} }))).toMatchObject({ revoked: true })
    const gone = await client((c) => Effect.flip(c.signIn.session({ params: { id: record.id }, query: {} })))
    expect(gone).toMatchObject({ _tag: "NotFound" })
  })

  it("accepts a nonce once, even when two requests race with it", async () => {
    const payload = await signedWithNonce()
    const outcomes = await Promise.allSettled([1, 2].map(() => client((c) => c.signIn.addSession({ payload, query: {} }))))
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1)
    const again = await client((c) => Effect.flip(c.signIn.addSession({ payload, query: {} })))
    expect(again).toMatchObject({ _tag: "SignInRefused", reason: "nonce", status: 401 })
  })

  it("refuses a message for another domain, another origin or a chain the server does not read", async () => {
    const cases: ReadonlyArray<[Partial<SignInMessageData>, string]> = [
      [{ domain: "evil.example.com" }, "domain"],
      [{ uri: "https://evil.example.com/" }, "uri"],
      [{ chainId: "eip155:1" }, "chain"]
    ]
    for (const [overrides, reason] of cases) {
      const payload = await signedWithNonce(overrides)
      const error = await client((c) => Effect.flip(c.signIn.addSession({ payload, query: {} })))
      expect(error).toMatchObject({ _tag: "SignInRefused", reason })
    }
  })

  it("refuses a page on another allowed origin than the message names", async () => {
    const payload = await signedWithNonce()
    const error = await client((c) => Effect.flip(c.signIn.addSession({ payload, query: {} })), "https://other.example.com")
    expect(error).toMatchObject({ _tag: "SignInRefused", reason: "domain" })
  })

  it("refuses a nonce issued to another project and a call without an Origin", async () => {
    const { nonce } = await client((c) => c.signIn.nonce({ query: {} }), origin, "other-project")
    const message = messageFor(nonce)
    const foreign = { message, signature: await alice.signMessage({ message }) }
    const error = await client((c) => Effect.flip(c.signIn.addSession({ payload: foreign, query: {} })))
    expect(error).toMatchObject({ _tag: "SignInRefused", reason: "nonce" })
    const payload = await signedWithNonce()
    const noOrigin = await client((c) => Effect.flip(c.signIn.addSession({ payload, query: {} })), null)
    expect(noOrigin).toMatchObject({ _tag: "BadRequest" })
  })
})

describe("nonces under attack", () => {
  let guarded: ApiServer
  beforeAll(async () => {
    guarded = await startApiServer({
      port: 0,
      projects: { "test-project": { allowedOrigins: ["https://*.example.com"] } },
      evm: [{ chainId: 31337, rpcUrl: "http://127.0.0.1:9/unused" }],
      rateLimit: { requests: 1000, perSeconds: 60 },
      trustedProxies: ["127.0.0.1"]
    })
  })
  afterAll(() => guarded.stop())

  const nonceFor = async (address: string) => {
    const answer = await fetch(`${guarded.url}/v1/siwx/nonce?projectId=test-project&st=portico&sv=test`, {
      method: "POST",
      headers: { origin, "x-forwarded-for": address }
    })
    return ((await answer.json()) as { nonce: string }).nonce
  }

  it("attack: a flood of nonce requests from one client costs it its own oldest and leaves another client's nonce good", async () => {
    const kept = await nonceFor("198.51.100.20")
    const floodersFirst = await nonceFor("203.0.113.5")
    for (let index = 0; index < 40; index++) await nonceFor("203.0.113.5")
    // The flooder holds 8 at most: its first went.
    const stale = messageFor(floodersFirst)
    const staleSignature = await alice.signMessage({ message: stale })
    expect(await withClient({ url: guarded.url, projectId: "test-project", origin }, (c) =>
      Effect.flip(c.signIn.addSession({ payload: { message: stale, signature: staleSignature }, query: {} })))).toMatchObject({ reason: "nonce" })
    const message = messageFor(kept)
    const signature = await alice.signMessage({ message })
    const record = await withClient({ url: guarded.url, projectId: "test-project", origin }, (c) =>
      c.signIn.addSession({ payload: { message, signature }, query: {} }))
    expect(record.address).toBe(alice.address)
  })

  it("attack: a made-up nonce is refused before any signature check (no eth_call for a contract account)", async () => {
    const contract = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
    const message = messageFor("madeup12345678", { accountAddress: contract })
    const refusal = await withClient({ url: guarded.url, projectId: "test-project", origin }, (c) =>
      Effect.flip(c.signIn.addSession({ payload: { message, signature: `0x${"11".repeat(65)}` }, query: {} })))
    expect(refusal).toMatchObject({ _tag: "SignInRefused", reason: "nonce" })
  })
})

describe("CORS where sessions are involved", () => {
  it("names only an allowed origin, with Vary: Origin, and no other", async () => {
    const allowed = await fetch(`${server.url}/v1/siwx/nonce?projectId=test-project&st=x&sv=1`, { method: "POST", headers: { origin } })
    expect(allowed.headers.get("access-control-allow-origin")).toBe(origin)
    expect(allowed.headers.get("vary")).toContain("Origin")
    const foreign = await fetch(`${server.url}/v1/siwx/nonce?projectId=test-project&st=x&sv=1`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.test", "access-control-request-method": "POST" }
    })
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull()
    expect(foreign.headers.get("vary")).toContain("Origin")
  })
})
