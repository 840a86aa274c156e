/**
 * What arrives from the relay on a topic we follow: opened (with the topic's key, or for a One-Click Auth
 * answer with the key agreed from its sender's) and decoded by Schema
 * (Protocol.ts), anything else dropped; a request acted on once, however often the relay hands it over
 * (ReplayWindow.ts, kept across reloads); an answer given to whatever of ours waits for it.
 */
import * as Option from "effect/Option"
import type * as PeerChannel from "./PeerChannel.ts"
import * as Protocol from "./Protocol.ts"
import type * as RelayClient from "./RelayClient.ts"
import type * as ReplayWindow from "./ReplayWindow.ts"

export const make = (options: {
  /** The text of a message on `topic`; none when it does not open there. */
  readonly open: (topic: string, message: string) => Option.Option<string>
  readonly replays: ReplayWindow.ReplayWindow
  /** Keeps the replay window's ids before the request is acted on. */
  readonly remember: (seen: ReadonlyArray<number>) => Promise<void>
  readonly onRequest: (topic: string, id: number, method: string, raw: unknown) => Promise<void>
  readonly onAnswer: (topic: string, id: number, outcome: PeerChannel.Outcome) => void
}) =>
(push: RelayClient.Push): void => {
  const payload = Option.flatMap(options.open(push.topic, push.message), Protocol.decodePayload)
  if (Option.isNone(payload)) return
  const message = payload.value
  if ("method" in message) {
    if (!options.replays.admit(message.id)) return
    void options.remember(options.replays.ids()).then(() => options.onRequest(push.topic, message.id, message.method, message.params)).catch(() => undefined)
    return
  }
  options.onAnswer(push.topic, message.id, "error" in message ? { error: message.error } : { result: message.result })
}
