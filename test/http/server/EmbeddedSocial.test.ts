/**
 * Social login on our server, against a real API server and the sandbox's real identity providers (an
 * OpenID provider for google, a plain OAuth 2.0 one for github and x), the browser's hops driven by hand:
 * the login completes with the provider's subject, verified email and name; every tampered answer is
 * refused (state, replayed callback, a code delivered to another attempt, forged or mismatched ID tokens
 * from a rogue issuer), a declined login and an expired attempt end it, the visitor is signed in once and
 * only for the holder of both the poll secret and the completion code the provider's answer brought to
 * the browser (so a link started in one browser and opened in another signs nobody in), and redirect mode
 * sends the page back with the attempt's id and that code.
 * With Postgres installed, two servers sharing a database complete an attempt between them.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { exportJWK, generateKeyPair, SignJWT } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { callbackPath, completionParameter, popupScriptPath, returnParameter } from "../../../http/api/SocialApi.ts"
import { attemptTtlMillis } from "../../../http/server/embedded/SocialAttempts.ts"
import * as SocialClients from "../../../http/server/embedded/SocialClients.ts"
import { completionMeta } from "../../../http/server/embedded/SocialDonePage.ts"
import { visitorTexts } from "../../../http/server/embedded/VisitorTexts.ts"
import type { SocialOptions } from "../../../http/server/embedded/SocialOptions.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { readForm } from "../../../sandbox/oidc/FormBody.ts"
import { startIdentityProviders, type IdentityProviders } from "../../../sandbox/oidc/IdentityProviders.ts"
import { HttpBrowser, type Hop } from "../../support/HttpBrowser.ts"
import { randomKey } from "../support/embedded.ts"
import { postgresAvailable, startPostgres, type Postgres } from "../support/postgres.ts"

const host = "127.0.0.1"
const appOrigin = "https://app.example.com"
const returnTo = `${appOrigin}/shop?page=2`
const deviceId = "device-0123456789abcdef"

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, host, () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })

/** The API server's time, moved by the expiry test (the embedded wallet takes its clock from `startApiServer`). */
let offset = 0
const system = Clock.Clock.defaultValue()
const clock: Clock.Clock = {
  currentTimeMillisUnsafe: () => system.currentTimeMillisUnsafe() + offset,
  currentTimeMillis: Effect.sync(() => system.currentTimeMillisUnsafe() + offset),
  currentTimeNanosUnsafe: () => system.currentTimeNanosUnsafe() + BigInt(offset) * 1_000_000n,
  currentTimeNanos: Effect.sync(() => system.currentTimeNanosUnsafe() + BigInt(offset) * 1_000_000n),
  monotonicTimeNanosUnsafe: () => system.monotonicTimeNanosUnsafe(),
  monotonicTimeNanos: system.monotonicTimeNanos,
  sleep: (duration) => system.sleep(duration)
}

const json = (response: ServerResponse, body: unknown) => {
  response.writeHead(200, { "content-type": "application/json" })
  response.end(JSON.stringify(body))
}

type RogueMode = "valid" | "forged" | "wrongNonce" | "wrongAudience" | "unverifiedEmail"

/**
 * An OpenID issuer that answers the code flow with an ID token made to order: valid, signed by a key it
 * does not publish, with another nonce, for another audience, or valid for another person whose address
 * it has not verified. Like Apple, it has no userinfo endpoint.
 */
const startRogueIssuer = async (clientId: string) => {
  const published = await generateKeyPair("RS256")
  const unpublished = await generateKeyPair("RS256")
  const kid = "rogue-key"
  const nonces = new Map<string, string>()
  let mode: RogueMode = "valid"
  let url = ""
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const requested = new URL(request.url ?? "/", url)
    if (requested.pathname === "/.well-known/openid-configuration") {
      return json(response, {
        issuer: url,
        authorization_endpoint: `${url}/authorize`,
        token_endpoint: `${url}/token`,
        jwks_uri: `${url}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"]
      })
    }
    if (requested.pathname === "/jwks") return json(response, { keys: [{ ...(await exportJWK(published.publicKey)), kid, alg: "RS256", use: "sig" }] })
    if (requested.pathname === "/authorize") {
      const code = crypto.randomUUID()
      nonces.set(code, requested.searchParams.get("nonce") ?? "")
      const back = new URL(requested.searchParams.get("redirect_uri") ?? "")
      back.searchParams.set("code", code)
      back.searchParams.set("state", requested.searchParams.get("state") ?? "")
      response.writeHead(303, { location: back.href })
      return response.end()
    }
    const form = await readForm(request)
    const nonce = nonces.get(form?.get("code") ?? "") ?? ""
    const unverified = mode === "unverifiedEmail"
    const idToken = await new SignJWT({ nonce: mode === "wrongNonce" ? "another-nonce" : nonce, email: "rogue@example.test", email_verified: !unverified, name: "Rogue" })
      .setProtectedHeader({ alg: "RS256", kid })
      .setIssuer(url)
      .setSubject(unverified ? "rogue-unverified-subject" : "rogue-subject")
      .setAudience(mode === "wrongAudience" ? "another-client" : clientId)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(mode === "forged" ? unpublished.privateKey : published.privateKey)
    json(response, { access_token: "rogue-access-token", token_type: "Bearer", expires_in: 300, id_token: idToken })
  }
  const server = createServer((request, response) => void handle(request, response))
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  url = `http://${host}:${(server.address() as AddressInfo).port}`
  return {
    url,
    setMode: (next: RogueMode) => {
      mode = next
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** The keys of every server here (two servers on one database share them). */
const keys = { sessionKey: randomKey(), shareKey: randomKey() }

/**
 * The project and the embedded wallet of every server here; `publicUrl` is where the providers send
 * browsers back. A server on loopback, so a `*` project may stay (allowUnsafeLocalOrigins).
 */
const serverOptions = (publicUrl: string, social: SocialOptions) => ({
  projects: { "test-project": { allowedOrigins: [appOrigin] }, "any-project": { allowedOrigins: ["*"] } },
  allowUnsafeLocalOrigins: true,
  embedded: {
    ...keys,
    smtp: { host, port: 9, from: "Portico <login@example.test>" },
    publicUrl,
    social
  }
})

let apiUrl: string
let redirectUri: string
let providers: IdentityProviders
let rogue: Awaited<ReturnType<typeof startRogueIssuer>>
let server: ApiServer

beforeAll(async () => {
  const port = await freePort()
  apiUrl = `http://${host}:${port}`
  redirectUri = `${apiUrl}${callbackPath}`
  ;[providers, rogue] = await Promise.all([
    startIdentityProviders({ host, oidcPort: 0, oauthPort: 0, redirectUri }),
    startRogueIssuer("rogue-client")
  ])
  // discord stays unconfigured; apple is the rogue issuer.
  const social: SocialOptions = {
    ...Object.fromEntries(Object.entries(providers.social).filter(([provider]) => provider !== "discord")),
    apple: { issuer: rogue.url, clientId: "rogue-client", clientSecret: "rogue-secret" }
  }
  server = await startApiServer({ port, ...serverOptions(apiUrl, social) }, { clock })
})
afterAll(async () => {
  await server.stop()
  await Promise.all([providers.stop(), rogue.stop()])
})

/** Starts a redirect-mode attempt of the `*` project with this returnTo: its status. */
const startForAnyProject = async (to: string) =>
  (await call("POST", "/v1/embedded/social/start", { provider: "github", mode: "redirect", returnTo: to, deviceId }, {}, apiUrl, "any-project")).status

/** A call of the frame: from the API server's own origin, with the project's query. */
const call = (method: string, path: string, body?: unknown, headers: Readonly<Record<string, string>> = {}, base: string = apiUrl, project = "test-project") =>
  fetch(`${base}${path}?projectId=${project}&st=portico&sv=portico-test-0.1.0`, {
    method,
    headers: { origin: base, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })

interface Started {
  readonly authorizationUrl: string
  readonly attemptId: string
  readonly pollSecret: string
}

const start = async (provider: string, mode: "popup" | "redirect" = "popup", to: string = returnTo, base: string = apiUrl): Promise<Started> => {
  const response = await call("POST", "/v1/embedded/social/start", { provider, mode, returnTo: to, deviceId }, {}, base)
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as Started
}

const complete = (attempt: { readonly attemptId: string; readonly pollSecret: string }, base: string = apiUrl, completionCode?: string) =>
  call("POST", "/v1/embedded/social/complete", { attemptId: attempt.attemptId, pollSecret: attempt.pollSecret, ...(completionCode === undefined ? {} : { completionCode }) }, {}, base)

/** The completion code the popup's page carries for its script, or the one redirect mode adds to `returnTo`. */
const completionOf = (hop: Hop, attempt: Started): string => {
  if (hop.location !== undefined) {
    const location = new URL(hop.location)
    expect(location.searchParams.get(returnParameter)).toBe(attempt.attemptId)
    return location.searchParams.get(completionParameter) ?? ""
  }
  const content = new RegExp(`<meta name="${completionMeta}" content="([^"]*)">`).exec(hop.body)?.[1] ?? ""
  const [attemptId, code] = content.split(" ")
  expect(attemptId).toBe(attempt.attemptId)
  return code ?? ""
}

const completed = async (attempt: Started, hop: Hop) => {
  const response = await complete(attempt, apiUrl, completionOf(hop, attempt))
  const body = (await response.json()) as { status: string; userName?: string; grant: { accessToken: string; visitorId: string } }
  expect(response.status, JSON.stringify(body)).toBe(200)
  expect(body.status).toBe("signedIn")
  return body
}

/**
 * Signs in at the provider's page as `fields` choose; answers the callback URL (`callback` + the answer's
 * query) the provider sends the browser to, not yet visited.
 */
const signInAtProvider = async (browser: HttpBrowser, attempt: Started, fields: Readonly<Record<string, string>>, callback: string = redirectUri): Promise<string> => {
  const atCallback = (url: URL) => url.href.startsWith(callback)
  const page = await browser.visit(attempt.authorizationUrl, atCallback)
  expect(page.status).toBe(200)
  const back = await browser.submitSignIn(page, fields, atCallback)
  expect(back.location?.startsWith(callback), back.location).toBe(true)
  return back.location ?? ""
}

/** A sign-in at the rogue issuer (configured as apple), which answers at once without a page; completed with the popup's code. */
const signInAtRogue = async () => {
  const attempt = await start("apple")
  const page = await new HttpBrowser().visit(attempt.authorizationUrl)
  const code = /content="[0-9a-f]{32} ([A-Za-z0-9_-]{43})"/.exec(page.body)?.[1]
  return complete(attempt, apiUrl, code)
}

const alice = { account: "Alice <alice@example.test>" }

const user = async (accessToken: string) => (await call("GET", "/v1/embedded/user", undefined, { authorization: `Bearer ${accessToken}` })).json()

const expectPopupPage = (hop: Hop, text: string) => {
  expect(hop.status).toBe(200)
  expect(hop.headers.get("content-type")).toContain("text/html")
  expect(hop.headers.get("content-security-policy")).toContain("script-src 'self'")
  expect(hop.headers.get("content-security-policy")).toContain("default-src 'none'")
  expect(hop.headers.get("referrer-policy")).toBe("no-referrer")
  expect(hop.body).toContain(text)
  expect(hop.body).toContain('<script src="done.js" defer></script>')
}

describe("social login", () => {
  it("signs in with an OpenID provider (popup): the provider's subject, email and name", async () => {
    const attempt = await start("google")
    expect(Object.keys(attempt).toSorted()).toEqual(["attemptId", "authorizationUrl", "pollSecret"])
    const request = new URL(attempt.authorizationUrl).searchParams
    expect(request.get("redirect_uri")).toBe(redirectUri)
    expect(request.get("code_challenge_method")).toBe("S256")
    expect(request.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(request.get("state")).not.toBeNull()
    expect(request.get("nonce")).not.toBeNull()
    const browser = new HttpBrowser()
    // Parameters the provider adds beyond the protocol's (Google sends authuser, prompt…) do no harm.
    const callback = new URL(await signInAtProvider(browser, attempt, alice))
    callback.searchParams.set("authuser", "0")
    const page = await browser.request(callback.href)
    expectPopupPage(page, "Signed in")
    const done = await completed(attempt, page)
    expect(done.userName).toBe("Alice")
    expect(await user(done.grant.accessToken)).toMatchObject({ visitorId: done.grant.visitorId, socialProvider: "google", email: "alice@example.test", userName: "Alice" })

    // The same subject is the same visitor; another account is another one.
    const again = await start("google")
    const againPage = await browser.request(await signInAtProvider(browser, again, alice))
    expect((await completed(again, againPage)).grant.visitorId).toBe(done.grant.visitorId)
    const bob = await start("google")
    const bobPage = await browser.request(await signInAtProvider(browser, bob, { account: "Bob <bob@example.test>" }))
    expect((await completed(bob, bobPage)).grant.visitorId).not.toBe(done.grant.visitorId)
  })

  it("signs in with a plain OAuth 2.0 provider, its secret posted (github) or sent as HTTP Basic (x), the address from its verified-email API", async () => {
    for (const provider of ["github", "x"]) {
      const attempt = await start(provider)
      expect(new URL(attempt.authorizationUrl).searchParams.get("nonce")).toBeNull()
      const browser = new HttpBrowser()
      const page = await browser.request(await signInAtProvider(browser, attempt, { account: "", typed: "Dana <dana@example.test>" }))
      expectPopupPage(page, "Signed in")
      const done = await completed(attempt, page)
      expect(done.userName).toBe("Dana")
      expect(await user(done.grant.accessToken)).toMatchObject({ socialProvider: provider, email: "dana@example.test", userName: "Dana" })
    }
  })

  it("attack: an address the provider has not verified never becomes the visitor's (plain OAuth's verified-email API)", async () => {
    const attempt = await start("github")
    const browser = new HttpBrowser()
    const page = await browser.request(await signInAtProvider(browser, attempt, { account: "", typed: "Eve <unverified.eve@example.test>" }))
    const done = await completed(attempt, page)
    expect(await user(done.grant.accessToken)).not.toHaveProperty("email")
  })

  it("waits (long poll) for the provider's answer, then signs in once for the completion code", async () => {
    const attempt = await start("github")
    const waiting = complete(attempt)
    const browser = new HttpBrowser()
    const page = await browser.request(await signInAtProvider(browser, attempt, alice))
    const answer = await waiting
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ status: "verified" })
    const done = await completed(attempt, page)
    expect(done.userName).toBe("Alice")
    const second = await complete(attempt, apiUrl, completionOf(page, attempt))
    expect(second.status).toBe(404)
    expect(await second.json()).toMatchObject({ _tag: "NotFound" })
  })

  it("attack: a provider link started by one browser and opened by another signs nobody in for the starter", async () => {
    // The attacker starts (holding the poll secret) and sends the authorization URL to the victim.
    const attempt = await start("google")
    const victim = new HttpBrowser()
    const victimsPage = await victim.request(await signInAtProvider(victim, attempt, alice))
    expectPopupPage(victimsPage, "Signed in")
    // The attacker polls: the provider answered, but the completion code went to the victim's browser.
    const polled = await complete(attempt)
    expect(await polled.json()).toEqual({ status: "verified" })
    for (const guess of ["A".repeat(43), attempt.pollSecret]) {
      const refused = await complete(attempt, apiUrl, guess)
      expect(refused.status).toBe(401)
      expect(await refused.json()).toMatchObject({ _tag: "PollSecretRefused", message: expect.stringMatching(/^completionCode: /) })
    }
    // The code alone (the victim's browser) is nothing without the starter's poll secret either.
    const withoutSecret = await complete({ attemptId: attempt.attemptId, pollSecret: "B".repeat(43) }, apiUrl, completionOf(victimsPage, attempt))
    expect(withoutSecret.status).toBe(401)
  })

  it("redirect mode: back to returnTo with the attempt's id and its completion code, never the poll secret", async () => {
    const attempt = await start("google", "redirect")
    const browser = new HttpBrowser()
    const back = await browser.request(await signInAtProvider(browser, attempt, alice))
    expect(back.status).toBe(303)
    expect(back.headers.get("referrer-policy")).toBe("no-referrer")
    const location = new URL(back.location ?? "")
    expect(location.origin + location.pathname).toBe(`${appOrigin}/shop`)
    expect([...location.searchParams.keys()]).toEqual(["page", returnParameter, completionParameter])
    expect(back.location).not.toContain(attempt.pollSecret)
    expect((await completed(attempt, back)).userName).toBe("Alice")
  })

  it("refuses an answer whose state names no attempt; the attempt still completes with the right one", async () => {
    const attempt = await start("google")
    const browser = new HttpBrowser()
    const callback = new URL(await signInAtProvider(browser, attempt, alice))
    const forged = new URL(callback)
    forged.searchParams.set("state", "an-attackers-state-value")
    const refused = await browser.request(forged.href)
    expect(refused.status).toBe(400)
    expect(JSON.parse(refused.body)).toMatchObject({ _tag: "BadRequest", message: expect.stringMatching(/^state: /) })
    const missing = new URL(callback)
    missing.searchParams.delete("state")
    expect((await browser.request(missing.href)).status).toBe(400)
    const page = await browser.request(callback.href)
    expectPopupPage(page, "Signed in")
    await completed(attempt, page)
  })

  it("refuses a replayed callback: its code and state were used", async () => {
    const attempt = await start("github")
    const browser = new HttpBrowser()
    const callback = await signInAtProvider(browser, attempt, alice)
    const page = await browser.request(callback)
    expectPopupPage(page, "Signed in")
    expect((await browser.request(callback)).status).toBe(400)
    await completed(attempt, page)
  })

  it("fails an attempt given a code issued to another one: its PKCE verifier does not match", async () => {
    for (const provider of ["google", "github"]) {
      const victim = await start(provider)
      const other = await start(provider)
      const browser = new HttpBrowser()
      const callback = new URL(await signInAtProvider(browser, other, alice))
      // The other attempt's code, with the victim's state (as if the code were injected into the victim's browser).
      const victimState = new URL(victim.authorizationUrl).searchParams.get("state") ?? ""
      callback.searchParams.set("state", victimState)
      expectPopupPage(await browser.request(callback.href), "not completed")
      const answer = await complete(victim)
      expect(answer.status).toBe(401)
      expect(await answer.json()).toMatchObject({ _tag: "SocialSignInFailed", reason: "failed", message: expect.stringContaining("invalid_grant") })
    }
  })

  it("verifies the ID token: a forged signature, another nonce or another audience is refused", async () => {
    try {
      for (const mode of ["forged", "wrongNonce", "wrongAudience"] as const) {
        rogue.setMode(mode)
        const answer = await signInAtRogue()
        expect(answer.status, mode).toBe(401)
        expect(await answer.json()).toMatchObject({ _tag: "SocialSignInFailed", reason: "failed" })
      }
      // The same issuer's genuine token passes: the refusals above are the token's, not the issuer's.
      rogue.setMode("valid")
      const answer = await signInAtRogue()
      expect(answer.status).toBe(200)
      const done = (await answer.json()) as { grant: { accessToken: string } }
      expect(done).toMatchObject({ status: "signedIn", userName: "Rogue" })
      expect(await user(done.grant.accessToken)).toMatchObject({ socialProvider: "apple", email: "rogue@example.test" })
    } finally {
      rogue.setMode("valid")
    }
  })

  it("keeps an OpenID provider's address only when the provider verified it", async () => {
    rogue.setMode("unverifiedEmail")
    try {
      const answer = await signInAtRogue()
      const done = (await answer.json()) as { grant: { accessToken: string } }
      expect(done).toMatchObject({ status: "signedIn", userName: "Rogue" })
      expect(await user(done.grant.accessToken)).not.toHaveProperty("email")
    } finally {
      rogue.setMode("valid")
    }
  })

  it("the popup's last page speaks the browser's language: traditional Chinese for zh-Hant, Hebrew right to left", async () => {
    const attempt = await start("google")
    const browser = new HttpBrowser()
    const page = await browser.request(await signInAtProvider(browser, attempt, alice), { language: "zh-Hant;q=0.9, en;q=0.5" })
    expectPopupPage(page, visitorTexts["zh-TW"].socialDone.signedIn.body)
    expect(page.body).toContain(`<html lang="zh-TW" dir="ltr">`)
    await completed(attempt, page)
    const declined = await start("google")
    const hebrew = await browser.request(await signInAtProvider(browser, declined, { cancel: "1" }), { language: "he-IL,he;q=0.9" })
    expectPopupPage(hebrew, visitorTexts.he.socialDone.failed.body)
    expect(hebrew.body).toContain(`<html lang="he" dir="rtl">`)
  })

  it("ends the attempt when the visitor declines at the provider (access_denied), in both modes", async () => {
    const popup = await start("google")
    const browser = new HttpBrowser()
    expectPopupPage(await browser.request(await signInAtProvider(browser, popup, { cancel: "1" })), "not completed")
    const answer = await complete(popup)
    expect(answer.status).toBe(401)
    expect(await answer.json()).toMatchObject({ _tag: "SocialSignInFailed", reason: "denied" })
    expect((await complete(popup)).status).toBe(404)

    const redirect = await start("github", "redirect")
    const back = await browser.request(await signInAtProvider(browser, redirect, { cancel: "1" }))
    expect(new URL(back.location ?? "").searchParams.get(returnParameter)).toBe(redirect.attemptId)
    expect(await (await complete(redirect)).json()).toMatchObject({ _tag: "SocialSignInFailed", reason: "denied" })
  })

  it("answers the outcome only to the poll secret the attempt was started with", async () => {
    const attempt = await start("github")
    const browser = new HttpBrowser()
    const page = await browser.request(await signInAtProvider(browser, attempt, alice))
    const wrong = await complete({ attemptId: attempt.attemptId, pollSecret: "A".repeat(43) })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ _tag: "PollSecretRefused" })
    const unknown = await complete({ attemptId: "0".repeat(32), pollSecret: attempt.pollSecret })
    expect(unknown.status).toBe(404)
    await completed(attempt, page)
  })

  it("refuses to start for a returnTo off the project's origins, and for a provider not configured", async () => {
    const refusals: ReadonlyArray<readonly [Readonly<Record<string, string>>, RegExp]> = [
      [{ provider: "google", returnTo: "https://evil.example.net/" }, /^returnTo: /],
      [{ provider: "google", returnTo: "https://app.example.com.evil.example.net/" }, /^returnTo: /],
      [{ provider: "google", returnTo: "javascript:alert(1)" }, /^returnTo: /],
      [{ provider: "google", returnTo: "/relative" }, /^returnTo: /],
      [{ provider: "discord", returnTo }, /^provider: Unsupported social provider/],
      [{ provider: "myspace", returnTo }, /^provider: Unsupported social provider/]
    ]
    for (const [fields, message] of refusals) {
      const answer = await call("POST", "/v1/embedded/social/start", { mode: "popup", deviceId, ...fields })
      expect(answer.status, JSON.stringify(fields)).toBe(400)
      expect(await answer.json()).toMatchObject({ _tag: "BadRequest", message: expect.stringMatching(message) })
    }
  })

  it("attack: a `*` project's returnTo is no open redirect: pages on this machine only", async () => {
    for (const evil of ["https://evil.example/", "http://evil.example/", "https://127.0.0.1.evil.example/"]) expect(await startForAnyProject(evil), evil).toBe(400)
    for (const local of ["http://127.0.0.1:5173/shop", "http://localhost:3000/"]) expect(await startForAnyProject(local), local).toBe(200)
  })

  it("admits a returnTo exactly when its origin is one of the project's", async () => {
    const candidate = fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.webPath().map((path) => `${appOrigin}${path}`),
      fc.constantFrom(`${appOrigin}:8443/`, "http://app.example.com/", `${appOrigin}.evil.test/`, `${appOrigin}@evil.test/`)
    )
    await fc.assert(
      fc.asyncProperty(candidate, async (url) => {
        const answer = await call("POST", "/v1/embedded/social/start", { provider: "github", mode: "redirect", returnTo: url, deviceId })
        expect(answer.status === 200, url).toBe(new URL(url).origin === appOrigin)
      }),
      { numRuns: 25 }
    )
  })

  it("refuses every callback whose state names no attempt, whatever else it carries", async () => {
    const parameter = fc.option(fc.string({ maxLength: 80 }), { nil: undefined })
    await fc.assert(
      fc.asyncProperty(fc.record({ state: parameter, code: parameter, error: parameter, iss: parameter }), async (query) => {
        const url = new URL(redirectUri)
        for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, value)
        const answer = await fetch(url)
        expect(answer.status).toBe(400)
        expect(await answer.json()).toMatchObject({ _tag: "BadRequest" })
      }),
      { numRuns: 25 }
    )
  })

  it("lets an attempt expire after 10 minutes: its callback and its poll are refused", async () => {
    const attempt = await start("google")
    const browser = new HttpBrowser()
    const callback = await signInAtProvider(browser, attempt, alice)
    offset = attemptTtlMillis + 1_000
    try {
      expect((await browser.request(callback)).status).toBe(400)
      expect((await complete(attempt)).status).toBe(404)
    } finally {
      offset = 0
    }
  })

  it("describes its endpoints in the OpenAPI document", async () => {
    const document = (await (await fetch(`${apiUrl}/openapi.json`)).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining([
      "/v1/embedded/social/start",
      "/v1/embedded/social/complete",
      callbackPath,
      popupScriptPath
    ]))
  })

  it("serves the popup's script as a file of its own origin", async () => {
    const response = await fetch(`${apiUrl}${popupScriptPath}`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/javascript")
    const script = await response.text()
    // It posts the completion for its own origin only, then closes.
    expect(script).toContain("postMessage(message, location.origin)")
    expect(script).toContain("window.close()")
  })
})

describe.skipIf(!postgresAvailable)("social login across processes sharing Postgres", () => {
  let postgres: Postgres | undefined
  let servers: ReadonlyArray<ApiServer> = []
  let sharedProviders: IdentityProviders | undefined
  // Two servers behind one public URL (a load balancer's): the first's.
  let first = ""
  let second = ""
  beforeAll(async () => {
    postgres = await startPostgres()
    if (postgres === undefined) throw new Error("Postgres did not start")
    const ports = await Promise.all([freePort(), freePort()])
    first = `http://${host}:${ports[0]}`
    second = `http://${host}:${ports[1]}`
    sharedProviders = await startIdentityProviders({ host, oidcPort: 0, oauthPort: 0, redirectUri: `${first}${callbackPath}` })
    const options = serverOptions(first, sharedProviders.social)
    const databaseUrl = postgres.url
    servers = await Promise.all(ports.map((port) => startApiServer({ port, databaseUrl, ...options })))
  })
  afterAll(async () => {
    await Promise.all(servers.map((started) => started.stop()))
    await sharedProviders?.stop()
    postgres?.stop()
  })

  it("completes an attempt started on one server through the callback another one receives", async () => {
    const attempt = await start("google", "popup", returnTo, first)
    const waiting = complete(attempt, first)
    const browser = new HttpBrowser()
    const back = new URL(await signInAtProvider(browser, attempt, alice, `${first}${callbackPath}`))
    // The load balancer sends the provider's redirect to the second server.
    const page = await browser.request(`${second}${back.pathname}${back.search}`)
    expectPopupPage(page, "Signed in")
    const answer = await waiting
    expect(await answer.json()).toEqual({ status: "verified" })
    const done = await complete(attempt, second, completionOf(page, attempt))
    expect(await done.json()).toMatchObject({ status: "signedIn", userName: "Alice" })
    expect((await complete(attempt, second, completionOf(page, attempt))).status).toBe(404)
  })
})

describe("provider options", () => {
  const oauth = {
    clientId: "id",
    clientSecret: "secret",
    authorizationEndpoint: "https://provider.example/authorize",
    tokenEndpoint: "https://provider.example/token",
    userinfoEndpoint: "https://provider.example/user"
  }

  it("allow plain HTTP only on loopback addresses", () => {
    expect(() => SocialClients.make("github", oauth)).not.toThrow()
    expect(() => SocialClients.make("github", { ...oauth, tokenEndpoint: "http://127.0.0.1:9/token" })).not.toThrow()
    expect(() => SocialClients.make("github", { ...oauth, tokenEndpoint: "http://provider.example/token" })).toThrow(/tokenEndpoint: must be https/)
    expect(() => SocialClients.make("google", { clientId: "id", clientSecret: "secret", issuer: "http://accounts.example" })).toThrow(/issuer: must be https/)
    expect(() => SocialClients.make("google", { clientId: "id", clientSecret: "secret", issuer: "not a url" })).toThrow(/issuer: not a URL/)
  })
})
