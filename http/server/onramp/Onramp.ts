/**
 * The server's onramp (spec §7 onramp calls, the `onramp` history): the configured providers' offers,
 * quotes and checkout URLs (OnrampOffers.ts) and the purchases they call back about (Purchases.ts), over
 * the EVM chains the server is configured for.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { PriceSource } from "../Balances.ts"
import type { Database } from "../Database.ts"
import { OnrampOptions, type EvmChainOptions } from "../ServerOptions.ts"
import * as OnrampChains from "./OnrampChains.ts"
import * as OnrampOffers from "./OnrampOffers.ts"
import * as Purchases from "./Purchases.ts"
import * as PurchaseStore from "./PurchaseStore.ts"

export interface Onramp {
  readonly offers: OnrampOffers.OnrampOffers
  readonly purchases: Purchases.OnrampPurchases
}

/** Dies at start on options the Schema refuses (a short secret) or two providers with one id. */
export const make = (options: OnrampOptions, evm: ReadonlyArray<EvmChainOptions>, db: Database, prices: PriceSource): Effect.Effect<Onramp> =>
  Effect.gen(function*() {
    const { providers } = yield* Effect.orDie(Schema.decodeUnknownEffect(OnrampOptions)(options))
    if (new Set(providers.map((provider) => provider.id)).size !== providers.length) {
      return yield* Effect.die(new RangeError("onramp.providers: two providers share an id"))
    }
    const chains = OnrampChains.make(evm)
    return {
      offers: yield* OnrampOffers.make(providers, chains),
      purchases: Purchases.make(providers, chains, PurchaseStore.make(db), prices)
    }
  })
