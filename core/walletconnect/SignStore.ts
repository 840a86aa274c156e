/**
 * A Sign client's kept state (SignState.ts) and every change to it, each saved through core's Storage at
 * once, so a reloaded page finds the pairings and sessions it had.
 */
import * as Effect from "effect/Effect"
import type * as Storage from "../Storage.ts"
import { PeerError } from "./PeerError.ts"
import * as RelayAuth from "./RelayAuth.ts"
import * as SignState from "./SignState.ts"

export interface SignStore {
  readonly state: () => SignState.State
  readonly session: (topic: string) => SignState.Session | undefined
  /** The session on `topic`; a `PeerError` (1302) when there is none. */
  readonly sessionOf: (topic: string) => SignState.Session
  readonly pairing: (topic: string) => SignState.Pairing | undefined
  readonly addPairing: (pairing: SignState.Pairing) => Promise<void>
  /** Keeps a settled session (in place of any on its topic) and marks its pairing active. */
  readonly addSession: (session: SignState.Session) => Promise<void>
  readonly changeSession: (topic: string, change: Partial<SignState.Session>) => Promise<void>
  readonly removeSession: (topic: string) => Promise<void>
  readonly removePairing: (topic: string) => Promise<void>
  /** A dapp's proposals awaiting a wallet (kept so a page loaded again can take the answer). */
  readonly proposals: () => ReadonlyArray<SignState.PendingProposal>
  readonly addProposal: (proposal: SignState.PendingProposal) => Promise<void>
  readonly removeProposal: (id: number) => Promise<void>
  /** The ids of the requests acted on lately (ReplayWindow.ts). */
  readonly remember: (seen: ReadonlyArray<number>) => Promise<void>
  /** Drops the expired sessions and proposals, and the expired pairings no live session came from. */
  readonly prune: (nowSeconds: number) => Promise<void>
}

export const load = async (storage: Storage.Storage["Service"], role: "dapp" | "wallet"): Promise<SignStore> => {
  const key = SignState.key(role)
  let state: SignState.State = (await Effect.runPromise(storage.get(key))) ?? { seed: RelayAuth.generateSeed(), pairings: [], sessions: [] }

  const save = (next: SignState.State): Promise<void> => {
    state = next
    // A browser refusing to persist costs the restore after a reload, never the session in this page.
    return Effect.runPromise(Effect.ignore(storage.set(key, next)))
  }
  const session = (topic: string) => state.sessions.find((candidate) => candidate.topic === topic)

  return {
    state: () => state,
    session,
    sessionOf: (topic) => {
      const found = session(topic)
      if (found === undefined) throw new PeerError({ code: 1302, message: `No session on topic ${topic}` })
      return found
    },
    pairing: (topic) => state.pairings.find((candidate) => candidate.topic === topic),
    addPairing: (pairing) => save({ ...state, pairings: [...state.pairings, pairing] }),
    addSession: (added) =>
      save({
        ...state,
        sessions: [...state.sessions.filter((candidate) => candidate.topic !== added.topic), added],
        pairings: state.pairings.map((pairing) => (pairing.topic === added.pairingTopic ? { ...pairing, active: true } : pairing))
      }),
    changeSession: (topic, change) =>
      save({ ...state, sessions: state.sessions.map((candidate) => (candidate.topic === topic ? { ...candidate, ...change } : candidate)) }),
    removeSession: (topic) => save({ ...state, sessions: state.sessions.filter((candidate) => candidate.topic !== topic) }),
    removePairing: (topic) => save({ ...state, pairings: state.pairings.filter((pairing) => pairing.topic !== topic) }),
    proposals: () => state.proposals ?? [],
    addProposal: (proposal) => save({ ...state, proposals: [...(state.proposals ?? []), proposal] }),
    removeProposal: (id) => save({ ...state, proposals: (state.proposals ?? []).filter((proposal) => proposal.id !== id) }),
    remember: (seen) => save({ ...state, seen }),
    prune: (nowSeconds) => {
      const live = state.sessions.filter((candidate) => candidate.expiry > nowSeconds)
      const pairings = state.pairings.filter((pairing) => pairing.expiry > nowSeconds || live.some((candidate) => candidate.pairingTopic === pairing.topic))
      const proposals = (state.proposals ?? []).filter((proposal) => proposal.expiry > nowSeconds)
      return save({ ...state, sessions: live, pairings, proposals })
    }
  }
}
