/**
 * The wallet's side of starting a session: it follows a dapp's pairing URI, hears the proposal on it, and
 * approves it — agreeing the session key and settling the namespaces it grants — or rejects it.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as PairingUri from "./PairingUri.ts"
import { PeerError } from "./PeerError.ts"
import * as Protocol from "./Protocol.ts"
import * as Settlement from "./Settlement.ts"
import type { Proposal, Session, SignContext } from "./SignContext.ts"
import * as SymKey from "./SymKey.ts"

export interface WalletApproval {
  /** Follows a pairing URI; its proposal then arrives as a SessionProposal event. */
  readonly pair: (uri: string) => Promise<void>
  readonly approve: (proposalId: number, namespaces: Protocol.SessionNamespaces) => Promise<{ readonly session: Session; readonly acknowledged: Promise<void> }>
  readonly reject: (proposalId: number, reason: Protocol.Reason) => Promise<void>
  /** A dapp's `wc_sessionPropose` on a pairing we follow. */
  readonly onPropose: (topic: string, id: number, raw: unknown) => Promise<void>
}

const decodePropose = Schema.decodeUnknownOption(Protocol.ProposeParams)

export const make = (context: SignContext): WalletApproval => {
  const { store, channel, relay } = context
  const proposals = new Map<number, Proposal>()

  const settle = (topic: string, session: Session, publicKey: string) =>
    channel.call(topic, "wc_sessionSettle", {
      relay: { protocol: "irn" },
      namespaces: session.namespaces,
      controller: { publicKey, metadata: context.metadata },
      expiry: session.expiry
    }).then(
      () => store.changeSession(topic, { acknowledged: true }),
      async (error: unknown) => {
        // The dapp refused the settlement: there is no session.
        if (error instanceof PeerError && error.code !== Protocol.reasons.expired.code) await context.forgetSession(topic, "SessionDelete")
        throw error
      }
    )

  return {
    pair: async (uri) => {
      const pairing = await Effect.runPromise(PairingUri.parse(uri))
      if (pairing.expiryTimestamp <= context.seconds()) throw new PeerError({ code: 1001, message: "The pairing URI has expired" })
      if (store.pairing(pairing.topic) === undefined) {
        await store.addPairing({ topic: pairing.topic, symKey: pairing.symKey, expiry: pairing.expiryTimestamp, active: false })
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
      const session: Session = {
        topic,
        symKey,
        pairingTopic: proposal.pairingTopic,
        controller: "self",
        peer: proposal.params.proposer,
        namespaces,
        expiry: context.seconds() + Protocol.sessionLifetimeSeconds,
        acknowledged: false
      }
      await store.addSession(session)
      await relay.subscribe(topic)
      await channel.answer(proposal.pairingTopic, proposalId, "wc_sessionPropose", { result: { relay: { protocol: "irn" }, responderPublicKey: keyPair.publicKey } })
      return { session, acknowledged: settle(topic, session, keyPair.publicKey) }
    },

    reject: async (proposalId, reason) => {
      const proposal = proposals.get(proposalId)
      if (proposal === undefined) return
      proposals.delete(proposalId)
      await channel.send(proposal.pairingTopic, { id: proposalId, jsonrpc: "2.0", error: reason }, Protocol.relayOptions.wc_sessionPropose.reject)
    },

    onPropose: async (topic, id, raw) => {
      const params = decodePropose(raw)
      if (store.pairing(topic) === undefined) return
      if (Option.isNone(params) || !params.value.relays.some((relayEntry) => relayEntry.protocol === "irn")) {
        return channel.answer(topic, id, "wc_sessionPropose", { error: Settlement.invalidParams })
      }
      if (params.value.expiryTimestamp !== undefined && params.value.expiryTimestamp <= context.seconds()) return
      const proposal: Proposal = { id, pairingTopic: topic, params: params.value }
      proposals.set(id, proposal)
      context.notify({ _tag: "SessionProposal", proposal })
    }
  }
}
