import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Queue from "effect/Queue"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { TestClock } from "effect/testing"
import * as Association from "../../../core/mwa/Association.ts"
import * as Frames from "../../../core/mwa/Frames.ts"
import * as Handshake from "../../../core/mwa/Handshake.ts"
import type { MwaProtocolError } from "../../../core/mwa/MwaErrors.ts"
import * as MwaSession from "../../../core/mwa/MwaSession.ts"

const encode = (value: unknown) => new TextEncoder().encode(typeof value === "string" ? value : JSON.stringify(value))

/**
 * A wallet on the other end of an in-memory link: it answers the handshake as the spec says, then hands
 * each request to `answer`, which returns the frames to send back (sealed by the wallet's channel, or not).
 */
const walletLink = (
  association: Association.Association,
  answer: (request: { readonly id: number; readonly method: string }, channel: Frames.Channel) => ReadonlyArray<Uint8Array>,
  properties: unknown = { v: "v1" }
) =>
  Effect.gen(function*() {
    const inbound = yield* Queue.unbounded<Uint8Array, MwaProtocolError>()
    const state = { closed: false, channel: undefined as Frames.Channel | undefined }
    const link: MwaSession.Link = {
      send: (message) => {
        if (state.channel === undefined) {
          const dappPoint = Handshake.verifyHelloRequest(message, association.publicKey)
          if (dappPoint === undefined) throw new Error("the dapp's HELLO_REQ does not verify")
          const keys = Handshake.ecdhKeys()
          state.channel = Frames.channel(Handshake.sessionKey(keys.privateKey, dappPoint, association.publicKey))
          Queue.offerUnsafe(inbound, new Uint8Array([...keys.publicKey, ...state.channel.seal(encode(properties))]))
          return
        }
        const opened = state.channel.open(message)
        if (!Result.isSuccess(opened)) throw new Error("the dapp's frame does not open")
        const request = JSON.parse(new TextDecoder().decode(opened.success)) as { id: number; method: string }
        for (const frame of answer(request, state.channel)) Queue.offerUnsafe(inbound, frame)
      },
      receive: Queue.take(inbound),
      close: () => {
        state.closed = true
      }
    }
    return { link, state }
  })

const ok = (id: number, result: unknown) => encode({ jsonrpc: "2.0", id, result })
const Echo = Schema.Struct({ echo: Schema.String })

describe("MwaSession.reach", () => {
  it.effect("dials on the retry schedule and tells the visitor no wallet answered only after 30 s", () =>
    Effect.gen(function*() {
      const start = yield* Clock.currentTimeMillis
      const dials: Array<number> = []
      const dial: MwaSession.Dial = (url) =>
        Effect.map(Clock.currentTimeMillis, (now) => {
          assert.match(url, /^ws:\/\/127\.0\.0\.1:50000\/solana-wallet$/)
          dials.push(now - start)
          return undefined
        })
      const fiber = yield* Effect.forkChild(Effect.exit(MwaSession.reach(50000, dial)))
      yield* TestClock.adjust(MwaSession.answerWaitMillis - 1001)
      assert.isUndefined(fiber.pollUnsafe(), "still dialling before 30 s")
      yield* TestClock.adjust(2000)
      const exit = yield* Fiber.join(fiber)
      assert.isTrue(Exit.isFailure(exit) && Exit.findErrorOption(exit).pipe((found) => found._tag === "Some" && found.value._tag === "WalletAppNotAnsweredError"))
      assert.deepStrictEqual(dials.slice(0, 9), [0, 150, 300, 500, 1000, 1500, 2250, 3000, 4000])
      assert.isAtLeast(dials.at(-1) ?? 0, MwaSession.answerWaitMillis)
    }))

  it.effect("a wallet that starts listening late is reached", () =>
    Effect.gen(function*() {
      const association = Association.make(50001)
      const { link } = yield* walletLink(association, () => [])
      let tries = 0
      const dial: MwaSession.Dial = () => Effect.sync(() => (++tries >= 4 ? link : undefined))
      const fiber = yield* Effect.forkChild(MwaSession.reach(association.port, dial))
      yield* TestClock.adjust(1000)
      assert.strictEqual(yield* Fiber.join(fiber), link)
    }))
})

/** Runs two calls against a wallet answering with `answer`: the session must fail with `reason` and close the socket. */
const refused = (
  answer: Parameters<typeof walletLink>[1],
  reason: MwaProtocolError["reason"],
  properties?: unknown
) =>
  Effect.gen(function*() {
    const association = Association.make()
    const { link, state } = yield* walletLink(association, answer, properties)
    const exit = yield* Effect.exit(Effect.flatMap(MwaSession.establish(association, link), (session) =>
      Effect.andThen(session.request("first", {}, Echo), session.request("second", {}, Echo))))
    const error = Exit.findErrorOption(exit)
    assert.isTrue(error._tag === "Some" && error.value._tag === "MwaProtocolError" && error.value.reason === reason, JSON.stringify(error))
    assert.isTrue(state.closed, "the socket is closed on a breach")
  })

describe("MwaSession.establish and requests", () => {
  it.effect("a call and its answer round-trip through the sealed session", () =>
    Effect.gen(function*() {
      const association = Association.make()
      const { link } = yield* walletLink(association, (request, channel) => [channel.seal(ok(request.id, { echo: request.method }))])
      const session = yield* MwaSession.establish(association, link)
      assert.deepStrictEqual(yield* session.request("first", {}, Echo), { echo: "first" })
      assert.deepStrictEqual(yield* session.request("second", {}, Echo), { echo: "second" })
    }))

  it.effect("a replayed answer is refused and the socket closed", () => {
    let kept: Uint8Array | undefined
    return refused((request, channel) => {
      kept ??= channel.seal(ok(request.id, { echo: "x" }))
      return [kept]
    }, "sequence")
  })

  it.effect("answers out of order are refused", () =>
    refused((request, channel) => {
      const early = channel.seal(ok(request.id, { echo: "x" }))
      const late = channel.seal(ok(request.id, { echo: "y" }))
      return [late, early]
    }, "sequence"))

  it.effect("an answer with a flipped bit fails its tag", () =>
    refused((request, channel) => {
      const frame = channel.seal(ok(request.id, { echo: "x" }))
      frame[frame.length - 20] = (frame[frame.length - 20] ?? 0) ^ 0x10
      return [frame]
    }, "tag"))

  it.effect("an answer that is not JSON-RPC, or answers another id, or has a malformed result, is refused", () =>
    Effect.gen(function*() {
      yield* refused((_, channel) => [channel.seal(encode("not json"))], "message")
      yield* refused((request, channel) => [channel.seal(ok(request.id + 1, { echo: "x" }))], "message")
      yield* refused((request, channel) => [channel.seal(encode({ jsonrpc: "1.0", id: request.id, result: { echo: "x" } }))], "message")
      yield* refused((request, channel) => [channel.seal(ok(request.id, { echo: 7 }))], "message")
    }))

  it.effect("a wallet that chose a version Portico does not speak is refused at the handshake", () =>
    refused(() => [], "handshake", { v: "v2" }))

  it.effect("a wallet error is typed with its code and the session stays open", () =>
    Effect.gen(function*() {
      const association = Association.make()
      const { link, state } = yield* walletLink(association, (request, channel) => [
        channel.seal(request.method === "authorize" ? encode({ jsonrpc: "2.0", id: request.id, error: { code: -1, message: "declined" } }) : ok(request.id, { echo: "x" }))
      ])
      const session = yield* MwaSession.establish(association, link)
      const error = yield* Effect.flip(session.request("authorize", {}, Echo))
      assert.strictEqual(error._tag, "MwaWalletError")
      assert.strictEqual(error._tag === "MwaWalletError" ? error.code : 0, -1)
      assert.deepStrictEqual(yield* session.request("get_capabilities", {}, Echo), { echo: "x" })
      assert.isFalse(state.closed)
    }))

  it.effect("no HELLO_RSP within 10 s closes the socket with a timeout", () =>
    Effect.gen(function*() {
      const association = Association.make()
      const inbound = yield* Queue.unbounded<Uint8Array, MwaProtocolError>()
      let closed = false
      const link: MwaSession.Link = { send: () => undefined, receive: Queue.take(inbound), close: () => void (closed = true) }
      const fiber = yield* Effect.forkChild(Effect.flip(MwaSession.establish(association, link)))
      yield* TestClock.adjust(MwaSession.helloWaitMillis - 1)
      assert.isUndefined(fiber.pollUnsafe())
      yield* TestClock.adjust(1)
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error.reason, "timeout")
      assert.isTrue(closed)
    }))
})
