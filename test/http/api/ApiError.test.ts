/**
 * Every API failure answers `status` from its own `httpApiStatus` annotation, which is what
 * core/Retry.ts reads to decide whether a failure retries.
 */
import { describe, expect, it } from "vitest"
import * as Retry from "../../../core/Retry.ts"
import * as ApiError from "../../../http/api/ApiError.ts"

describe("ApiError status", () => {
  it("every failure answers the status of its annotation", () => {
    const all = [ApiError.BadRequest, ApiError.InvalidProjectId, ApiError.InvalidSignature, ApiError.OriginNotAllowed, ApiError.NotFound,
      ApiError.Conflict, ApiError.RateLimited, ApiError.NotImplemented, ApiError.UpstreamUnavailable]
    // Every error class the module exports is in the list above.
    expect(Object.values(ApiError).filter((value) => typeof value === "function")).toHaveLength(all.length)
    expect(all.map((error) => [error.ast.annotations?.["httpApiStatus"], Retry.signalOf(new error({ message: "m", retryAfter: 1 })).status]))
      .toEqual([[400, 400], [401, 401], [401, 401], [403, 403], [404, 404], [409, 409], [429, 429], [501, 501], [502, 502]])
  })

  it("core/Retry reads it: 429 and 502 retry, 400 and 404 do not", () => {
    expect(Retry.signalOf(new ApiError.RateLimited({ message: "slow down", retryAfter: 1 })).status).toBe(429)
    expect(Retry.isRetryable(new ApiError.UpstreamUnavailable({ message: "rpc down" }))).toBe(true)
    expect(Retry.isRetryable(new ApiError.BadRequest({ message: "chainId: missing" }))).toBe(false)
    expect(Retry.isRetryable(new ApiError.NotFound({ message: "no such wallet" }))).toBe(false)
  })
})
