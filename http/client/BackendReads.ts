/**
 * The reads of core's `Backend` that the connect path makes (the wallet list, the Account view's
 * balances, identity, names, activity and the networks Swap covers), over `EndpointCall`: derived from the
 * same contracts as every other call, without HttpApiClient, so opening the modal and connecting a wallet
 * fetch only this (issue 30). The rest of the Backend is Backend.ts.
 */
import * as Effect from "effect/Effect"
import * as Backend from "../../core/Backend.ts"
import * as Constants from "../../core/Constants.ts"
import { BlockchainApi } from "../api/BlockchainApi.ts"
import { WalletApi } from "../api/WalletApi.ts"
import * as BackendFailure from "./BackendFailure.ts"
import * as CachedQueries from "./CachedQueries.ts"
import * as EndpointCall from "./EndpointCall.ts"
import * as ServerTransport from "./ServerTransport.ts"

/** The endpoints the reads call, each on its service's base URL. Requires an HttpClient (fetch, Node…). */
export const calls = (options: ServerTransport.ClientOptions) =>
  Effect.map(ServerTransport.transport(options), (httpClient) => {
    const api = { httpClient, baseUrl: options.apiUrl }
    const blockchain = BlockchainApi.endpoints
    return {
      getWallets: EndpointCall.make(WalletApi.endpoints.getWallets, { httpClient, baseUrl: options.walletServiceUrl ?? options.apiUrl }),
      balance: EndpointCall.make(blockchain.balance, api),
      identity: EndpointCall.make(blockchain.identity, api),
      history: EndpointCall.make(blockchain.history, api),
      profileAccount: EndpointCall.make(blockchain.profileAccount, api),
      profileReverse: EndpointCall.make(blockchain.profileReverse, api),
      supportedChains: EndpointCall.make(blockchain.supportedChains, api)
    }
  })

export type Calls = Effect.Success<ReturnType<typeof calls>>

export type Reads = Pick<Backend.Backend["Service"], "wallets" | "balances" | "identity" | "history" | "lookupName" | "namesOf" | "swapNetworks">

export const make = (options: ServerTransport.ClientOptions, onRefusal: BackendFailure.OnRefusal = () => undefined) =>
  Effect.gen(function*() {
    const call = BackendFailure.caller(onRefusal)
    const endpoints = yield* calls(options)
    const cached = yield* CachedQueries.make(endpoints)
    const reads: Reads = {
      balances: (account, { force = false } = {}) =>
        call(cached.balance(account.address, { chainId: account.caipNetworkId, forceUpdate: force })),
      history: (account, cursor) =>
        call(endpoints.history({
          params: { address: account.address },
          query: { chainId: account.caipNetworkId, ...(cursor === undefined ? {} : { cursor }) }
        })),
      identity: (address, read) => call(cached.identity(address, read)),
      wallets: (query) =>
        call(endpoints.getWallets({
          query: {
            page: String(query.page),
            entries: String(query.search === "" ? Constants.walletsPageSize : Constants.walletSearchEntries),
            chains: query.chains.join(","),
            ...(query.search === "" ? {} : { search: query.search })
          }
        })),
      lookupName: (name) => call(cached.lookupName(name)),
      namesOf: (address) => call(cached.namesOf(address)),
      swapNetworks: () => call(Effect.map(cached.supportedChains, (chains) => chains.swap ?? []))
    }
    return reads
  })
