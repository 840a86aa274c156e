/**
 * What the parts of a Sign client (SignClient.ts) share: its kept state, its channel to the peer, its relay
 * connection and its listeners, and the events it tells them.
 */
import type * as PeerChannel from "./PeerChannel.ts"
import type * as Protocol from "./Protocol.ts"
import type * as RelayClient from "./RelayClient.ts"
import type * as SignState from "./SignState.ts"
import type * as SignStore from "./SignStore.ts"

export interface Proposal {
  readonly id: number
  readonly pairingTopic: string
  readonly params: Protocol.ProposeParams
}

/** A dapp's One-Click Auth request: connect and sign in with one approval. */
export interface AuthRequest {
  readonly id: number
  readonly pairingTopic: string
  readonly params: Protocol.AuthenticateParams
}

export type SignEvent =
  | { readonly _tag: "SessionProposal"; readonly proposal: Proposal }
  | { readonly _tag: "SessionAuthenticate"; readonly request: AuthRequest }
  | { readonly _tag: "SessionRequest"; readonly topic: string; readonly id: number; readonly params: Protocol.RequestParams }
  | { readonly _tag: "SessionEvent"; readonly topic: string; readonly params: Protocol.EventParams }
  | { readonly _tag: "SessionUpdate"; readonly topic: string; readonly namespaces: Protocol.SessionNamespaces }
  | { readonly _tag: "SessionDelete"; readonly topic: string }
  | { readonly _tag: "SessionExpire"; readonly topic: string }

export interface SignContext {
  readonly role: "dapp" | "wallet"
  readonly metadata: Protocol.Metadata
  readonly now: () => number
  /** Seconds since the epoch, the protocol's unit for expiries. */
  readonly seconds: () => number
  readonly store: SignStore.SignStore
  /** The key of a topic we follow: a session's, a pairing's, or one agreed and not settled yet. */
  readonly keyOf: (topic: string) => string | undefined
  readonly channel: PeerChannel.PeerChannel
  readonly relay: RelayClient.RelayClient
  readonly notify: (event: SignEvent) => void
  /** Ends a session on our side: its key, its topic, what waits on it. */
  readonly forgetSession: (topic: string, event: "SessionDelete" | "SessionExpire") => Promise<void>
  /** Ends a pairing no session came from. */
  readonly forgetPairing: (topic: string) => Promise<void>
}

export type Session = SignState.Session
