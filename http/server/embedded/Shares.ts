/**
 * The two key shares the server keeps per visitor (docs/embedded-wallet.md "Custody"): the auth share,
 * sealed at rest (ShareCipher.ts), and the recovery share, stored as the frame sent it (it is already
 * encrypted under the visitor's recovery key). Both are released only to a session of their visitor.
 *
 * A visitor's first set is stored as it comes. Replacing a stored set (docs "Replacing the shares") needs
 * the same addresses, a nonce this session was issued (ShareNonces.ts, consumed before the signature is
 * checked, so a guess costs the guesser its nonce) and the stored EVM account's EIP-712 signature over the
 * visitor, that nonce and the new set (core/embedded/ShareReplacement.ts). A stolen session alone cannot
 * overwrite the shares, and no signature a site can get from the frame serves: the frame signs the
 * reserved domain only in its own recovery. A replacement ends every other session of the visitor.
 */
import type * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { verifyTypedData } from "viem"
import * as ShareReplacement from "../../../core/embedded/ShareReplacement.ts"
import { RecoveryKind } from "../../../core/embedded/ShareSet.ts"
import { type PutSharesRequest, SharesConflict, type WalletAddresses } from "../../api/EmbeddedApi.ts"
import { type Database, rows } from "../Database.ts"
import type { ShareCipher } from "./ShareCipher.ts"
import type { ShareNonces } from "./ShareNonces.ts"
import type { Session } from "./Visitors.ts"

export class Shares extends Context.Service<Shares, {
  readonly put: (session: Session, request: PutSharesRequest) => Effect.Effect<"created" | "replaced", SharesConflict>
  /** A nonce for one replacement by this session. */
  readonly nonce: (session: Session) => Effect.Effect<{ readonly nonce: string; readonly expiresAt: number }>
  readonly authShare: (visitorId: string) => Effect.Effect<string | undefined>
  readonly recoveryShare: (visitorId: string) => Effect.Effect<{ readonly recoveryShare: string; readonly recoveryKind: RecoveryKind } | undefined>
  readonly addresses: (visitorId: string) => Effect.Effect<WalletAddresses | undefined>
}>()("portico/http/server/embedded/Shares") {}

const ShareRow = Schema.Struct({
  auth_share: Schema.String,
  recovery_share: Schema.String,
  recovery_kind: RecoveryKind,
  evm_address: Schema.String,
  solana_address: Schema.String
})
type ShareRow = typeof ShareRow.Type

const sameAddresses = (row: ShareRow, addresses: WalletAddresses) =>
  row.evm_address.toLowerCase() === addresses.evm.toLowerCase() && row.solana_address === addresses.solana

const conflict = (reason: SharesConflict["reason"], message: string) => new SharesConflict({ reason, message })

/** Is `signature` the stored account's EIP-712 signature of this replacement? A malformed one is not. */
const signedByAccount = (row: ShareRow, session: Session, request: PutSharesRequest, nonce: string, signature: `0x${string}`) =>
  Effect.promise(() =>
    verifyTypedData({
      address: row.evm_address as `0x${string}`,
      ...ShareReplacement.typedData({ visitorId: session.visitorId, nonce }, request),
      signature
    }).catch(() => false)
  )

export const make = (db: Database, cipher: ShareCipher, nonces: ShareNonces, clock: Clock.Clock): Shares["Service"] => {
  const stored = (visitorId: string) =>
    Effect.promise(async () =>
      (await rows(
        db,
        ShareRow,
        "SELECT auth_share, recovery_share, recovery_kind, evm_address, solana_address FROM embedded_shares WHERE visitor_id = $1",
        [visitorId]
      ))[0]
    )

  const replace = (session: Session, request: PutSharesRequest, current: ShareRow, at: number) =>
    Effect.gen(function*() {
      const replacement = request.replacement
      if (replacement === undefined) {
        return yield* conflict("missing", "replacement: this account has key shares; replacing them needs the signature of its EVM account")
      }
      if (!sameAddresses(current, request.addresses)) return yield* conflict("addresses", "addresses: not the addresses of this account's wallet")
      if (!(yield* nonces.consume(session, replacement.nonce, at))) {
        return yield* conflict("nonce", "replacement: the nonce was not issued to this session, has expired or was already used")
      }
      if (!(yield* signedByAccount(current, session, request, replacement.nonce, replacement.signature as `0x${string}`))) {
        return yield* conflict("signature", "replacement: the signature is not by this account's EVM address over this set and nonce")
      }
      yield* Effect.promise(() =>
        db.transaction(async (tx) => {
          await tx.query(
            `UPDATE embedded_shares SET auth_share = $2, recovery_share = $3, recovery_kind = $4, updated_at = $5
             WHERE visitor_id = $1 AND evm_address = $6`,
            [session.visitorId, cipher.seal(session.visitorId, request.authShare), request.recoveryShare, request.recoveryKind, new Date(at),
              current.evm_address]
          )
          // Whoever else holds a session of this visitor loses it: the shares they could read are gone.
          await tx.query(
            "UPDATE embedded_sessions SET revoked_at = $3 WHERE visitor_id = $1 AND id <> $2 AND revoked_at IS NULL",
            [session.visitorId, session.sessionId, new Date(at)]
          )
        })
      )
      return "replaced" as const
    })

  return Shares.of({
    put: (session, request) =>
      Effect.gen(function*() {
        const at = yield* clock.currentTimeMillis
        const current = yield* stored(session.visitorId)
        if (current !== undefined) return yield* replace(session, request, current, at)
        const created = yield* Effect.promise(async () =>
          (await db.query(
            `INSERT INTO embedded_shares (visitor_id, auth_share, recovery_share, recovery_kind, evm_address, solana_address, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (visitor_id) DO NOTHING RETURNING visitor_id`,
            [session.visitorId, cipher.seal(session.visitorId, request.authShare), request.recoveryShare, request.recoveryKind,
              request.addresses.evm, request.addresses.solana, new Date(at)]
          )).length === 1
        )
        if (created) return "created" as const
        // Another request stored a first set in between: this one is a replacement now.
        const raced = yield* stored(session.visitorId)
        if (raced === undefined) return yield* Effect.die(new Error("embedded_shares: the row that refused the insert is gone"))
        return yield* replace(session, request, raced, at)
      }),
    nonce: (session) => Effect.flatMap(clock.currentTimeMillis, (at) => nonces.issue(session, at)),
    authShare: (visitorId) => Effect.map(stored(visitorId), (row) => row === undefined ? undefined : cipher.open(visitorId, row.auth_share)),
    recoveryShare: (visitorId) =>
      Effect.map(stored(visitorId), (row) => row === undefined ? undefined : { recoveryShare: row.recovery_share, recoveryKind: row.recovery_kind }),
    addresses: (visitorId) =>
      Effect.map(stored(visitorId), (row) => row === undefined ? undefined : { evm: row.evm_address, solana: row.solana_address })
  })
}
