import { describe, expect, it } from "vitest"
import { Conflict, RateLimited } from "../../../http/api/ApiError.ts"
import { toBackendError } from "../../../http/client/Backend.ts"

describe("the Backend's failures", () => {
  it("keep the API error's tag and status, and a 429's wait", () => {
    const limited = toBackendError(new RateLimited({ message: "slow down", retryAfter: 120 }))
    expect(limited).toMatchObject({ _tag: "BackendRequestError", reason: "RateLimited", status: 429, retryAfterMillis: 120_000, message: "slow down" })
    const taken = toBackendError(new Conflict({ message: "name: alice.portico.id is already taken" }))
    expect(taken).toMatchObject({ reason: "Conflict", status: 409 })
    expect(taken.retryAfterMillis).toBeUndefined()
  })

  it("a transport failure without an answer has no status and a message of its own", () => {
    const failure = toBackendError(new TypeError(""))
    expect(failure.status).toBeUndefined()
    expect(failure.message).toBe("The Portico API could not answer")
  })
})
