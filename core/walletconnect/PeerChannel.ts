/**
 * How a Sign client speaks to its peer over the relay: each message sealed with its topic's key, and our
 * requests held until the peer answers them on that topic, or until they expire.
 */
import * as Envelope from "./Envelope.ts"
import { PeerError } from "./PeerError.ts"
import * as Protocol from "./Protocol.ts"
import type * as RelayClient from "./RelayClient.ts"

/** A JSON-RPC answer: a result, or the reason the request failed. */
export type Outcome = { readonly result: unknown } | { readonly error: Protocol.Reason }

export interface PeerChannel {
  readonly send: (topic: string, payload: unknown, relayOptions: Protocol.RelayOptions) => Promise<void>
  /** Sends a request; resolves with the peer's result, rejects with a `PeerError` carrying its code. */
  readonly call: (topic: string, method: Protocol.Method, params: unknown) => Promise<unknown>
  /** Answers the peer's request `id` (a `method` we do not know is answered with the default options). */
  readonly answer: (topic: string, id: number, method: Protocol.Method | undefined, outcome: Outcome) => Promise<void>
  /** Hands an answer that came on `topic` to the request of ours it is for, if any. */
  readonly settle: (topic: string, id: number, outcome: Outcome) => void
  /** Fails what still waits on a topic that is gone. */
  readonly drop: (topic: string) => void
}

/** A request of ours awaiting the peer's answer. */
interface Waiting {
  readonly topic: string
  readonly resolve: (result: unknown) => void
  readonly reject: (error: PeerError) => void
}

/** Requests this long unanswered fail, as the relay drops them after their TTL anyway. */
const requestLifetimeMillis = 5 * 60 * 1000

export const make = (options: {
  readonly relay: RelayClient.RelayClient
  readonly keyOf: (topic: string) => string | undefined
  readonly now: () => number
}): PeerChannel => {
  const waiting = new Map<number, Waiting>()

  const send = (topic: string, payload: unknown, relayOptions: Protocol.RelayOptions): Promise<void> => {
    const symKey = options.keyOf(topic)
    if (symKey === undefined) return Promise.reject(new PeerError({ code: 1302, message: `No key for topic ${topic}` }))
    return options.relay.publish(topic, Envelope.seal(symKey, JSON.stringify(payload)), relayOptions)
  }

  const call = (topic: string, method: Protocol.Method, params: unknown): Promise<unknown> => {
    const id = Protocol.nextId(options.now())
    const answered = new Promise<unknown>((resolve, reject) => {
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
    // Dropped (the session ended) while still being published, the answer is read only once publishing ends: not an unhandled rejection meanwhile.
    answered.catch(() => undefined)
    return send(topic, { id, jsonrpc: "2.0", method, params }, Protocol.relayOptions[method].request).then(() => answered)
  }

  return {
    send,
    call,
    answer: (topic, id, method, outcome) =>
      send(topic, { id, jsonrpc: "2.0", ...outcome }, method === undefined ? { ttl: 300, tag: 0 } : Protocol.relayOptions[method].response),
    settle: (topic, id, outcome) => {
      const entry = waiting.get(id)
      if (entry === undefined || entry.topic !== topic) return
      waiting.delete(id)
      if ("error" in outcome) entry.reject(new PeerError(outcome.error))
      else entry.resolve(outcome.result)
    },
    drop: (topic) => {
      for (const [id, entry] of waiting) {
        if (entry.topic !== topic) continue
        waiting.delete(id)
        entry.reject(new PeerError(Protocol.reasons.userDisconnected))
      }
    }
  }
}
