import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as RpcCode from "../../core/RpcCode.ts"
import * as WalletError from "../../core/WalletError.ts"

const { fromProviderError } = WalletError

describe("WalletError.fromProviderError: EIP-1193 codes", () => {
  const cases = [
    [4001, "UserRejectedRequestError"],
    [4100, "UnauthorizedError"],
    [4200, "UnsupportedMethodError"],
    [4900, "ProviderDisconnectedError"],
    [4901, "ChainDisconnectedError"],
    [4902, "UnrecognizedChainError"]
  ] as const

  it("maps each code to its class and keeps the wallet's message", () => {
    for (const [code, tag] of cases) {
      const error = fromProviderError({ code, message: "from wallet" })
      assert.strictEqual(error._tag, tag)
      assert.deepStrictEqual({ code: "code" in error ? error.code : undefined, message: error.message }, {
        code,
        message: "from wallet"
      })
    }
  })

  it("uses the table's name when the wallet gives no message", () => {
    const error = fromProviderError({ code: 4001 })
    assert.strictEqual(error.message, "User rejected the request")
  })

  it("reads string codes, Error instances and nested causes", () => {
    assert.strictEqual(fromProviderError({ code: "4001", message: "no" })._tag, "UserRejectedRequestError")
    const viemLike = Object.assign(new Error("User rejected."), { code: 4001 })
    assert.strictEqual(fromProviderError(viemLike)._tag, "UserRejectedRequestError")
    const wrapped = new Error("Request failed", { cause: { code: 4902, message: "Unrecognized chain" } })
    const mapped = fromProviderError(wrapped)
    assert.strictEqual(mapped._tag, "UnrecognizedChainError")
    assert.strictEqual(mapped.message, "Unrecognized chain")
    const walletConnect = { code: 5000, message: "wrapper", data: { originalError: { code: 4001, message: "denied" } } }
    assert.strictEqual(fromProviderError(walletConnect)._tag, "UserRejectedRequestError")
    const nestedError = { error: { code: 4100, message: "not authorized" } }
    assert.strictEqual(fromProviderError(nestedError)._tag, "UnauthorizedError")
  })
})

describe("WalletError.fromProviderError: RPC and other codes", () => {
  it("every other code of the table becomes an RpcError named after it", () => {
    const special = new Set([4001, 4100, 4200, 4900, 4901, 4902])
    for (const entry of RpcCode.entries.filter((e) => !special.has(e.code))) {
      const error = fromProviderError({ code: entry.code })
      assert.strictEqual(error._tag, "RpcError", entry.key)
      if (error._tag === "RpcError") {
        assert.strictEqual(error.code, entry.code)
        assert.strictEqual(error.codeName, entry.name)
        assert.strictEqual(error.message, entry.name)
      }
    }
  })

  it("a wrapper's 5000 is used only when nothing more precise is inside", () => {
    const only = fromProviderError({ code: 5000, message: "generic" })
    assert.strictEqual(only._tag, "RpcError")
    assert.strictEqual(only.message, "generic")
  })

  it("unknown codes and code-less values become UnknownWalletError keeping code and message", () => {
    const unknown = fromProviderError({ code: 1234, message: "odd" })
    assert.deepStrictEqual({ tag: unknown._tag, message: unknown.message }, { tag: "UnknownWalletError", message: "odd" })
    assert.strictEqual(unknown._tag === "UnknownWalletError" ? unknown.code : null, 1234)
    const text = fromProviderError("something broke")
    assert.strictEqual(text._tag, "UnknownWalletError")
    assert.strictEqual(text.message, "something broke")
    assert.strictEqual(fromProviderError(undefined).message, "Unknown wallet error")
    assert.strictEqual(fromProviderError({ message: 42 }).message, "Unknown wallet error")
  })

  it("is total: any value maps to a tagged error without throwing, cycles included", () => {
    const throwingGetter = {
      get code(): number {
        throw new Error("gotcha")
      }
    }
    assert.strictEqual(fromProviderError(throwingGetter)._tag, "UnknownWalletError")
    const hostile = new Proxy({}, {
      get: () => {
        throw new Error("proxy")
      },
      ownKeys: () => {
        throw new Error("proxy")
      }
    })
    assert.strictEqual(fromProviderError(hostile)._tag, "UnknownWalletError")
    const cyclic: { cause?: unknown; message: string } = { message: "loop" }
    cyclic.cause = cyclic
    assert.strictEqual(fromProviderError(cyclic)._tag, "UnknownWalletError")
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const error = fromProviderError(raw)
        assert.isString(error._tag)
        assert.isString(error.message)
      })
    )
  })

  it("is idempotent: mapping a mapped error gives the same tag, code and message", () => {
    fc.assert(
      fc.property(fc.record({ code: fc.oneof(fc.constantFrom(...RpcCode.entries.map((e) => e.code)), fc.integer()), message: fc.string() }), (raw) => {
        const once = fromProviderError(raw)
        const twice = fromProviderError(once)
        assert.strictEqual(twice._tag, once._tag)
        assert.strictEqual(twice.message, once.message)
        assert.strictEqual("code" in twice ? twice.code : undefined, "code" in once ? once.code : undefined)
      })
    )
  })

  it("known codes always decide the class, whatever the message", () => {
    fc.assert(
      fc.property(fc.constantFrom(...RpcCode.entries), fc.string(), (entry, message) => {
        const error = fromProviderError({ code: entry.code, message })
        assert.notStrictEqual(error._tag, "UnknownWalletError")
      })
    )
  })
})

describe("WalletError: the three provider messages", () => {
  const cases = [
    ["Unauthorized: origin not allowed", "OriginNotAllowedError", "InvalidAppConfiguration"],
    ["JWT validation error: JWT Token is not yet valid", "JwtNotYetValidError", "SessionExpired"],
    ["Unauthorized: invalid key", "InvalidKeyError", "InvalidProjectId"]
  ] as const

  it("map to their errors and alerts, wherever they sit and whatever the code", () => {
    for (const [message, tag, alert] of cases) {
      for (const raw of [
        message,
        { code: 3000, message },
        { code: 4001, message: `WebSocket connection closed: ${message}` },
        new Error("relay", { cause: new Error(message) })
      ]) {
        const error = fromProviderError(raw)
        assert.strictEqual(error._tag, tag)
        assert.strictEqual(error.message, message)
        assert.strictEqual(WalletError.alertOf(error), alert)
      }
    }
    assert.isUndefined(WalletError.alertOf(fromProviderError({ code: 4001 })))
  })
})
