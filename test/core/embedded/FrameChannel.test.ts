/**
 * The modal's side of the frame protocol, on the test clock, against a port standing in for the iframe:
 * nothing is sent before the ready event and 500 ms more; no ready event in 20 s is iframe_load_failed;
 * answers are matched by id and type and decoded (anything else dropped); the frame's error message is
 * kept ('An error occurred' when empty); 30 s without an answer is iframe_request_timeout, except while
 * the request's approval panel is open and for the app events that wait on the visitor.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import { TestClock } from "effect/testing"
import { EmbeddedFrame, FrameAttacher, type FramePort } from "../../../core/embedded/FrameChannel.ts"
import * as Protocol from "../../../core/embedded/FrameProtocol.ts"

interface FakeFrame {
  readonly sent: Array<Protocol.Request>
  readonly emit: (data: unknown) => void
  /** The visitor closes the frame's window. */
  readonly close: () => void
  detached: boolean
}

/** A port standing in for the iframe, or (`window`) for the wallet's own window. */
const fakePort = (kind: "iframe" | "window" = "iframe"): FakeFrame & { readonly port: FramePort } => {
  const listeners = new Set<(data: unknown) => void>()
  const closers = new Set<() => void>()
  const frame: FakeFrame = {
    sent: [],
    emit: (data) => {
      for (const listener of listeners) listener(data)
    },
    close: () => {
      for (const closer of closers) closer()
    },
    detached: false
  }
  const port: FramePort = {
    post: (message) => void frame.sent.push(message),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    panelUrl: (panelId) => kind === "window" ? undefined : `http://frame.test/embedded/panel?panelId=${panelId}`,
    onClosed: (listener) => void closers.add(listener),
    detach: () => {
      frame.detached = true
    }
  }
  return Object.assign(frame, { port })
}

const fakeFrame = (): FakeFrame & { readonly layer: Layer.Layer<EmbeddedFrame> } => {
  const frame = fakePort()
  const attacher = Layer.succeed(FrameAttacher, FrameAttacher.of({ attach: Effect.succeed(frame.port) }))
  return Object.assign(frame, { layer: EmbeddedFrame.layer.pipe(Layer.provide(attacher)) })
}

const event = (body: Protocol.FrameEvent["event"]) => ({ channel: Protocol.channel, kind: "event", event: body })
const answer = (request: Protocol.Request, suffix: "SUCCESS" | "ERROR", payload: unknown) =>
  ({ channel: Protocol.channel, kind: "response", id: request.id, type: `${request.type}_${suffix}`, payload })

/** Lets forked fibers run up to their next wait. */
const settle = Effect.gen(function*() {
  for (let turn = 0; turn < 5; turn++) yield* Effect.yieldNow
})

/** The frame (attached by the first request) says it is ready, and the 500 ms pass. */
const ready = (frame: FakeFrame) => Effect.gen(function*() {
  yield* settle
  frame.emit(event({ type: "FRAME_READY" }))
  yield* TestClock.adjust(500)
  yield* settle
})

const withFrame = (frame: ReturnType<typeof fakeFrame>) => <A, E>(effect: Effect.Effect<A, E, EmbeddedFrame>) =>
  Effect.scoped(Effect.provide(effect, frame.layer))

describe("EmbeddedFrame", () => {
  it.effect("sends nothing before the ready event and 500 ms more, then matches the answer by id", () => {
    const frame = fakeFrame()
    return Effect.gen(function*() {
      const embedded = yield* EmbeddedFrame
      const asked = yield* Effect.forkChild(embedded.request("IS_CONNECTED", {}))
      yield* settle
      yield* TestClock.adjust(5_000)
      assert.strictEqual(frame.sent.length, 0)
      frame.emit(event({ type: "FRAME_READY" }))
      yield* TestClock.adjust(499)
      assert.strictEqual(frame.sent.length, 0)
      yield* TestClock.adjust(1)
      yield* settle
      const [request] = frame.sent
      assert.isDefined(request)
      assert.match(request.id, /^[0-9a-f]{32}$/)
      // An answer to another id, or of another type, is dropped.
      frame.emit({ ...answer(request, "SUCCESS", { isConnected: false }), id: "0".repeat(32) })
      frame.emit({ ...answer(request, "SUCCESS", { isConnected: false }), type: "GET_USER_SUCCESS" })
      frame.emit(answer(request, "SUCCESS", { isConnected: true }))
      assert.deepStrictEqual(yield* Fiber.join(asked), { isConnected: true })
    }).pipe(withFrame(frame))
  })

  it.effect("fails with iframe_load_failed when the frame is not ready within 20 s, and removes it", () => {
    const frame = fakeFrame()
    return Effect.gen(function*() {
      const embedded = yield* EmbeddedFrame
      const asked = yield* Effect.forkChild(Effect.flip(embedded.request("IS_CONNECTED", {})))
      yield* settle
      yield* TestClock.adjust(20_000)
      const failure = yield* Fiber.join(asked)
      assert.strictEqual(failure._tag, "EmbeddedFrameLoadError")
      assert.strictEqual(failure.message, "Network Error - Could not load embedded wallet")
      assert.isTrue(frame.detached)
    }).pipe(withFrame(frame))
  })

  it.effect("fails at once, saying why, when the frame cannot keep a wallet (its storage refused)", () => {
    const frame = fakeFrame()
    return Effect.gen(function*() {
      const embedded = yield* EmbeddedFrame
      const asked = yield* Effect.forkChild(Effect.flip(embedded.request("IS_CONNECTED", {})))
      yield* settle
      frame.emit(event({ type: "FRAME_UNAVAILABLE", reason: "storage" }))
      const failure = yield* Fiber.join(asked)
      assert.strictEqual(failure._tag, "EmbeddedWalletStorageBlockedError")
      assert.strictEqual(frame.sent.length, 0)
    }).pipe(withFrame(frame))
  })

  it.effect("moves to the wallet's window where the frame is refused its storage: the same requests, bound to the window, its panels drawn there", () => {
    const frame = fakeFrame()
    const popup = fakePort("window")
    return Effect.gen(function*() {
      const embedded = yield* EmbeddedFrame
      const refused = yield* Effect.forkChild(Effect.flip(embedded.request("IS_CONNECTED", {})))
      yield* settle
      frame.emit(event({ type: "FRAME_UNAVAILABLE", reason: "storage" }))
      assert.strictEqual((yield* Fiber.join(refused))._tag, "EmbeddedWalletStorageBlockedError")
      const moved = yield* Effect.forkChild(embedded.useWindow(Effect.succeed(popup.port)))
      yield* ready(popup)
      yield* Fiber.join(moved)
      const asked = yield* Effect.forkChild(embedded.request("IS_CONNECTED", {}))
      yield* settle
      assert.strictEqual(frame.sent.length, 0)
      assert.strictEqual(popup.sent.length, 1)
      // The hidden frame's words reach nothing now: only the window's are heard.
      frame.emit(answer(popup.sent[0]!, "SUCCESS", { isConnected: false }))
      popup.emit(answer(popup.sent[0]!, "SUCCESS", { isConnected: true }))
      assert.deepStrictEqual(yield* Fiber.join(asked), { isConnected: true })
      assert.isUndefined(yield* embedded.panelUrl("a".repeat(32)))
    }).pipe(withFrame(frame))
  })

  it.effect("ends the wallet when its window is closed: waiting and later requests fail with the window's error, WINDOW_CLOSED is raised, until it is opened again", () => {
    const frame = fakeFrame()
    const popup = fakePort("window")
    const reopened = fakePort("window")
    return Effect.gen(function*() {
      const embedded = yield* EmbeddedFrame
      const moved = yield* Effect.forkChild(embedded.useWindow(Effect.succeed(popup.port)))
      yield* ready(popup)
      yield* Fiber.join(moved)
      const closedEvent = yield* Effect.forkChild(embedded.events.pipe(Stream.filter((body) => body.type === "WINDOW_CLOSED"), Stream.runHead))
      const waiting = yield* Effect.forkChild(Effect.flip(embedded.request("CONNECT_DEVICE", {})))
      yield* settle
      popup.close()
      assert.strictEqual((yield* Fiber.join(waiting))._tag, "EmbeddedWalletWindowClosedError")
      assert.strictEqual((yield* Fiber.join(closedEvent))._tag, "Some")
      assert.strictEqual((yield* Effect.flip(embedded.request("IS_CONNECTED", {})))._tag, "EmbeddedWalletWindowClosedError")
      // The hidden frame is never tried again: it was not asked for (the window was), and nothing goes to it.
      assert.strictEqual(frame.sent.length, 0)
      const again = yield* Effect.forkChild(embedded.useWindow(Effect.succeed(reopened.port)))
      yield* ready(reopened)
      yield* Fiber.join(again)
      const asked = yield* Effect.forkChild(embedded.request("IS_CONNECTED", {}))
      yield* settle
      reopened.emit(answer(reopened.sent[0]!, "SUCCESS", { isConnected: true }))
      assert.deepStrictEqual(yield* Fiber.join(asked), { isConnected: true })
    }).pipe(withFrame(frame))
  })

  it.effect("keeps the frame's error message, says 'An error occurred' when it is empty, 'Something went wrong' for an undecodable success", () => {
    const frame = fakeFrame()
    return Effect.gen(function*() {
      const embedded = yield* EmbeddedFrame
      const first = yield* Effect.forkChild(Effect.flip(embedded.request("UPDATE_EMAIL", { email: "ada@example.test" })))
      yield* ready(frame)
      frame.emit(answer(frame.sent[0]!, "ERROR", { message: "This address is taken", reason: "EmailInUse" }))
      const refused = yield* Fiber.join(first)
      assert.deepStrictEqual([refused._tag, refused.message, refused._tag === "EmbeddedFrameRequestError" ? refused.reason : undefined], [
        "EmbeddedFrameRequestError",
        "This address is taken",
        "EmailInUse"
      ])
      const second = yield* Effect.forkChild(Effect.flip(embedded.request("UPDATE_EMAIL", { email: "ada@example.test" })))
      yield* settle
      frame.emit(answer(frame.sent[1]!, "ERROR", { message: "" }))
      assert.strictEqual((yield* Fiber.join(second)).message, "An error occurred")
      const third = yield* Effect.forkChild(Effect.flip(embedded.request("GET_CHAIN_ID", {})))
      yield* settle
      frame.emit(answer(frame.sent[2]!, "SUCCESS", { chainId: "not a chain" }))
      assert.strictEqual((yield* Fiber.join(third)).message, "Something went wrong")
    }).pipe(withFrame(frame))
  })

  it.effect("times a request out after 30 s, but not while its approval panel is open", () => {
    const frame = fakeFrame()
    return Effect.gen(function*() {
      const embedded = yield* EmbeddedFrame
      const seen = yield* Effect.forkChild(Stream.runCollect(Stream.take(embedded.events, 2)))
      yield* settle
      const unanswered = yield* Effect.forkChild(Effect.flip(embedded.request("GET_USER", {})))
      yield* ready(frame)
      const rpc = yield* Effect.forkChild(embedded.request("RPC_REQUEST", { chainId: "eip155:31337", method: "personal_sign", params: ["0x00", "0x00"] }))
      yield* settle
      const request = frame.sent[1]!
      frame.emit(event({ type: "APPROVAL_REQUIRED", requestId: request.id, panelId: "a".repeat(32) }))
      yield* TestClock.adjust(30_000)
      const timedOut = yield* Fiber.join(unanswered)
      assert.strictEqual(timedOut._tag, "EmbeddedFrameTimeoutError")
      assert.strictEqual(timedOut.message, "Embedded Wallet Request Timed Out")
      // Ten minutes in the panel are not a timeout.
      yield* TestClock.adjust(600_000)
      assert.isUndefined(rpc.pollUnsafe())
      frame.emit(event({ type: "PANEL_DONE", panelId: "a".repeat(32), outcome: "approved" }))
      yield* settle
      frame.emit(answer(request, "SUCCESS", { result: "0xsigned" }))
      assert.deepStrictEqual(yield* Fiber.join(rpc), { result: "0xsigned" })
      assert.deepStrictEqual(Array.from(yield* Fiber.join(seen)).map((body) => body.type), ["APPROVAL_REQUIRED", "PANEL_DONE"])
    }).pipe(withFrame(frame))
  })

  it.effect("lets the visitor take their time with the device link and the provider's sign-in", () => {
    const frame = fakeFrame()
    return Effect.gen(function*() {
      const embedded = yield* EmbeddedFrame
      const device = yield* Effect.forkChild(embedded.request("CONNECT_DEVICE", {}))
      yield* ready(frame)
      yield* TestClock.adjust(10 * 60_000)
      assert.isUndefined(device.pollUnsafe())
      frame.emit(answer(frame.sent[0]!, "SUCCESS", { panelId: "c".repeat(32) }))
      assert.deepStrictEqual(yield* Fiber.join(device), { panelId: "c".repeat(32) })
    }).pipe(withFrame(frame))
  })
})
