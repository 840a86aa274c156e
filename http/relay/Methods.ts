/**
 * The relay's JSON-RPC methods and how one socket's frames are served: each frame is decoded
 * (RelayFrame.ts), requests run one after another per socket, and every refusal is answered with its
 * JSON-RPC error while the socket stays open. A subscribe is answered first, then the messages waiting
 * on its topic follow, as the WalletConnect relay orders them.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Connection from "./Connection.ts"
import type { Hub } from "./Hub.ts"
import type { Publish } from "./MessageStore.ts"
import { countRefusal, type Counters } from "./RelayFigures.ts"
import * as Frame from "./RelayFrame.ts"
import { codeOf, InvalidParamsError, MethodNotFoundError, type Refusal, type StorageUnavailableError, TooManyRequestsInFlightError } from "./RelayRefusal.ts"

interface Answer {
  readonly result: unknown
  /** Runs once the answer has gone out: the subscribe's waiting messages. */
  readonly afterwards?: Effect.Effect<void, StorageUnavailableError>
}

type Method = (connection: Connection.Connection, params: unknown) => Effect.Effect<Answer, Refusal>

/** Tags of the messages that wc_proposeSession / wc_approveSession publish (sign-client's RPC options). */
const tags = { sessionPropose: 1100, sessionProposeResponse: 1101, sessionSettle: 1102 } as const

const method =
  <S extends Parameters<typeof Frame.decodeParams>[0]>(
    schema: S,
    run: (connection: Connection.Connection, params: S["Type"]) => Effect.Effect<Answer, Refusal>
  ): Method =>
  (connection, params) =>
    Result.match(Frame.decodeParams(schema)(params), {
      onFailure: (reason) => Effect.fail(new InvalidParamsError({ message: `Invalid params: ${reason}` })),
      onSuccess: (value) => run(connection, value)
    })

const publishOptions = (params: { readonly ttl: number; readonly attestation?: string }) => ({
  ttl: params.ttl,
  ...(params.attestation === undefined ? {} : { attestation: params.attestation })
})

const done = { result: true } as const

export const methods = (hub: Hub): Readonly<Record<string, Method>> => {
  /** Subscribes to each topic, then hands over what waits on them after the answer. */
  const subscribeAll = Effect.fnUntraced(function* (connection: Connection.Connection, topics: ReadonlyArray<string>) {
    const ids: Array<string> = []
    for (const topic of topics) ids.push(yield* hub.subscribe(connection, topic))
    return { ids, afterwards: hub.handOver(connection, topics) }
  })
  const publishing = (connection: Connection.Connection, messages: ReadonlyArray<Publish>) => Effect.as(hub.publish(connection, messages), done)

  return {
    irn_subscribe: method(Frame.SubscribeParams, (connection, { topic }) =>
      Effect.map(subscribeAll(connection, [topic]), ({ ids, afterwards }) => ({ result: ids[0], afterwards }))
    ),
    irn_batchSubscribe: method(Frame.BatchSubscribeParams, (connection, { topics }) =>
      Effect.map(subscribeAll(connection, topics), ({ ids, afterwards }) => ({ result: ids, afterwards }))
    ),
    irn_unsubscribe: method(Frame.UnsubscribeParams, (connection, { topic, id }) =>
      Effect.sync(() => {
        hub.subscriptions.remove(connection, topic, id)
        return done
      })
    ),
    irn_batchUnsubscribe: method(Frame.BatchUnsubscribeParams, (connection, { subscriptions }) =>
      Effect.sync(() => {
        for (const { topic, id } of subscriptions) hub.subscriptions.remove(connection, topic, id)
        return done
      })
    ),
    irn_publish: method(Frame.PublishParams, (connection, params) => publishing(connection, [params])),
    irn_batchPublish: method(Frame.BatchPublishParams, (connection, { messages }) => publishing(connection, messages)),
    irn_batchFetchMessages: method(Frame.BatchFetchMessagesParams, (connection, { topics }) =>
      Effect.map(hub.fetch(connection, topics), (result) => ({ result }))
    ),
    // The sender listens on the topic it publishes to: the client skips its own subscribe for these.
    wc_proposeSession: method(Frame.ProposeSessionParams, (connection, params) =>
      Effect.flatMap(subscribeAll(connection, [params.pairingTopic]), ({ afterwards }) =>
        Effect.as(
          hub.publish(connection, [{ topic: params.pairingTopic, message: params.sessionProposal, tag: params.tag ?? tags.sessionPropose, ...publishOptions(params) }]),
          { result: true, afterwards }
        )
      )
    ),
    wc_approveSession: method(Frame.ApproveSessionParams, (connection, params) =>
      Effect.flatMap(subscribeAll(connection, [params.sessionTopic]), ({ afterwards }) =>
        Effect.as(
          hub.publish(connection, [
            { topic: params.pairingTopic, message: params.sessionProposalResponse, tag: tags.sessionProposeResponse, ...publishOptions(params) },
            { topic: params.sessionTopic, message: params.sessionSettlementRequest, tag: tags.sessionSettle, ...publishOptions(params) }
          ]),
          { result: true, afterwards }
        )
      )
    )
  }
}

export interface ServeOptions {
  readonly hub: Hub
  readonly table: Readonly<Record<string, Method>>
  readonly counters: Counters
  readonly maxQueuedRequests: number
}

const answer = async (options: ServeOptions, connection: Connection.Connection, id: Frame.RpcId, run: Effect.Effect<Answer, Refusal>): Promise<void> => {
  const outcome = await Effect.runPromise(Effect.result(run)).catch(() => undefined)
  if (outcome === undefined) {
    // A bug in a method costs one answer, never the relay; its details stay on this side, its count in the figures.
    countRefusal(options.counters, "InternalError")
    return options.hub.send(connection, Frame.error(id, Frame.ErrorCode.internalError, "Internal error"))
  }
  if (Result.isFailure(outcome)) {
    countRefusal(options.counters, outcome.failure._tag)
    return options.hub.send(connection, Frame.error(id, codeOf(outcome.failure), outcome.failure.message))
  }
  options.hub.send(connection, Frame.result(id, outcome.success.result))
  if (outcome.success.afterwards !== undefined) await Effect.runPromise(Effect.ignore(outcome.success.afterwards)).catch(() => undefined)
}

/**
 * Serves one text frame of `connection`. While the relay stops, acknowledgements are still recorded
 * (they spare the client a second delivery) but requests are left unanswered: the client sends them
 * again once it has reconnected.
 */
export const serve = (options: ServeOptions, connection: Connection.Connection, text: string): void => {
  const frame = Frame.decodeFrame(text)
  switch (frame._tag) {
    case "Invalid":
      return options.hub.send(connection, Frame.error(frame.id, frame.code, frame.message))
    case "Response":
      if (typeof frame.id === "number") options.hub.acknowledge(connection, frame.id, frame.ok)
      return
    case "Request": {
      if (connection.closing) return
      const run = Object.hasOwn(options.table, frame.method) ? options.table[frame.method] : undefined
      const request =
        run === undefined ? Effect.fail(new MethodNotFoundError({ message: `Unknown method ${frame.method}` })) : run(connection, frame.params)
      if (connection.queued >= options.maxQueuedRequests) {
        const refusal = new TooManyRequestsInFlightError({ message: `Too many requests in flight: at most ${options.maxQueuedRequests}` })
        return void answer(options, connection, frame.id, Effect.fail(refusal))
      }
      return Connection.enqueue(connection, () => answer(options, connection, frame.id, request))
    }
  }
}
