/**
 * The demo dapp's sign-in backend as Portico sees it (`siwx.backend`): calls to the site's own server
 * (sandbox/web/DemoBackend.ts), which verifies with `portico/server` and keeps the session in a cookie.
 */
import * as Schema from "effect/Schema"
import type { SignInBackend } from "../../core/Config.ts"
import { SignInSession } from "../../core/SignInSession.ts"

const decodeSessions = Schema.decodeUnknownSync(Schema.Array(SignInSession))

const call = async (path: string, init: RequestInit = {}): Promise<unknown> => {
  const response = await fetch(path, { ...init, credentials: "same-origin", headers: { "content-type": "application/json" } })
  const body: unknown = await response.json()
  if (!response.ok) {
    const error = typeof body === "object" && body !== null && "error" in body ? String(body.error) : `HTTP ${response.status}`
    throw new Error(error)
  }
  return body
}

/** The backend's nonces are for any address: the same one serves a connect that signs in at once. */
const nonce = async () => {
  const body = await call("/demo/siwx/nonce", { method: "POST" })
  if (typeof body !== "object" || body === null || !("nonce" in body) || typeof body.nonce !== "string") throw new Error("No nonce")
  return body.nonce
}

export const demoSignInBackend: SignInBackend = {
  getNonce: nonce,
  getConnectNonce: nonce,
  addSession: async (session) => {
    await call("/demo/siwx/sessions", { method: "POST", body: JSON.stringify(session) })
  },
  getSessions: async (account) =>
    decodeSessions(await call(`/demo/siwx/sessions?${new URLSearchParams({ chainId: account.chainId, address: account.address })}`)),
  setSessions: async (sessions) => {
    await call("/demo/siwx/sessions", { method: "PUT", body: JSON.stringify(sessions) })
  }
}
