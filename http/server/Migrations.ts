/**
 * Versioned schema migrations, run at every start. Idempotent (each version applies once, recorded in
 * portico_migrations) and safe when several processes start at once on one Postgres: the runner holds
 * a session advisory lock while it checks and applies, and every migration commits atomically.
 */
import * as Schema from "effect/Schema"
import { type Database, type Queryable, rows } from "./Database.ts"
import { universalLinks, walletRowValues, walletSeed } from "./WalletSeed.ts"

interface Migration {
  readonly version: number
  readonly name: string
  readonly up: (tx: Queryable) => Promise<void>
}

const statements = (...sql: ReadonlyArray<string>) => async (tx: Queryable) => {
  for (const text of sql) await tx.query(text)
}

export const migrations: ReadonlyArray<Migration> = [
  {
    version: 1,
    name: "create_tables",
    up: statements(
      `CREATE TABLE projects (
        project_id text PRIMARY KEY,
        allowed_origins jsonb NOT NULL,
        analytics_enabled boolean NOT NULL
      )`,
      `CREATE TABLE wallets (
        id text PRIMARY KEY,
        position integer NOT NULL,
        name text NOT NULL,
        rdns text,
        chains jsonb NOT NULL,
        mobile_link text,
        desktop_link text,
        webapp_link text,
        homepage text,
        badge_type text NOT NULL,
        recommended boolean NOT NULL
      )`,
      `CREATE TABLE names (
        name text PRIMARY KEY,
        attributes jsonb NOT NULL,
        registered timestamptz NOT NULL,
        updated timestamptz NOT NULL
      )`,
      `CREATE TABLE name_addresses (
        name text NOT NULL REFERENCES names (name),
        coin_type integer NOT NULL,
        address text NOT NULL,
        created timestamptz NOT NULL,
        PRIMARY KEY (name, coin_type)
      )`,
      `CREATE INDEX name_addresses_address ON name_addresses (lower(address))`,
      `CREATE TABLE used_messages (
        digest text PRIMARY KEY,
        used_at timestamptz NOT NULL
      )`,
      `CREATE TABLE analytics_events (
        id bigserial PRIMARY KEY,
        project_id text NOT NULL,
        event_id text NOT NULL,
        event text NOT NULL,
        url text NOT NULL,
        domain text NOT NULL,
        timestamp_ms double precision NOT NULL,
        address text,
        payload jsonb NOT NULL,
        received_at timestamptz NOT NULL
      )`
    )
  },
  {
    version: 2,
    name: "seed_wallet_registry",
    up: async (tx) => {
      for (const [position, wallet] of walletSeed.entries()) {
        await tx.query(
          `INSERT INTO wallets (id, position, name, rdns, chains, mobile_link, desktop_link, webapp_link, homepage, badge_type, recommended)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          walletRowValues(wallet, position)
        )
      }
    }
  },
  {
    version: 3,
    name: "sign_in",
    up: statements(
      `CREATE TABLE sign_in_nonces (
        nonce text PRIMARY KEY,
        project_id text NOT NULL,
        expires_at timestamptz NOT NULL
      )`,
      `CREATE INDEX sign_in_nonces_expiry ON sign_in_nonces (expires_at)`,
      `CREATE TABLE sign_in_sessions (
        id text PRIMARY KEY,
        project_id text NOT NULL,
        chain_id text NOT NULL,
        address text NOT NULL,
        domain text NOT NULL,
        message text NOT NULL,
        signature text NOT NULL,
        issued_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`
    )
  },
  {
    version: 4,
    name: "analytics_event_ids_unique",
    up: statements(
      // Events stored twice before (a retried send) keep their first copy.
      `DELETE FROM analytics_events a USING analytics_events b
       WHERE a.project_id = b.project_id AND a.event_id = b.event_id AND a.id > b.id`,
      `CREATE UNIQUE INDEX analytics_events_project_event ON analytics_events (project_id, event_id)`
    )
  },
  {
    version: 5,
    name: "rate_buckets",
    up: statements(
      `CREATE TABLE rate_buckets (
        key text PRIMARY KEY,
        tokens double precision NOT NULL,
        at bigint NOT NULL,
        passed boolean NOT NULL
      )`
    )
  },
  {
    version: 6,
    name: "onramp_purchases",
    up: statements(
      // One row per purchase a provider called back about, checked on chain (http/server/onramp/).
      `CREATE TABLE onramp_purchases (
        provider text NOT NULL,
        purchase_id text NOT NULL,
        chain text NOT NULL,
        tx_hash text NOT NULL,
        address text NOT NULL,
        sent_from text NOT NULL,
        asset text NOT NULL,
        name text NOT NULL,
        symbol text NOT NULL,
        decimals integer NOT NULL,
        amount text NOT NULL,
        fiat_total text NOT NULL,
        fiat_currency text NOT NULL,
        partner_user_id text NOT NULL,
        quote_id text NOT NULL,
        status text NOT NULL,
        mined_at timestamptz,
        received_at timestamptz NOT NULL,
        PRIMARY KEY (provider, purchase_id),
        UNIQUE (chain, tx_hash)
      )`,
      `CREATE INDEX onramp_purchases_address ON onramp_purchases (lower(address))`
    )
  },
  {
    version: 7,
    name: "embedded_wallet",
    up: statements(
      // A visitor signs in with an email address or a social account; both are unique per project.
      `CREATE TABLE embedded_visitors (
        id text PRIMARY KEY,
        project_id text NOT NULL,
        email text,
        social_provider text,
        social_subject text,
        social_email text,
        user_name text,
        created_at timestamptz NOT NULL
      )`,
      `CREATE UNIQUE INDEX embedded_visitors_email ON embedded_visitors (project_id, lower(email)) WHERE email IS NOT NULL`,
      `CREATE UNIQUE INDEX embedded_visitors_social ON embedded_visitors (project_id, social_provider, social_subject)
       WHERE social_subject IS NOT NULL`,
      `CREATE TABLE embedded_devices (
        visitor_id text NOT NULL REFERENCES embedded_visitors (id),
        device_id text NOT NULL,
        verified_at timestamptz NOT NULL,
        PRIMARY KEY (visitor_id, device_id)
      )`,
      `CREATE TABLE embedded_email_attempts (
        id text PRIMARY KEY,
        project_id text NOT NULL,
        kind text NOT NULL,
        email text NOT NULL,
        new_email text,
        visitor_id text REFERENCES embedded_visitors (id),
        device_id text NOT NULL,
        locale text NOT NULL,
        code_hash text,
        tries integer NOT NULL,
        expires_at timestamptz NOT NULL,
        approval_hash text UNIQUE,
        approved_at timestamptz,
        completed_at timestamptz,
        created_at timestamptz NOT NULL
      )`,
      `CREATE INDEX embedded_email_attempts_expiry ON embedded_email_attempts (expires_at)`,
      // The 30 s gate per address, here so that every process serving the project agrees.
      `CREATE TABLE embedded_email_gate (
        project_id text NOT NULL,
        email text NOT NULL,
        sent_at timestamptz NOT NULL,
        PRIMARY KEY (project_id, email)
      )`,
      `CREATE TABLE embedded_sessions (
        id text PRIMARY KEY,
        project_id text NOT NULL,
        visitor_id text NOT NULL REFERENCES embedded_visitors (id),
        device_id text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`,
      `CREATE INDEX embedded_sessions_visitor ON embedded_sessions (visitor_id)`,
      // Every refresh token a session was given: the current one has rotated_at null; presenting a
      // rotated one again means it was copied, and revokes the session.
      `CREATE TABLE embedded_refresh_tokens (
        token_hash text PRIMARY KEY,
        session_id text NOT NULL REFERENCES embedded_sessions (id),
        rotated_from text,
        created_at timestamptz NOT NULL,
        rotated_at timestamptz
      )`,
      `CREATE INDEX embedded_refresh_tokens_session ON embedded_refresh_tokens (session_id)`,
      `CREATE TABLE embedded_shares (
        visitor_id text PRIMARY KEY REFERENCES embedded_visitors (id),
        auth_share text NOT NULL,
        recovery_share text NOT NULL,
        recovery_kind text NOT NULL,
        evm_address text NOT NULL,
        solana_address text NOT NULL,
        updated_at timestamptz NOT NULL
      )`
    )
  },
  {
    version: 8,
    name: "embedded_social_attempts",
    up: statements(
      // One social login between its start and the collection of its outcome (http/server/embedded/SocialAttempts.ts).
      `CREATE TABLE embedded_social_attempts (
        id text PRIMARY KEY,
        project_id text NOT NULL,
        device_id text NOT NULL,
        provider text NOT NULL,
        mode text NOT NULL,
        return_to text NOT NULL,
        state_digest text NOT NULL UNIQUE,
        poll_secret_digest text NOT NULL,
        code_verifier text NOT NULL,
        nonce text,
        status text NOT NULL,
        session_grant jsonb,
        user_name text,
        failure text,
        failure_message text,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`,
      `CREATE INDEX embedded_social_attempts_expiry ON embedded_social_attempts (expires_at)`
    )
  },
  {
    version: 9,
    name: "embedded_trust_boundary",
    up: statements(
      // A share replacement's single-use nonce, per session, as its digest (embedded/ShareNonces.ts).
      `CREATE TABLE embedded_share_nonces (
        digest text PRIMARY KEY,
        visitor_id text NOT NULL REFERENCES embedded_visitors (id),
        session_id text NOT NULL REFERENCES embedded_sessions (id),
        expires_at timestamptz NOT NULL
      )`,
      `CREATE INDEX embedded_share_nonces_session ON embedded_share_nonces (session_id)`,
      // Sign-in nonces are bounded per client (SignInStore.ts).
      `ALTER TABLE sign_in_nonces ADD COLUMN client text NOT NULL DEFAULT ''`,
      `CREATE INDEX sign_in_nonces_client ON sign_in_nonces (project_id, client, expires_at)`,
      `CREATE INDEX embedded_email_attempts_address ON embedded_email_attempts (project_id, lower(email), created_at)`,
      // A social attempt keeps who signed in, never a grant, until the browser that came back from the
      // provider hands its completion code to the frame that started it (embedded/SocialLogin.ts).
      `ALTER TABLE embedded_social_attempts DROP COLUMN session_grant`,
      `ALTER TABLE embedded_social_attempts ADD COLUMN subject text`,
      `ALTER TABLE embedded_social_attempts ADD COLUMN email text`,
      `ALTER TABLE embedded_social_attempts ADD COLUMN completion_digest text`
    )
  },
  {
    version: 10,
    name: "wallet_universal_links",
    up: async (tx) => {
      // A wallet's universal link (the registry's link_mode) beside its custom scheme: phones prefer it.
      await tx.query(`ALTER TABLE wallets ADD COLUMN link_mode text`)
      for (const [id, link] of universalLinks) await tx.query(`UPDATE wallets SET link_mode = $1 WHERE id = $2`, [link, id])
    }
  },
  {
    version: 11,
    name: "embedded_farcaster_attempts",
    up: statements(
      // A Sign In With Farcaster attempt: the relay channel only the server polls, the nonce the message must
      // carry, and the digest of the poll secret the frame that started it holds (embedded/FarcasterLogin.ts).
      `CREATE TABLE embedded_farcaster_attempts (
        id text PRIMARY KEY,
        project_id text NOT NULL,
        device_id text NOT NULL,
        channel_token text NOT NULL,
        nonce text NOT NULL,
        poll_secret_digest text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`,
      `CREATE INDEX embedded_farcaster_attempts_expiry ON embedded_farcaster_attempts (expires_at)`
    )
  }
]

/** An arbitrary constant naming Portico's migration lock among the database's advisory locks. */
const lockKey = 7_306_112

export const migrate = (db: Database): Promise<ReadonlyArray<number>> =>
  db.withConnection(async (connection) => {
    await connection.query("SELECT pg_advisory_lock($1)", [lockKey])
    try {
      await connection.query(
        `CREATE TABLE IF NOT EXISTS portico_migrations (
          version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`
      )
      const done = new Set(
        (await rows(connection, Schema.Struct({ version: Schema.Number }), "SELECT version FROM portico_migrations")).map((row) => row.version)
      )
      const applied: Array<number> = []
      for (const migration of migrations) {
        if (done.has(migration.version)) continue
        await connection.query("BEGIN")
        try {
          await migration.up(connection)
          await connection.query("INSERT INTO portico_migrations (version, name) VALUES ($1, $2)", [migration.version, migration.name])
          await connection.query("COMMIT")
        } catch (error) {
          await connection.query("ROLLBACK")
          throw error
        }
        applied.push(migration.version)
      }
      return applied
    } finally {
      await connection.query("SELECT pg_advisory_unlock($1)", [lockKey])
    }
  })
