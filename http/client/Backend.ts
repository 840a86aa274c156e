/**
 * core's `Backend` over Portico's HTTP contracts: the connect path's reads (BackendReads.ts, without
 * HttpApiClient) and every other call through the clients HttpApiClient derives (PorticoClient.ts), each
 * failure turned into core's `BackendRequestError` (BackendFailure.ts).
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as HttpClient from "effect/http/HttpClient"
import * as Backend from "../../core/Backend.ts"
import type * as Storage from "../../core/Storage.ts"
import { SignInRefusedError } from "../../core/signin/SignInProvider.ts"
import * as BackendFailure from "./BackendFailure.ts"
import * as BackendReads from "./BackendReads.ts"
import * as PorticoClient from "./PorticoClient.ts"
import type * as ServerTransport from "./ServerTransport.ts"
import * as ServerUrls from "./ServerUrls.ts"

/** What the Backend does besides the reads and its URLs: names, sign-in, swap, buy, smart sessions. */
export type Rest = Omit<Backend.Backend["Service"], keyof BackendReads.Reads | "urls">

/** The calls of the features (their first use loads HttpApiClient with them). */
export const makeRest = (options: ServerTransport.ClientOptions, onRefusal: BackendFailure.OnRefusal = () => undefined) =>
  Effect.gen(function*() {
    const call = BackendFailure.caller(onRefusal)
    const client = yield* PorticoClient.make(options)
    const rest: Rest = {
      nameSuggestions: (label, zone) =>
        call(client.blockchain.profileSuggestions({ params: { name: label }, query: { zone } })),
      registerName: (request) => call(client.blockchain.registerName({ payload: request, query: {} })),
      signInNonce: () => call(Effect.map(client.signIn.nonce({ query: {} }), (answer) => answer.nonce)),
      addSignInSession: (signed) =>
        client.signIn.addSession({ payload: signed, query: {} }).pipe(
          Effect.catchTag("SignInRefused", (refused) => Effect.fail(new SignInRefusedError({ message: refused.message, reason: refused.reason }))),
          Effect.provideService(HttpClient.TracerPropagationEnabled, false),
          Effect.mapError((error) => error._tag === "SignInRefusedError" ? error : BackendFailure.toBackendError(error))
        ),
      signInSession: (id) =>
        call(client.signIn.session({ params: { id }, query: {} }).pipe(
          Effect.catchTag("NotFound", () => Effect.undefined)
        )),
      revokeSignInSession: (id) => call(Effect.asVoid(client.signIn.revokeSession({ params: { id }, query: {} }))),
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
    }
    return rest
  })

/** The whole Backend at once (Node, tests); the browser loads its two parts apart (http/client/DeferredBackend.ts). */
export const make = (options: ServerTransport.ClientOptions, onRefusal?: BackendFailure.OnRefusal) =>
  Effect.gen(function*() {
    const reads = yield* BackendReads.make(options, onRefusal)
    const rest = yield* makeRest(options, onRefusal)
    return Backend.Backend.of({ urls: ServerUrls.make(options), ...reads, ...rest })
  })

/** A built transaction as core wants it: the value in base units. */
const transactionOf = ({ tx }: { readonly tx: { readonly from: string; readonly to: string; readonly data: string; readonly amount: string } }) =>
  ({ from: tx.from, to: tx.to, data: tx.data, value: BigInt(tx.amount) })

/** The Backend on our server; needs an HttpClient (fetch in browsers) and the Storage its caches persist in. */
export const layer = (options: ServerTransport.ClientOptions, onRefusal?: BackendFailure.OnRefusal): Layer.Layer<Backend.Backend, never, HttpClient.HttpClient | Storage.Storage> =>
  Layer.effect(Backend.Backend, make(options, onRefusal))
