/**
 * The dapp's WalletConnect proposals as a connect attempt takes them: made on the spot, or made ahead on a
 * phone (before the visitor taps a wallet, so that its link opens inside the tap) and taken by the next
 * attempt on the same network while the pairing is fresh (spec §4: expired under 10 s left).
 */
import * as Effect from "effect/Effect"
import type * as Caip from "../Caip.ts"
import type * as Connector from "../Connector.ts"
import * as Pairing from "../Pairing.ts"

export interface Proposal {
  readonly uri: string
  readonly approval: Promise<unknown>
  readonly abandon: () => void
}

/** A proposal made for `caipNetworkId`, expiring at `expiry` (epoch ms). */
export interface Made<P extends Proposal> {
  readonly proposal: P
  readonly expiry: number
  readonly caipNetworkId: Caip.CaipNetworkId | undefined
}

export const make = <P extends Proposal, E>(propose: (caipNetworkId: Caip.CaipNetworkId | undefined) => Effect.Effect<Made<P>, E>) => {
  let ahead: Made<P> | undefined

  /** The proposal made ahead when it suits `caipNetworkId` and is fresh; a stale one is let go. */
  const usable = (caipNetworkId: Caip.CaipNetworkId | undefined) =>
    Effect.gen(function*() {
      const made = ahead
      if (made === undefined) return undefined
      if (made.caipNetworkId === caipNetworkId && !(yield* Pairing.isExpired(made.expiry))) return made
      ahead = undefined
      made.proposal.abandon()
      return undefined
    })

  return {
    /** A pairing made ahead of the visitor's pick (the fresh one already made, if any). */
    prepare: (options: Connector.ConnectOptions): Effect.Effect<Connector.PreparedPairing, E> =>
      Effect.gen(function*() {
        const made = (yield* usable(options.caipNetworkId)) ?? (yield* propose(options.caipNetworkId))
        // Two preparations raced: the first one kept stays, the other is let go.
        if (ahead !== undefined && ahead !== made) made.proposal.abandon()
        else ahead = made
        const kept = ahead ?? made
        return { uri: kept.proposal.uri, expiry: kept.expiry }
      }),
    /**
     * The proposal a connect attempt follows: the one made ahead when usable (it is then no longer ahead, its
     * link being already open), else a new one, from `fresh` when given (a proposal asking more).
     */
    take: (caipNetworkId: Caip.CaipNetworkId | undefined, fresh?: () => Effect.Effect<Made<P>, E>): Effect.Effect<Made<P>, E> =>
      Effect.gen(function*() {
        const made = yield* usable(caipNetworkId)
        if (made === undefined) return yield* (fresh === undefined ? propose(caipNetworkId) : fresh())
        ahead = undefined
        return made
      })
  }
}
