import { createServer, type AddressInfo, type Socket } from "node:net"
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { describe, expect, it } from "vitest"
import * as Backend from "../../../core/Backend.ts"
import * as Storage from "../../../core/Storage.ts"
import { Conflict, RateLimited } from "../../../http/api/ApiError.ts"
import * as BackendClient from "../../../http/client/Backend.ts"
import * as BackendFailure from "../../../http/client/BackendFailure.ts"
import type * as DeveloperAlerts from "../../../core/DeveloperAlerts.ts"
import { startApiServer } from "../../../http/server/start.ts"

describe("the Backend's failures", () => {
  it("keep the API error's tag and status, and a 429's wait", () => {
    const limited = BackendFailure.toBackendError(new RateLimited({ message: "slow down", retryAfter: 120 }))
    expect(limited).toMatchObject({ _tag: "BackendRequestError", reason: "RateLimited", status: 429, retryAfterMillis: 120_000, message: "slow down" })
    const taken = BackendFailure.toBackendError(new Conflict({ message: "name: alice.portico.id is already taken" }))
    expect(taken).toMatchObject({ reason: "Conflict", status: 409 })
    expect(taken.retryAfterMillis).toBeUndefined()
  })

  it("a transport failure without an answer has no status and a message of its own", () => {
    const failure = BackendFailure.toBackendError(new TypeError(""))
    expect(failure.status).toBeUndefined()
    expect(failure.message).toBe("The Portico API could not answer")
  })
})

describe("an API that accepts connections and never answers", () => {
  it("fails each call with a typed error once the attempt's time is up, instead of hanging", async () => {
    const sockets: Array<Socket> = []
    const silent = createServer((socket) => void sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve))
    const { port } = silent.address() as AddressInfo
    const started = Date.now()
    try {
      const error = await Effect.runPromise(
        Effect.flip(Effect.flatMap(Backend.Backend, (backend) => backend.wallets({ page: 1, search: "", chains: [] }))).pipe(
          Effect.provide(BackendClient.layer({ apiUrl: `http://127.0.0.1:${port}`, projectId: "p", sdkVersion: "test", retry: false, timeoutMillis: 300 })),
          Effect.provide([FetchHttpClient.layer, Storage.layerMemory])
        )
      )
      expect(error).toMatchObject({ _tag: "BackendRequestError" })
      expect(error.message).toContain("TimeoutError")
      expect(Date.now() - started).toBeLessThan(5_000)
    } finally {
      sockets.forEach((socket) => socket.destroy())
      silent.close()
    }
  })
})

describe("a refusal that is the configuration's fault", () => {
  it("is told to the developer (an unknown project id), other failures are not", async () => {
    const server = await startApiServer({ port: 0, projects: { known: { allowedOrigins: ["*"] } } })
    const told: Array<DeveloperAlerts.Raised> = []
    const wallets = (projectId: string) =>
      Effect.runPromise(
        Effect.result(Effect.flatMap(Backend.Backend, (backend) => backend.wallets({ page: 1, search: "", chains: [] }))).pipe(
          Effect.provide(BackendClient.layer({ apiUrl: server.url, projectId, sdkVersion: "test", retry: false }, (raised) => told.push(raised))),
          Effect.provide([FetchHttpClient.layer, Storage.layerMemory])
        )
      )
    try {
      expect((await wallets("known"))._tag).toBe("Success")
      expect(told).toEqual([])
      const refused = await wallets("unknown")
      expect(refused._tag).toBe("Failure")
      expect(told).toEqual([{ key: "InvalidProjectId" }])
    } finally {
      await server.stop()
    }
  })
})
