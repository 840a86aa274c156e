/**
 * A WalletConnect v2 Sign client, for either side of a session: the dapp proposes (and shows the pairing
 * URI), the wallet pairs from the URI and approves; then both exchange requests, events and the session's
 * lifecycle messages. Everything a peer sends is opened with the topic's key and decoded by Schema
 * (Protocol.ts); anything else is dropped. Pairings and sessions persist through core's Storage, so a
 * reloaded page follows its topics again and receives what the relay kept meanwhile.
 *
 * This module composes the parts: the kept state (SignStore.ts), the channel to the peer (PeerChannel.ts),
 * what arrives (Inbox.ts), the dapp's proposal (DappProposal.ts), the wallet's approval (WalletApproval.ts)
 * and what both do on a session (Sessions.ts).
 *
 * Written from the protocol's public specification; crypto from @noble (SymKey.ts, Envelope.ts).
 */
import * as Effect from "effect/Effect"
import type * as Storage from "../Storage.ts"
import * as DappAuthenticate from "./DappAuthenticate.ts"
import * as DappProposal from "./DappProposal.ts"
import * as Envelope from "./Envelope.ts"
import * as Inbox from "./Inbox.ts"
import * as PeerChannel from "./PeerChannel.ts"
import * as Protocol from "./Protocol.ts"
import * as RelayClient from "./RelayClient.ts"
import * as ReplayWindow from "./ReplayWindow.ts"
import * as Sessions from "./Sessions.ts"
import type { AuthRequest, Proposal, Session, SignContext, SignEvent } from "./SignContext.ts"
import * as SignStore from "./SignStore.ts"
import * as WalletApproval from "./WalletApproval.ts"
import * as WalletAuthenticate from "./WalletAuthenticate.ts"

export { PeerError, SettlementRefusedError } from "./PeerError.ts"
export type { AuthRequest, Proposal, Session, SignEvent }

export interface Options {
  readonly role: "dapp" | "wallet"
  readonly relayUrl: string
  readonly projectId: string
  readonly metadata: Protocol.Metadata
  readonly storage: Storage.Storage["Service"]
  readonly now?: () => number
  readonly openSocket?: (url: string) => RelayClient.Socket
  readonly onRelayStatus?: (status: RelayClient.Status) => void
}

export interface SignClient {
  /** Dapp: a pairing URI to show, and the session once a wallet approved and settled it. */
  readonly propose: (args: {
    readonly optionalNamespaces: Protocol.ProposalNamespaces
    /** Seconds since the epoch at which the URI stops being offered. */
    readonly expiryTimestamp: number
    /** Also ask to sign in with one approval (One-Click Auth); a wallet without it settles the proposal. */
    readonly authenticate?: Protocol.AuthPayload
  }) => Promise<DappProposal.Proposed>
  /**
   * Dapp: the sessions of proposals an earlier load of the page made and no wallet answered yet (a phone
   * discarded the page while the visitor approved in the wallet); each settles when the wallet's kept answer arrives.
   */
  readonly resumed: ReadonlyArray<Promise<Session>>
  /** Wallet: follows a pairing URI; its proposal then arrives as a SessionProposal event. */
  readonly pair: (uri: string) => Promise<void>
  readonly approve: (proposalId: number, namespaces: Protocol.SessionNamespaces) => Promise<{ readonly session: Session; readonly acknowledged: Promise<void> }>
  readonly reject: (proposalId: number, reason: Protocol.Reason) => Promise<void>
  /** Wallet: answers a SessionAuthenticate with the CACAOs signed for it; resolves with the session it makes. */
  readonly approveAuthenticate: (requestId: number, cacaos: ReadonlyArray<Protocol.Cacao>) => Promise<Session>
  readonly rejectAuthenticate: (requestId: number, reason: Protocol.Reason) => Promise<void>
  /** Dapp: asks the wallet; resolves with its result, rejects with a `PeerError` carrying its code. */
  readonly request: (topic: string, chainId: string, request: { readonly method: string; readonly params?: unknown }) => Promise<unknown>
  /** Wallet: answers a SessionRequest. */
  readonly respond: (topic: string, id: number, outcome: { readonly result: unknown } | { readonly error: Protocol.Reason }) => Promise<void>
  /** Wallet: announces accountsChanged, chainChanged… (resolves once the relay took it). */
  readonly emit: (topic: string, chainId: string, event: { readonly name: string; readonly data: unknown }) => Promise<void>
  /** Wallet (the controller): new namespaces for the session. */
  readonly update: (topic: string, namespaces: Protocol.SessionNamespaces) => Promise<void>
  readonly extend: (topic: string) => Promise<void>
  readonly ping: (topic: string) => Promise<void>
  readonly disconnect: (topic: string, reason?: Protocol.Reason) => Promise<void>
  readonly sessions: () => ReadonlyArray<Session>
  readonly subscribe: (listener: (event: SignEvent) => void) => () => void
  /** The page is back: the relay's socket, if it died meanwhile, is replaced at once (RelayClient.wake). */
  readonly wake: () => void
  /** Stops following the relay (tests; a page lives as long as its tab). */
  readonly close: () => void
}

const methodNotFound: Protocol.Reason = { code: -32601, message: "Method not found" }

export const make = async (options: Options): Promise<SignClient> => {
  const now = options.now ?? Date.now
  const seconds = () => Math.floor(now() / 1000)
  const store = await SignStore.load(options.storage, options.role)
  const listeners = new Set<(event: SignEvent) => void>()
  // Requests acted on lately, across reloads: a message the relay hands over again is dropped.
  const replays = ReplayWindow.make(store.state().seen ?? [])
  const keyOf = (topic: string): string | undefined =>
    store.session(topic)?.symKey ?? store.pairing(topic)?.symKey ?? dapp.keyOf(topic)

  // What the relay pushes is routed to the parts below, which all exist before the socket opens.
  const relay = RelayClient.make({
    relayUrl: options.relayUrl,
    projectId: options.projectId,
    seed: store.state().seed,
    onPush: (push) => inbox(push),
    ...(options.openSocket === undefined ? {} : { openSocket: options.openSocket }),
    ...(options.onRelayStatus === undefined ? {} : { onStatus: options.onRelayStatus }),
    now
  })
  const channel = PeerChannel.make({ relay, keyOf, now })
  const context: SignContext = {
    role: options.role,
    metadata: options.metadata,
    now,
    seconds,
    store,
    keyOf,
    channel,
    relay,
    notify: (event) => {
      for (const listener of listeners) listener(event)
    },
    forgetSession: async (topic, event) => {
      if (store.session(topic) === undefined) return
      await store.removeSession(topic)
      channel.drop(topic)
      await relay.unsubscribe(topic).catch(() => undefined)
      context.notify({ _tag: event, topic })
    },
    forgetPairing: async (topic) => {
      if (store.state().sessions.some((session) => session.pairingTopic === topic)) return
      await store.removePairing(topic)
      await relay.unsubscribe(topic).catch(() => undefined)
    }
  }
  const dappAuth = DappAuthenticate.make(context)
  const dapp = DappProposal.make(context, dappAuth)
  const walletAuth = WalletAuthenticate.make(context)
  const wallet = WalletApproval.make(context)
  const sessions = Sessions.make(context)
  const inbox = Inbox.make({
    open: (topic, message) => {
      const symKey = keyOf(topic)
      return symKey === undefined ? dappAuth.open(topic, message) : Effect.runSync(Effect.option(Envelope.open(symKey, message)))
    },
    replays,
    remember: store.remember,
    onRequest: async (topic, id, method, raw) => {
      if (!Protocol.isMethod(method)) return channel.answer(topic, id, undefined, { error: methodNotFound })
      if (method === "wc_sessionPropose") return options.role === "wallet" ? wallet.onPropose(topic, id, raw) : undefined
      if (method === "wc_sessionAuthenticate") return options.role === "wallet" ? walletAuth.onAuthenticate(topic, id, raw) : undefined
      if (method === "wc_sessionSettle") return options.role === "dapp" ? dapp.onSettle(topic, id, raw) : undefined
      return sessions.onRequest(topic, id, method, raw)
    },
    onAnswer: (topic, id, outcome) => {
      if (!dapp.takeAnswer(topic, id, outcome) && !dappAuth.takeAnswer(topic, id, outcome)) channel.settle(topic, id, outcome)
    }
  })

  // Expired sessions and pairings are dropped; the rest are followed again.
  await store.prune(seconds())
  const { sessions: live, pairings } = store.state()
  for (const topic of [...live.map((session) => session.topic), ...pairings.map((pairing) => pairing.topic)]) {
    void relay.subscribe(topic).catch(() => undefined)
  }
  // A session in use near its end is renewed for another 7 days, so a returning visitor is not cut off.
  for (const session of live) {
    if (session.expiry - seconds() < Protocol.renewWithinSeconds) void sessions.extend(session.topic).catch(() => undefined)
  }
  const expiryTimer = setInterval(() => {
    for (const session of store.state().sessions) if (session.expiry <= seconds()) void context.forgetSession(session.topic, "SessionExpire")
  }, 60_000)

  return {
    propose: dapp.propose,
    resumed: options.role === "dapp" ? dapp.resumed : [],
    pair: wallet.pair,
    approve: wallet.approve,
    reject: wallet.reject,
    approveAuthenticate: walletAuth.approve,
    rejectAuthenticate: walletAuth.reject,
    request: sessions.request,
    respond: sessions.respond,
    emit: sessions.emit,
    update: sessions.update,
    extend: sessions.extend,
    ping: sessions.ping,
    disconnect: sessions.disconnect,
    sessions: () => store.state().sessions,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    wake: relay.wake,
    close: () => {
      clearInterval(expiryTimer)
      relay.close()
    }
  }
}
