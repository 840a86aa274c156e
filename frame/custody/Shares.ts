/**
 * The entropy split 2-of-3 (docs/embedded-wallet.md "Custody"), with the audited
 * `shamir-secret-sharing`: a device share, an auth share and a recovery share, any two of which give the
 * entropy back and any one of which says nothing about it.
 *
 * Shamir checks nothing on the way back: two shares of different splits combine to garbage. Callers
 * compare what they derive from the result with the addresses they know (Custody does).
 */
import { combine as combineShares, split as splitSecret } from "shamir-secret-sharing"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fixed } from "../../core/FixedMessage.ts"

export interface Shares {
  readonly device: Uint8Array
  readonly auth: Uint8Array
  readonly recovery: Uint8Array
}

/** Three fresh shares of `secret`: a new random polynomial each time. */
export const split = (secret: Uint8Array): Effect.Effect<Shares> =>
  Effect.promise(() => splitSecret(secret, 3, 2)).pipe(
    // split returns exactly the number of shares asked for.
    Effect.map(([device, auth, recovery]) => ({ device: device!, auth: auth!, recovery: recovery! }))
  )

/** The secret of two (or three) shares; fewer, shares of unequal lengths, or two with the same x coordinate fail. */
export const combine = (shares: ReadonlyArray<Uint8Array>): Effect.Effect<Uint8Array, ShareCombineError> =>
  Effect.tryPromise({ try: () => combineShares([...shares]), catch: () => new ShareCombineError() })

export class ShareCombineError extends Schema.TaggedError<ShareCombineError>()("ShareCombineError", {
  message: fixed("These key shares cannot be combined")
}) {}
