/**
 * Embedded sessions against a real API server: access tokens are jose JWTs checked against the session
 * row (revocation holds at once), expire after 15 minutes of the server's clock, and belong to one
 * project; refresh tokens rotate at each use and a rotated one presented again revokes the session.
 * Also: only the wallet's own origin may call (a host page may not), without `embedded` the endpoints answer 501,
 * and the whole of it runs on Postgres too (when Debian's postgresql is installed).
 */
import { SignJWT } from "jose"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startApiServer } from "../../../http/server/start.ts"
import { postgresAvailable, startPostgres } from "../support/postgres.ts"
import {
  bearer,
  failureOf,
  messagesTo,
  newDeviceId,
  newEmail,
  pageOrigin,
  projectId as testProject,
  publicUrl,
  randomKey,
  signIn,
  startEmbeddedWorld,
  withEmbedded,
  type EmbeddedWorld
} from "../support/embedded.ts"

let world: EmbeddedWorld
beforeAll(async () => {
  world = await startEmbeddedWorld()
})
afterAll(() => world.stop())

const url = () => world.api.url
const user = (accessToken: string, projectId?: string) =>
  withEmbedded(url(), (c) => c.user({ query: {}, headers: bearer(accessToken) }), projectId === undefined ? {} : { projectId })
const userFailure = (headers: { readonly authorization?: string }, projectId?: string) =>
  failureOf(url(), (c) => c.user({ query: {}, headers }), projectId === undefined ? {} : { projectId })
const refresh = (refreshToken: string) => withEmbedded(url(), (c) => c.sessionRefresh({ query: {}, payload: { refreshToken } }))
const refreshFailure = (refreshToken: string) => failureOf(url(), (c) => c.sessionRefresh({ query: {}, payload: { refreshToken } }))

describe("refresh", () => {
  it("rotates the refresh token and issues a working access token", async () => {
    const { grant } = await signIn(world)
    world.time.advance(1_000)
    const next = await refresh(grant.refreshToken)
    expect(next.visitorId).toBe(grant.visitorId)
    expect(next.refreshToken).not.toBe(grant.refreshToken)
    expect(next.accessToken).not.toBe(grant.accessToken)
    expect(await user(next.accessToken)).toMatchObject({ visitorId: grant.visitorId })
    const again = await refresh(next.refreshToken)
    expect(await user(again.accessToken)).toMatchObject({ visitorId: grant.visitorId })
  })

  it("a rotated refresh token presented again revokes the session: every token of it fails", async () => {
    const { grant } = await signIn(world)
    const next = await refresh(grant.refreshToken)
    expect(await refreshFailure(grant.refreshToken)).toMatchObject({ _tag: "SessionExpired", reason: "reused", status: 401 })
    expect(await refreshFailure(next.refreshToken)).toMatchObject({ _tag: "SessionExpired", reason: "expired" })
    expect(await userFailure(bearer(next.accessToken))).toMatchObject({ _tag: "SessionExpired", reason: "revoked" })
  })

  it("refuses an unknown refresh token, and one of another project", async () => {
    expect(await refreshFailure("A".repeat(43))).toMatchObject({ _tag: "SessionExpired", reason: "invalid" })
    const { grant } = await signIn(world)
    const foreign = await failureOf(url(), (c) => c.sessionRefresh({ query: {}, payload: { refreshToken: grant.refreshToken } }), {
      projectId: "other-project"
    })
    expect(foreign).toMatchObject({ _tag: "SessionExpired", reason: "invalid" })
  })

  it("keeps a session alive 30 days after its last refresh, not longer", async () => {
    const { grant } = await signIn(world)
    world.time.advance(29 * 24 * 60 * 60_000)
    const next = await refresh(grant.refreshToken)
    world.time.advance(30 * 24 * 60 * 60_000 + 1_000)
    expect(await refreshFailure(next.refreshToken)).toMatchObject({ _tag: "SessionExpired", reason: "expired" })
  })
})

describe("lifetime and sign-out", () => {
  it("ends a session 90 days after its sign-in, however often it was refreshed", async () => {
    const { grant } = await signIn(world)
    let current = grant
    for (let refreshes = 0; refreshes < 4; refreshes++) {
      world.time.advance(22 * 24 * 60 * 60_000)
      current = await refresh(current.refreshToken)
    }
    // Day 88: alive, and the refreshed session ends at day 90, not 30 days on.
    expect(await user(current.accessToken)).toMatchObject({ visitorId: grant.visitorId })
    world.time.advance(2 * 24 * 60 * 60_000 + 1_000)
    expect(await refreshFailure(current.refreshToken)).toMatchObject({ _tag: "SessionExpired", reason: "expired" })
  })

  it("signs out everywhere: every session of the visitor ends, this one included; another visitor's goes on", async () => {
    const { deviceId, email, grant } = await signIn(world)
    world.time.advance(31_000)
    const second = await signIn(world, email, deviceId)
    const stranger = await signIn(world)
    expect(await withEmbedded(url(), (c) => c.sessionRevokeAll({ query: {}, headers: bearer(second.grant.accessToken) }))).toEqual({ revoked: true })
    for (const ended of [grant, second.grant]) {
      expect(await userFailure(bearer(ended.accessToken))).toMatchObject({ _tag: "SessionExpired", reason: "revoked" })
      expect(await refreshFailure(ended.refreshToken)).toMatchObject({ _tag: "SessionExpired" })
    }
    expect(await user(stranger.grant.accessToken)).toMatchObject({ visitorId: stranger.grant.visitorId })
    expect(await userFailure({})).toMatchObject({ _tag: "SessionExpired", reason: "missing" })
  })
})

describe("access tokens", () => {
  it("a revoked session's access token fails at once", async () => {
    const { grant } = await signIn(world)
    expect(await user(grant.accessToken)).toMatchObject({ visitorId: grant.visitorId })
    expect(await withEmbedded(url(), (c) => c.sessionRevoke({ query: {}, headers: bearer(grant.accessToken) }))).toEqual({ revoked: true })
    expect(await userFailure(bearer(grant.accessToken))).toMatchObject({ _tag: "SessionExpired", reason: "revoked", status: 401 })
    expect(await refreshFailure(grant.refreshToken)).toMatchObject({ _tag: "SessionExpired" })
  })

  it("expire after 15 minutes; the refresh token still gives a new one", async () => {
    const { grant } = await signIn(world)
    world.time.advance(15 * 60_000 + 1_000)
    expect(await userFailure(bearer(grant.accessToken))).toMatchObject({ _tag: "SessionExpired", reason: "expired" })
    const next = await refresh(grant.refreshToken)
    expect(await user(next.accessToken)).toMatchObject({ visitorId: grant.visitorId })
  })

  it("refuses a missing, malformed, forged or another project's token", async () => {
    const { grant } = await signIn(world)
    expect(await userFailure({})).toMatchObject({ _tag: "SessionExpired", reason: "missing" })
    expect(await userFailure({ authorization: grant.accessToken })).toMatchObject({ _tag: "SessionExpired", reason: "missing" })
    expect(await userFailure({ authorization: "Bearer not-a-jwt" })).toMatchObject({ _tag: "SessionExpired", reason: "invalid" })
    const [header, payload] = grant.accessToken.split(".")
    const forged = await new SignJWT(JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as Record<string, unknown>)
      .setProtectedHeader(JSON.parse(Buffer.from(header ?? "", "base64url").toString()) as { alg: string })
      .sign(Buffer.from(randomKey(), "hex"))
    expect(await userFailure(bearer(forged))).toMatchObject({ _tag: "SessionExpired", reason: "invalid" })
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`
    expect(await userFailure(bearer(unsigned))).toMatchObject({ _tag: "SessionExpired", reason: "invalid" })
    expect(await userFailure(bearer(grant.accessToken), "other-project")).toMatchObject({ _tag: "SessionExpired", reason: "invalid" })
  })
})

describe("the wallet's own origin", () => {
  it("admits the server's own origins (the frame's) and a same-origin GET without Origin", async () => {
    const { grant } = await signIn(world)
    for (const origin of [url(), publicUrl]) {
      expect(await withEmbedded(url(), (c) => c.user({ query: {}, headers: bearer(grant.accessToken) }), { origin })).toMatchObject({
        visitorId: grant.visitorId
      })
    }
    const sameOrigin = await fetch(`${url()}/v1/embedded/user?projectId=${testProject}&st=portico&sv=test`, {
      headers: { "sec-fetch-site": "same-origin", ...bearer(grant.accessToken) }
    })
    expect(sameOrigin.status).toBe(200)
  })

  it("attack: the host's page (an allowed origin of the project), another page, or no page at all is refused", async () => {
    const { grant } = await signIn(world)
    for (const origin of [pageOrigin, "https://evil.example", "null", null]) {
      const refusal = await failureOf(url(), (c) => c.user({ query: {}, headers: bearer(grant.accessToken) }), { origin })
      expect(refusal, String(origin)).toMatchObject({ _tag: "OriginNotAllowed", status: 403 })
    }
    const crossSite = await fetch(`${url()}/v1/embedded/user?projectId=${testProject}&st=portico&sv=test`, {
      headers: { "sec-fetch-site": "cross-site", ...bearer(grant.accessToken) }
    })
    expect(crossSite.status).toBe(403)
  })

  it("attack: a host running its own email login for the visitor's address from its page gets no code mailed", async () => {
    const email = newEmail("victim")
    const refusal = await failureOf(url(), (c) => c.emailConnect({ query: {}, payload: { email, deviceId: newDeviceId(), locale: "en" } }), {
      origin: pageOrigin
    })
    expect(refusal).toMatchObject({ _tag: "OriginNotAllowed", status: 403 })
    expect(await messagesTo(world.mail, email)).toEqual([])
  })
})

it("answers 501 on a server without ServerOptions.embedded", async () => {
  const plain = await startApiServer({ port: 0, projects: { "test-project": { allowedOrigins: ["*"] } } })
  try {
    const refusal = await failureOf(plain.url, (c) => c.sessionRefresh({ query: {}, payload: { refreshToken: "A".repeat(43) } }))
    expect(refusal).toMatchObject({ _tag: "NotImplemented", status: 501 })
    const page = await fetch(`${plain.url}/v1/embedded/email/device/approve?token=x`)
    expect(page.status).toBe(501)
  } finally {
    await plain.stop()
  }
})

describe.skipIf(!postgresAvailable)("on Postgres", () => {
  it("signs in, refreshes, detects reuse, gates mail and stores shares", async () => {
    const postgres = await startPostgres()
    if (postgres === undefined) throw new Error("Postgres did not start")
    const local = await startEmbeddedWorld({ databaseUrl: postgres.url })
    try {
      const { email, grant } = await signIn(local)
      const gated = await failureOf(local.api.url, (c) =>
        c.emailConnect({ query: {}, payload: { email, deviceId: newDeviceId(), locale: "en" } }))
      expect(gated).toMatchObject({ _tag: "EmailCooldown", status: 429 })
      const next = await withEmbedded(local.api.url, (c) => c.sessionRefresh({ query: {}, payload: { refreshToken: grant.refreshToken } }))
      const reused = await failureOf(local.api.url, (c) => c.sessionRefresh({ query: {}, payload: { refreshToken: grant.refreshToken } }))
      expect(reused).toMatchObject({ _tag: "SessionExpired", reason: "reused" })
      expect(await failureOf(local.api.url, (c) => c.user({ query: {}, headers: bearer(next.accessToken) }))).toMatchObject({ reason: "revoked" })
      const again = await signIn(local, newEmail())
      const addresses = { evm: privateKeyToAccount(generatePrivateKey()).address, solana: "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T" }
      const set = { authShare: "AQID", recoveryShare: "BAUG", recoveryKind: "code" as const, addresses }
      expect(await withEmbedded(local.api.url, (c) => c.putShares({ query: {}, headers: bearer(again.grant.accessToken), payload: set })))
        .toEqual({ stored: "created" })
      expect(await withEmbedded(local.api.url, (c) => c.authShare({ query: {}, headers: bearer(again.grant.accessToken) })))
        .toEqual({ authShare: "AQID" })
    } finally {
      await local.stop()
      postgres.stop()
    }
  })
})
