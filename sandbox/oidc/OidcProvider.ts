/**
 * An OpenID Connect provider with discovery (oidc-provider), standing in for Google, Apple and Facebook:
 * authorization code flow with PKCE (S256, required of every client), RS256 ID tokens under a key made at
 * start, userinfo, and a sign-in page of its own where the tester picks or types the account.
 *
 * Every authorization shows the sign-in page (an account chooser, like Google's), and the sandbox's
 * clients are first-party: the scopes they ask for are granted without a consent screen.
 */
import { randomBytes } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { Socket } from "node:net"
import { exportJWK, generateKeyPair } from "jose"
import { interactionPolicy, Provider, type Context, type Grant } from "oidc-provider"
import { createMemoryAdapter } from "oidc-provider/lib/adapters/memory_adapter.js"
import { listen } from "../Listen.ts"
import { subjectOf, type Account } from "./Accounts.ts"
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

export interface OidcProviderOptions {
  readonly host: string
  /** 0 picks a free port. */
  readonly port: number
  readonly clients: ReadonlyArray<RegisteredClient>
}

export interface OidcProvider {
  /** The issuer (http://host:port); discovery at `/.well-known/openid-configuration`. */
  readonly url: string
  readonly stop: () => Promise<void>
}

const providerName = "Sandbox OpenID provider"
const interactionPrefix = "/interaction/"

/** Lifetimes in seconds: short, as a test world needs nothing longer. */
const ttl = { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 }

/** A fresh RS256 signing key for each start: ID tokens of an earlier run no longer verify, as after a key rotation. */
const signingKey = async (): Promise<Readonly<Record<string, unknown>>> => {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true })
  return { ...(await exportJWK(privateKey)), kid: randomBytes(8).toString("hex"), alg: "RS256", use: "sig" }
}

export const startOidcProvider = async (options: OidcProviderOptions): Promise<OidcProvider> => {
  const sockets = new Set<Socket>()
  const server = createServer()
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.once("close", () => sockets.delete(socket))
  })
  const port = await listen(server, options.port, options.host)
  const issuer = `http://${options.host}:${port}`
  const policy = pagePolicy(options.clients.flatMap((client) => client.redirectUris.map((uri) => new URL(uri).origin)))
  /** Who signed in, by subject: the tester's typed accounts exist only while the sandbox runs. */
  const accounts = new Map<string, Account>()

  const prompts = interactionPolicy.base()
  // An account chooser on every authorization: a signed-in session alone never skips the page.
  prompts.get("login")?.checks.add(new interactionPolicy.Check(
    "sandbox_account_choice",
    "the sandbox asks which account to use on every sign-in",
    (ctx) => ctx.oidc.result?.login === undefined
  ))

  const provider: Provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      client_name: client.name,
      redirect_uris: client.redirectUris,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_post"
    })),
    jwks: { keys: [await signingKey()] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    adapter: createMemoryAdapter(),
    scopes: ["openid", "email", "profile"],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    responseTypes: ["code"],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: false }, userinfo: { enabled: true } },
    ttl,
    interactions: { url: async (_ctx, interaction) => `${interactionPrefix}${interaction.uid}`, policy: prompts },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub)
      return account === undefined
        ? undefined
        : { accountId: sub, claims: async () => ({ sub, email: account.email, email_verified: true, name: account.name }) }
    },
    // First-party clients: what they ask for is granted, so no consent screen follows the sign-in.
    loadExistingGrant: async (ctx: Context): Promise<Grant | undefined> => {
      const clientId = ctx.oidc.client?.clientId
      const accountId = ctx.oidc.session?.accountId
      if (clientId === undefined || accountId === undefined) return undefined
      const grant = new provider.Grant({ accountId, clientId })
      grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes].join(" "))
      grant.addOIDCClaims([...ctx.oidc.requestParamClaims])
      await grant.save()
      return grant
    },
    renderError: async (ctx, out) => {
      ctx.type = "html"
      ctx.body = renderErrorPage("Sign-in failed", `${String(out["error"])}: ${String(out["error_description"] ?? "")}`)
    },
    clientBasedCORS: () => false
  })
  const clientName = (clientId: unknown): string =>
    options.clients.find((client) => client.clientId === clientId)?.name ?? "An unknown client"

  const interaction = async (uid: string, request: IncomingMessage, response: ServerResponse) => {
    const details = await provider.interactionDetails(request, response).catch(() => undefined)
    if (details === undefined || details.uid !== uid || details.prompt.name !== "login") {
      return sendPage(response, 400, renderErrorPage("Sign-in expired", "This sign-in is unknown, finished or expired: start again from the site."), policy)
    }
    const page = { provider: providerName, client: clientName(details.params["client_id"]), action: `${interactionPrefix}${uid}` }
    if (request.method === "GET") return sendPage(response, 200, renderSignInPage(page), policy)
    const form = await readForm(request)
    const choice = form === undefined ? { kind: "invalid" as const } : parseChoice(form)
    if (choice.kind === "invalid") return sendPage(response, 400, renderSignInPage({ ...page, error: invalidAccountMessage }), policy)
    if (choice.kind === "cancel") {
      return provider.interactionFinished(request, response, { error: "access_denied", error_description: "The user cancelled the sign-in" }, { mergeWithLastSubmission: false })
    }
    const accountId = subjectOf(choice.account)
    accounts.set(accountId, choice.account)
    // Each sign-in stands alone: the browser's earlier session ends here, so choosing another account
    // never goes through the library's logout-of-the-previous-account page (an auto-submitting form).
    const previous = details.session?.uid
    if (previous !== undefined) {
      await (await provider.Session.findByUid(previous))?.destroy()
      details.session = undefined
      await details.save(details.exp - Math.floor(Date.now() / 1000))
    }
    await provider.interactionFinished(request, response, { login: { accountId, remember: false } }, { mergeWithLastSubmission: false })
  }

  const callback = provider.callback()
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? "/", issuer).pathname
    const uid = path.startsWith(interactionPrefix) ? path.slice(interactionPrefix.length) : undefined
    const handled = answerStylesheet(request, response)
      ? Promise.resolve()
      : uid !== undefined && /^[A-Za-z0-9_-]+$/.test(uid) && (request.method === "GET" || request.method === "POST")
      ? interaction(uid, request, response)
      : callback(request, response)
    handled.catch((error: unknown) => {
      if (response.headersSent) return response.destroy()
      sendPage(response, 500, renderErrorPage("Sign-in failed", String(error)), policy)
    })
  })

  return {
    url: issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}
