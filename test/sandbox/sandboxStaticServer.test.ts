/**
 * The static server behind both sandbox origins: files, the page for client-side routes, the configuration
 * only once the sandbox is ready, the strict CSP on demand, and nothing outside the page's folder.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises"
import { request } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SandboxConfig } from "../../sandbox/SandboxConfig.ts"
import { startStaticServer, strictCsp, type StaticServer } from "../../sandbox/web/StaticServer.ts"

const config: SandboxConfig = {
  projectId: "portico-sandbox",
  relayUrl: "ws://127.0.0.1:1",
  apiUrl: "http://127.0.0.1:2",
  siteUrl: "http://127.0.0.1:3",
  walletConnectWalletUrl: "http://127.0.0.1:4",
  evm: { chains: [{ chainId: 31337, name: "Portico Local", rpcUrl: "http://127.0.0.1:5" }], accounts: [] },
  solana: { cluster: { rpcUrl: "http://127.0.0.1:6", wsUrl: "ws://127.0.0.1:6", genesisHash: "g", caipNetworkId: "solana:g" }, mints: {}, accounts: [] }
}

// fetch() normalises "/../" away; a raw request sends the path as written, as an attacker would.
const rawGet = (url: string, path: string): Promise<{ readonly status: number; readonly body: string }> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url)
    request({ host: hostname, port, path, method: "GET" }, (response) => {
      let body = ""
      response.setEncoding("utf8")
      response.on("data", (chunk: string) => { body += chunk })
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }))
    }).on("error", reject).end()
  })

describe("the sandbox static server", () => {
  let folder: string
  let ready: SandboxConfig | undefined
  let plain: StaticServer
  let strict: StaticServer

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "portico-static-"))
    const root = join(folder, "page")
    await mkdir(join(root, "assets"), { recursive: true })
    await writeFile(join(root, "index.html"), "<!doctype html><div id=root></div>")
    await writeFile(join(root, "assets", "app.js"), "console.log(1)")
    await writeFile(join(folder, "secret.txt"), "outside the page")
    ;[plain, strict] = await Promise.all([
      startStaticServer({ host: "127.0.0.1", port: 0, root, config: () => ready }),
      startStaticServer({ host: "127.0.0.1", port: 0, root, csp: strictCsp, config: () => ready })
    ])
  })
  afterAll(async () => {
    await Promise.allSettled([plain?.stop(), strict?.stop()])
    await rm(folder, { recursive: true, force: true })
  })

  it("serves files with their type, and the page for paths without a file", async () => {
    const script = await fetch(`${plain.url}/assets/app.js`)
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8")
    expect(await script.text()).toBe("console.log(1)")
    expect(await (await fetch(`${plain.url}/account/tokens`)).text()).toContain("<div id=root>")
    expect((await fetch(`${plain.url}/assets/missing.js`)).status).toBe(404)
  })

  it("answers the configuration with 503 until the sandbox is ready, then with the JSON", async () => {
    expect((await fetch(`${plain.url}/sandbox-config.json`)).status).toBe(503)
    ready = config
    expect(await (await fetch(`${plain.url}/sandbox-config.json`)).json()).toEqual(config)
  })

  it("sends the strict Content-Security-Policy only when asked", async () => {
    expect((await fetch(plain.url)).headers.get("content-security-policy")).toBeNull()
    const policy = (await fetch(strict.url)).headers.get("content-security-policy")
    expect(policy).toBe(strictCsp)
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/)
    expect(policy).toContain("script-src 'self'")
  })

  it("answers fixed JSON paths and sends the policy it is given (the test host pages' server)", async () => {
    const policy = "default-src 'self'; img-src https:"
    const fixture = await startStaticServer({
      host: "127.0.0.1",
      port: 0,
      root: join(folder, "page"),
      csp: policy,
      json: { "/sandbox-config.json": { fixed: true } }
    })
    try {
      const answer = await fetch(`${fixture.url}/sandbox-config.json`)
      expect(answer.headers.get("content-security-policy")).toBe(policy)
      expect(answer.headers.get("cache-control")).toBe("no-store")
      expect(await answer.json()).toEqual({ fixed: true })
      expect(await (await fetch(fixture.url)).text()).toContain("<div id=root>")
    } finally {
      await fixture.stop()
    }
  })

  it("never serves a file outside the page's folder", async () => {
    // Dot segments are resolved inside the page (then 404); an encoded slash that escapes it is refused (403).
    expect(await rawGet(plain.url, "/../secret.txt")).toEqual({ status: 404, body: "Not found" })
    expect(await rawGet(plain.url, "/%2e%2e/secret.txt")).toEqual({ status: 404, body: "Not found" })
    expect(await rawGet(plain.url, "/assets/..%2f..%2fsecret.txt")).toEqual({ status: 403, body: "Forbidden" })
    expect(await rawGet(plain.url, "/..%2fsecret.txt")).toEqual({ status: 403, body: "Forbidden" })
    // A malformed escape is a bad request, and the server keeps serving.
    expect(await rawGet(plain.url, "/%E0%A4%A")).toEqual({ status: 400, body: "Bad request" })
    expect((await fetch(plain.url)).status).toBe(200)
  })
})
