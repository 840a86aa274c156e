/**
 * The API suite against the real server on loopback with an in-memory PGlite database, plus how image
 * links in answers are built (the public URL, else our own address; never the request's Host).
 */
import { request } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { apiSuite } from "../support/apiSuite.ts"
import { withClient } from "../support/client.ts"

apiSuite(() => ({}))

/** The first wallet's image link, asked for with a chosen Host header. */
const firstImage = (url: string, host: string) =>
  new Promise<string>((resolve, reject) => {
    const target = new URL(`${url}/getWallets?projectId=test-project&st=x&sv=1&entries=1`)
    request(target, { headers: { host } }, (response) => {
      let body = ""
      response.on("data", (chunk: Buffer) => (body += chunk.toString()))
      response.on("end", () => resolve((JSON.parse(body) as { data: ReadonlyArray<{ image_url: string }> }).data[0]?.image_url ?? ""))
    }).once("error", reject).end()
  })

describe("image links", () => {
  let proxied: ApiServer
  let direct: ApiServer
  beforeAll(async () => {
    const projects = { "test-project": { allowedOrigins: ["*"] } }
    ;[proxied, direct] = await Promise.all([
      startApiServer({ port: 0, projects, publicUrl: "https://api.example.com/" }),
      startApiServer({ port: 0, projects })
    ])
  })
  afterAll(() => Promise.all([proxied.stop(), direct.stop()]))

  it("start with the configured public URL", async () => {
    const page = await withClient({ url: proxied.url }, (c) => c.wallets.getWallets({ query: { entries: "1" } }))
    expect(page.data[0]?.image_url).toBe("https://api.example.com/getWalletImage/portico-demo")
  })

  it("never follow the request's Host header: without a public URL they start with our own address", async () => {
    expect(await firstImage(direct.url, "wallets.local:8080")).toBe(`${direct.url}/getWalletImage/portico-demo`)
    expect(await firstImage(direct.url, `evil.test/"><img`)).toBe(`${direct.url}/getWalletImage/portico-demo`)
    expect(await firstImage(proxied.url, "evil.test")).toBe("https://api.example.com/getWalletImage/portico-demo")
  })
})
