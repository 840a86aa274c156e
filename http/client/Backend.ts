/**
 * core's `Backend` over Portico's HTTP contracts: the derived clients, the TTL caches of
 * `CachedQueries`, and every failure turned into core's `BackendRequestError` (the API's typed errors
 * keep their tag and status; transport failures their tag). No trace headers: they would turn every
 * GET into a CORS preflight against the API.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Predicate from "effect/Predicate"
import * as HttpClient from "effect/http/HttpClient"
import * as Backend from "../../core/Backend.ts"
import * as Constants from "../../core/Constants.ts"
import * as DeveloperAlerts from "../../core/DeveloperAlerts.ts"
import type * as Storage from "../../core/Storage.ts"
import { SignInRefusedError } from "../../core/signin/SignInProvider.ts"
import * as CachedQueries from "./CachedQueries.ts"
import * as PorticoClient from "./PorticoClient.ts"
import * as ServerUrls from "./ServerUrls.ts"

/** The status an answer carried: the API's typed errors hold it, HttpClient's response errors too. */
const statusOf = (error: unknown): number | undefined => {
  if (Predicate.hasProperty(error, "status") && typeof error.status === "number") return error.status
  if (Predicate.hasProperty(error, "response") && Predicate.hasProperty(error.response, "status")) {
    return typeof error.response.status === "number" ? error.response.status : undefined
  }
  return undefined
}

export const toBackendError = (error: unknown): Backend.BackendRequestError => {
  const status = statusOf(error)
  // A 429's body names its wait in seconds (RateLimited.retryAfter, the Retry-After header's value).
  const retryAfter = Predicate.hasProperty(error, "retryAfter") && typeof error.retryAfter === "number" ? error.retryAfter : undefined
  return new Backend.BackendRequestError({
    reason: Predicate.hasProperty(error, "_tag") && typeof error._tag === "string" ? error._tag : "Unknown",
    ...(status === undefined ? {} : { status }),
    ...(retryAfter === undefined ? {} : { retryAfterMillis: retryAfter * 1000 }),
    message: Predicate.hasProperty(error, "message") && typeof error.message === "string" && error.message !== ""
      ? error.message
      : "The Portico API could not answer"
  })
}

/** Told of each refusal that is the configuration's fault (an unknown project id, an origin not allowed). */
export type OnRefusal = (raised: DeveloperAlerts.Raised) => void

const caller = (onRefusal: OnRefusal) => <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, Backend.BackendRequestError> =>
  effect.pipe(
    Effect.provideService(HttpClient.TracerPropagationEnabled, false),
    Effect.mapError(toBackendError),
    Effect.tapError((error) =>
      Effect.sync(() => {
        const raised = DeveloperAlerts.ofRefusal(error.reason)
        if (raised !== undefined) onRefusal(raised)
      })
    )
  )

export const make = (options: PorticoClient.ClientOptions, onRefusal: OnRefusal = () => undefined) =>
  Effect.gen(function*() {
    const call = caller(onRefusal)
    const client = yield* PorticoClient.make(options)
    const cached = yield* CachedQueries.make(client)
    return Backend.Backend.of({
      urls: ServerUrls.make(options),
      balances: (account, { force = false } = {}) =>
        call(cached.balance(account.address, { chainId: account.caipNetworkId, forceUpdate: force })),
      history: (account, cursor) =>
        call(client.blockchain.history({
          params: { address: account.address },
          query: { chainId: account.caipNetworkId, ...(cursor === undefined ? {} : { cursor }) }
        })),
      identity: (address, read) => call(cached.identity(address, read)),
      wallets: (query) =>
        call(client.wallets.getWallets({
          query: {
            page: String(query.page),
            entries: String(query.search === "" ? Constants.walletsPageSize : Constants.walletSearchEntries),
            chains: query.chains.join(","),
            ...(query.search === "" ? {} : { search: query.search })
          }
        })),
      lookupName: (name) => call(cached.lookupName(name)),
      namesOf: (address) => call(cached.namesOf(address)),
      nameSuggestions: (label, zone) =>
        call(client.blockchain.profileSuggestions({ params: { name: label }, query: { zone } })),
      registerName: (request) => call(client.blockchain.registerName({ payload: request, query: {} })),
      signInNonce: () => call(Effect.map(client.signIn.nonce({ query: {} }), (answer) => answer.nonce)),
      addSignInSession: (signed) =>
        client.signIn.addSession({ payload: signed, query: {} }).pipe(
          Effect.catchTag("SignInRefused", (refused) => Effect.fail(new SignInRefusedError({ message: refused.message, reason: refused.reason }))),
          Effect.provideService(HttpClient.TracerPropagationEnabled, false),
          Effect.mapError((error) => error._tag === "SignInRefusedError" ? error : toBackendError(error))
        ),
      signInSession: (id) =>
        call(client.signIn.session({ params: { id }, query: {} }).pipe(
          Effect.catchTag("NotFound", () => Effect.undefined)
        )),
      revokeSignInSession: (id) => call(Effect.asVoid(client.signIn.revokeSession({ params: { id }, query: {} }))),
      swapNetworks: () => call(Effect.map(cached.supportedChains, (chains) => chains.swap ?? [])),
      swapTokens: (chainId) => call(Effect.map(client.blockchain.convertTokens({ query: { chainId } }), (answer) => answer.tokens)),
      swapQuote: ({ amount, from, to, userAddress }) =>
        call(Effect.flatMap(client.blockchain.convertQuotes({ query: { amount: amount.toString(), from, to, userAddress } }), ({ quotes: [quote] }) =>
          quote === undefined
            ? Effect.fail(new Backend.BackendRequestError({ reason: "NoQuote", message: "The server offered no quote" }))
            : Effect.succeed({ toAmount: BigInt(quote.toAmount), priceImpact: quote.priceImpact ?? "0", fee: quote.fee ?? "0" }))),
      swapAllowance: (token, owner, swap) =>
        call(Effect.map(
          client.blockchain.convertAllowance({
            query: { tokenAddress: token, userAddress: owner, ...(swap === undefined ? {} : { to: swap.to, amount: swap.amount.toString() }) }
          }),
          (answer) => BigInt(answer.allowance)
        )),
      swapApproval: ({ amount, from, to, userAddress }) =>
        call(Effect.map(client.blockchain.convertBuildApprove({ query: { userAddress, from, to, amount: amount.toString() } }), transactionOf)),
      swapTransaction: ({ amount, from, to, userAddress, slippage }) =>
        call(Effect.map(
          client.blockchain.convertBuildTransaction({
            query: {},
            payload: { amount: amount.toString(), eip155: { slippage }, projectId: options.projectId, from, to, userAddress }
          }),
          transactionOf
        )),
      onrampOptions: () => call(client.blockchain.onrampOptions({ query: {} })),
      onrampQuote: ({ provider, ...quote }) => call(client.blockchain.onrampQuote({ query: {}, payload: { ...quote, provider } })),
      onrampUrl: ({ address, network, symbol, fiatAmount, paymentCurrency, provider }) =>
        call(Effect.map(
          client.blockchain.onrampUrl({
            query: {},
            payload: {
              destinationWallets: [{ address, blockchains: [network], assets: [symbol] }],
              defaultNetwork: network,
              // The checkout's own account id for the visitor: the address keeps it stable without naming anyone.
              partnerUserId: address,
              defaultExperience: "buy",
              presetFiatAmount: Number(fiatAmount),
              paymentCurrency,
              provider
            }
          }),
          (answer) => answer.url
        )),
      onrampPurchases: (account, provider) =>
        call(client.blockchain.history({ params: { address: account.address }, query: { chainId: account.caipNetworkId, onramp: provider } })),
      smartSession: (pci, chainId) =>
        call(client.sessions.get({ params: { id: pci }, query: { chainId } }).pipe(Effect.catchTag("NotFound", () => Effect.undefined))),
      revokeSmartSession: (revocation, chainId) =>
        call(Effect.map(client.sessions.revoke({ params: { id: revocation.pci }, query: { chainId }, payload: revocation }), (answer) => answer.transactionHash))
    })
  })

/** A built transaction as core wants it: the value in base units. */
const transactionOf = ({ tx }: { readonly tx: { readonly from: string; readonly to: string; readonly data: string; readonly amount: string } }) =>
  ({ from: tx.from, to: tx.to, data: tx.data, value: BigInt(tx.amount) })

/** The Backend on our server; needs an HttpClient (fetch in browsers) and the Storage its caches persist in. */
export const layer = (options: PorticoClient.ClientOptions, onRefusal?: OnRefusal): Layer.Layer<Backend.Backend, never, HttpClient.HttpClient | Storage.Storage> =>
  Layer.effect(Backend.Backend, make(options, onRefusal))
