/**
 * What a Sign client keeps across reloads, through core's Storage: its relay identity, its pairings, its
 * sessions with their keys, a dapp's proposals still awaiting a wallet, and the ids of the requests it acted on
 * lately. A phone may discard the page while the visitor approves in the wallet: the page loaded again follows
 * the pairing and takes the wallet's answer, which the relay kept. Requests in flight are not kept.
 */
import * as Schema from "effect/Schema"
import * as StorageKey from "../StorageKey.ts"
import * as Protocol from "./Protocol.ts"
import { Hex32 } from "./SymKey.ts"

export const Pairing = Schema.Struct({
  topic: Hex32,
  symKey: Hex32,
  /** Seconds since the epoch. */
  expiry: Schema.Number,
  /** A session was settled over it. */
  active: Schema.Boolean
})
export type Pairing = typeof Pairing.Type

export const Session = Schema.Struct({
  topic: Hex32,
  symKey: Hex32,
  pairingTopic: Hex32,
  /** Whether this client or its peer controls the session (the wallet does). */
  controller: Schema.Literals(["self", "peer"]),
  peer: Schema.Struct({ publicKey: Hex32, metadata: Protocol.Metadata }),
  namespaces: Protocol.SessionNamespaces,
  /** Seconds since the epoch. */
  expiry: Schema.Number,
  /** The peer confirmed the settlement. */
  acknowledged: Schema.Boolean,
  /** A dapp's: what it proposed, which the wallet's settlement and updates are narrowed to (Namespaces.ts). */
  proposed: Schema.optionalKey(Protocol.ProposalNamespaces)
})
export type Session = typeof Session.Type

/** A dapp's proposal awaiting the wallet's answer: enough to agree the session key when the answer comes. */
export const PendingProposal = Schema.Struct({
  id: Schema.Number,
  pairingTopic: Hex32,
  proposed: Protocol.ProposalNamespaces,
  /** The proposal's own X25519 key pair (hex), whose public half the wallet answers to. */
  privateKey: Hex32,
  publicKey: Hex32,
  /** Seconds since the epoch: the pairing URI's expiry, after which no answer is taken. */
  expiry: Schema.Number
})
export type PendingProposal = typeof PendingProposal.Type

export const State = Schema.Struct({
  /** ed25519 seed (hex) of the relay identity. */
  seed: Hex32,
  pairings: Schema.Array(Pairing),
  sessions: Schema.Array(Session),
  proposals: Schema.optionalKey(Schema.Array(PendingProposal)),
  /** The ids of requests acted on lately (ReplayWindow.ts), so a message handed over again after a reload is dropped. */
  seen: Schema.optionalKey(Schema.Array(Schema.Number))
})
export type State = typeof State.Type

/** One key per role, so the modal's client and a wallet on the same origin (the sandbox) never mix. */
export const key = (role: "dapp" | "wallet") =>
  StorageKey.make<State | null, typeof State.Encoded | null>(StorageKey.signClientName(role), Schema.NullOr(State), null)
