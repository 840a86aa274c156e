/**
 * The wallet's side of One-Click Auth: a dapp's `wc_sessionAuthenticate` on a pairing we follow arrives as a
 * SessionAuthenticate event; approving answers with the CACAOs the wallet signed, in a type 1 envelope on the
 * topic named after the requester's key, and makes the session the dapp derives from the same answer (its key
 * agreed with the requester's public key, its topic that key's hash). No settlement follows.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Cacaos from "./Cacaos.ts"
import * as Envelope from "./Envelope.ts"
import { PeerError } from "./PeerError.ts"
import * as Protocol from "./Protocol.ts"
import type { AuthRequest, Session, SignContext } from "./SignContext.ts"
import * as SymKey from "./SymKey.ts"

export interface WalletAuthenticate {
  /** Answers with the CACAOs signed for the request's payload; resolves with the session made. */
  readonly approve: (requestId: number, cacaos: ReadonlyArray<Protocol.Cacao>) => Promise<Session>
  readonly reject: (requestId: number, reason: Protocol.Reason) => Promise<void>
  readonly onAuthenticate: (topic: string, id: number, raw: unknown) => Promise<void>
}

const decodeParams = Schema.decodeUnknownOption(Protocol.AuthenticateParams)

/** A fresh key pair of ours, and the key agreed with the requester's public key. */
const keysFor = async (request: AuthRequest) => {
  const keyPair = SymKey.generateKeyPair()
  return { keyPair, symKey: await Effect.runPromise(SymKey.agree(keyPair.privateKey, request.params.requester.publicKey)) }
}

export const make = (context: SignContext): WalletAuthenticate => {
  const { store, relay } = context
  const requests = new Map<number, AuthRequest>()

  /** Sends `outcome` to the requester in a type 1 envelope, on the topic named after its public key. */
  const answer = (request: AuthRequest, keys: { readonly keyPair: SymKey.KeyPair; readonly symKey: string }, outcome: Protocol.Payload, options: Protocol.RelayOptions) =>
    relay.publish(SymKey.topicOf(request.params.requester.publicKey), Envelope.sealFromSender(keys.symKey, keys.keyPair.publicKey, JSON.stringify(outcome)), options)

  const take = (requestId: number) => {
    const request = requests.get(requestId)
    if (request === undefined) throw new PeerError({ code: 1302, message: "No such sign-in request" })
    requests.delete(requestId)
    return request
  }

  return {
    approve: async (requestId, cacaos) => {
      const request = take(requestId)
      const accounts = cacaos.flatMap((cacao) => Option.toArray(Cacaos.issuerOf(cacao.p.iss)))
      const keys = await keysFor(request)
      const session: Session = {
        topic: SymKey.topicOf(keys.symKey),
        symKey: keys.symKey,
        pairingTopic: request.pairingTopic,
        controller: "self",
        peer: request.params.requester,
        namespaces: Cacaos.namespacesOf(request.params.authPayload, accounts),
        expiry: context.seconds() + Protocol.sessionLifetimeSeconds,
        acknowledged: true
      }
      await store.addSession(session)
      await relay.subscribe(session.topic)
      const result = { cacaos, responder: { publicKey: keys.keyPair.publicKey, metadata: context.metadata } }
      await answer(request, keys, { id: requestId, jsonrpc: "2.0", result }, Protocol.relayOptions.wc_sessionAuthenticate.response)
      return session
    },
    reject: async (requestId, reason) => {
      const request = requests.get(requestId)
      if (request === undefined) return
      requests.delete(requestId)
      await answer(request, await keysFor(request), { id: requestId, jsonrpc: "2.0", error: reason }, Protocol.relayOptions.wc_sessionAuthenticate.reject)
    },
    onAuthenticate: async (topic, id, raw) => {
      const params = decodeParams(raw)
      if (store.pairing(topic) === undefined) return
      if (Option.isNone(params)) return context.channel.answer(topic, id, "wc_sessionAuthenticate", { error: { code: -32602, message: "Invalid params" } })
      if (params.value.expiryTimestamp <= context.seconds()) return
      const request: AuthRequest = { id, pairingTopic: topic, params: params.value }
      requests.set(id, request)
      context.notify({ _tag: "SessionAuthenticate", request })
    }
  }
}
