/**
 * Nonces for share replacements (docs/embedded-wallet.md "Replacing the shares"): 256 random bits issued
 * to one session of one visitor, valid five minutes, kept only as their digest, and consumed by one
 * DELETE … RETURNING, so of two replacements racing with one nonce exactly one gets it. A session holds at
 * most one: issuing a new one drops the session's last.
 */
import * as Effect from "effect/Effect"
import type { Database } from "../Database.ts"
import { digest, randomToken } from "./Secrets.ts"

export const nonceTtlMillis = 5 * 60_000

export interface ShareNonces {
  readonly issue: (session: { readonly sessionId: string; readonly visitorId: string }, at: number) => Effect.Effect<{ readonly nonce: string; readonly expiresAt: number }>
  /** True once for a live nonce issued to this session of this visitor; false for anything else. */
  readonly consume: (session: { readonly sessionId: string; readonly visitorId: string }, nonce: string, at: number) => Effect.Effect<boolean>
}

export const make = (db: Database): ShareNonces => ({
  issue: (session, at) =>
    Effect.promise(() =>
      db.transaction(async (tx) => {
        await tx.query("DELETE FROM embedded_share_nonces WHERE session_id = $1 OR expires_at <= $2", [session.sessionId, new Date(at)])
        const nonce = randomToken()
        const expiresAt = at + nonceTtlMillis
        await tx.query(
          "INSERT INTO embedded_share_nonces (digest, visitor_id, session_id, expires_at) VALUES ($1, $2, $3, $4)",
          [digest(nonce), session.visitorId, session.sessionId, new Date(expiresAt)]
        )
        return { nonce, expiresAt }
      })
    ),
  consume: (session, nonce, at) =>
    Effect.promise(async () =>
      (await db.query(
        "DELETE FROM embedded_share_nonces WHERE digest = $1 AND visitor_id = $2 AND session_id = $3 AND expires_at > $4 RETURNING digest",
        [digest(nonce), session.visitorId, session.sessionId, new Date(at)]
      )).length === 1
    )
})
