/**
 * MetaMask's Multichain API transport in Chromium, against a stand-in of its content script in the same
 * page: requests go out on MetaMask's stream and answers come back; anything else posted to the page is
 * ignored (another window's message, a script's synthetic event, the wrong target, stream or shape, a
 * guessed id, a second answer); a request never answered fails on the test clock, never before.
 */
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import { afterEach, describe, expect, it } from "vitest"
import * as Constants from "../../../core/Constants.ts"
import * as MetaMaskChannel from "../../../core/connectors/MetaMaskChannel.ts"

interface Request {
  readonly id: number
  readonly method: string
}

let stops: Array<() => void> = []
afterEach(() => {
  stops.forEach((stop) => stop())
  stops = []
})

/** What the content script would post back on the page, for `data` (JSON-RPC). */
const fromContentScript = (data: unknown, overrides: { readonly target?: string; readonly name?: string } = {}) =>
  ({ target: overrides.target ?? "metamask-inpage", data: { name: overrides.name ?? "metamask-multichain-provider", data } })

/** Sees every request the page sends on MetaMask's stream, as MetaMask's content script would. */
const contentScript = () => {
  const requests: Array<Request> = []
  const listener = (event: MessageEvent) => {
    const message = event.data as { readonly target?: unknown; readonly data?: { readonly name?: unknown; readonly data?: Request } }
    if (message?.target === "metamask-contentscript" && message.data?.name === "metamask-multichain-provider" && message.data.data !== undefined) {
      requests.push(message.data.data)
    }
  }
  window.addEventListener("message", listener)
  stops.push(() => window.removeEventListener("message", listener))
  return requests
}

/** Resolves once every message posted before it has been delivered (the page delivers them in order). */
const delivered = () =>
  new Promise<void>((resolve) => {
    const token = `delivered-${Math.random()}`
    const listener = (event: MessageEvent) => {
      if (event.data !== token) return
      window.removeEventListener("message", listener)
      resolve()
    }
    window.addEventListener("message", listener)
    window.postMessage(token, location.origin)
  })

/** Posts `messages` to the page for its origin and waits until they are delivered. */
const post = (...messages: ReadonlyArray<unknown>) =>
  Effect.promise(() => {
    for (const message of messages) window.postMessage(message, location.origin)
    return delivered()
  })

/** A request in flight: how it ended, once it has. */
const inFlight = (channel: ReturnType<typeof MetaMaskChannel.channel>, method: string) =>
  Effect.gen(function*() {
    const outcome: { exit?: Exit.Exit<unknown, unknown> } = {}
    yield* Effect.forkChild(Effect.tap(Effect.exit(channel.request(method, {})), (exit) => Effect.sync(() => {
      outcome.exit = exit
    })), { startImmediately: true })
    yield* Effect.promise(delivered)
    return outcome
  })

const run = <A, E>(program: Effect.Effect<A, E>) => Effect.runPromise(program.pipe(Effect.provide(TestClock.layer())))

describe("MetaMask's Multichain API transport", () => {
  it("sends a request on MetaMask's stream for the page's origin and takes the content script's answer", async () => {
    const requests = contentScript()
    const channel = MetaMaskChannel.channel(window, "multichain:io.metamask")
    const result = await run(Effect.gen(function*() {
      const outcome = yield* inFlight(channel, "wallet_getSession")
      const [request] = requests
      expect(request).toMatchObject({ jsonrpc: "2.0", method: "wallet_getSession", params: {} })
      yield* post(fromContentScript({ jsonrpc: "2.0", id: request?.id, result: { sessionScopes: {} } }))
      return outcome.exit
    }))
    expect(result).toMatchObject({ _tag: "Success", value: { sessionScopes: {} } })
  })

  it("ignores forged answers: another window's, a synthetic event, the wrong target, stream or shape, a guessed id", async () => {
    const requests = contentScript()
    const channel = MetaMaskChannel.channel(window, "multichain:io.metamask")
    const frame = document.createElement("iframe")
    document.body.append(frame)
    stops.push(() => frame.remove())
    const exit = await run(Effect.gen(function*() {
      const outcome = yield* inFlight(channel, "wallet_getSession")
      const id = requests[0]?.id
      const forged = { jsonrpc: "2.0", id, result: { sessionScopes: { "eip155:1": { accounts: [] } } } }
      // A frame of the page posting to it, by its own script: the message's source is the frame, not the page.
      const inFrame = frame.contentWindow as (Window & { forged?: unknown }) | null
      if (inFrame === null) throw new Error("the frame has no window")
      inFrame.forged = fromContentScript(forged)
      const script = inFrame.document.createElement("script")
      script.textContent = "parent.postMessage(window.forged, '*')"
      inFrame.document.body.append(script)
      // A script dispatching a MessageEvent that names the page as its source and origin.
      window.dispatchEvent(new MessageEvent("message", { data: fromContentScript(forged), origin: location.origin, source: window }))
      yield* post(
        fromContentScript(forged, { target: "metamask-contentscript" }),
        fromContentScript(forged, { name: "metamask-provider" }),
        fromContentScript({ id, error: "refused" }),
        fromContentScript({ id, method: "wallet_getSession", params: {} }),
        // A script that did not see the request guesses its id.
        ...[0, 1, 2, 3].map((guess) => fromContentScript({ ...forged, id: guess }))
      )
      expect(outcome.exit).toBeUndefined()
      // The answer on MetaMask's stream settles it; a second one for the same id finds nothing waiting.
      yield* post(fromContentScript({ jsonrpc: "2.0", id, result: { sessionScopes: {} } }), fromContentScript(forged))
      return outcome.exit
    }))
    expect(exit).toMatchObject({ _tag: "Success", value: { sessionScopes: {} } })
  })

  it("hands the wallet's error over as the connector's failure and its notifications to listeners", async () => {
    const requests = contentScript()
    const channel = MetaMaskChannel.channel(window, "multichain:io.metamask")
    const notified: Array<readonly [string, unknown]> = []
    stops.push(channel.onNotification((method, params) => void notified.push([method, params])))
    const exit = await run(Effect.gen(function*() {
      const outcome = yield* inFlight(channel, "wallet_createSession")
      yield* post(
        fromContentScript({ jsonrpc: "2.0", id: requests[0]?.id, error: { code: 4001, message: "User rejected the request." } }),
        fromContentScript({ jsonrpc: "2.0", method: "wallet_sessionChanged", params: { sessionScopes: {} } }),
        fromContentScript({ jsonrpc: "2.0", method: 7 })
      )
      return outcome.exit
    }))
    expect(exit).toMatchObject({ _tag: "Failure" })
    expect(JSON.stringify(exit)).toContain("UserRejectedRequestError")
    expect(notified).toEqual([["wallet_sessionChanged", { sessionScopes: {} }]])
  })

  it.each([
    ["asks the visitor nothing", "wallet_getSession", Constants.walletQuietAnswerMillis],
    ["is the visitor's to approve (as long as WalletConnect lets one wait)", "wallet_createSession", Constants.walletPromptAnswerMillis]
  ] as const)("a request that %s fails when MetaMask has not answered by its deadline, not a moment before", async (_, method, millis) => {
    contentScript()
    const channel = MetaMaskChannel.channel(window, "multichain:io.metamask")
    const exits = await run(Effect.gen(function*() {
      const outcome = yield* inFlight(channel, method)
      yield* TestClock.adjust(millis - 1)
      const before = outcome.exit
      yield* TestClock.adjust(1)
      return { before, after: outcome.exit }
    }))
    expect(exits.before).toBeUndefined()
    expect(exits.after).toMatchObject({ _tag: "Failure" })
    expect(JSON.stringify(exits.after)).toContain(`The wallet did not answer ${method}`)
  })

  it("MetaMask offers the API when it answers wallet_getSession; one that never answers does not", async () => {
    const requests = contentScript()
    const answered = MetaMaskChannel.channel(window, "multichain:io.metamask")
    const offers = await run(Effect.gen(function*() {
      const probed = yield* Effect.forkChild(MetaMaskChannel.probe(answered), { startImmediately: true })
      yield* Effect.promise(delivered)
      yield* post(fromContentScript({ jsonrpc: "2.0", id: requests[0]?.id, result: { sessionScopes: {} } }))
      const silent = yield* Effect.forkChild(MetaMaskChannel.probe(MetaMaskChannel.channel(window, "multichain:io.metamask")), { startImmediately: true })
      yield* Effect.promise(delivered)
      yield* TestClock.adjust(Constants.walletQuietAnswerMillis)
      return [yield* Fiber.join(probed), yield* Fiber.join(silent)]
    }))
    expect(offers).toEqual([true, false])
  })
})
