/**
 * The server's onramp (spec §7 onramp calls, the `onramp` history): the configured providers, each through
 * its own documented protocol (MoonPay.ts, Coinbase.ts), their offers, quotes and checkout URLs
 * (OnrampOffers.ts) and the purchases they report (Purchases.ts), over the EVM chains the server is
 * configured for.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { PriceSource } from "../Balances.ts"
import type { Database } from "../Database.ts"
import { OnrampOptions, type EvmChainOptions, type OnrampProviderOptions } from "../ServerOptions.ts"
import * as Coinbase from "./Coinbase.ts"
import * as MoonPay from "./MoonPay.ts"
import * as OnrampChains from "./OnrampChains.ts"
import * as OnrampOffers from "./OnrampOffers.ts"
import * as Purchases from "./Purchases.ts"
import * as PurchaseStore from "./PurchaseStore.ts"
import type { RampProvider } from "./RampProvider.ts"

export interface Onramp {
  readonly offers: OnrampOffers.OnrampOffers
  readonly purchases: Purchases.OnrampPurchases
}

/** The server's onramp: `served` is undefined without ServerOptions.onramp (the endpoints answer 501). */
export class OnrampService extends Context.Service<OnrampService, { readonly served: Onramp | undefined }>()("portico/http/server/onramp/OnrampService") {}

const providerOf = (options: OnrampProviderOptions): RampProvider =>
  options.kind === "moonpay" ? MoonPay.make(options) : Coinbase.make(options)

/** Dies at start on options the Schema refuses, a key that cannot be read, or two providers with one id. */
export const make = (options: OnrampOptions, evm: ReadonlyArray<EvmChainOptions>, db: Database, prices: PriceSource): Effect.Effect<Onramp> =>
  Effect.gen(function*() {
    const decoded = yield* Effect.orDie(Schema.decodeUnknownEffect(OnrampOptions)(options))
    const providers = yield* Effect.try({ try: () => decoded.providers.map(providerOf), catch: (error) => error }).pipe(Effect.orDie)
    if (new Set(providers.map((provider) => provider.id)).size !== providers.length) {
      return yield* Effect.die(new RangeError("onramp.providers: two providers share an id (give each an `id`)"))
    }
    const chains = OnrampChains.make(evm)
    const offers = yield* OnrampOffers.make(providers, chains)
    return { offers, purchases: Purchases.make(providers, offers, chains, PurchaseStore.make(db), prices) }
  })
