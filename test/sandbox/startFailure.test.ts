/** The sandbox's start failures, told in words a test author can act on: a taken port, however deeply wrapped. */
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { portTakenOf, startFailureMessage } from "../../sandbox/StartFailure.ts"

const listenError = (port: number) =>
  Object.assign(new Error(`listen EADDRINUSE: address already in use 127.0.0.1:${port}`), { code: "EADDRINUSE", address: "127.0.0.1", port })

/** Wrappers the parts use: an Error with a cause (RpcServerError, Effect's ServeError), an AggregateError among other failures. */
const wrap = (error: unknown, how: "cause" | "aggregate"): unknown =>
  how === "cause" ? new Error("ServeError", { cause: error }) : new AggregateError([new Error("other part"), error], "a part failed")

describe("portTakenOf", () => {
  it("finds the taken port through any wrapping the parts use", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 65_535 }), fc.array(fc.constantFrom("cause" as const, "aggregate" as const), { maxLength: 6 }), (port, wrappers) => {
        const wrapped = wrappers.reduce<unknown>(wrap, listenError(port))
        expect(portTakenOf(wrapped)).toEqual({ address: "127.0.0.1", port })
      })
    )
  })

  it("finds nothing in other failures, and stops at cycles' depth", () => {
    expect(portTakenOf(new Error("EADDRINUSE in words only"))).toBeUndefined()
    expect(portTakenOf(Object.assign(new Error("x"), { code: "EACCES", port: 80 }))).toBeUndefined()
    const cyclic: { cause?: unknown } = {}
    cyclic.cause = cyclic
    expect(portTakenOf(cyclic)).toBeUndefined()
  })
})

describe("startFailureMessage", () => {
  it("names the port and the way out once, and keeps other failures as they are", () => {
    const taken = listenError(8899)
    expect(startFailureMessage([taken, new Error("wrapped", { cause: taken }), new Error("solc failed")])).toBe(
      "The sandbox failed to start: port 8899 on 127.0.0.1 is taken (EADDRINUSE): another sandbox or server holds it; stop it, or start with { ports: \"ephemeral\" }; Error: solc failed"
    )
  })
})
