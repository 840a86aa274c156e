/**
 * A WalletConnect v2 Sign client, for either side of a session: the dapp proposes (and shows the pairing
 * URI), the wallet pairs from the URI and approves; then both exchange requests, events and the session's
 * lifecycle messages. Everything a peer sends is opened with the topic's key and decoded by Schema
 * (Protocol.ts); anything else is dropped. Pairings and sessions persist through core's Storage, so a
 * reloaded page follows its topics again and receives what the relay kept meanwhile.
 *
 * Written from the protocol's public specification; crypto from @noble (SymKey.ts, Envelope.ts).
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type * as Storage from "../Storage.ts"
import * as Envelope from "./Envelope.ts"
import * as Namespaces from "./Namespaces.ts"
import * as PairingUri from "./PairingUri.ts"
import * as Protocol from "./Protocol.ts"
import * as RelayAuth from "./RelayAuth.ts"
import * as RelayClient from "./RelayClient.ts"
import * as ReplayWindow from "./ReplayWindow.ts"
import * as Settlement from "./Settlement.ts"
import * as SignState from "./SignState.ts"
import * as SymKey from "./SymKey.ts"

export type Session = SignState.Session

export interface Proposal {
  readonly id: number
  readonly pairingTopic: string
  readonly params: Protocol.ProposeParams
}

export type SignEvent =
  | { readonly _tag: "SessionProposal"; readonly proposal: Proposal }
  | { readonly _tag: "SessionRequest"; readonly topic: string; readonly id: number; readonly params: Protocol.RequestParams }
  | { readonly _tag: "SessionEvent"; readonly topic: string; readonly params: Protocol.EventParams }
  | { readonly _tag: "SessionUpdate"; readonly topic: string; readonly namespaces: Protocol.SessionNamespaces }
  | { readonly _tag: "SessionDelete"; readonly topic: string }
  | { readonly _tag: "SessionExpire"; readonly topic: string }

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
  }) => Promise<{ readonly uri: string; readonly approval: Promise<Session>; readonly abandon: () => void }>
  /** Wallet: follows a pairing URI; its proposal then arrives as a SessionProposal event. */
  readonly pair: (uri: string) => Promise<void>
  readonly approve: (proposalId: number, namespaces: Protocol.SessionNamespaces) => Promise<{ readonly session: Session; readonly acknowledged: Promise<void> }>
  readonly reject: (proposalId: number, reason: Protocol.Reason) => Promise<void>
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
  /** Stops following the relay (tests; a page lives as long as its tab). */
  readonly close: () => void
}

/** A request of ours awaiting the peer's answer. */
interface Waiting {
  readonly topic: string
  readonly resolve: (result: unknown) => void
  readonly reject: (error: PeerError) => void
}

/** A dapp's proposal awaiting the wallet's answer and then its settlement. */
interface Proposing {
  readonly pairingTopic: string
  /** What the dapp asked for: the settlement may grant no more. */
  readonly proposed: Protocol.ProposalNamespaces
  readonly keyPair: SymKey.KeyPair
  readonly resolve: (session: Session) => void
  readonly reject: (error: PeerError) => void
  sessionTopic?: string
  sessionKey?: string
}

/** Requests this long unanswered fail, as the relay drops them after their TTL anyway. */
const requestLifetimeMillis = 5 * 60 * 1000

const decodeWith = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S) => Schema.decodeUnknownOption(schema)
const decodePropose = decodeWith(Protocol.ProposeParams)
const decodeProposeResult = decodeWith(Protocol.ProposeResult)
const decodeSettle = decodeWith(Protocol.SettleParams)
const decodeRequest = decodeWith(Protocol.RequestParams)
const decodeEvent = decodeWith(Protocol.EventParams)
const decodeUpdate = decodeWith(Protocol.UpdateParams)

const methodNotFound: Protocol.Reason = { code: -32601, message: "Method not found" }
const invalidParams: Protocol.Reason = { code: -32602, message: "Invalid params" }
const unauthorizedMethod: Protocol.Reason = { code: 3001, message: "Unauthorized method for this session" }
const unsupportedEvent: Protocol.Reason = { code: 5102, message: "Unsupported events" }

export const make = async (options: Options): Promise<SignClient> => {
  const now = options.now ?? Date.now
  const seconds = () => Math.floor(now() / 1000)
  const key = SignState.key(options.role)
  const stored = await Effect.runPromise(options.storage.get(key))
  let state: SignState.State = stored ?? { seed: RelayAuth.generateSeed(), pairings: [], sessions: [] }
  const listeners = new Set<(event: SignEvent) => void>()
  const waiting = new Map<number, Waiting>()
  const proposing = new Map<number, Proposing>()
  const proposals = new Map<number, Proposal>()
  // Requests acted on lately, across reloads: a message the relay hands over again is dropped.
  const replays = ReplayWindow.make(stored?.seen ?? [])

  const save = (next: SignState.State): Promise<void> => {
    state = next
    // A browser refusing to persist costs the restore after a reload, never the session in this page.
    return Effect.runPromise(Effect.ignore(options.storage.set(key, next)))
  }
  const notify = (event: SignEvent) => {
    for (const listener of listeners) listener(event)
  }

  const keyOf = (topic: string): string | undefined =>
    state.sessions.find((session) => session.topic === topic)?.symKey ??
      state.pairings.find((pairing) => pairing.topic === topic)?.symKey ??
      [...proposing.values()].find((entry) => entry.sessionTopic === topic)?.sessionKey

  const sessionOf = (topic: string): Session => {
    const session = state.sessions.find((candidate) => candidate.topic === topic)
    if (session === undefined) throw new PeerError({ code: 1302, message: `No session on topic ${topic}` })
    return session
  }

  const send = (topic: string, payload: unknown, relayOptions: Protocol.RelayOptions): Promise<void> => {
    const symKey = keyOf(topic)
    if (symKey === undefined) return Promise.reject(new PeerError({ code: 1302, message: `No key for topic ${topic}` }))
    return relay.publish(topic, Envelope.seal(symKey, JSON.stringify(payload)), relayOptions)
  }

  const call = (topic: string, method: Protocol.Method, params: unknown): Promise<unknown> => {
    const id = Protocol.nextId(now())
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (waiting.delete(id)) reject(new PeerError(Protocol.reasons.expired))
      }, requestLifetimeMillis)
      waiting.set(id, {
        topic,
        resolve: (result) => {
          clearTimeout(timer)
          resolve(result)
        },
        reject: (error) => {
          clearTimeout(timer)
          reject(error)
        }
      })
    })
    return send(topic, { id, jsonrpc: "2.0", method, params }, Protocol.relayOptions[method].request).then(() => answer)
  }

  const answer = (topic: string, id: number, method: Protocol.Method | undefined, outcome: { readonly result: unknown } | { readonly error: Protocol.Reason }) =>
    send(topic, { id, jsonrpc: "2.0", ...outcome }, method === undefined ? { ttl: 300, tag: 0 } : Protocol.relayOptions[method].response)

  /** Ends a session on our side: keys, topic, waiting requests. */
  const forgetSession = async (topic: string, event: "SessionDelete" | "SessionExpire") => {
    if (!state.sessions.some((session) => session.topic === topic)) return
    await save({ ...state, sessions: state.sessions.filter((session) => session.topic !== topic) })
    for (const [id, entry] of waiting) {
      if (entry.topic !== topic) continue
      waiting.delete(id)
      entry.reject(new PeerError(Protocol.reasons.userDisconnected))
    }
    await relay.unsubscribe(topic).catch(() => undefined)
    notify({ _tag: event, topic })
  }

  const forgetPairing = async (topic: string) => {
    if (state.sessions.some((session) => session.pairingTopic === topic)) return
    await save({ ...state, pairings: state.pairings.filter((pairing) => pairing.topic !== topic) })
    await relay.unsubscribe(topic).catch(() => undefined)
  }

  const settleFromWallet = async (topic: string, id: number, raw: unknown) => {
    const entry = [...proposing.entries()].find(([, candidate]) => candidate.sessionTopic === topic)
    const params = decodeSettle(raw)
    if (entry === undefined || entry[1].sessionKey === undefined) return
    const [proposalId, proposal] = entry
    const outcome = Option.isNone(params)
      ? { _tag: "Refused", reason: Settlement.invalidParams } as const
      : Settlement.take(proposal.proposed, params.value, seconds())
    if (outcome._tag === "Refused" || Option.isNone(params)) {
      const reason = outcome._tag === "Refused" ? outcome.reason : Settlement.invalidParams
      // Answered while the proposal still holds the topic's key; the dapp's own refusal stands either way.
      await answer(topic, id, "wc_sessionSettle", { error: reason }).catch(() => undefined)
      proposing.delete(proposalId)
      await relay.unsubscribe(topic).catch(() => undefined)
      return proposal.reject(new PeerError({ code: reason.code, message: `The wallet's settlement was refused: ${reason.message}` }))
    }
    proposing.delete(proposalId)
    const session: Session = {
      topic,
      symKey: entry[1].sessionKey,
      pairingTopic: proposal.pairingTopic,
      controller: "peer",
      peer: params.value.controller,
      namespaces: outcome.namespaces,
      expiry: params.value.expiry,
      acknowledged: true,
      proposed: proposal.proposed
    }
    await save({
      ...state,
      sessions: [...state.sessions.filter((candidate) => candidate.topic !== topic), session],
      pairings: state.pairings.map((pairing) => (pairing.topic === proposal.pairingTopic ? { ...pairing, active: true } : pairing))
    })
    await answer(topic, id, "wc_sessionSettle", { result: true })
    proposal.resolve(session)
  }

  const onProposeAnswer = async (id: number, payload: { readonly result: unknown } | { readonly error: Protocol.Reason }) => {
    const proposal = proposing.get(id)
    if (proposal === undefined) return
    if ("error" in payload) {
      proposing.delete(id)
      return proposal.reject(new PeerError(payload.error))
    }
    const result = decodeProposeResult(payload.result)
    const agreed = Option.isNone(result)
      ? undefined
      : Effect.runSync(Effect.result(SymKey.agree(proposal.keyPair.privateKey, result.value.responderPublicKey)))
    if (agreed === undefined || Result.isFailure(agreed)) {
      proposing.delete(id)
      return proposal.reject(new PeerError({ code: invalidParams.code, message: "The wallet answered the proposal with an unusable key" }))
    }
    proposal.sessionKey = agreed.success
    proposal.sessionTopic = SymKey.topicOf(agreed.success)
    await relay.subscribe(proposal.sessionTopic)
  }

  const onRequest = async (topic: string, id: number, method: string, raw: unknown) => {
    if (!Protocol.isMethod(method)) return answer(topic, id, undefined, { error: methodNotFound })
    const session = state.sessions.find((candidate) => candidate.topic === topic)
    switch (method) {
      case "wc_sessionPropose": {
        const params = decodePropose(raw)
        const pairing = state.pairings.find((candidate) => candidate.topic === topic)
        if (options.role !== "wallet" || pairing === undefined) return
        if (Option.isNone(params) || !params.value.relays.some((relayEntry) => relayEntry.protocol === "irn")) {
          return answer(topic, id, method, { error: invalidParams })
        }
        if (params.value.expiryTimestamp !== undefined && params.value.expiryTimestamp <= seconds()) return
        const proposal: Proposal = { id, pairingTopic: topic, params: params.value }
        proposals.set(id, proposal)
        return notify({ _tag: "SessionProposal", proposal })
      }
      case "wc_sessionSettle":
        return options.role === "dapp" ? settleFromWallet(topic, id, raw) : undefined
      case "wc_sessionRequest": {
        const params = decodeRequest(raw)
        if (session === undefined) return
        if (Option.isNone(params)) return answer(topic, id, method, { error: invalidParams })
        if (!Namespaces.allows(session.namespaces, params.value.chainId, params.value.request.method)) {
          return answer(topic, id, method, { error: unauthorizedMethod })
        }
        return notify({ _tag: "SessionRequest", topic, id, params: params.value })
      }
      case "wc_sessionEvent": {
        const params = decodeEvent(raw)
        if (session === undefined) return
        if (Option.isNone(params)) return answer(topic, id, method, { error: invalidParams })
        // An event the session does not carry (never proposed on that chain) is refused, not passed on.
        if (!Namespaces.carries(session.namespaces, params.value.chainId, params.value.event.name)) {
          return answer(topic, id, method, { error: unsupportedEvent })
        }
        await answer(topic, id, method, { result: true })
        return notify({ _tag: "SessionEvent", topic, params: params.value })
      }
      case "wc_sessionUpdate": {
        const params = decodeUpdate(raw)
        // Only the controller (the wallet) may change what the session grants.
        if (session === undefined || session.controller !== "peer") return
        if (Option.isNone(params)) return answer(topic, id, method, { error: invalidParams })
        // Updated as settled: within what this dapp proposed.
        const updated = session.proposed === undefined ? params.value.namespaces : Namespaces.narrowToProposal(session.proposed, params.value.namespaces)
        if (updated === undefined) return answer(topic, id, method, { error: Settlement.unsupportedChains })
        await save({ ...state, sessions: state.sessions.map((candidate) => (candidate.topic === topic ? { ...candidate, namespaces: updated } : candidate)) })
        await answer(topic, id, method, { result: true })
        return notify({ _tag: "SessionUpdate", topic, namespaces: updated })
      }
      case "wc_sessionExtend": {
        if (session === undefined) return
        const expiry = seconds() + Protocol.sessionLifetimeSeconds
        await save({ ...state, sessions: state.sessions.map((candidate) => (candidate.topic === topic ? { ...candidate, expiry } : candidate)) })
        return answer(topic, id, method, { result: true })
      }
      case "wc_sessionPing":
      case "wc_pairingPing":
        return keyOf(topic) === undefined ? undefined : answer(topic, id, method, { result: true })
      case "wc_sessionDelete":
        if (session === undefined) return
        await answer(topic, id, method, { result: true }).catch(() => undefined)
        return forgetSession(topic, "SessionDelete")
      case "wc_pairingDelete":
        await answer(topic, id, method, { result: true }).catch(() => undefined)
        return forgetPairing(topic)
    }
  }

  const onPush = (push: RelayClient.Push): void => {
    const symKey = keyOf(push.topic)
    if (symKey === undefined) return
    const opened = Effect.runSync(Effect.option(Envelope.open(symKey, push.message)))
    const payload = Option.flatMap(opened, Protocol.decodePayload)
    if (Option.isNone(payload)) return
    const message = payload.value
    if ("method" in message) {
      if (!replays.admit(message.id)) return
      void save({ ...state, seen: replays.ids() }).then(() => onRequest(push.topic, message.id, message.method, message.params)).catch(() => undefined)
      return
    }
    const outcome = "error" in message ? { error: message.error } : { result: message.result }
    const proposed = proposing.get(message.id)
    if (proposed !== undefined) {
      // Only the pairing the proposal went out on answers it: an id echoed on another topic is nothing.
      if (proposed.pairingTopic === push.topic) void onProposeAnswer(message.id, outcome).catch(() => undefined)
      return
    }
    const entry = waiting.get(message.id)
    if (entry === undefined || entry.topic !== push.topic) return
    waiting.delete(message.id)
    if ("error" in outcome) entry.reject(new PeerError(outcome.error))
    else entry.resolve(outcome.result)
  }

  const relay = RelayClient.make({
    relayUrl: options.relayUrl,
    projectId: options.projectId,
    seed: state.seed,
    onPush,
    ...(options.openSocket === undefined ? {} : { openSocket: options.openSocket }),
    ...(options.onRelayStatus === undefined ? {} : { onStatus: options.onRelayStatus }),
    now
  })

  const extend = async (topic: string) => {
    sessionOf(topic)
    const expiry = seconds() + Protocol.sessionLifetimeSeconds
    await save({ ...state, sessions: state.sessions.map((candidate) => (candidate.topic === topic ? { ...candidate, expiry } : candidate)) })
    await call(topic, "wc_sessionExtend", {})
  }

  // Expired sessions and pairings are dropped; the rest are followed again.
  const live = state.sessions.filter((session) => session.expiry > seconds())
  const pairings = state.pairings.filter((pairing) => pairing.expiry > seconds() || live.some((session) => session.pairingTopic === pairing.topic))
  await save({ ...state, sessions: live, pairings })
  for (const topic of [...live.map((session) => session.topic), ...pairings.map((pairing) => pairing.topic)]) {
    void relay.subscribe(topic).catch(() => undefined)
  }
  // A session in use near its end is renewed for another 7 days, so a returning visitor is not cut off.
  for (const session of live) {
    if (session.expiry - seconds() < Protocol.renewWithinSeconds) void extend(session.topic).catch(() => undefined)
  }
  const expiryTimer = setInterval(() => {
    for (const session of state.sessions) if (session.expiry <= seconds()) void forgetSession(session.topic, "SessionExpire")
  }, 60_000)

  return {
    propose: async ({ optionalNamespaces, expiryTimestamp }) => {
      const symKey = SymKey.generateSymKey()
      const pairingTopic = SymKey.topicOf(symKey)
      await save({ ...state, pairings: [...state.pairings, { topic: pairingTopic, symKey, expiry: expiryTimestamp, active: false }] })
      await relay.subscribe(pairingTopic)
      const keyPair = SymKey.generateKeyPair()
      const id = Protocol.nextId(now())
      const approval = new Promise<Session>((resolve, reject) => proposing.set(id, { pairingTopic, proposed: optionalNamespaces, keyPair, resolve, reject }))
      const params: Protocol.ProposeParams = {
        requiredNamespaces: {},
        optionalNamespaces,
        relays: [{ protocol: "irn" }],
        proposer: { publicKey: keyPair.publicKey, metadata: options.metadata },
        expiryTimestamp
      }
      // The subscription's answer proves the relay reachable: the URI can be shown while the proposal goes out.
      const published = send(pairingTopic, { id, jsonrpc: "2.0", method: "wc_sessionPropose", params: { ...params, pairingTopic } }, Protocol.relayOptions.wc_sessionPropose.request)
      const abandon = () => {
        const entry = proposing.get(id)
        proposing.delete(id)
        if (entry?.sessionTopic !== undefined) void relay.unsubscribe(entry.sessionTopic).catch(() => undefined)
        void forgetPairing(pairingTopic).catch(() => undefined)
      }
      return { uri: PairingUri.format({ topic: pairingTopic, symKey, expiryTimestamp }), approval: published.then(() => approval), abandon }
    },

    pair: async (uri) => {
      const pairing = await Effect.runPromise(PairingUri.parse(uri))
      if (pairing.expiryTimestamp <= seconds()) throw new PeerError({ code: 1001, message: "The pairing URI has expired" })
      if (!state.pairings.some((candidate) => candidate.topic === pairing.topic)) {
        await save({ ...state, pairings: [...state.pairings, { topic: pairing.topic, symKey: pairing.symKey, expiry: pairing.expiryTimestamp, active: false }] })
      }
      await relay.subscribe(pairing.topic)
    },

    approve: async (proposalId, namespaces) => {
      const proposal = proposals.get(proposalId)
      if (proposal === undefined) throw new PeerError({ code: 1302, message: "No such proposal" })
      proposals.delete(proposalId)
      const keyPair = SymKey.generateKeyPair()
      const symKey = await Effect.runPromise(SymKey.agree(keyPair.privateKey, proposal.params.proposer.publicKey))
      const topic = SymKey.topicOf(symKey)
      const expiry = seconds() + Protocol.sessionLifetimeSeconds
      const session: Session = {
        topic,
        symKey,
        pairingTopic: proposal.pairingTopic,
        controller: "self",
        peer: proposal.params.proposer,
        namespaces,
        expiry,
        acknowledged: false
      }
      await save({
        ...state,
        sessions: [...state.sessions, session],
        pairings: state.pairings.map((pairing) => (pairing.topic === proposal.pairingTopic ? { ...pairing, active: true } : pairing))
      })
      await relay.subscribe(topic)
      await answer(proposal.pairingTopic, proposalId, "wc_sessionPropose", { result: { relay: { protocol: "irn" }, responderPublicKey: keyPair.publicKey } })
      const acknowledged = call(topic, "wc_sessionSettle", {
        relay: { protocol: "irn" },
        namespaces,
        controller: { publicKey: keyPair.publicKey, metadata: options.metadata },
        expiry
      }).then(
        async () => {
          await save({ ...state, sessions: state.sessions.map((candidate) => (candidate.topic === topic ? { ...candidate, acknowledged: true } : candidate)) })
        },
        async (error: unknown) => {
          // The dapp refused the settlement: there is no session.
          if (error instanceof PeerError && error.code !== Protocol.reasons.expired.code) await forgetSession(topic, "SessionDelete")
          throw error
        }
      )
      return { session, acknowledged }
    },

    reject: async (proposalId, reason) => {
      const proposal = proposals.get(proposalId)
      if (proposal === undefined) return
      proposals.delete(proposalId)
      await send(proposal.pairingTopic, { id: proposalId, jsonrpc: "2.0", error: reason }, Protocol.relayOptions.wc_sessionPropose.reject)
    },

    request: async (topic, chainId, request) => {
      // Nothing the session does not grant goes out (a dapp's session holds only what it proposed).
      if (!Namespaces.allows(sessionOf(topic).namespaces, chainId, request.method)) throw new PeerError(unauthorizedMethod)
      return call(topic, "wc_sessionRequest", { request, chainId })
    },
    respond: (topic, id, outcome) => answer(topic, id, "wc_sessionRequest", outcome),
    // Events are not awaited: peers need not answer them (the reference client does not).
    emit: async (topic, chainId, event) => {
      sessionOf(topic)
      await send(topic, { id: Protocol.nextId(now()), jsonrpc: "2.0", method: "wc_sessionEvent", params: { event, chainId } }, Protocol.relayOptions.wc_sessionEvent.request)
    },
    update: async (topic, namespaces) => {
      if (sessionOf(topic).controller !== "self") throw new PeerError({ code: 3003, message: "Only the wallet updates a session" })
      await save({ ...state, sessions: state.sessions.map((candidate) => (candidate.topic === topic ? { ...candidate, namespaces } : candidate)) })
      await call(topic, "wc_sessionUpdate", { namespaces })
    },
    extend,
    ping: async (topic) => {
      sessionOf(topic)
      await call(topic, "wc_sessionPing", {})
    },
    disconnect: async (topic, reason = Protocol.reasons.userDisconnected) => {
      if (!state.sessions.some((session) => session.topic === topic)) return
      // The peer is told, but our side ends the session whether or not the message gets through.
      const told = send(topic, { id: Protocol.nextId(now()), jsonrpc: "2.0", method: "wc_sessionDelete", params: reason }, Protocol.relayOptions.wc_sessionDelete.request)
      await forgetSession(topic, "SessionDelete")
      await told.catch(() => undefined)
    },
    sessions: () => state.sessions,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    close: () => {
      clearInterval(expiryTimer)
      relay.close()
    }
  }
}

/** The peer answered with an error, or the session it concerned is gone: its code and message. */
export class PeerError extends Schema.TaggedError<PeerError>()("PeerError", {
  code: Schema.Number,
  message: Schema.String
}) {}
