/**
 * core's `Backend` whose client loads with its first request, in two parts: the reads the connect path
 * makes (the wallet list, balances, identity: BackendReads.ts, no HttpApiClient) and the rest (names,
 * sign-in, swap, buy, smart sessions: Backend.ts over HttpApiClient), each built once at its own first
 * call. Opening the modal and connecting a wallet fetch only the first (issue 30). Only `urls` (paths
 * filled in, ServerUrls.ts) is there from the start, since images are drawn before any request. A part
 * that could not be loaded is a `BackendRequestError` like any request that never got an answer.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Backend from "../../core/Backend.ts"
import * as CodeChunk from "../../core/CodeChunk.ts"
import type { Rest } from "./Backend.ts"
import type { Reads } from "./BackendReads.ts"

const unavailable = (error: CodeChunk.FeatureUnavailableError) =>
  new Backend.BackendRequestError({ reason: error._tag, message: "The Portico API client could not be loaded" })

/** Each part of the Backend as its chunk builds it. */
export interface Parts {
  readonly reads: Effect.Effect<Reads, CodeChunk.FeatureUnavailableError>
  readonly rest: Effect.Effect<Rest, CodeChunk.FeatureUnavailableError>
}

/** A part built once, at its first call, and a call through it. */
const deferred = <S>(load: Effect.Effect<S, CodeChunk.FeatureUnavailableError>) => {
  const part = CodeChunk.once(Effect.mapError(load, unavailable))
  return <A, E>(call: (service: S) => Effect.Effect<A, E>) => Effect.flatMap(part, call)
}

/** The Backend that `parts` build (each once, at its first call), with `urls` at once. */
export const layer = (urls: Backend.ServerUrls, parts: Parts): Layer.Layer<Backend.Backend> =>
  Layer.sync(Backend.Backend, () => {
    const reads = deferred(parts.reads)
    const rest = deferred(parts.rest)
    return Backend.Backend.of({
      urls,
      balances: (account, options) => reads((backend) => backend.balances(account, options)),
      history: (account, cursor) => reads((backend) => backend.history(account, cursor)),
      identity: (address, options) => reads((backend) => backend.identity(address, options)),
      wallets: (query) => reads((backend) => backend.wallets(query)),
      lookupName: (name) => reads((backend) => backend.lookupName(name)),
      namesOf: (address) => reads((backend) => backend.namesOf(address)),
      swapNetworks: () => reads((backend) => backend.swapNetworks()),
      nameSuggestions: (label, zone) => rest((backend) => backend.nameSuggestions(label, zone)),
      registerName: (request) => rest((backend) => backend.registerName(request)),
      signInNonce: () => rest((backend) => backend.signInNonce()),
      addSignInSession: (signed) => rest((backend) => backend.addSignInSession(signed)),
      signInSession: (id) => rest((backend) => backend.signInSession(id)),
      revokeSignInSession: (id) => rest((backend) => backend.revokeSignInSession(id)),
      swapTokens: (chainId) => rest((backend) => backend.swapTokens(chainId)),
      swapQuote: (query) => rest((backend) => backend.swapQuote(query)),
      swapAllowance: (token, owner, swap) => rest((backend) => backend.swapAllowance(token, owner, swap)),
      swapApproval: (query) => rest((backend) => backend.swapApproval(query)),
      swapTransaction: (query) => rest((backend) => backend.swapTransaction(query)),
      onrampOptions: () => rest((backend) => backend.onrampOptions()),
      onrampQuote: (query) => rest((backend) => backend.onrampQuote(query)),
      onrampUrl: (checkout) => rest((backend) => backend.onrampUrl(checkout)),
      onrampPurchases: (account, provider) => rest((backend) => backend.onrampPurchases(account, provider)),
      smartSession: (pci, caipNetworkId) => rest((backend) => backend.smartSession(pci, caipNetworkId)),
      revokeSmartSession: (revocation, caipNetworkId) => rest((backend) => backend.revokeSmartSession(revocation, caipNetworkId))
    })
  })
