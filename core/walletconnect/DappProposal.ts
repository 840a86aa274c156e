/**
 * The dapp's side of starting a session: it pairs through a URI it shows, proposes over the pairing, agrees
 * a session key with the wallet's answer, and takes the wallet's settlement on the new topic — granting no
 * more than it proposed (Settlement.ts). Asked to sign in too, it sends One-Click Auth over the same pairing
 * (DappAuthenticate.ts): whichever the wallet answers makes the session, so a wallet without it just settles.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type * as Cacaos from "./Cacaos.ts"
import type * as DappAuthenticate from "./DappAuthenticate.ts"
import type * as PeerChannel from "./PeerChannel.ts"
import { PeerError, SettlementRefusedError } from "./PeerError.ts"
import * as PairingUri from "./PairingUri.ts"
import * as Protocol from "./Protocol.ts"
import * as Settlement from "./Settlement.ts"
import type { Session, SignContext } from "./SignContext.ts"
import type * as SignState from "./SignState.ts"
import * as SymKey from "./SymKey.ts"

export interface Proposed {
  readonly uri: string
  readonly approval: Promise<Session>
  readonly abandon: () => void
  /** Once `approval` resolved: what the wallet signed when it answered the One-Click Auth, none when it settled the proposal. */
  readonly signedIn: () => ReadonlyArray<Cacaos.Checked> | undefined
}

export interface DappProposal {
  /** A pairing URI to show, and the session once a wallet approved and settled it. */
  readonly propose: (args: {
    readonly optionalNamespaces: Protocol.ProposalNamespaces
    readonly expiryTimestamp: number
    /** Also ask to sign in with this payload (One-Click Auth). */
    readonly authenticate?: Protocol.AuthPayload
  }) => Promise<Proposed>
  /** The key of a session topic agreed but not settled yet. */
  readonly keyOf: (topic: string) => string | undefined
  /** Takes the answer to one of our proposals (true), or leaves an answer that is not one (false). */
  readonly takeAnswer: (topic: string, id: number, outcome: PeerChannel.Outcome) => boolean
  /** The wallet's `wc_sessionSettle` on an agreed topic. */
  readonly onSettle: (topic: string, id: number, raw: unknown) => Promise<void>
  /** The sessions of the kept proposals a page loaded before this one made (a phone discarded it meanwhile). */
  readonly resumed: ReadonlyArray<Promise<Session>>
}

/** A proposal awaiting the wallet's answer and then its settlement. */
interface Proposing {
  readonly pairingTopic: string
  /** What the dapp asked for: the settlement may grant no more. */
  readonly proposed: Protocol.ProposalNamespaces
  readonly keyPair: SymKey.KeyPair
  readonly resolve: (session: Session) => void
  readonly reject: (error: PeerError | SettlementRefusedError) => void
  sessionTopic?: string
  sessionKey?: string
}

const decodeProposeResult = Schema.decodeUnknownOption(Protocol.ProposeResult)
const decodeSettle = Schema.decodeUnknownOption(Protocol.SettleParams)

export const make = (context: SignContext, auth: DappAuthenticate.DappAuthenticate): DappProposal => {
  const { store, channel, relay } = context
  const proposing = new Map<number, Proposing>()

  /** Follows a proposal until its session settles; it is kept until then, so a page loaded again can take the answer. */
  const track = (pending: SignState.PendingProposal): Promise<Session> =>
    new Promise<Session>((resolve, reject) =>
      proposing.set(pending.id, {
        pairingTopic: pending.pairingTopic,
        proposed: pending.proposed,
        keyPair: { privateKey: pending.privateKey, publicKey: pending.publicKey },
        resolve,
        reject
      })
    )
  const end = (id: number) => {
    proposing.delete(id)
    return store.removeProposal(id)
  }

  const onProposeAnswer = async (id: number, outcome: PeerChannel.Outcome) => {
    const proposal = proposing.get(id)
    if (proposal === undefined) return
    if ("error" in outcome) {
      await end(id)
      return proposal.reject(new PeerError(outcome.error))
    }
    const result = decodeProposeResult(outcome.result)
    const agreed = Option.isNone(result)
      ? undefined
      : Effect.runSync(Effect.result(SymKey.agree(proposal.keyPair.privateKey, result.value.responderPublicKey)))
    if (agreed === undefined || Result.isFailure(agreed)) {
      await end(id)
      return proposal.reject(new PeerError({ code: Settlement.invalidParams.code, message: "The wallet answered the proposal with an unusable key" }))
    }
    proposal.sessionKey = agreed.success
    proposal.sessionTopic = SymKey.topicOf(agreed.success)
    await relay.subscribe(proposal.sessionTopic)
  }

  const onSettle = async (topic: string, id: number, raw: unknown) => {
    const entry = [...proposing.entries()].find(([, candidate]) => candidate.sessionTopic === topic)
    const params = decodeSettle(raw)
    if (entry === undefined || entry[1].sessionKey === undefined) return
    const [proposalId, proposal] = entry
    const outcome = Option.isNone(params)
      ? { _tag: "Refused", reason: Settlement.invalidParams } as const
      : Settlement.take(proposal.proposed, params.value, context.seconds())
    if (outcome._tag === "Refused" || Option.isNone(params)) {
      const reason = outcome._tag === "Refused" ? outcome.reason : Settlement.invalidParams
      // Answered while the proposal still holds the topic's key; the dapp's own refusal stands either way.
      await channel.answer(topic, id, "wc_sessionSettle", { error: reason }).catch(() => undefined)
      await end(proposalId)
      await relay.unsubscribe(topic).catch(() => undefined)
      return proposal.reject(new SettlementRefusedError({ code: reason.code, message: `The wallet's settlement was refused: ${reason.message}` }))
    }
    await end(proposalId)
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
    await store.addSession(session)
    await channel.answer(topic, id, "wc_sessionSettle", { result: true })
    proposal.resolve(session)
  }

  return {
    propose: async ({ optionalNamespaces, expiryTimestamp, authenticate }) => {
      const symKey = SymKey.generateSymKey()
      const pairingTopic = SymKey.topicOf(symKey)
      await store.addPairing({ topic: pairingTopic, symKey, expiry: expiryTimestamp, active: false })
      await relay.subscribe(pairingTopic)
      const keyPair = SymKey.generateKeyPair()
      const id = Protocol.nextId(context.now())
      const pending: SignState.PendingProposal = { id, pairingTopic, proposed: optionalNamespaces, ...keyPair, expiry: expiryTimestamp }
      await store.addProposal(pending)
      const approval = track(pending)
      const params: Protocol.ProposeParams = {
        requiredNamespaces: {},
        optionalNamespaces,
        relays: [{ protocol: "irn" }],
        proposer: { publicKey: keyPair.publicKey, metadata: context.metadata },
        expiryTimestamp
      }
      // The subscription's answer proves the relay reachable: the URI can be shown while the proposal goes out.
      const published = channel.send(pairingTopic, { id, jsonrpc: "2.0", method: "wc_sessionPropose", params: { ...params, pairingTopic } }, Protocol.relayOptions.wc_sessionPropose.request)
      const dropProposal = () => {
        const entry = proposing.get(id)
        void end(id).catch(() => undefined)
        if (entry?.sessionTopic !== undefined) void relay.unsubscribe(entry.sessionTopic).catch(() => undefined)
      }
      const uri = PairingUri.format({ topic: pairingTopic, symKey, expiryTimestamp }, authenticate === undefined ? [] : ["wc_sessionAuthenticate"])
      if (authenticate === undefined) {
        const abandon = () => {
          dropProposal()
          void context.forgetPairing(pairingTopic).catch(() => undefined)
        }
        return { uri, approval: published.then(() => approval), abandon, signedIn: () => undefined }
      }
      const asked = auth.request({ pairingTopic, asked: authenticate, proposed: optionalNamespaces, expiryTimestamp })
      let signed: ReadonlyArray<Cacaos.Checked> | undefined
      // Whichever answer comes first makes the session; the other request is let go.
      const either = Promise.race([
        published.then(() => approval).then((session) => {
          asked.abandon()
          return session
        }),
        asked.authenticated.then((authenticated) => {
          signed = authenticated.signed
          dropProposal()
          return authenticated.session
        })
      ])
      const abandon = () => {
        asked.abandon()
        dropProposal()
        void context.forgetPairing(pairingTopic).catch(() => undefined)
      }
      return { uri, approval: either, abandon, signedIn: () => signed }
    },
    keyOf: (topic) => [...proposing.values()].find((entry) => entry.sessionTopic === topic)?.sessionKey,
    takeAnswer: (topic, id, outcome) => {
      const proposed = proposing.get(id)
      if (proposed === undefined) return false
      // Only the pairing the proposal went out on answers it: an id echoed on another topic is nothing.
      if (proposed.pairingTopic === topic) void onProposeAnswer(id, outcome).catch(() => undefined)
      return true
    },
    onSettle,
    resumed: store.proposals().filter((pending) => pending.expiry > context.seconds()).map((pending) => {
      const approval = track(pending)
      // A refusal is the caller's to read; unread, it must not surface as an unhandled rejection.
      approval.catch(() => undefined)
      return approval
    })
  }
}
