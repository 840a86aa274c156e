/**
 * The Blockchain API reads the modal repeats, behind core's TTL caches (spec section 9): balances
 * 30 s (`forceUpdate` bypasses and refreshes), identity, names and the supported chains 5 min. Failures, and a
 * name not registered yet, are not cached. Balances, identity and names are persisted under the spec's
 * storage keys (§3: portfolio, identity and ens caches), so a reload within their TTL asks the server
 * nothing again; what is read back is decoded, and anything that does not decode is dropped.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as TtlCache from "../../core/TtlCache.ts"
import { type NameAccount, NameNotRegistered } from "../../core/Name.ts"
import type { BlockchainApi, SupportedChains } from "../api/BlockchainApi.ts"
import type { Call } from "./EndpointCall.ts"

type Endpoints = typeof BlockchainApi.endpoints

/** The calls the caches stand in front of. */
export interface Calls {
  readonly balance: Call<Endpoints["balance"]>
  readonly identity: Call<Endpoints["identity"]>
  readonly profileAccount: Call<Endpoints["profileAccount"]>
  readonly profileReverse: Call<Endpoints["profileReverse"]>
  readonly supportedChains: Call<Endpoints["supportedChains"]>
}

export const make = (client: Calls) =>
  Effect.gen(function*() {
    const balances = yield* TtlCache.persistedPortfolio
    const identities = yield* TtlCache.persistedIdentity
    const names = yield* TtlCache.persistedName
    const reverse = yield* TtlCache.makeName<ReadonlyArray<NameAccount>>()
    const chains = yield* TtlCache.makeName<SupportedChains>()
    return {
      /** Balances of `address` on `chainId` (CAIP-2), or on every chain of its namespace. */
      balance: (address: string, options: { readonly chainId?: string; readonly forceUpdate?: boolean } = {}) => {
        const key = `${options.chainId ?? "*"}|${TtlCache.keyOf(address)}`
        const fetch = client.balance({
          params: { address },
          query: {
            currency: "usd",
            ...(options.chainId === undefined ? {} : { chainId: options.chainId }),
            ...(options.forceUpdate === true ? { forceUpdate: "true" } : {})
          }
        })
        return options.forceUpdate === true
          ? Effect.tap(fetch, (value) => balances.set(key, value))
          : balances.getOrFetch(key, fetch)
      },
      identity: (address: string, options: { readonly force?: boolean } = {}) => {
        const fetch = client.identity({ params: { address }, query: {} })
        return options.force === true ? Effect.tap(fetch, (value) => identities.set(address, value)) : identities.getOrFetch(address, fetch)
      },
      /** A name's answer; "not registered" is not kept, so a name registered a moment later resolves at once. */
      lookupName: (name: string) =>
        Effect.flatMap(names.get(name), Option.match({
          onSome: Effect.succeed,
          onNone: () =>
            Effect.tap(client.profileAccount({ params: { name }, query: { apiVersion: "2" } }), (answer) =>
              answer instanceof NameNotRegistered ? Effect.void : names.set(name, answer))
        })),
      /** The server's supported chains, kept as long as names (they change only with its configuration). */
      supportedChains: chains.getOrFetch("", client.supportedChains({ query: {} })),
      namesOf: (address: string) =>
        reverse.getOrFetch(address, client.profileReverse({ params: { address }, query: { apiVersion: "2" } }))
    }
  })
