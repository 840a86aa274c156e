/**
 * The sandbox's identity providers hold to their protocols as the real ones do, so that our server's
 * social login is tested against something that refuses what Google or GitHub would refuse: exact client
 * and redirect URI, required state and S256 PKCE, single-use short-lived codes, the client's secret, the
 * verifier of the challenge; an account chooser on every sign-in; pages without any script.
 */
import * as client from "openid-client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loginOf, numericIdOf, parseAccount, subjectOf } from "../../sandbox/oidc/Accounts.ts"
import { startOAuthProvider, ttl, type OAuthProvider } from "../../sandbox/oidc/OAuthProvider.ts"
import { startOidcProvider, type OidcProvider } from "../../sandbox/oidc/OidcProvider.ts"
import { HttpBrowser, type Hop } from "../support/HttpBrowser.ts"

const redirectUri = "http://127.0.0.1:9/v1/embedded/social/callback"
const registered = { clientId: "site", clientSecret: "site-secret", name: "Test site", redirectUris: [redirectUri] }
const atRedirect = (url: URL) => url.origin === new URL(redirectUri).origin

let offset = 0
let oauth: OAuthProvider
let oidc: OidcProvider
beforeAll(async () => {
  ;[oauth, oidc] = await Promise.all([
    startOAuthProvider({ host: "127.0.0.1", port: 0, clients: [registered], now: () => Date.now() + offset }),
    startOidcProvider({ host: "127.0.0.1", port: 0, clients: [registered] })
  ])
})
afterAll(async () => {
  await Promise.all([oauth.stop(), oidc.stop()])
})

const pkce = async () => {
  const verifier = client.randomPKCECodeVerifier()
  return { verifier, challenge: await client.calculatePKCECodeChallenge(verifier) }
}

const authorizeUrl = (base: string, parameters: Readonly<Record<string, string | undefined>>) => {
  const url = new URL(base)
  for (const [key, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.set(key, value)
  return url.href
}

const redirectedTo = (hop: Hop): URLSearchParams => {
  expect(hop.status).toBe(303)
  expect(hop.location?.startsWith(redirectUri)).toBe(true)
  return new URL(hop.location ?? "").searchParams
}

const tokenRequest = (endpoint: string, fields: Readonly<Record<string, string>>, headers: Readonly<Record<string, string>> = {}) =>
  fetch(endpoint, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString()
  })

describe("sandbox accounts", () => {
  it("reads 'Name <email>' or a bare address, and derives stable ids from the address", () => {
    expect(parseAccount("Dana Scully <Dana@Example.test>")).toEqual({ name: "Dana Scully", email: "dana@example.test" })
    expect(parseAccount("erin@example.test")).toEqual({ name: "erin", email: "erin@example.test" })
    expect(parseAccount("no address")).toBeUndefined()
    expect(parseAccount("<x@y>")).toBeUndefined()
    const alice = { name: "Alice", email: "alice@example.test" }
    expect(subjectOf(alice)).toBe(subjectOf({ name: "Someone else", email: "alice@example.test" }))
    expect(subjectOf(alice)).not.toBe(subjectOf({ name: "Alice", email: "bob@example.test" }))
    expect(Number.isSafeInteger(numericIdOf(alice))).toBe(true)
    expect(loginOf({ name: "x", email: "a.b+c@example.test" })).toBe("a-b-c")
  })
})

const authorize = async (browser: HttpBrowser, overrides: Readonly<Record<string, string | undefined>> = {}) => {
  const { verifier, challenge } = await pkce()
  const state = client.randomState()
  const page = await browser.request(authorizeUrl(oauth.authorizationEndpoint, {
    response_type: "code",
    client_id: registered.clientId,
    redirect_uri: redirectUri,
    scope: "read:user",
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...overrides
  }))
  return { page, verifier, state }
}

const signIn = async (account = "Alice <alice@example.test>") => {
  const browser = new HttpBrowser()
  const { page, verifier, state } = await authorize(browser)
  expect(page.status).toBe(200)
  const answer = redirectedTo(await browser.submitSignIn(page, { account }, atRedirect))
  expect(answer.get("state")).toBe(state)
  return { code: answer.get("code") ?? "", verifier }
}

const exchange = (code: string, verifier: string, overrides: Readonly<Record<string, string>> = {}) =>
  tokenRequest(oauth.tokenEndpoint, {
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
    client_id: registered.clientId,
    client_secret: registered.clientSecret,
    ...overrides
  })

const userinfo = (token: string) => fetch(oauth.userinfoEndpoint, { headers: { authorization: `Bearer ${token}` } })

describe("the plain OAuth 2.0 provider", () => {
  it("signs in: code for token (secret posted or HTTP Basic), then the user as GitHub shows it", async () => {
    const first = await signIn("Dana <dana@example.test>")
    const answer = await exchange(first.code, first.verifier)
    expect(answer.status).toBe(200)
    const token = (await answer.json()) as { access_token: string; token_type: string }
    expect(token.token_type).toBe("bearer")
    const account = { name: "Dana", email: "dana@example.test" }
    expect(await (await userinfo(token.access_token)).json()).toEqual({ id: numericIdOf(account), login: "dana", name: "Dana", email: "dana@example.test" })

    const second = await signIn()
    const basic = Buffer.from(`${registered.clientId}:${registered.clientSecret}`).toString("base64")
    const viaBasic = await tokenRequest(oauth.tokenEndpoint, { grant_type: "authorization_code", code: second.code, redirect_uri: redirectUri, code_verifier: second.verifier }, { authorization: `Basic ${basic}` })
    expect(viaBasic.status).toBe(200)
  })

  it("never redirects for an unknown client or a redirect URI that is not registered exactly", async () => {
    const browser = new HttpBrowser()
    for (const overrides of [{ client_id: "stranger" }, { redirect_uri: `${redirectUri}/` }, { redirect_uri: "https://evil.example/cb" }, { redirect_uri: undefined }]) {
      const { page } = await authorize(browser, overrides)
      expect(page.status).toBe(400)
      expect(page.location).toBeUndefined()
    }
  })

  it("requires state and a S256 code challenge, and says so at the redirect URI", async () => {
    const browser = new HttpBrowser()
    const cases: ReadonlyArray<readonly [Readonly<Record<string, string | undefined>>, string]> = [
      [{ state: undefined }, "invalid_request"],
      [{ code_challenge: undefined }, "invalid_request"],
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ response_type: "token" }, "unsupported_response_type"]
    ]
    for (const [overrides, error] of cases) {
      const { page } = await authorize(browser, overrides)
      expect(redirectedTo(page).get("error")).toBe(error)
    }
  })

  it("answers access_denied with the state when the tester cancels", async () => {
    const browser = new HttpBrowser()
    const { page, state } = await authorize(browser)
    const answer = redirectedTo(await browser.submitSignIn(page, { cancel: "1" }, atRedirect))
    expect(answer.get("error")).toBe("access_denied")
    expect(answer.get("state")).toBe(state)
    expect(answer.get("code")).toBeNull()
  })

  it("refuses a wrong secret, another redirect URI, a wrong verifier, and burns the code on the way", async () => {
    const { code, verifier } = await signIn()
    expect((await exchange(code, verifier, { client_secret: "wrong" })).status).toBe(401)
    const other = await signIn()
    expect(await (await exchange(other.code, other.verifier, { redirect_uri: `${redirectUri}?x=1` })).json()).toMatchObject({ error: "invalid_grant" })
    const third = await signIn()
    const wrongVerifier = (await pkce()).verifier
    expect(await (await exchange(third.code, wrongVerifier)).json()).toMatchObject({ error: "invalid_grant" })
    // A failed exchange used the code up: the right verifier comes too late.
    expect(await (await exchange(third.code, third.verifier)).json()).toMatchObject({ error: "invalid_grant" })
  })

  it("takes a code once: a second use is refused and revokes the token the first one got", async () => {
    const { code, verifier } = await signIn()
    const token = (await (await exchange(code, verifier)).json()) as { access_token: string }
    expect((await userinfo(token.access_token)).status).toBe(200)
    expect(await (await exchange(code, verifier)).json()).toMatchObject({ error: "invalid_grant" })
    expect((await userinfo(token.access_token)).status).toBe(401)
  })

  it("lets a code expire after 60 seconds", async () => {
    const { code, verifier } = await signIn()
    offset = ttl.codeMs + 1
    try {
      expect(await (await exchange(code, verifier)).json()).toMatchObject({ error: "invalid_grant" })
    } finally {
      offset = 0
    }
  })

  it("answers userinfo only to a valid bearer token", async () => {
    expect((await fetch(oauth.userinfoEndpoint)).status).toBe(401)
    expect((await userinfo("not-a-token")).status).toBe(401)
  })
})

const startOidc = async (browser: HttpBrowser, overrides: Readonly<Record<string, string | undefined>> = {}) => {
  const { verifier, challenge } = await pkce()
  const state = client.randomState()
  const hop = await browser.visit(authorizeUrl(`${oidc.url}/auth`, {
    response_type: "code",
    client_id: registered.clientId,
    redirect_uri: redirectUri,
    scope: "openid email profile",
    state,
    nonce: client.randomNonce(),
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...overrides
  }), atRedirect)
  return { hop, verifier, state }
}

describe("the OpenID provider", () => {
  it("publishes discovery: the code flow with S256 PKCE, RS256 ID tokens, userinfo", async () => {
    const metadata = (await (await fetch(`${oidc.url}/.well-known/openid-configuration`)).json()) as Record<string, unknown>
    expect(metadata).toMatchObject({
      issuer: oidc.url,
      response_types_supported: ["code"],
      code_challenge_methods_supported: ["S256"],
      id_token_signing_alg_values_supported: expect.arrayContaining(["RS256"])
    })
    expect(typeof metadata["userinfo_endpoint"]).toBe("string")
  })

  it("shows its sign-in page under a policy without script, on every authorization", async () => {
    const browser = new HttpBrowser()
    const { hop } = await startOidc(browser)
    expect(hop.status).toBe(200)
    const policy = hop.headers.get("content-security-policy") ?? ""
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain(`form-action 'self' ${new URL(redirectUri).origin}`)
    expect(policy).not.toContain("script-src")
    expect(hop.body).not.toContain("<script")
    expect(hop.body).toContain("Test site")
    redirectedTo(await browser.submitSignIn(hop, { account: "Alice <alice@example.test>" }, atRedirect))
    // The same browser, signed in a moment ago, still gets the chooser, and another account goes straight back too.
    const again = await startOidc(browser)
    expect(again.hop.status).toBe(200)
    expect(again.hop.body).toContain("alice@example.test")
    expect(redirectedTo(await browser.submitSignIn(again.hop, { account: "Bob <bob@example.test>" }, atRedirect)).get("state")).toBe(again.state)
  })

  it("requires PKCE of every client", async () => {
    const { hop } = await startOidc(new HttpBrowser(), { code_challenge: undefined, code_challenge_method: undefined })
    expect(redirectedTo(hop).get("error")).toBe("invalid_request")
  })

  it("issues a code once; the ID token names the account chosen", async () => {
    const browser = new HttpBrowser()
    const { hop, verifier, state } = await startOidc(browser)
    const answer = redirectedTo(await browser.submitSignIn(hop, { account: "", typed: "Dana <dana@example.test>" }, atRedirect))
    expect(answer.get("state")).toBe(state)
    expect(answer.get("iss")).toBe(oidc.url)
    const fields = {
      grant_type: "authorization_code",
      code: answer.get("code") ?? "",
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: registered.clientId,
      client_secret: registered.clientSecret
    }
    const wrongVerifier = await tokenRequest(`${oidc.url}/token`, { ...fields, code_verifier: (await pkce()).verifier })
    expect(await wrongVerifier.json()).toMatchObject({ error: "invalid_grant" })
    const tokens = (await (await tokenRequest(`${oidc.url}/token`, fields)).json()) as { id_token: string; access_token: string }
    const claims = JSON.parse(Buffer.from(tokens.id_token.split(".")[1] ?? "", "base64url").toString()) as Record<string, unknown>
    expect(claims).toMatchObject({ iss: oidc.url, aud: registered.clientId, sub: subjectOf({ name: "Dana", email: "dana@example.test" }) })
    const me = await fetch(`${oidc.url}/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })
    expect(await me.json()).toMatchObject({ email: "dana@example.test", email_verified: true, name: "Dana" })
    expect(await (await tokenRequest(`${oidc.url}/token`, fields)).json()).toMatchObject({ error: "invalid_grant" })
  })

  it("answers access_denied when the tester cancels", async () => {
    const browser = new HttpBrowser()
    const { hop, state } = await startOidc(browser)
    const answer = redirectedTo(await browser.submitSignIn(hop, { cancel: "1" }, atRedirect))
    expect(answer.get("error")).toBe("access_denied")
    expect(answer.get("state")).toBe(state)
  })
})
