/**
 * The mini-app connector against a scripted host behind the parent window: detection (the context and the
 * Ethereum wallet capability, from the parent's origin only, within the deadline on the test clock), the
 * host's wallet as an EIP-1193 client (requests as JSON-RPC through `ethProviderRequestV2`, refusals as
 * wallet errors, events followed) and the attacks a page's message channel invites: answers and wallet
 * events forged by another origin or another window are ignored.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import { TestClock } from "effect/testing"
import type * as Connector from "../../../core/Connector.ts"
import * as Constants from "../../../core/Constants.ts"
import * as MiniApp from "../../../core/connectors/MiniApp.ts"
import { parentOrigin } from "../../../core/connectors/MiniAppChannel.ts"
import { isFramed } from "../../../core/connectors/MiniAppFrame.ts"
import { context, farcasterHost, hostOrigin, type Script, scriptedHost } from "../support/MiniAppHost.ts"

const account = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8"
const attacker = "0x00000000000000000000000000000000000000ee"

const wallet = (request: { readonly id: number; readonly method: string }) => {
  switch (request.method) {
    case "eth_requestAccounts":
    case "eth_accounts":
      return { jsonrpc: "2.0", id: request.id, result: [account] }
    case "eth_chainId":
      return { jsonrpc: "2.0", id: request.id, result: "0x7a69" }
    case "personal_sign":
      return { jsonrpc: "2.0", id: request.id, error: { code: 4001, message: "User rejected the request." } }
    default:
      return { jsonrpc: "2.0", id: request.id, error: { code: 4200, message: "Unsupported method" } }
  }
}

/** Detection run to its end: the test clock passes the deadline, so a silent host ends it too. */
const detected = (script: Script, options?: Parameters<typeof scriptedHost>[1]) =>
  Effect.gen(function*() {
    const host = scriptedHost(script, options)
    const fiber = yield* Effect.forkChild(MiniApp.detect(host.window))
    yield* TestClock.adjust(Constants.miniAppDetectMillis)
    return { host, hosted: yield* Fiber.join(fiber) }
  })

const clientOf = (hosted: Option.Option<MiniApp.Hosted>): Connector.ConnectorClient => {
  if (Option.isNone(hosted)) throw new Error("expected the host's wallet")
  return hosted.value.client
}

describe("the cheap check", () => {
  it("only a framed page may be a mini app", () => {
    const top = { parent: undefined as unknown }
    top.parent = top
    assert.isFalse(isFramed(top))
    assert.isTrue(isFramed({ parent: {} }))
  })

  it("the parent's origin is the browser's report, else the referrer's origin; an opaque one is none", () => {
    assert.strictEqual(parentOrigin(scriptedHost(() => undefined).window), hostOrigin)
    assert.strictEqual(parentOrigin(scriptedHost(() => undefined, { ancestorOrigin: "", referrer: "https://warpcast.test/~/mini-apps/x" }).window), "https://warpcast.test")
    assert.isUndefined(parentOrigin(scriptedHost(() => undefined, { ancestorOrigin: "", referrer: "" }).window))
    assert.isUndefined(parentOrigin(scriptedHost(() => undefined, { ancestorOrigin: "null" }).window))
  })
})

describe("detection", () => {
  it.effect("a host that answers the context and offers the Ethereum wallet gives its connector; every call goes to its origin only", () =>
    Effect.gen(function*() {
      const { host, hosted } = yield* detected(farcasterHost(wallet))
      assert.isTrue(Option.isSome(hosted))
      assert.deepStrictEqual(Option.map(hosted, (found) => found.context), Option.some({ user: { fid: context.user.fid }, client: { clientFid: context.client.clientFid } }))
      assert.deepStrictEqual(host.posted.map((posted) => [posted.message.type, posted.message.path[0]]), [["GET", "context"], ["APPLY", "getCapabilities"]])
      assert.isTrue(host.posted.every((posted) => posted.targetOrigin === hostOrigin))
    }))

  it.effect("a page whose parent's origin is unknown asks nothing", () =>
    Effect.gen(function*() {
      const { host, hosted } = yield* detected(farcasterHost(wallet), { ancestorOrigin: "", referrer: "" })
      assert.isTrue(Option.isNone(hosted))
      assert.lengthOf(host.posted, 0)
    }))

  it.effect("a parent that stays silent is no host once the deadline passes, and is no longer listened to", () =>
    Effect.gen(function*() {
      const { host, hosted } = yield* detected(() => undefined)
      assert.isTrue(Option.isNone(hosted))
      assert.strictEqual(host.listening(), 0)
    }))

  it.effect("a host without the Ethereum wallet, a malformed context or a refused call gives none", () =>
    Effect.gen(function*() {
      const base = farcasterHost(wallet)
      const noWallet: Script = (message) => message.path[0] === "getCapabilities" ? { value: ["actions.ready"] } : base(message)
      const badContext: Script = (message) => message.path[0] === "context" ? { value: { user: { fid: 0 }, client: { clientFid: 1 } } } : base(message)
      const refused: Script = (message) => message.path[0] === "getCapabilities" ? { thrown: "Unsupported APPLY for getCapabilities" } : base(message)
      for (const script of [noWallet, badContext, refused]) {
        assert.isTrue(Option.isNone((yield* detected(script)).hosted))
      }
    }))

  it.effect("attack: a context answered by another origin, or by another window at the parent's origin, is ignored", () =>
    Effect.gen(function*() {
      const forger = (from: { readonly origin?: string; readonly source?: unknown }): Script => (message) => {
        // The attacker answers every call at once; the real parent never does.
        const host = forgedHost
        queueMicrotask(() => host?.deliver({ id: message.id, type: "RAW", value: message.path[0] === "context" ? context : ["wallet.getEthereumProvider"] }, from))
        return undefined
      }
      let forgedHost: ReturnType<typeof scriptedHost> | undefined
      for (const from of [{ origin: "https://evil.test" }, { source: {} }]) {
        forgedHost = scriptedHost(forger(from))
        const fiber = yield* Effect.forkChild(MiniApp.detect(forgedHost.window))
        yield* TestClock.adjust(Constants.miniAppDetectMillis)
        assert.isTrue(Option.isNone(yield* Fiber.join(fiber)))
      }
    }))
})

describe("the host's wallet", () => {
  it.effect("connects with the account and chain the host gives, each request a JSON-RPC request through ethProviderRequestV2", () =>
    Effect.gen(function*() {
      const { host, hosted } = yield* detected(farcasterHost(wallet))
      const connected = yield* clientOf(hosted).connect({})
      assert.deepStrictEqual(connected, { namespace: "eip155", accounts: [account], caipNetworkId: "eip155:31337" })
      const requests = host.posted.filter((posted) => posted.message.path[0] === "ethProviderRequestV2").map((posted) => posted.message.argumentList?.[0]?.value)
      assert.deepStrictEqual(requests, [{ jsonrpc: "2.0", id: 1, method: "eth_requestAccounts" }, { jsonrpc: "2.0", id: 2, method: "eth_chainId" }])
    }))

  it.effect("the wallet's refusal arrives as the wallet error of its code", () =>
    Effect.gen(function*() {
      const { hosted } = yield* detected(farcasterHost(wallet))
      const error = yield* Effect.flip(clientOf(hosted).request({ method: "personal_sign", params: ["0x68656c6c6f", account] }))
      assert.strictEqual(error._tag, "UserRejectedRequestError")
    }))

  it.effect("an answer to another request id is refused", () =>
    Effect.gen(function*() {
      const { hosted } = yield* detected(farcasterHost((request) => ({ jsonrpc: "2.0", id: request.id + 1, result: [attacker] })))
      const error = yield* Effect.flip(clientOf(hosted).request({ method: "eth_accounts" }))
      assert.notStrictEqual(error._tag, "UserRejectedRequestError")
      assert.include(error.message, "no JSON-RPC response")
    }))

  it.effect("follows the host wallet's accountsChanged and chainChanged; attack: events from another origin or window are ignored", () =>
    Effect.gen(function*() {
      const { host, hosted } = yield* detected(farcasterHost(wallet))
      const heard: Array<Connector.ConnectorEvent> = []
      const stop = clientOf(hosted).subscribe((event) => heard.push(event))
      host.deliver({ type: "frameEthProviderEvent", event: "accountsChanged", params: [[attacker]] }, { origin: "https://evil.test" })
      host.deliver({ type: "frameEthProviderEvent", event: "accountsChanged", params: [[attacker]] }, { source: {} })
      host.deliver({ type: "frameEthProviderEvent", event: "accountsChanged", params: "not a list" })
      host.deliver({ type: "frameEthProviderEvent", event: "accountsChanged", params: [[account]] })
      host.deliver({ type: "frameEthProviderEvent", event: "chainChanged", params: ["0x7a6a"] })
      stop()
      host.deliver({ type: "frameEthProviderEvent", event: "chainChanged", params: ["0x1"] })
      assert.deepStrictEqual(heard, [
        { _tag: "AccountsChanged", accounts: [account] },
        { _tag: "ChainChanged", caipNetworkId: "eip155:31338" }
      ])
    }))

  it.effect("attack: a forged answer from another origin with the pending id does not settle the request", () =>
    Effect.gen(function*() {
      let pending: string | undefined
      const { host, hosted } = yield* detected((message) => {
        if (message.path[0] === "ethProviderRequestV2") {
          pending = message.id
          return undefined
        }
        return farcasterHost(wallet)(message)
      })
      const fiber = yield* Effect.forkChild(clientOf(hosted).request({ method: "eth_accounts" }))
      yield* Effect.yieldNow
      assert.isDefined(pending)
      const request = host.posted.at(-1)?.message.argumentList?.[0]?.value as { readonly id: number }
      host.deliver({ id: pending, type: "RAW", value: { jsonrpc: "2.0", id: request.id, result: [attacker] } }, { origin: "https://evil.test" })
      host.deliver({ id: pending, type: "RAW", value: { jsonrpc: "2.0", id: request.id, result: [account] } })
      assert.deepStrictEqual(yield* Fiber.join(fiber), [account])
    }))
})
