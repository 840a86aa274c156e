/**
 * Sign-in nonces and sessions in the database, per project. A nonce is consumed by deleting its row:
 * one statement, so of two verifications racing with the same nonce exactly one gets the row.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { NonceStore } from "../../core/signin/SignInVerification.ts"
import { type Queryable, rows } from "./Database.ts"
import { randomNonce } from "./MemoryNonces.ts"

export interface StoredSession {
  readonly id: string
  readonly projectId: string
  readonly chainId: string
  readonly address: string
  readonly domain: string
  readonly message: string
  readonly signature: string
  readonly issuedAt: Date
  readonly expiresAt: Date
}

const SessionRow = Schema.Struct({
  id: Schema.String,
  chain_id: Schema.String,
  address: Schema.String,
  issued_at: Schema.Date,
  expires_at: Schema.Date
})
export type SessionRow = typeof SessionRow.Type

export interface SignInStore {
  /** A fresh nonce for the project, stored until `expiresAt`. Expired nonces are swept on the way. */
  readonly issueNonce: (projectId: string, expiresAt: Date) => Effect.Effect<string>
  readonly nonces: (projectId: string, now: Date) => NonceStore["Service"]
  readonly saveSession: (session: StoredSession) => Effect.Effect<void>
  /** The project's session with that id, unless revoked or expired at `now`. */
  readonly findSession: (projectId: string, id: string, now: Date) => Effect.Effect<SessionRow | undefined>
  readonly revokeSession: (projectId: string, id: string, now: Date) => Effect.Effect<boolean>
}

export const make = (db: Queryable): SignInStore => ({
  issueNonce: (projectId, expiresAt) =>
    Effect.promise(async () => {
      await db.query("DELETE FROM sign_in_nonces WHERE expires_at <= now()")
      const nonce = randomNonce()
      await db.query("INSERT INTO sign_in_nonces (nonce, project_id, expires_at) VALUES ($1, $2, $3)", [nonce, projectId, expiresAt])
      return nonce
    }),
  nonces: (projectId, now) => ({
    consume: (nonce) =>
      Effect.promise(async () =>
        (await db.query("DELETE FROM sign_in_nonces WHERE nonce = $1 AND project_id = $2 AND expires_at > $3 RETURNING nonce", [nonce, projectId, now]))
          .length === 1
      )
  }),
  saveSession: (session) =>
    Effect.promise(() =>
      db.query(
        `INSERT INTO sign_in_sessions (id, project_id, chain_id, address, domain, message, signature, issued_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
        [session.id, session.projectId, session.chainId, session.address, session.domain, session.message, session.signature, session.issuedAt, session.expiresAt]
      )
    ),
  findSession: (projectId, id, now) =>
    Effect.promise(async () =>
      (await rows(
        db,
        SessionRow,
        `SELECT id, chain_id, address, issued_at, expires_at FROM sign_in_sessions
         WHERE id = $1 AND project_id = $2 AND revoked_at IS NULL AND expires_at > $3`,
        [id, projectId, now]
      ))[0]
    ),
  revokeSession: (projectId, id, now) =>
    Effect.promise(async () =>
      (await db.query("UPDATE sign_in_sessions SET revoked_at = $3 WHERE id = $1 AND project_id = $2 AND revoked_at IS NULL RETURNING id", [id, projectId, now]))
        .length === 1
    )
})
