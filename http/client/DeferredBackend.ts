/**
 * core's `Backend` whose client loads with its first request: effect's HttpApiClient and the contracts'
 * schemas stay out of what the page fetches before the visitor opens the modal, and the wallet list,
 * balances and the rest ask for them when they first need the server. Only `urls` (paths filled in,
 * ServerUrls.ts) is there from the start, since images are drawn before any request. A client that
 * could not be loaded is a `BackendRequestError` like any request that never got an answer.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Backend from "../../core/Backend.ts"
import * as CodeChunk from "../../core/CodeChunk.ts"

type Service = Backend.Backend["Service"]

const unavailable = (error: CodeChunk.FeatureUnavailableError) =>
  new Backend.BackendRequestError({ reason: error._tag, message: "The Portico API client could not be loaded" })

/** The Backend that `load` builds (once, at the first call), with `urls` at once. */
export const layer = (urls: Backend.ServerUrls, load: Effect.Effect<Service, CodeChunk.FeatureUnavailableError>): Layer.Layer<Backend.Backend> =>
  Layer.sync(Backend.Backend, () => {
    const client = CodeChunk.once(Effect.mapError(load, unavailable))
    const use = <A, E>(call: (backend: Service) => Effect.Effect<A, E>) => Effect.flatMap(client, call)
    return Backend.Backend.of({
      urls,
      balances: (account, options) => use((backend) => backend.balances(account, options)),
      history: (account, cursor) => use((backend) => backend.history(account, cursor)),
      identity: (address, options) => use((backend) => backend.identity(address, options)),
      wallets: (query) => use((backend) => backend.wallets(query)),
      lookupName: (name) => use((backend) => backend.lookupName(name)),
      namesOf: (address) => use((backend) => backend.namesOf(address)),
      nameSuggestions: (label, zone) => use((backend) => backend.nameSuggestions(label, zone)),
      registerName: (request) => use((backend) => backend.registerName(request)),
      signInNonce: () => use((backend) => backend.signInNonce()),
      addSignInSession: (signed) => use((backend) => backend.addSignInSession(signed)),
      signInSession: (id) => use((backend) => backend.signInSession(id)),
      revokeSignInSession: (id) => use((backend) => backend.revokeSignInSession(id)),
      swapNetworks: () => use((backend) => backend.swapNetworks()),
      swapTokens: (chainId) => use((backend) => backend.swapTokens(chainId)),
      swapQuote: (query) => use((backend) => backend.swapQuote(query)),
      swapAllowance: (token, owner, swap) => use((backend) => backend.swapAllowance(token, owner, swap)),
      swapApproval: (query) => use((backend) => backend.swapApproval(query)),
      swapTransaction: (query) => use((backend) => backend.swapTransaction(query)),
      onrampOptions: () => use((backend) => backend.onrampOptions()),
      onrampQuote: (query) => use((backend) => backend.onrampQuote(query)),
      onrampUrl: (checkout) => use((backend) => backend.onrampUrl(checkout)),
      onrampPurchases: (account, provider) => use((backend) => backend.onrampPurchases(account, provider)),
      smartSession: (pci, caipNetworkId) => use((backend) => backend.smartSession(pci, caipNetworkId)),
      revokeSmartSession: (revocation, caipNetworkId) => use((backend) => backend.revokeSmartSession(revocation, caipNetworkId))
    })
  })
