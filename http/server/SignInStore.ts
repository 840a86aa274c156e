/**
 * Sign-in nonces and sessions in the database, per project. A nonce is consumed by deleting its row:
 * one statement, so of two verifications racing with the same nonce exactly one gets the row.
 *
 * Nonces are bounded as MemoryNonces.ts bounds them, so a flood neither grows the table nor flushes it: a
 * client (its rate-limit key, ClientAddress.ts) holds at most `perClient` outstanding in a project, a new
 * one replacing its oldest, and a project at most `projectCapacity`, past which issuing is refused.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { NonceStore } from "../../core/signin/SignInVerification.ts"
import { type Queryable, rows } from "./Database.ts"
import { NonceCapacityError, randomNonce } from "./MemoryNonces.ts"

export const perClient = 8
export const projectCapacity = 50_000

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
  /** A fresh nonce for the project and client, stored until `expiresAt`. Expired nonces are swept on the way. */
  readonly issueNonce: (projectId: string, client: string, now: Date, expiresAt: Date) => Effect.Effect<string, NonceCapacityError>
  readonly nonces: (projectId: string, now: Date) => NonceStore["Service"]
  readonly saveSession: (session: StoredSession) => Effect.Effect<void>
  /** The project's session with that id, unless revoked or expired at `now`. */
  readonly findSession: (projectId: string, id: string, now: Date) => Effect.Effect<SessionRow | undefined>
  readonly revokeSession: (projectId: string, id: string, now: Date) => Effect.Effect<boolean>
}

export const make = (db: Queryable): SignInStore => ({
  issueNonce: (projectId, client, now, expiresAt) =>
    Effect.flatMap(
      Effect.promise(async () => {
        await db.query("DELETE FROM sign_in_nonces WHERE expires_at <= $1", [now])
        // The client's oldest beyond its share go first: its own flood replaces only its own nonces.
        await db.query(
          `DELETE FROM sign_in_nonces WHERE nonce IN (
             SELECT nonce FROM sign_in_nonces WHERE project_id = $1 AND client = $2 ORDER BY expires_at DESC OFFSET $3)`,
          [projectId, client, perClient - 1]
        )
        const nonce = randomNonce()
        const inserted = await db.query(
          `INSERT INTO sign_in_nonces (nonce, project_id, client, expires_at)
           SELECT $1, $2, $3, $4 WHERE (SELECT count(*) FROM sign_in_nonces WHERE project_id = $2) < $5
           RETURNING nonce`,
          [nonce, projectId, client, expiresAt, projectCapacity]
        )
        return inserted.length === 1 ? nonce : undefined
      }),
      (nonce) => nonce === undefined ? Effect.fail(NonceCapacityError.of(Math.ceil((expiresAt.getTime() - now.getTime()) / 1000))) : Effect.succeed(nonce)
    ),
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
