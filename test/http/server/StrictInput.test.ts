/**
 * Bad input is a 400 that names the field, never a 500: integers in any form but decimal digits
 * within bounds, and NUL bytes in query strings and path parameters. Unknown paths (and paths that
 * cannot be percent-decoded) answer JSON with their tag, and no
 * answer may be sniffed into another type.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"

let server: ApiServer
const sdk = "projectId=p&st=test&sv=1"

beforeAll(async () => {
  server = await startApiServer({ port: 0, projects: { p: { allowedOrigins: ["*"] } } })
})
afterAll(() => server.stop())

const get = async (path: string) => {
  const response = await fetch(`${server.url}${path}`)
  return { status: response.status, nosniff: response.headers.get("x-content-type-options"), body: (await response.json()) as { readonly _tag?: string; readonly message?: string } }
}

describe("strict input", () => {
  it.each(["1e300", "0x10", "+1", "-1", "1.5", " 2", "0", "99999999999999999999"])("page=%s is a 400 naming page", async (page) => {
    const answer = await get(`/getWallets?${sdk}&page=${encodeURIComponent(page)}`)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ _tag: "BadRequest" })
    expect(answer.body.message).toMatch(/^page: /)
  })

  it("a NUL byte in a query string is a 400 naming the field", async () => {
    for (const field of ["search", "include", "chains"]) {
      const answer = await get(`/getWallets?${sdk}&${field}=a%00b`)
      expect([answer.status, answer.body.message?.split(":")[0]]).toEqual([400, field])
    }
  })

  it.each(["/getWalletImage", "/public/getAssetImage", "/public/getCurrencyImage", "/public/getTokenImage"])("a NUL byte in %s's id is a 400 naming id", async (path) => {
    for (const id of ["%00", "a%00b"]) {
      const answer = await get(`${path}/${id}`)
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ _tag: "BadRequest", message: expect.stringMatching(/must not contain a NUL character.*\bid\b/) })
    }
  })

  it("a history cursor in exponent form is a 400 naming cursor", async () => {
    const answer = await get(`/v1/account/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/history?${sdk}&cursor=1e3`)
    expect(answer.status).toBe(400)
    expect(answer.body.message).toMatch(/^cursor: /)
  })

  it.each(["%zz", "%ff", "%"])("a path the router cannot decode (%s) answers a JSON 404", async (segment) => {
    const answer = await get(`/getWalletImage/${segment}?${sdk}`)
    expect(answer).toMatchObject({ status: 404, nosniff: "nosniff", body: { _tag: "NotFound", message: "path: no such endpoint" } })
  })

  it("an unknown path answers JSON with its tag, and every answer says nosniff", async () => {
    const missing = await get(`/no/such/thing?${sdk}`)
    expect(missing).toMatchObject({ status: 404, nosniff: "nosniff", body: { _tag: "NotFound" } })
    expect((await get(`/getWallets?${sdk}&page=1`)).nosniff).toBe("nosniff")
    expect((await get(`/getWallets?${sdk}&page=x`)).nosniff).toBe("nosniff")
  })
})
