/**
 * The URLs a browser builds itself come from the contracts' paths and reach the real routes: an image
 * endpoint answers its SVG, the chain RPC route answers JSON-RPC (an unknown project id is refused by its
 * guard, which proves the route and its query were read), under an API URL with a path prefix too.
 */
import * as fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Url from "../../../http/api/Url.ts"
import * as ServerUrls from "../../../http/client/ServerUrls.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"

let server: ApiServer
beforeAll(async () => {
  server = await startApiServer({ port: 0, projects: { "urls-test": { allowedOrigins: ["*"] } } })
})
afterAll(() => server.stop())

describe("ServerUrls", () => {
  it("reach the image and chain RPC routes the server serves", async () => {
    const urls = ServerUrls.make({ apiUrl: server.url, projectId: "urls-test" })
    const image = await fetch(urls.tokenImage("USDC"))
    expect(image.status).toBe(200)
    expect(image.headers.get("content-type")).toContain("image/svg+xml")
    // The registry route itself answers: this wallet id is not in it.
    expect(await (await fetch(urls.walletImage("some-id"))).json()).toEqual({ _tag: "NotFound", message: "id: no wallet some-id" })
    const rpc = await fetch(urls.chainRpc("eip155:424242"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] })
    })
    // Reached the JSON-RPC route: it answers in JSON-RPC, naming the network it does not serve.
    expect(await rpc.json()).toMatchObject({ jsonrpc: "2.0", error: { code: expect.any(Number) } })
  })

  it("keep an API URL's path prefix and encode every value", () => {
    const urls = ServerUrls.make({ apiUrl: "https://example.com/portico", projectId: "p 1" })
    expect(urls.walletImage("a/b?c")).toBe("https://example.com/portico/getWalletImage/a%2Fb%3Fc")
    expect(new URL(urls.chainRpc("solana:5eykt4")).searchParams.get("chainId")).toBe("solana:5eykt4")
    expect(new URL(urls.chainRpc("solana:5eykt4")).pathname).toBe("/portico/v1/")
  })

  it("fill puts back exactly the value given, whatever it holds", () => {
    fc.assert(fc.property(fc.string(), (value) => {
      const filled = Url.fill("/x/:id", { id: value })
      expect(decodeURIComponent(filled.slice("/x/".length))).toBe(value)
    }))
  })
})
