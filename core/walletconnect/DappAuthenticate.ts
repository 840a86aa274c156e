/**
 * The dapp's side of One-Click Auth (`wc_sessionAuthenticate`): sent over a pairing next to the proposal, it
 * asks the wallet to connect and sign in at once. The wallet answers on a topic named after our public key,
 * in a type 1 envelope carrying its own key (Envelope.ts), and the session follows from that answer alone:
 * its key is agreed with the responder's public key and its topic is that key's hash. Every CACAO must be
 * exactly what was asked (Cacaos.ts) or the answer is refused and no session is kept.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type { SignInMismatchError } from "../signin/ConnectSignIn.ts"
import * as Cacaos from "./Cacaos.ts"
import * as Envelope from "./Envelope.ts"
import type * as PeerChannel from "./PeerChannel.ts"
import { PeerError } from "./PeerError.ts"
import * as Protocol from "./Protocol.ts"
import type { Session, SignContext } from "./SignContext.ts"
import * as SymKey from "./SymKey.ts"

/** A session made by One-Click Auth, with what the wallet signed for it. */
export interface Authenticated {
  readonly session: Session
  readonly signed: ReadonlyArray<Cacaos.Checked>
}

interface Pending {
  readonly id: number
  readonly pairingTopic: string
  readonly keyPair: SymKey.KeyPair
  readonly asked: Protocol.AuthPayload
  readonly proposed: Protocol.ProposalNamespaces
  /** The key of the last answer opened on the response topic, and the sender it was agreed with. */
  opened?: { readonly symKey: string; readonly sender: string }
  readonly resolve: (authenticated: Authenticated) => void
  readonly reject: (error: PeerError | SignInMismatchError) => void
}

export interface DappAuthenticate {
  /** Asks over `pairingTopic`; settles with the session, or fails with the wallet's refusal or ours. `abandon` stops waiting. */
  readonly request: (args: {
    readonly pairingTopic: string
    readonly asked: Protocol.AuthPayload
    readonly proposed: Protocol.ProposalNamespaces
    readonly expiryTimestamp: number
  }) => { readonly authenticated: Promise<Authenticated>; readonly abandon: () => void }
  /** Opens what arrived on a response topic of ours (a type 1 envelope); none for any other topic or message. */
  readonly open: (topic: string, message: string) => Option.Option<string>
  /** Takes an answer on a response topic of ours (true), or leaves it (false). */
  readonly takeAnswer: (topic: string, id: number, outcome: PeerChannel.Outcome) => boolean
}

const decodeResult = Schema.decodeUnknownOption(Protocol.AuthenticateResult)

const unusable = new PeerError({ code: -32602, message: "The wallet answered the sign-in request with an unusable key" })

export const make = (context: SignContext): DappAuthenticate => {
  const { store, relay, channel } = context
  const pending = new Map<string, Pending>()

  const forget = (responseTopic: string) => {
    pending.delete(responseTopic)
    void relay.unsubscribe(responseTopic).catch(() => undefined)
  }

  const onAnswer = async (responseTopic: string, entry: Pending, outcome: PeerChannel.Outcome) => {
    forget(responseTopic)
    if ("error" in outcome) return entry.reject(new PeerError(outcome.error))
    const result = decodeResult(outcome.result)
    // The envelope's sender must be the responder the answer names: the session key is agreed with it.
    if (Option.isNone(result) || entry.opened?.sender !== result.value.responder.publicKey) return entry.reject(unusable)
    const checked = Effect.runSync(Effect.result(Effect.forEach(result.value.cacaos, (cacao) => Cacaos.check(entry.asked, cacao))))
    if (Result.isFailure(checked)) return entry.reject(checked.failure)
    const symKey = entry.opened.symKey
    const session: Session = {
      topic: SymKey.topicOf(symKey),
      symKey,
      pairingTopic: entry.pairingTopic,
      controller: "peer",
      peer: result.value.responder,
      namespaces: Cacaos.namespacesOf(entry.asked, checked.success.map((signed) => signed.account)),
      expiry: context.seconds() + Protocol.sessionLifetimeSeconds,
      acknowledged: true,
      proposed: entry.proposed
    }
    await store.addSession(session)
    await relay.subscribe(session.topic)
    entry.resolve({ session, signed: checked.success })
  }

  return {
    request: ({ pairingTopic, asked, proposed, expiryTimestamp }) => {
      const keyPair = SymKey.generateKeyPair()
      // The wallet answers on the hash of our public key, which only this request knows.
      const responseTopic = SymKey.topicOf(keyPair.publicKey)
      const id = Protocol.nextId(context.now())
      const authenticated = new Promise<Authenticated>((resolve, reject) =>
        pending.set(responseTopic, { id, pairingTopic, keyPair, asked, proposed, resolve, reject })
      )
      const params: Protocol.AuthenticateParams = {
        authPayload: asked,
        requester: { publicKey: keyPair.publicKey, metadata: context.metadata },
        expiryTimestamp
      }
      const sent = relay.subscribe(responseTopic).then(() =>
        channel.send(pairingTopic, { id, jsonrpc: "2.0", method: "wc_sessionAuthenticate", params }, Protocol.relayOptions.wc_sessionAuthenticate.request)
      )
      return { authenticated: sent.then(() => authenticated), abandon: () => forget(responseTopic) }
    },
    open: (topic, message) => {
      const entry = pending.get(topic)
      if (entry === undefined) return Option.none()
      const opened = Effect.runSync(Effect.option(Effect.gen(function*() {
        const sender = yield* Envelope.senderOf(message)
        const symKey = yield* SymKey.agree(entry.keyPair.privateKey, sender)
        const text = yield* Envelope.openFromSender(symKey, message)
        return { sender, symKey, text }
      })))
      if (Option.isSome(opened)) entry.opened = { symKey: opened.value.symKey, sender: opened.value.sender }
      return Option.map(opened, (value) => value.text)
    },
    takeAnswer: (topic, id, outcome) => {
      const entry = pending.get(topic)
      if (entry === undefined) return false
      if (entry.id === id) void onAnswer(topic, entry, outcome).catch(() => entry.reject(unusable))
      return true
    }
  }
}
