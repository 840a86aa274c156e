/**
 * The two key shares the server keeps per visitor (docs/embedded-wallet.md "Custody"): the auth share,
 * sealed at rest (ShareCipher.ts), and the recovery share, stored as the frame sent it (it is already
 * encrypted under the visitor's recovery key). Both are released only to a session of their visitor.
 *
 * A visitor's first set is stored as it comes. Replacing a stored set needs a personal_sign by the EVM
 * address stored with it over `replacementMessage` of the new set, and the same addresses: a stolen
 * session alone cannot overwrite the shares. A replacement is accepted once (its message digest is
 * remembered with the server's other used messages), so an old one cannot roll the shares back.
 */
import { sha256 } from "@noble/hashes/sha2"
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils"
import type * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { RecoveryKind, replacementMessage } from "../../../core/embedded/ShareSet.ts"
import { type PutSharesRequest, SharesConflict, type WalletAddresses } from "../../api/EmbeddedApi.ts"
import { type Database, rows } from "../Database.ts"
import * as SignatureVerification from "../SignatureVerification.ts"
import type { ShareCipher } from "./ShareCipher.ts"

export class Shares extends Context.Service<Shares, {
  readonly put: (visitorId: string, request: PutSharesRequest) => Effect.Effect<"created" | "replaced", SharesConflict>
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

export const make = (db: Database, cipher: ShareCipher, clock: Clock.Clock): Shares["Service"] => {
  const stored = (visitorId: string) =>
    Effect.promise(async () =>
      (await rows(
        db,
        ShareRow,
        "SELECT auth_share, recovery_share, recovery_kind, evm_address, solana_address FROM embedded_shares WHERE visitor_id = $1",
        [visitorId]
      ))[0]
    )

  const replace = (visitorId: string, request: PutSharesRequest, current: ShareRow, at: number) =>
    Effect.gen(function*() {
      if (request.replacement === undefined) {
        return yield* conflict("missing", "replacement: this account has key shares; replacing them needs the signature of its EVM account")
      }
      if (!sameAddresses(current, request.addresses)) return yield* conflict("addresses", "addresses: not the addresses of this account's wallet")
      const message = replacementMessage(request)
      const signature = request.replacement.signature
      if (!(yield* Effect.promise(() => SignatureVerification.verify(60, current.evm_address, message, signature)))) {
        return yield* conflict("signature", "replacement: the signature is not by this account's EVM address")
      }
      const replaced = yield* Effect.promise(() =>
        db.transaction(async (tx) => {
          const fresh = await tx.query("INSERT INTO used_messages (digest, used_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING digest", [
            `embedded-shares:${bytesToHex(sha256(utf8ToBytes(message)))}`,
            new Date(at)
          ])
          if (fresh.length === 0) return false
          await tx.query(
            `UPDATE embedded_shares SET auth_share = $2, recovery_share = $3, recovery_kind = $4, updated_at = $5
             WHERE visitor_id = $1 AND evm_address = $6`,
            [visitorId, cipher.seal(visitorId, request.authShare), request.recoveryShare, request.recoveryKind, new Date(at), current.evm_address]
          )
          return true
        })
      )
      return replaced ? "replaced" as const : yield* conflict("replayed", "replacement: this replacement was already used")
    })

  return Shares.of({
    put: (visitorId, request) =>
      Effect.gen(function*() {
        const at = yield* clock.currentTimeMillis
        const current = yield* stored(visitorId)
        if (current !== undefined) return yield* replace(visitorId, request, current, at)
        const created = yield* Effect.promise(async () =>
          (await db.query(
            `INSERT INTO embedded_shares (visitor_id, auth_share, recovery_share, recovery_kind, evm_address, solana_address, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (visitor_id) DO NOTHING RETURNING visitor_id`,
            [visitorId, cipher.seal(visitorId, request.authShare), request.recoveryShare, request.recoveryKind, request.addresses.evm,
              request.addresses.solana, new Date(at)]
          )).length === 1
        )
        if (created) return "created" as const
        // Another request stored a first set in between: this one is a replacement now.
        const raced = yield* stored(visitorId)
        if (raced === undefined) return yield* Effect.die(new Error("embedded_shares: the row that refused the insert is gone"))
        return yield* replace(visitorId, request, raced, at)
      }),
    authShare: (visitorId) => Effect.map(stored(visitorId), (row) => row === undefined ? undefined : cipher.open(visitorId, row.auth_share)),
    recoveryShare: (visitorId) =>
      Effect.map(stored(visitorId), (row) => row === undefined ? undefined : { recoveryShare: row.recovery_share, recoveryKind: row.recovery_kind }),
    addresses: (visitorId) =>
      Effect.map(stored(visitorId), (row) => row === undefined ? undefined : { evm: row.evm_address, solana: row.solana_address })
  })
}
