/**
 * The JSON-RPC exchange of a wallet that offers the Multichain API, whatever carries it (CAIP-294 window
 * events, MetaMask's extension stream): each message the transport hands over is decoded first; an
 * answer settles the request of its id (once: a second answer for the id finds nothing waiting), a
 * notification (a method and no id) goes to the listeners, and a request (ours echoed, or anyone's)
 * is ignored. A request the wallet never answers fails on Effect's Clock, sooner for one that asks the
 * visitor nothing. Loaded with the session (MultichainClient.ts), never at discovery.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Predicate from "effect/Predicate"
import * as Schema from "effect/Schema"
import * as Connector from "../Connector.ts"
import * as Constants from "../Constants.ts"

/** A JSON-RPC exchange with one wallet. */
export interface Channel {
  /** The wallet's result, or its error (as the connector's failure), or a timeout when it never answers. */
  readonly request: (method: string, params: unknown) => Effect.Effect<unknown, Connector.ConnectorFailure>
  /** Calls `listener` with every notification the wallet sends (no id); returns the function that stops it. */
  readonly onNotification: (listener: (method: string, params: unknown) => void) => () => void
}

/** What a transport gives the exchange: a way to send a request, and the messages it received. */
export interface Exchange {
  readonly channel: Channel
  /** One message from the wallet's side, still undecoded. */
  readonly receive: (message: unknown) => void
}

const Id = Schema.Union([Schema.Number, Schema.String])
const Success = Schema.Struct({ id: Id, result: Schema.Unknown })
const Failure = Schema.Struct({ id: Id, error: Schema.Struct({ code: Schema.Number, message: Schema.String, data: Schema.optionalKey(Schema.Unknown) }) })
const Notification = Schema.Struct({ method: Schema.String, params: Schema.optionalKey(Schema.Unknown) })
const decodeSuccess = Schema.decodeUnknownOption(Success)
const decodeFailure = Schema.decodeUnknownOption(Failure)
const decodeNotification = Schema.decodeUnknownOption(Notification)

/** Methods that never show the visitor a prompt: a wallet that is there answers them at once. */
const quietMethods = ["wallet_getSession", "wallet_revokeSession"]

export const timeoutOf = (method: string): number =>
  quietMethods.includes(method) ? Constants.walletQuietAnswerMillis : Constants.walletPromptAnswerMillis

/** Request ids nobody can guess before the request is out, so a blind forger cannot answer it first. */
const randomId = (): number => {
  const [high = 0, low = 0] = globalThis.crypto.getRandomValues(new Uint32Array(2))
  return (high & 0x1f_ffff) * 0x1_0000_0000 + low
}

export const make = (connectorId: string, send: (request: { readonly jsonrpc: "2.0"; readonly id: number; readonly method: string; readonly params: unknown }) => void): Exchange => {
  const pending = new Map<number | string, (answer: Effect.Effect<unknown, Connector.ConnectorFailure>) => void>()
  const listeners = new Set<(method: string, params: unknown) => void>()

  const settle = (id: number | string, answer: Effect.Effect<unknown, Connector.ConnectorFailure>) => {
    const resume = pending.get(id)
    if (resume === undefined) return
    pending.delete(id)
    resume(answer)
  }

  const receive = (message: unknown) => {
    if (!Predicate.isObject(message)) return
    if (Predicate.hasProperty(message, "method")) {
      if (Predicate.hasProperty(message, "id")) return
      return Option.match(decodeNotification(message), {
        onNone: () => undefined,
        onSome: ({ method, params }) => {
          for (const listener of listeners) listener(method, params)
        }
      })
    }
    if (Predicate.hasProperty(message, "error")) {
      return Option.match(decodeFailure(message), { onNone: () => undefined, onSome: ({ id, error }) => settle(id, Effect.fail(Connector.failure(error))) })
    }
    Option.match(decodeSuccess(message), { onNone: () => undefined, onSome: ({ id, result }) => settle(id, Effect.succeed(result)) })
  }

  const request = (method: string, params: unknown) =>
    Effect.callback<unknown, Connector.ConnectorFailure>((resume) => {
      let id = randomId()
      while (pending.has(id)) id = randomId()
      pending.set(id, resume)
      send({ jsonrpc: "2.0", id, method, params })
      return Effect.sync(() => {
        pending.delete(id)
      })
    }).pipe(
      Effect.timeoutOrElse({
        duration: timeoutOf(method),
        orElse: () => Effect.fail(new Connector.ConnectorError({ connectorId, message: `The wallet did not answer ${method}` }))
      })
    )

  return {
    receive,
    channel: {
      request,
      onNotification: (listener) => {
        listeners.add(listener)
        return () => {
          listeners.delete(listener)
        }
      }
    }
  }
}
