/**
 * The server's storage, one Effect service over `Database` (PGlite or Postgres). Database failures
 * are defects: the handler answers 500 without detail, and nothing half-written is committed.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { walletRowValues, walletSeed, type WalletSeedEntry } from "./WalletSeed.ts"
import type { AnalyticsEvent } from "../api/AnalyticsApi.ts"
import { type Database, rows } from "./Database.ts"
import type { ProjectOptions } from "./ServerOptions.ts"

export interface Project {
  readonly projectId: string
  readonly allowedOrigins: ReadonlyArray<string>
  readonly analyticsEnabled: boolean
}

/** A `wallets` row as the database returns it (`chains` is jsonb). */
export const WalletRow = Schema.Struct({
  id: Schema.String,
  position: Schema.Number,
  name: Schema.String,
  rdns: Schema.NullOr(Schema.String),
  chains: Schema.Array(Schema.String),
  mobile_link: Schema.NullOr(Schema.String),
  desktop_link: Schema.NullOr(Schema.String),
  webapp_link: Schema.NullOr(Schema.String),
  link_mode: Schema.NullOr(Schema.String),
  homepage: Schema.NullOr(Schema.String),
  badge_type: Schema.Literals(["none", "certified"]),
  recommended: Schema.Boolean
})
export type WalletRow = typeof WalletRow.Type

export interface WalletQuery {
  readonly offset: number
  readonly limit: number
  readonly include: ReadonlyArray<string>
  readonly exclude: ReadonlyArray<string>
  /** CAIP-2 ids; a wallet matches when it lists one of them. */
  readonly chains: ReadonlyArray<string>
  readonly search: string | undefined
  readonly badge: "none" | "certified" | undefined
}

export interface NameRecord {
  readonly name: string
  readonly registered: string
  readonly updated: string
  readonly attributes: Readonly<Record<string, string>>
  readonly addresses: ReadonlyArray<{ readonly coinType: number; readonly address: string; readonly created: string }>
}

export interface Registration {
  readonly name: string
  readonly coinType: number
  readonly address: string
  readonly attributes: Readonly<Record<string, string>>
  /** sha-256 of the signed message, remembered so the same signed message never registers twice. */
  readonly messageDigest: string
}

export type RegistrationOutcome = "registered" | "replayed" | "taken"

export class Repository extends Context.Service<Repository, {
  readonly upsertProjects: (projects: Readonly<Record<string, ProjectOptions>>) => Effect.Effect<void>
  /** Adds (or updates) registry entries after the curated ones, in the order given. */
  readonly upsertWallets: (wallets: ReadonlyArray<WalletSeedEntry>) => Effect.Effect<void>
  /** Every project: a handful of configured rows the guard keeps in memory. */
  readonly listProjects: Effect.Effect<ReadonlyMap<string, Project>>
  readonly listWallets: (query: WalletQuery) => Effect.Effect<{ readonly count: number; readonly rows: ReadonlyArray<WalletRow> }>
  readonly findWallet: (id: string) => Effect.Effect<WalletRow | undefined>
  readonly register: (registration: Registration) => Effect.Effect<RegistrationOutcome>
  readonly findName: (name: string) => Effect.Effect<NameRecord | undefined>
  readonly namesOf: (address: string) => Effect.Effect<ReadonlyArray<NameRecord>>
  readonly takenNames: (names: ReadonlyArray<string>) => Effect.Effect<ReadonlySet<string>>
  readonly insertEvent: (projectId: string, event: AnalyticsEvent) => Effect.Effect<void>
  readonly countEvents: (projectId: string) => Effect.Effect<number>
}>()("portico/http/server/Repository") {}

const walletColumns =
  "id, position, name, rdns, chains, mobile_link, desktop_link, webapp_link, homepage, badge_type, recommended, link_mode"

/** One name joined with one of its addresses (none: the address columns are null). */
const NameRow = Schema.Struct({
  name: Schema.String,
  registered: Schema.Date,
  updated: Schema.Date,
  attributes: Schema.Record(Schema.String, Schema.String),
  coin_type: Schema.NullOr(Schema.Number),
  address: Schema.NullOr(Schema.String),
  created: Schema.NullOr(Schema.Date)
})
type NameRow = typeof NameRow.Type

const ProjectRow = Schema.Struct({ allowed_origins: Schema.Array(Schema.String), analytics_enabled: Schema.Boolean })
const ProjectListRow = Schema.Struct({ project_id: Schema.String, ...ProjectRow.fields })
const CountRow = Schema.Struct({ count: Schema.Number })
const NameOnlyRow = Schema.Struct({ name: Schema.String })

const toNameRecords = (joined: ReadonlyArray<NameRow>): ReadonlyArray<NameRecord> => {
  const byName = new Map<string, NameRecord & { addresses: Array<NameRecord["addresses"][number]> }>()
  for (const row of joined) {
    const record = byName.get(row.name) ?? {
      name: row.name,
      registered: row.registered.toISOString(),
      updated: row.updated.toISOString(),
      attributes: row.attributes,
      addresses: []
    }
    if (row.coin_type !== null && row.address !== null && row.created !== null) {
      record.addresses.push({ coinType: row.coin_type, address: row.address, created: row.created.toISOString() })
    }
    byName.set(row.name, record)
  }
  return [...byName.values()]
}

const nameSelect = `SELECT n.name, n.registered, n.updated, n.attributes, a.coin_type, a.address, a.created
  FROM names n LEFT JOIN name_addresses a ON a.name = n.name`

class RegistrationRefused extends Error {
  readonly outcome: Exclude<RegistrationOutcome, "registered">
  constructor(outcome: Exclude<RegistrationOutcome, "registered">) {
    super(outcome)
    this.outcome = outcome
  }
}

const run = <A,>(f: () => Promise<A>): Effect.Effect<A> => Effect.orDie(Effect.tryPromise(f))

export const make = (db: Database): Repository["Service"] => {
  return Repository.of({
    upsertWallets: (wallets) =>
      run(() =>
        db.transaction(async (tx) => {
          for (const [index, wallet] of wallets.entries()) {
            await tx.query(
              `INSERT INTO wallets (${walletColumns}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
               ON CONFLICT (id) DO UPDATE SET position = EXCLUDED.position, name = EXCLUDED.name, rdns = EXCLUDED.rdns,
               chains = EXCLUDED.chains, mobile_link = EXCLUDED.mobile_link, desktop_link = EXCLUDED.desktop_link,
               webapp_link = EXCLUDED.webapp_link, homepage = EXCLUDED.homepage, badge_type = EXCLUDED.badge_type,
               recommended = EXCLUDED.recommended, link_mode = EXCLUDED.link_mode`,
              [...walletRowValues(wallet, walletSeed.length + index), wallet.universal ?? null]
            )
          }
        })
      ),
    upsertProjects: (projects) =>
      run(() =>
        db.transaction(async (tx) => {
          for (const [projectId, project] of Object.entries(projects)) {
            await tx.query(
              `INSERT INTO projects (project_id, allowed_origins, analytics_enabled) VALUES ($1, $2, $3)
               ON CONFLICT (project_id) DO UPDATE SET allowed_origins = EXCLUDED.allowed_origins,
               analytics_enabled = EXCLUDED.analytics_enabled`,
              [projectId, JSON.stringify(project.allowedOrigins), project.analyticsEnabled ?? false]
            )
          }
        })
      ),
    listProjects: run(async () =>
      new Map(
        (await rows(db, ProjectListRow, "SELECT project_id, allowed_origins, analytics_enabled FROM projects")).map((row) => [
          row.project_id,
          { projectId: row.project_id, allowedOrigins: row.allowed_origins, analyticsEnabled: row.analytics_enabled }
        ])
      )
    ),
    listWallets: (query) =>
      run(async () => {
        const conditions: Array<string> = []
        const params: Array<unknown> = []
        const param = (value: unknown) => {
          params.push(value)
          return `$${params.length}`
        }
        if (query.include.length > 0) conditions.push(`id = ANY(${param(query.include)}::text[])`)
        if (query.exclude.length > 0) conditions.push(`NOT (id = ANY(${param(query.exclude)}::text[]))`)
        if (query.chains.length > 0) conditions.push(`chains ?| ${param(query.chains)}::text[]`)
        if (query.search !== undefined) {
          const pattern = param(`%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
          conditions.push(`(lower(name) LIKE ${pattern} OR lower(coalesce(rdns, '')) LIKE ${pattern})`)
        }
        if (query.badge !== undefined) conditions.push(`badge_type = ${param(query.badge)}`)
        const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : ""
        const [counted] = await rows(db, CountRow, `SELECT count(*)::int AS count FROM wallets ${where}`, params)
        const wallets = await rows(
          db,
          WalletRow,
          `SELECT ${walletColumns} FROM wallets ${where} ORDER BY position LIMIT ${param(query.limit)} OFFSET ${param(query.offset)}`,
          params
        )
        return { count: counted?.count ?? 0, rows: wallets }
      }),
    findWallet: (id) =>
      run(async () => (await rows(db, WalletRow, `SELECT ${walletColumns} FROM wallets WHERE id = $1`, [id]))[0]),
    register: (registration) =>
      run(() =>
        db.transaction(async (tx) => {
          const fresh = await tx.query(
            "INSERT INTO used_messages (digest, used_at) VALUES ($1, now()) ON CONFLICT DO NOTHING RETURNING digest",
            [registration.messageDigest]
          )
          if (fresh.length === 0) throw new RegistrationRefused("replayed")
          const created = await tx.query(
            `INSERT INTO names (name, attributes, registered, updated) VALUES ($1, $2, now(), now())
             ON CONFLICT DO NOTHING RETURNING name`,
            [registration.name, JSON.stringify(registration.attributes)]
          )
          if (created.length === 0) throw new RegistrationRefused("taken")
          await tx.query("INSERT INTO name_addresses (name, coin_type, address, created) VALUES ($1, $2, $3, now())", [
            registration.name,
            registration.coinType,
            registration.address
          ])
          return "registered" as const
        }).catch((error: unknown) => {
          if (error instanceof RegistrationRefused) return error.outcome
          throw error
        })
      ),
    findName: (name) =>
      run(async () => toNameRecords(await rows(db, NameRow, `${nameSelect} WHERE n.name = $1`, [name]))[0]),
    namesOf: (address) =>
      run(async () =>
        toNameRecords(
          await rows(
            db,
            NameRow,
            `${nameSelect} WHERE n.name IN (SELECT name FROM name_addresses WHERE lower(address) = lower($1))
             ORDER BY n.registered, n.name`,
            [address]
          )
        )
      ),
    takenNames: (names) =>
      run(async () =>
        new Set((await rows(db, NameOnlyRow, "SELECT name FROM names WHERE name = ANY($1::text[])", [names])).map((row) => row.name))
      ),
    insertEvent: (projectId, event) =>
      run(async () => {
        await db.query(
          // The event id is the client's idempotency key: a retried event is stored once.
          `INSERT INTO analytics_events (project_id, event_id, event, url, domain, timestamp_ms, address, payload, received_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now()) ON CONFLICT (project_id, event_id) DO NOTHING`,
          [projectId, event.eventId, event.props.event, event.url, event.domain, event.timestamp,
            event.props.address ?? null, JSON.stringify(event)]
        )
      }),
    countEvents: (projectId) =>
      run(async () =>
        (await rows(db, CountRow, "SELECT count(*)::int AS count FROM analytics_events WHERE project_id = $1", [projectId]))[0]?.count ?? 0
      )
  })
}
