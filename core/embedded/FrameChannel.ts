/**
 * The modal's side of the embedded wallet's frame (spec §4 "Embedded wallet frame", §7, §9): attached on
 * demand, ready only after its ready event and 500 ms more, failing with iframe_load_failed when that takes
 * over 20 s. Each app event carries a fresh random id and is answered by the frame's `<TYPE>_SUCCESS` or
 * `<TYPE>_ERROR` with that id; answers are schema-decoded and anything else is dropped. A request the
 * frame leaves unanswered for 30 s fails with iframe_request_timeout — except while it waits for the
 * visitor: an RPC request in the approval panel, the device link in the mailbox, the provider's sign-in
 * window. Those wait on a person, not on the frame.
 *
 * Where messages go and come from is a `FramePort` the platform gives (app/EmbeddedFramePort.ts binds it
 * to the iframe's `contentWindow` and origin); everything here is platform-neutral and runs on the clock.
 *
 * Where the browser refuses the hidden frame its storage (EmbeddedWalletStorageBlockedError), the visitor
 * can move the wallet into its own window (`useWindow`): the same messages, bound to that popup instead.
 * Closing that window ends the wallet here: every request waiting fails, and so does every later one,
 * with EmbeddedWalletWindowClosedError, and `WINDOW_CLOSED` is raised, until it is opened again.
 */
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import * as Schema from "effect/Schema"
import * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Constants from "../Constants.ts"
import { fixed } from "../FixedMessage.ts"
import * as Protocol from "./FrameProtocol.ts"

/** The frame as the platform attached it: messages out to its window, messages in from it only. */
export interface FramePort {
  /** Posts to the frame's window, addressed to the frame's origin only. */
  readonly post: (message: Protocol.Request) => void
  /** Messages whose source is the frame's window and whose origin is the frame's; returns the unsubscribe. */
  readonly subscribe: (listener: (data: unknown) => void) => () => void
  /**
   * The URL of a panel the frame renders inside the modal (its origin, never the host's); none when the
   * wallet runs in its own window, which draws its panels itself.
   */
  readonly panelUrl: (panelId: string) => string | undefined
  /** Calls `listener` once the frame's window is gone (the visitor closed the wallet's window; never for an iframe). */
  readonly onClosed: (listener: () => void) => void
  /** Removes the iframe, or closes the window. */
  readonly detach: () => void
}

/** Attaches the frame (adds the hidden iframe). Called once, at the first request. */
export class FrameAttacher extends Context.Service<FrameAttacher, {
  readonly attach: Effect.Effect<FramePort>
}>()("portico/core/embedded/FrameAttacher") {}

/** The frame's events, and the modal's own word that the wallet's window was closed. */
export type FrameEventBody = Protocol.FrameEvent["event"] | { readonly type: "WINDOW_CLOSED" }

/** Why the frame cannot be reached at all. */
export type FrameUnavailable = EmbeddedFrameLoadError | EmbeddedWalletStorageBlockedError | EmbeddedWalletWindowClosedError

export type FrameFailure = FrameUnavailable | EmbeddedFrameTimeoutError | EmbeddedFrameRequestError

/** App events that wait on the visitor rather than on the frame: no 30 s limit. */
const waitsForVisitor: ReadonlySet<Protocol.RequestType> = new Set(["CONNECT_DEVICE", "COMPLETE_SOCIAL", "COMPLETE_FARCASTER"])

const decodeResponse = Schema.decodeUnknownOption(Protocol.Response)
const decodeEvent = Schema.decodeUnknownOption(Protocol.FrameEvent)
const decodeError = Schema.decodeUnknownOption(Protocol.ErrorPayload)

/** 128 random bits, hex: ids the frame has never seen. */
const freshId = (): string => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("")

interface Pending {
  readonly type: Protocol.RequestType
  readonly answer: Deferred.Deferred<unknown, EmbeddedFrameRequestError | EmbeddedWalletWindowClosedError>
}

/** One attachment of the frame: the iframe, or the wallet's window. */
interface Attachment {
  /** The frame said it is ready. */
  readonly ready: Deferred.Deferred<FramePort>
  /** Ready and 500 ms more: requests may go. */
  readonly initialised: Deferred.Deferred<FramePort, FrameUnavailable>
}

export class EmbeddedFrame extends Context.Service<EmbeddedFrame, {
  /** Sends an app event and waits for its answer, decoded against the event's success schema. */
  readonly request: <T extends Protocol.RequestType>(
    type: T,
    payload: Protocol.Payload<T>
  ) => Effect.Effect<Protocol.Success<T>, FrameFailure>
  /** The frame's own events (approval needed, accounts changed, session expired…). */
  readonly events: Stream.Stream<FrameEventBody>
  /** Where the frame renders a panel (attaching the frame first if need be); none when its window draws it. */
  readonly panelUrl: (panelId: string) => Effect.Effect<string | undefined, FrameUnavailable>
  /**
   * Moves the wallet into its own window (`attach` binds the popup the visitor's click opened): the
   * hidden frame goes, and every request from now on goes to the window once it said it is ready.
   */
  readonly useWindow: (attach: Effect.Effect<FramePort>) => Effect.Effect<void, FrameUnavailable>
}>()("portico/core/embedded/EmbeddedFrame") {
  static readonly layer = Layer.effect(
    EmbeddedFrame,
    Effect.gen(function*() {
      const attacher = yield* FrameAttacher
      const scope = yield* Effect.scope
      const pending = new Map<string, Pending>()
      /** Request ids whose approval panel is open: their clock is stopped. */
      const awaitingApproval = yield* SubscriptionRef.make<ReadonlySet<string>>(new Set())
      /** The request each open approval panel is for. */
      const panels = new Map<string, string>()
      const events = yield* PubSub.unbounded<FrameEventBody>()
      /** The current attachment; none before the first request. */
      let current: Attachment | undefined

      const onEvent = (event: FrameEventBody) => {
        if (event.type === "APPROVAL_REQUIRED") {
          panels.set(event.panelId, event.requestId)
          Effect.runSync(SubscriptionRef.update(awaitingApproval, (ids) => new Set(ids).add(event.requestId)))
        }
        const answered = event.type === "PANEL_DONE" ? panels.get(event.panelId) : undefined
        if (event.type === "PANEL_DONE" && answered !== undefined) {
          // That panel's request is back on the frame's clock; other open panels' requests stay paused.
          panels.delete(event.panelId)
          Effect.runSync(SubscriptionRef.update(awaitingApproval, (ids) => {
            const rest = new Set(ids)
            rest.delete(answered)
            return rest
          }))
        }
        PubSub.publishUnsafe(events, event)
      }

      const onMessage = (attachment: Attachment, port: FramePort) => (data: unknown) => {
        // Only the current frame is heard: a refused iframe, or a window since replaced, says nothing more.
        if (current !== attachment) return
        const event = decodeEvent(data)
        if (Option.isSome(event)) {
          if (event.value.event.type === "FRAME_READY") Deferred.doneUnsafe(attachment.ready, Exit.succeed(port))
          else if (event.value.event.type === "FRAME_UNAVAILABLE") Deferred.doneUnsafe(attachment.initialised, Exit.fail(new EmbeddedWalletStorageBlockedError()))
          else onEvent(event.value.event)
          return
        }
        const response = Option.getOrUndefined(decodeResponse(data))
        const waiting = response === undefined ? undefined : pending.get(response.id)
        // An answer to no request of ours, or of another type than asked, is dropped.
        if (response === undefined || waiting === undefined) return
        if (response.type === Protocol.successType(waiting.type)) {
          pending.delete(response.id)
          Deferred.doneUnsafe(waiting.answer, Exit.succeed(response.payload))
        } else if (response.type === Protocol.errorType(waiting.type)) {
          pending.delete(response.id)
          const error = Option.getOrUndefined(decodeError(response.payload))
          Deferred.doneUnsafe(waiting.answer, Exit.fail(new EmbeddedFrameRequestError({
            requestType: waiting.type,
            message: error?.message === undefined || error.message === "" ? "An error occurred" : error.message,
            ...(error?.code === undefined ? {} : { code: error.code }),
            ...(error?.reason === undefined ? {} : { reason: error.reason }),
            ...(error?.retryAfter === undefined ? {} : { retryAfter: error.retryAfter })
          })))
        }
      }

      /** The wallet's window was closed: it ends the wallet here until the visitor opens it again. */
      const onClosed = (attachment: Attachment) => () => {
        if (current !== attachment) return
        const closed = new EmbeddedWalletWindowClosedError()
        // Later requests meet the closed window rather than the port that led to it.
        const ended: Attachment = { ready: Deferred.makeUnsafe(), initialised: Deferred.makeUnsafe() }
        Deferred.doneUnsafe(ended.initialised, Exit.fail(closed))
        current = ended
        for (const [id, waiting] of pending) {
          pending.delete(id)
          Deferred.doneUnsafe(waiting.answer, Exit.fail(closed))
        }
        PubSub.publishUnsafe(events, { type: "WINDOW_CLOSED" })
      }

      /** Attaches the frame and waits for its ready event (20 s at most), then 500 ms more (spec §4, §9). */
      const initialise = (attachment: Attachment, attach: Effect.Effect<FramePort>) =>
        Effect.gen(function*() {
          const attached = yield* attach
          const unsubscribe = attached.subscribe(onMessage(attachment, attached))
          attached.onClosed(onClosed(attachment))
          const detach = () => {
            unsubscribe()
            attached.detach()
          }
          yield* Scope.addFinalizer(scope, Effect.sync(detach))
          const loaded = yield* Deferred.await(attachment.ready).pipe(Effect.timeoutOption(Constants.iframeLoadTimeoutMillis))
          if (Option.isNone(loaded)) {
            detach()
            return yield* Deferred.fail(attachment.initialised, new EmbeddedFrameLoadError())
          }
          yield* Effect.sleep(Constants.iframeReadyWaitMillis)
          yield* Deferred.succeed(attachment.initialised, loaded.value)
        })

      const start = (attach: Effect.Effect<FramePort>) =>
        Effect.gen(function*() {
          const attachment: Attachment = { ready: yield* Deferred.make<FramePort>(), initialised: yield* Deferred.make<FramePort, FrameUnavailable>() }
          current = attachment
          yield* Effect.forkIn(initialise(attachment, attach), scope)
          return attachment
        })

      /** The frame once initialised; the first caller attaches it. */
      const port = Effect.suspend(() => Effect.flatMap(current === undefined ? start(attacher.attach) : Effect.succeed(current), (attachment) => Deferred.await(attachment.initialised)))

      /** Fails after 30 s of the frame's time; time an approval panel is open does not count. */
      const expiry = (id: string, type: Protocol.RequestType) =>
        Effect.gen(function*() {
          while (true) {
            yield* Effect.sleep(Constants.requestTimeoutMillis)
            if (!(yield* SubscriptionRef.get(awaitingApproval)).has(id)) {
              return yield* new EmbeddedFrameTimeoutError({ requestType: type })
            }
            yield* SubscriptionRef.changes(awaitingApproval).pipe(Stream.filter((ids) => !ids.has(id)), Stream.take(1), Stream.runDrain)
          }
        })

      const request = <T extends Protocol.RequestType>(type: T, payload: Protocol.Payload<T>) =>
        Effect.gen(function*() {
          const frame = yield* port
          const id = freshId()
          const answer = yield* Deferred.make<unknown, EmbeddedFrameRequestError | EmbeddedWalletWindowClosedError>()
          pending.set(id, { type, answer })
          frame.post({ channel: Protocol.channel, kind: "request", id, type, payload })
          const answered = waitsForVisitor.has(type) ? Deferred.await(answer) : Effect.raceFirst(Deferred.await(answer), expiry(id, type))
          const raw = yield* answered.pipe(Effect.ensuring(Effect.sync(() => pending.delete(id))))
          // The success payload is the frame's word: decoded like any other outside value.
          const schema: Schema.Decoder<unknown> = Protocol.requests[type].success
          return yield* Schema.decodeUnknownEffect(schema)(raw).pipe(
            Effect.mapError(() => new EmbeddedFrameRequestError({ requestType: type, message: "Something went wrong" }))
          ) as Effect.Effect<Protocol.Success<T>, EmbeddedFrameRequestError | EmbeddedWalletWindowClosedError>
        })

      return EmbeddedFrame.of({
        request,
        events: Stream.fromPubSub(events),
        panelUrl: (panelId) => Effect.map(port, (frame) => frame.panelUrl(panelId)),
        useWindow: (attach) =>
          Effect.gen(function*() {
            // The frame it replaces is refused its storage (or was a window now closed): it holds nothing.
            const attachment = yield* start(attach)
            yield* Deferred.await(attachment.initialised)
          })
      })
    })
  )
}

/** The frame did not load within 20 s (spec §8: iframe_load_failed). */
export class EmbeddedFrameLoadError extends Schema.TaggedError<EmbeddedFrameLoadError>()("EmbeddedFrameLoadError", {
  message: fixed("Network Error - Could not load embedded wallet"),
  event: fixed("iframe_load_failed")
}) {}

/** The browser refuses the frame its storage (a private window, third-party cookies blocked): no wallet can be kept. */
export class EmbeddedWalletStorageBlockedError extends Schema.TaggedError<EmbeddedWalletStorageBlockedError>()("EmbeddedWalletStorageBlockedError", {
  message: fixed("This browser does not let the embedded wallet keep its keys")
}) {}

/** The visitor closed the wallet's own window: the wallet is gone from this page until it is opened again. */
export class EmbeddedWalletWindowClosedError extends Schema.TaggedError<EmbeddedWalletWindowClosedError>()("EmbeddedWalletWindowClosedError", {
  message: fixed("The wallet's window was closed")
}) {}

/** The browser blocked the wallet's own window the visitor's click asked for (a popup blocker). */
export class EmbeddedWalletWindowBlockedError extends Schema.TaggedError<EmbeddedWalletWindowBlockedError>()("EmbeddedWalletWindowBlockedError", {
  message: fixed("The browser blocked the wallet's window")
}) {}

/** The frame left an app event unanswered for 30 s (spec §8: iframe_request_timeout). */
export class EmbeddedFrameTimeoutError extends Schema.TaggedError<EmbeddedFrameTimeoutError>()("EmbeddedFrameTimeoutError", {
  message: fixed("Embedded Wallet Request Timed Out"),
  event: fixed("iframe_request_timeout"),
  requestType: Schema.String
}) {}

/** The frame answered `<TYPE>_ERROR`: its message (spec §8: 'An error occurred' when it gave none). */
export class EmbeddedFrameRequestError extends Schema.TaggedError<EmbeddedFrameRequestError>()("EmbeddedFrameRequestError", {
  requestType: Schema.String,
  message: Schema.String,
  code: Schema.optionalKey(Schema.Int),
  /** What failed in the frame (`OtpRefused.wrong`, `EmailInUse`…), which the views say in the visitor's language. */
  reason: Schema.optionalKey(Schema.String),
  /** Seconds until the request may be made again (the server's email cooldown). */
  retryAfter: Schema.optionalKey(Schema.Int)
}) {}
