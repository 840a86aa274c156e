/**
 * The frame's side of the postMessage boundary with the modal (spec §7 "Embedded wallet frame",
 * core/embedded/FrameProtocol.ts). A message is taken only when it comes from the parent window (in the
 * wallet's own window, its opener), from exactly the origin the frame checked against the project's
 * allowlist, decodes as a request and its payload as that request's payload, and carries an id never seen
 * before; anything else is dropped without an answer. Answers and events go to that window only,
 * addressed to that origin (a page that navigated elsewhere receives nothing).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Protocol from "../../core/embedded/FrameProtocol.ts"

export type AcceptedRequest = {
  readonly [T in Protocol.RequestType]: { readonly id: string; readonly type: T; readonly payload: Protocol.Payload<T> }
}[Protocol.RequestType]

export type Outcome<T extends Protocol.RequestType> =
  | { readonly _tag: "Success"; readonly value: Protocol.Success<T> }
  | { readonly _tag: "Failure"; readonly error: Protocol.ErrorPayload }

export interface HostChannel {
  /** The parent's origin, the only one messages come from and go to. */
  readonly origin: string
  /** Starts hearing the parent's requests; returns the function that stops. */
  readonly listen: (onRequest: (request: AcceptedRequest) => void) => () => void
  readonly respond: <T extends Protocol.RequestType>(request: { readonly id: string; readonly type: T }, outcome: Outcome<T>) => void
  readonly emit: (event: Protocol.FrameEvent["event"]) => void
}

const decodeRequest = Schema.decodeUnknownOption(Protocol.Request)

const payloadDecoders = Object.fromEntries(
  Protocol.RequestType.literals.map((type) => [type, Schema.decodeUnknownOption(Protocol.requests[type].payload as Schema.Decoder<unknown>)])
) as Readonly<Record<Protocol.RequestType, (input: unknown) => Option.Option<unknown>>>

const successEncoders = Object.fromEntries(
  Protocol.RequestType.literals.map((type) => [type, Schema.encodeUnknownOption(Protocol.requests[type].success as Schema.Codec<unknown, unknown>)])
) as Readonly<Record<Protocol.RequestType, (input: unknown) => Option.Option<unknown>>>

/** The message a request is answered with. A success that does not fit its own schema is answered as a failure. */
export const responseOf = <T extends Protocol.RequestType>(
  request: { readonly id: string; readonly type: T },
  outcome: Outcome<T>
): Protocol.Response => {
  const encoded = outcome._tag === "Success" ? successEncoders[request.type](outcome.value) : Option.none()
  return Option.isSome(encoded)
    ? { channel: Protocol.channel, kind: "response", id: request.id, type: Protocol.successType(request.type), payload: encoded.value }
    : {
      channel: Protocol.channel,
      kind: "response",
      id: request.id,
      type: Protocol.errorType(request.type),
      payload: outcome._tag === "Failure" ? outcome.error : { message: "Something went wrong" }
    }
}

export const make = (options: {
  /** This frame's window, whose `message` events are heard. */
  readonly self: Window
  /** The window that framed this one (or opened it, WalletWindow.ts): the only sender heard, the only receiver. */
  readonly parent: Window
  readonly origin: string
}): HostChannel => {
  const { self, parent, origin } = options
  const seen = new Set<string>()
  const post = (message: Protocol.Response | Protocol.FrameEvent) => parent.postMessage(message, origin)
  return {
    origin,
    listen: (onRequest) => {
      const listener = (event: MessageEvent) => {
        if (event.source !== parent || event.origin !== origin) return
        const request = Option.getOrUndefined(decodeRequest(event.data))
        if (request === undefined || seen.has(request.id)) return
        const payload = payloadDecoders[request.type](request.payload)
        if (Option.isNone(payload)) return
        seen.add(request.id)
        onRequest({ id: request.id, type: request.type, payload: payload.value } as AcceptedRequest)
      }
      self.addEventListener("message", listener)
      return () => self.removeEventListener("message", listener)
    },
    respond: (request, outcome) => post(responseOf(request, outcome)),
    emit: (event) => post({ channel: Protocol.channel, kind: "event", event })
  }
}

/** The frame's own events to the modal, for the services that raise them. */
export class HostEvents extends Context.Service<HostEvents, {
  readonly emit: (event: Protocol.FrameEvent["event"]) => Effect.Effect<void>
}>()("portico/frame/app/HostEvents") {
  static readonly layer = (channel: HostChannel) => Layer.succeed(HostEvents, HostEvents.of({ emit: (event) => Effect.sync(() => channel.emit(event)) }))
}
