/**
 * A plain OAuth 2.0 authorization server (RFC 6749, with PKCE per RFC 7636), standing in for GitHub,
 * Discord and X: no discovery, no ID token; the client reads who signed in from a userinfo endpoint
 * answering `{ id, login, name, email }` as GitHub's `/user` does, and whether the address is verified
 * from a verified-email API as GitHub's `/user/emails` does.
 *
 * It is strict where real providers are, and where a lenient one would hide a client's bug: the client
 * and its redirect URI must match a registration exactly (otherwise nothing is redirected), `state` and
 * a S256 `code_challenge` are required and `state` is echoed, codes live 60 s and work once (a second use
 * also revokes the token the first one got), and the token request must carry the client's secret, the
 * same redirect URI and the verifier of the challenge.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { Socket } from "node:net"
import { listen } from "../Listen.ts"
import { loginOf, numericIdOf, type Account } from "./Accounts.ts"
import { readForm } from "./FormBody.ts"
import type { RegisteredClient } from "./RegisteredClient.ts"
import {
  answerStylesheet,
  invalidAccountMessage,
  pagePolicy,
  parseChoice,
  renderErrorPage,
  renderSignInPage,
  sendPage
} from "./SignInPage.ts"

export interface OAuthProviderOptions {
  readonly host: string
  /** 0 picks a free port. */
  readonly port: number
  readonly clients: ReadonlyArray<RegisteredClient>
  /** Milliseconds since the epoch; tests pass a hand-driven clock to expire codes. */
  readonly now?: () => number
}

export interface OAuthProvider {
  /** http://host:port */
  readonly url: string
  readonly authorizationEndpoint: string
  readonly tokenEndpoint: string
  readonly userinfoEndpoint: string
  /** GitHub's verified-email API: `[{ email, primary, verified, visibility }]`. */
  readonly emailsEndpoint: string
  readonly stop: () => Promise<void>
}

export const paths = { authorize: "/login/oauth/authorize", token: "/login/oauth/access_token", user: "/user", emails: "/user/emails" } as const

export const ttl = { requestMs: 10 * 60_000, codeMs: 60_000, tokenMs: 60 * 60_000 } as const

const providerName = "Sandbox OAuth 2.0 provider"
const verifierPattern = /^[A-Za-z0-9._~-]{43,128}$/
const challengePattern = /^[A-Za-z0-9_-]{43}$/

interface PendingRequest {
  readonly client: RegisteredClient
  readonly redirectUri: string
  readonly state: string
  readonly codeChallenge: string
  readonly scope: string
  readonly expiresAt: number
}

interface IssuedCode {
  readonly clientId: string
  readonly redirectUri: string
  readonly codeChallenge: string
  readonly scope: string
  readonly account: Account
  readonly expiresAt: number
}

interface IssuedToken {
  readonly account: Account
  readonly expiresAt: number
}

const random = (): string => randomBytes(32).toString("base64url")

const digest = (text: string): Buffer => createHash("sha256").update(text).digest()

/** Equal strings, compared in constant time (over their digests, so lengths leak nothing either). */
const same = (a: string, b: string): boolean => timingSafeEqual(digest(a), digest(b))

const sweep = <V extends { readonly expiresAt: number }>(entries: Map<string, V>, now: number) => {
  for (const [key, value] of entries) if (value.expiresAt <= now) entries.delete(key)
}

const sendJson = (response: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}) => {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers })
  response.end(JSON.stringify(body))
}

const redirect = (response: ServerResponse, location: URL) => {
  response.writeHead(303, { location: location.href, "cache-control": "no-store" })
  response.end()
}

/** The redirect URI with the answer's parameters added to its query. */
const answerUrl = (redirectUri: string, parameters: Readonly<Record<string, string>>): URL => {
  const url = new URL(redirectUri)
  for (const [key, value] of Object.entries(parameters)) url.searchParams.set(key, value)
  return url
}

/** RFC 6749 §2.3.1: HTTP Basic (form-urlencoded id and secret) or both in the body, never both ways. */
const clientCredentials = (request: IncomingMessage, form: URLSearchParams): { readonly id: string; readonly secret: string } | undefined => {
  const header = request.headers.authorization
  const basic = header !== undefined && /^Basic /i.test(header) ? Buffer.from(header.slice(6).trim(), "base64").toString("utf8") : undefined
  const inBody = form.get("client_secret")
  if (basic !== undefined) {
    const colon = basic.indexOf(":")
    if (colon < 0 || inBody !== null) return undefined
    try {
      return { id: decodeURIComponent(basic.slice(0, colon).replace(/\+/g, " ")), secret: decodeURIComponent(basic.slice(colon + 1).replace(/\+/g, " ")) }
    } catch {
      return undefined
    }
  }
  const id = form.get("client_id")
  return id === null || inBody === null ? undefined : { id, secret: inBody }
}

export const startOAuthProvider = async (options: OAuthProviderOptions): Promise<OAuthProvider> => {
  const now = options.now ?? Date.now
  const clients = new Map(options.clients.map((client) => [client.clientId, client]))
  const policy = pagePolicy(options.clients.flatMap((client) => client.redirectUris.map((uri) => new URL(uri).origin)))
  const requests = new Map<string, PendingRequest>()
  const codes = new Map<string, IssuedCode>()
  /** Codes already exchanged → the token each got, revoked if the code comes back. */
  const spentCodes = new Map<string, { readonly token: string; readonly expiresAt: number }>()
  const tokens = new Map<string, IssuedToken>()

  const authorize = (url: URL, response: ServerResponse) => {
    const query = url.searchParams
    const client = clients.get(query.get("client_id") ?? "")
    const redirectUri = query.get("redirect_uri") ?? ""
    // Without a known client and its exact redirect URI the error is shown here: redirecting would make this an open redirector.
    if (client === undefined) return sendPage(response, 400, renderErrorPage("Unknown client", "client_id does not name a registered client."), policy)
    if (!client.redirectUris.includes(redirectUri)) {
      return sendPage(response, 400, renderErrorPage("Wrong redirect URI", "redirect_uri must equal one registered for this client, exactly."), policy)
    }
    const state = query.get("state")
    const refuse = (error: string, description: string) =>
      redirect(response, answerUrl(redirectUri, { error, error_description: description, ...(state === null ? {} : { state }) }))
    if (query.get("response_type") !== "code") return refuse("unsupported_response_type", "response_type must be code")
    if (state === null || state === "") return refuse("invalid_request", "state is required")
    const codeChallenge = query.get("code_challenge") ?? ""
    if (query.get("code_challenge_method") !== "S256" || !challengePattern.test(codeChallenge)) {
      return refuse("invalid_request", "a S256 code_challenge is required")
    }
    sweep(requests, now())
    const id = random()
    requests.set(id, { client, redirectUri, state, codeChallenge, scope: query.get("scope") ?? "", expiresAt: now() + ttl.requestMs })
    sendPage(response, 200, renderSignInPage({ provider: providerName, client: client.name, action: `${paths.authorize}/${id}` }), policy)
  }

  const decide = async (id: string, request: IncomingMessage, response: ServerResponse) => {
    const pending = requests.get(id)
    if (pending === undefined || pending.expiresAt <= now()) {
      return sendPage(response, 400, renderErrorPage("Sign-in expired", "This sign-in request is unknown, finished or expired: start again from the site."), policy)
    }
    const form = await readForm(request)
    const choice = form === undefined ? { kind: "invalid" as const } : parseChoice(form)
    if (choice.kind === "invalid") {
      return sendPage(response, 400, renderSignInPage({ provider: providerName, client: pending.client.name, action: `${paths.authorize}/${id}`, error: invalidAccountMessage }), policy)
    }
    requests.delete(id)
    if (choice.kind === "cancel") {
      return redirect(response, answerUrl(pending.redirectUri, { error: "access_denied", error_description: "The user cancelled the sign-in", state: pending.state }))
    }
    sweep(codes, now())
    const code = random()
    codes.set(code, {
      clientId: pending.client.clientId,
      redirectUri: pending.redirectUri,
      codeChallenge: pending.codeChallenge,
      scope: pending.scope,
      account: choice.account,
      expiresAt: now() + ttl.codeMs
    })
    redirect(response, answerUrl(pending.redirectUri, { code, state: pending.state }))
  }

  const token = async (request: IncomingMessage, response: ServerResponse) => {
    const form = await readForm(request)
    if (form === undefined) return sendJson(response, 400, { error: "invalid_request", error_description: "an application/x-www-form-urlencoded body is required" })
    const credentials = clientCredentials(request, form)
    const client = clients.get(credentials?.id ?? "")
    if (credentials === undefined || client === undefined || !same(credentials.secret, client.clientSecret)) {
      return sendJson(response, 401, { error: "invalid_client", error_description: "client authentication failed" }, { "www-authenticate": 'Basic realm="token"' })
    }
    if (form.get("grant_type") !== "authorization_code") return sendJson(response, 400, { error: "unsupported_grant_type" })
    const code = form.get("code") ?? ""
    const issued = codes.get(code)
    // A code works once: taken out before anything else is checked.
    codes.delete(code)
    const invalidGrant = (description: string) => sendJson(response, 400, { error: "invalid_grant", error_description: description })
    const spent = spentCodes.get(code)
    if (spent !== undefined) {
      tokens.delete(spent.token)
      spentCodes.delete(code)
      return invalidGrant("the code was already used; the token it gave is revoked")
    }
    if (issued === undefined || issued.expiresAt <= now()) return invalidGrant("the code is unknown or expired")
    if (issued.clientId !== client.clientId) return invalidGrant("the code was issued to another client")
    if (form.get("redirect_uri") !== issued.redirectUri) return invalidGrant("redirect_uri differs from the authorization request's")
    const verifier = form.get("code_verifier") ?? ""
    if (!verifierPattern.test(verifier) || !same(digest(verifier).toString("base64url"), issued.codeChallenge)) {
      return invalidGrant("code_verifier does not match the code_challenge")
    }
    sweep(tokens, now())
    sweep(spentCodes, now())
    const accessToken = random()
    tokens.set(accessToken, { account: issued.account, expiresAt: now() + ttl.tokenMs })
    spentCodes.set(code, { token: accessToken, expiresAt: now() + ttl.tokenMs })
    sendJson(response, 200, { access_token: accessToken, token_type: "bearer", scope: issued.scope, expires_in: ttl.tokenMs / 1000 })
  }

  /** The account the request's bearer token was issued for, or the 401 GitHub answers. */
  const bearerAccount = (request: IncomingMessage, response: ServerResponse) => {
    const header = request.headers.authorization ?? ""
    const presented = /^Bearer [A-Za-z0-9_-]+$/i.test(header) ? header.slice(7) : undefined
    const issued = presented === undefined ? undefined : tokens.get(presented)
    if (issued !== undefined && issued.expiresAt > now()) return issued.account
    sendJson(response, 401, { message: "Bad credentials" }, { "www-authenticate": 'Bearer error="invalid_token"' })
    return undefined
  }

  const user = (request: IncomingMessage, response: ServerResponse) => {
    const account = bearerAccount(request, response)
    if (account !== undefined) sendJson(response, 200, { id: numericIdOf(account), login: loginOf(account), name: account.name, email: account.email })
  }

  /** GitHub's `/user/emails`: an address whose local part starts with `unverified` is one the account never confirmed. */
  const emails = (request: IncomingMessage, response: ServerResponse) => {
    const account = bearerAccount(request, response)
    if (account !== undefined) {
      sendJson(response, 200, [{ email: account.email, primary: true, verified: !account.email.startsWith("unverified"), visibility: "private" }])
    }
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://provider.invalid")
    if (answerStylesheet(request, response)) return
    if (request.method === "GET" && url.pathname === paths.authorize) return authorize(url, response)
    const decision = url.pathname.startsWith(`${paths.authorize}/`) ? url.pathname.slice(paths.authorize.length + 1) : undefined
    if (request.method === "POST" && decision !== undefined) return decide(decision, request, response)
    if (request.method === "POST" && url.pathname === paths.token) return token(request, response)
    if (request.method === "GET" && url.pathname === paths.user) return user(request, response)
    if (request.method === "GET" && url.pathname === paths.emails) return emails(request, response)
    sendJson(response, 404, { error: "not_found" })
  }

  const sockets = new Set<Socket>()
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: "server_error", error_description: String(error) })
      else response.destroy()
    })
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.once("close", () => sockets.delete(socket))
  })
  const port = await listen(server, options.port, options.host)
  const url = `http://${options.host}:${port}`
  return {
    url,
    authorizationEndpoint: `${url}${paths.authorize}`,
    tokenEndpoint: `${url}${paths.token}`,
    userinfoEndpoint: `${url}${paths.user}`,
    emailsEndpoint: `${url}${paths.emails}`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}
