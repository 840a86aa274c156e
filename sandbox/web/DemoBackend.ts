/**
 * The demo dapp's own backend, on the site's origin: what a host writes to turn a Portico sign-in into
 * its login. It issues nonces, verifies each signed session with `portico/server`'s verifier (strict:
 * this site's domain and origin, the sandbox's chains, single-use nonces), keeps the session behind an
 * HttpOnly cookie and says who is signed in (`GET /demo/me`). Nothing here trusts the page's word.
 */
import * as Caip from "../../core/Caip.ts"
import { randomBytes } from "node:crypto"
import type { IncomingMessage, ServerResponse } from "node:http"
import * as Schema from "effect/Schema"
import { SignInSession } from "../../core/SignInSession.ts"
import { createMemoryNonces, verifySignIn } from "../../http/server/SignInVerifier.ts"
import type { SandboxConfig } from "../SandboxConfig.ts"

/** The paths this backend answers; everything else is the static site's. */
export const demoPaths = {
  nonce: "/demo/siwx/nonce",
  sessions: "/demo/siwx/sessions",
  me: "/demo/me"
} as const

const cookieName = "portico_demo_session"
const maxBody = 16 * 1024

const Account = Schema.Struct({ chainId: Schema.String, address: Schema.String })
const decodeSession = Schema.decodeUnknownSync(Schema.fromJsonString(SignInSession))
const decodeSessions = Schema.decodeUnknownSync(Schema.fromJsonString(Schema.Array(SignInSession)))
const decodeAccount = Schema.decodeUnknownSync(Account)

interface Kept {
  readonly session: SignInSession
  readonly chainId: string
  readonly address: string
  readonly expiresAt: number
}

/** Sends a JSON answer; true, so a route can `return json(…)` as handled. */
const json = (response: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): true => {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers })
  response.end(JSON.stringify(body))
  return true
}

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let size = 0
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBody) {
        reject(new Error("body too large"))
        request.destroy()
      } else chunks.push(chunk)
    })
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    request.on("error", reject)
  })

const cookieOf = (request: IncomingMessage): string | undefined =>
  request.headers.cookie?.split(";").map((part) => part.trim().split("=")).find(([name]) => name === cookieName)?.[1]

/** A session signs in its address on every network of its namespace, as Portico's own provider keeps them. */
const sameAccount = (kept: Kept, account: { readonly chainId: string; readonly address: string }) =>
  Caip.namespaceOf(kept.chainId) === Caip.namespaceOf(account.chainId) &&
  (kept.chainId.startsWith("eip155:") ? kept.address.toLowerCase() === account.address.toLowerCase() : kept.address === account.address)

/** Answers the demo backend's paths; resolves false for any other path. */
export const demoBackend = (config: () => SandboxConfig | undefined) => {
  const nonces = createMemoryNonces()
  const sessions = new Map<string, Kept>()
  const current = (request: IncomingMessage): Kept | undefined => {
    const id = cookieOf(request)
    const kept = id === undefined ? undefined : sessions.get(id)
    return kept !== undefined && kept.expiresAt > Date.now() ? kept : undefined
  }
  const clear = (request: IncomingMessage) => {
    const id = cookieOf(request)
    if (id !== undefined) sessions.delete(id)
    return { "set-cookie": `${cookieName}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0` }
  }

  const verify = async (session: SignInSession, sandbox: SandboxConfig) => {
    const site = new URL(sandbox.siteUrl)
    const chains = [...sandbox.evm.chains.map((chain) => `eip155:${chain.chainId}`), sandbox.solana.cluster.caipNetworkId]
    const data = await verifySignIn(session, {
      domain: site.host,
      origin: site.origin,
      chains,
      rpcUrls: Object.fromEntries(sandbox.evm.chains.map((chain) => [`eip155:${chain.chainId}`, chain.rpcUrl])),
      nonces: nonces.store
    })
    // The page's copy of the fields must be the message's own: the verified text is what counts.
    if (data.accountAddress !== session.data.accountAddress || data.chainId !== session.data.chainId || data.nonce !== session.data.nonce) {
      throw new Error("The session's fields are not its message's")
    }
    return data
  }

  return async (request: IncomingMessage, response: ServerResponse): Promise<boolean> => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname
    if (!Object.values(demoPaths).some((known) => known === path)) return false
    const sandbox = config()
    if (sandbox === undefined) return json(response, 503, { error: "The sandbox is still starting" })
    const method = request.method ?? "GET"
    try {
      if (path === demoPaths.nonce && method === "POST") return json(response, 200, { nonce: await nonces.issueNonce(request.socket.remoteAddress) })
      if (path === demoPaths.me && method === "GET") {
        const kept = current(request)
        return kept === undefined
          ? json(response, 401, { error: "Not signed in" })
          : json(response, 200, { address: kept.address, chainId: kept.chainId, expiresAt: new Date(kept.expiresAt).toISOString() })
      }
      if (path === demoPaths.sessions && method === "POST") {
        const session = decodeSession(await readBody(request))
        const data = await verify(session, sandbox)
        const id = randomBytes(24).toString("base64url")
        const expiresAt = data.expirationTime === undefined ? Date.now() + 86_400_000 : Date.parse(data.expirationTime)
        sessions.set(id, { session, chainId: data.chainId, address: data.accountAddress, expiresAt })
        return json(response, 200, { address: data.accountAddress }, {
          "set-cookie": `${cookieName}=${id}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${Math.max(0, Math.floor((expiresAt - Date.now()) / 1000))}`
        })
      }
      if (path === demoPaths.sessions && method === "GET") {
        const url = new URL(request.url ?? "/", "http://localhost")
        const account = decodeAccount({ chainId: url.searchParams.get("chainId"), address: url.searchParams.get("address") })
        const kept = current(request)
        return json(response, 200, kept !== undefined && sameAccount(kept, account) ? [kept.session] : [])
      }
      if (path === demoPaths.sessions && method === "PUT") {
        const wanted = decodeSessions(await readBody(request))
        const kept = current(request)
        // The page can only drop sessions: a session is added by POST, where it is verified.
        if (kept !== undefined && wanted.some((session) => session.signature === kept.session.signature)) return json(response, 200, [])
        return json(response, 200, [], clear(request))
      }
      return json(response, 405, { error: "Method not allowed" })
    } catch (error) {
      return json(response, 401, { error: error instanceof Error ? error.message : "Refused" })
    }
  }
}
