/**
 * Onramp purchases in the database (table `onramp_purchases`, migration 6): one row per provider's
 * purchase id and per delivery transaction, so a callback sent again is stored once. Database failures are
 * defects, as in Repository.ts (the server answers 503 when the database is away).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { rows, type Database } from "../Database.ts"
import type { DeliveryStatus } from "./Deliveries.ts"

export interface Purchase {
  readonly provider: string
  readonly purchaseId: string
  /** CAIP-2. */
  readonly chain: string
  readonly txHash: string
  /** Checksummed destination. */
  readonly address: string
  readonly sentFrom: string
  /** The token contract, or `native`. */
  readonly asset: string
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  /** Base units, decimal. */
  readonly amount: string
  readonly fiatTotal: string
  readonly fiatCurrency: string
  readonly partnerUserId: string
  readonly quoteId: string
  readonly status: DeliveryStatus
  /** ISO-8601; undefined while the delivery is not mined. */
  readonly minedAt: string | undefined
  readonly receivedAt: string
}

/** `stored` the first time; `replayed` for the same purchase and transaction again; `conflict` otherwise. */
export type StoreOutcome = "stored" | "replayed" | "conflict"

export interface PurchaseStore {
  readonly store: (purchase: Purchase) => Effect.Effect<StoreOutcome>
  /** An address's purchases on `chains` (of one provider when given), newest first. */
  readonly of: (address: string, chains: ReadonlyArray<string>, provider: string | undefined) => Effect.Effect<ReadonlyArray<Purchase>>
  /** The chain's newer word on a delivery. */
  readonly settle: (provider: string, purchaseId: string, status: DeliveryStatus, minedAt: string | undefined) => Effect.Effect<void>
}

const Row = Schema.Struct({
  provider: Schema.String,
  purchase_id: Schema.String,
  chain: Schema.String,
  tx_hash: Schema.String,
  address: Schema.String,
  sent_from: Schema.String,
  asset: Schema.String,
  name: Schema.String,
  symbol: Schema.String,
  decimals: Schema.Number,
  amount: Schema.String,
  fiat_total: Schema.String,
  fiat_currency: Schema.String,
  partner_user_id: Schema.String,
  quote_id: Schema.String,
  status: Schema.Literals(["in_progress", "success", "failed"]),
  mined_at: Schema.NullOr(Schema.Date),
  received_at: Schema.Date
})

const columns = `provider, purchase_id, chain, tx_hash, address, sent_from, asset, name, symbol, decimals, amount,
  fiat_total, fiat_currency, partner_user_id, quote_id, status, mined_at, received_at`

const KeyRow = Schema.Struct({ chain: Schema.String, tx_hash: Schema.String })

const run = <A,>(f: () => Promise<A>): Effect.Effect<A> => Effect.orDie(Effect.tryPromise(f))

const fromRow = (row: typeof Row.Type): Purchase => ({
  provider: row.provider,
  purchaseId: row.purchase_id,
  chain: row.chain,
  txHash: row.tx_hash,
  address: row.address,
  sentFrom: row.sent_from,
  asset: row.asset,
  name: row.name,
  symbol: row.symbol,
  decimals: row.decimals,
  amount: row.amount,
  fiatTotal: row.fiat_total,
  fiatCurrency: row.fiat_currency,
  partnerUserId: row.partner_user_id,
  quoteId: row.quote_id,
  status: row.status,
  minedAt: row.mined_at?.toISOString(),
  receivedAt: row.received_at.toISOString()
})

export const make = (db: Database): PurchaseStore => {
  const settle = (provider: string, purchaseId: string, status: DeliveryStatus, minedAt: string | undefined) =>
    run(() => db.query("UPDATE onramp_purchases SET status = $3, mined_at = $4 WHERE provider = $1 AND purchase_id = $2", [provider, purchaseId, status, minedAt ?? null]))
      .pipe(Effect.asVoid)
  return {
    settle,
    store: (purchase) =>
      Effect.flatMap(
        run(async () => {
          const inserted = await db.query(
            `INSERT INTO onramp_purchases (${columns}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
             ON CONFLICT DO NOTHING RETURNING provider`,
            [
              purchase.provider, purchase.purchaseId, purchase.chain, purchase.txHash, purchase.address, purchase.sentFrom, purchase.asset,
              purchase.name, purchase.symbol, purchase.decimals, purchase.amount, purchase.fiatTotal, purchase.fiatCurrency,
              purchase.partnerUserId, purchase.quoteId, purchase.status, purchase.minedAt ?? null, purchase.receivedAt
            ]
          )
          if (inserted.length > 0) return "stored" as const
          const [known] = await rows(db, KeyRow, "SELECT chain, tx_hash FROM onramp_purchases WHERE provider = $1 AND purchase_id = $2", [purchase.provider, purchase.purchaseId])
          return known !== undefined && known.chain === purchase.chain && known.tx_hash === purchase.txHash ? "replayed" as const : "conflict" as const
        }),
        (outcome) => outcome === "replayed" ? Effect.as(settle(purchase.provider, purchase.purchaseId, purchase.status, purchase.minedAt), outcome) : Effect.succeed(outcome)
      ),
    of: (address, chains, provider) =>
      run(async () =>
        (await rows(
          db,
          Row,
          `SELECT ${columns} FROM onramp_purchases
           WHERE lower(address) = lower($1) AND chain = ANY($2::text[]) AND ($3::text IS NULL OR provider = $3)
           ORDER BY COALESCE(mined_at, received_at) DESC, received_at DESC`,
          [address, chains, provider ?? null]
        )).map(fromRow)
      )
  }
}
