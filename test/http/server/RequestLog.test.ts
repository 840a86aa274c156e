/**
 * One JSON log line per request (http/server/RequestLog.ts): time, level, request id (the answer's
 * `x-request-id`), method, route template, status and duration; never a secret (a bearer token, a
 * cookie, a one-time token in the query) and never a visitor's address unless `logAddresses` is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"

const address = "0x52908400098527886E0F7030069857D2E4169EE7"
const secrets = ["Bearer eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.sig", "portico_session=cookie-secret", "mailed-token-secret"]

let quiet: ApiServer
let traced: ApiServer
const quietLines: Array<string> = []
const tracedLines: Array<string> = []
beforeAll(async () => {
  const projects = { p: { allowedOrigins: ["*"] } }
  ;[quiet, traced] = await Promise.all([
    startApiServer({ port: 0, projects }, { log: (line) => quietLines.push(line) }),
    startApiServer({ port: 0, projects, logAddresses: true }, { log: (line) => tracedLines.push(line) })
  ])
})
afterAll(() => Promise.all([quiet.stop(), traced.stop()]))

/** Requests that carry an address in the path and secrets in headers and query; the answers' request ids. */
const visit = async (server: ApiServer): Promise<ReadonlyArray<string>> => {
  const headers = { authorization: secrets[0] ?? "", cookie: secrets[1] ?? "" }
  const answers = await Promise.all([
    fetch(`${server.url}/v1/account/${address}/balance?projectId=p&st=portico&sv=test&currency=usd`, { headers }),
    fetch(`${server.url}/v1/embedded/email/device/approve?token=${secrets[2] ?? ""}`, { headers }),
    fetch(`${server.url}/healthz`)
  ])
  return answers.map((answer) => answer.headers.get("x-request-id") ?? "")
}

const parsed = (lines: ReadonlyArray<string>) => lines.map((line) => JSON.parse(line) as Record<string, unknown>)

describe("request log", () => {
  it("writes one line per request with its id, route template, status and duration, and no secret or address", async () => {
    const ids = await visit(quiet)
    await expect.poll(() => quietLines.length).toBe(3)
    const records = parsed(quietLines)
    expect(records.map((record) => record["requestId"]).toSorted()).toEqual([...ids].toSorted())
    const balance = records.find((record) => record["route"] === "/v1/account/:address/balance")
    expect(Object.keys(balance ?? {})).toEqual(["time", "level", "requestId", "method", "route", "status", "durationMs"])
    expect(balance).toMatchObject({ level: "info", method: "GET", status: 200 })
    expect(new Date(String(balance?.["time"])).toISOString()).toBe(balance?.["time"])
    expect(typeof balance?.["durationMs"]).toBe("number")
    expect(records.find((record) => record["route"] === "/healthz")).toMatchObject({ status: 200 })
    const text = quietLines.join("\n").toLowerCase()
    expect(text).not.toContain(address.slice(2).toLowerCase())
    for (const secret of [...secrets, "eyJhbGciOiJIUzI1NiJ9", "cookie-secret"]) expect(text).not.toContain(secret.toLowerCase())
    expect(text).not.toContain("127.0.0.1")
  })

  it("adds the path (without its query) and the client's address with logAddresses, still no secret", async () => {
    await visit(traced)
    await expect.poll(() => tracedLines.length).toBe(3)
    const balance = parsed(tracedLines).find((record) => record["route"] === "/v1/account/:address/balance")
    expect(balance).toMatchObject({ path: `/v1/account/${address}/balance`, client: "127.0.0.1" })
    const text = tracedLines.join("\n")
    for (const secret of [...secrets, "cookie-secret", "currency=usd"]) expect(text).not.toContain(secret)
  })

  it("gives a kept answer its own request id and line", async () => {
    const before = quietLines.length
    const page = `${quiet.url}/getWallets?projectId=p&st=portico&sv=test&entries=2`
    const ids = []
    for (let index = 0; index < 2; index++) ids.push((await fetch(page)).headers.get("x-request-id"))
    expect(new Set(ids).size).toBe(2)
    await expect.poll(() => quietLines.length).toBe(before + 2)
    expect(parsed(quietLines.slice(before)).map((record) => [record["requestId"], record["route"]])).toEqual(ids.map((id) => [id, "/getWallets"]))
  })
})
