/**
 * The host's logger receives Portico's diagnostics: a failed request to our server (method, path,
 * status) through the browser environment's real client against our real server, with no query, token or
 * session id in it; entries below the level are not passed; without a logger, warnings go to the console.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import * as BrowserEnvironment from "../../app/BrowserEnvironment.ts"
import * as DeveloperConsole from "../../app/DeveloperConsole.ts"
import * as Backend from "../../core/Backend.ts"
import * as Config from "../../core/Config.ts"
import * as HostLogger from "../../core/HostLogger.ts"
import { startApiServer, type ApiServer } from "../../http/server/start.ts"

let server: ApiServer
beforeAll(async () => {
  server = await startApiServer({ port: 0, projects: { known: { allowedOrigins: ["*"] } } })
})
afterAll(() => server.stop())

type Entry = readonly [HostLogger.LogLevel, string, Readonly<Record<string, unknown>> | undefined]

const recording = () => {
  const entries: Array<Entry> = []
  const logger: HostLogger.Logger = {
    debug: (message, details) => void entries.push(["debug", message, details]),
    info: (message, details) => void entries.push(["info", message, details]),
    warn: (message, details) => void entries.push(["warn", message, details]),
    error: (message, details) => void entries.push(["error", message, details])
  }
  return { entries, logger }
}

const sessionId = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"

const backendOf = (config: Config.PorticoConfig) =>
  Effect.flatMap(Backend.Backend, (backend) => Effect.result(backend.signInSession(sessionId))).pipe(
    Effect.provide(Layer.fresh(BrowserEnvironment.layer(Config.resolve(config), () => undefined, () => Promise.reject(new Error("no frame")))))
  )

describe("the host's logger", () => {
  it("receives a failed request's entry, without its query, the client id or the session id", async () => {
    const { entries, logger } = recording()
    const config: Config.PorticoConfig = {
      projectId: "not-a-project",
      clientId: "the-client-id",
      networks: [],
      metadata: { name: "", description: "", url: "", icons: [] },
      apiUrl: server.url,
      logger
    }
    const result = await Effect.runPromise(backendOf(config))
    expect(result._tag).toBe("Failure")
    const failed = entries.filter(([, message]) => message.includes("request to the Portico API failed"))
    expect(failed.length).toBeGreaterThan(0)
    expect(failed[0]?.[0]).toBe("warn")
    expect(failed[0]?.[2]).toMatchObject({ method: "GET", path: "/v1/siwx/sessions/…", status: expect.any(Number) })
    const written = JSON.stringify(entries)
    for (const secret of [sessionId, "not-a-project", "the-client-id", "projectId"]) expect(written).not.toContain(secret)
  })

  it("passes nothing below its level, and the console's warn by default", () => {
    const { entries, logger } = recording()
    const log = HostLogger.make(logger, "error")
    log("warn", "w")
    log("error", "e")
    expect(entries).toEqual([["error", "e", undefined]])
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined)
    const debug = vi.spyOn(console, "debug").mockImplementation(() => undefined)
    try {
      HostLogger.make(undefined)("debug", "quiet")
      DeveloperConsole.tell({ key: "ProjectIdNotConfigured" }, () => undefined, false)
      expect(debug).not.toHaveBeenCalled()
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("Project ID Not Configured"))
    } finally {
      warn.mockRestore()
      debug.mockRestore()
    }
  })

  it("hides every long segment of a path and drops its query", () => {
    expect(HostLogger.loggablePath(`https://api.test/v1/account/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/balance?projectId=p&token=t`))
      .toBe("/v1/account/…/balance")
  })
})
