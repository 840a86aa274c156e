/**
 * A WalletConnect connection the page asked for before a phone discarded it (the visitor was approving in
 * the wallet): the page loaded again takes the wallet's answer to the proposal the Sign client kept. Whether
 * one waits is read from storage first, so a page with none loads no client code and contacts no relay.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type * as Connector from "../Connector.ts"
import type * as Storage from "../Storage.ts"
import * as StorageKey from "../StorageKey.ts"
import type * as SignClient from "../walletconnect/SignClient.ts"

/** Whether a proposal the page made before it was discarded is still waiting for the wallet's answer (storage only). */
export const waiting = (storage: Storage.Storage["Service"]): Effect.Effect<boolean> =>
  Effect.gen(function*() {
    const kept = yield* storage.get(StorageKey.walletConnectProposals)
    const now = (yield* Clock.currentTimeMillis) / 1000
    return (kept?.proposals ?? []).some((proposal) => proposal.expiry > now)
  })

export const resume = (options: {
  readonly storage: Storage.Storage["Service"]
  readonly client: Effect.Effect<SignClient.SignClient, Connector.ConnectorFailure>
  /** Waits for a promise of the client's, its failure read as the connector reads one. */
  readonly attempt: (evaluate: () => Promise<SignClient.Session>) => Effect.Effect<SignClient.Session, Connector.ConnectorFailure>
  /** The session's accounts, checked as at any connection. */
  readonly adopt: (client: SignClient.SignClient, session: SignClient.Session) => Effect.Effect<Connector.Connected, Connector.ConnectorFailure>
}): Effect.Effect<Connector.Connected | undefined, Connector.ConnectorFailure> =>
  Effect.gen(function*() {
    if (!(yield* waiting(options.storage))) return undefined
    const client = yield* options.client
    const [approval] = client.resumed
    if (approval === undefined) return undefined
    return yield* options.adopt(client, yield* options.attempt(() => approval))
  })
