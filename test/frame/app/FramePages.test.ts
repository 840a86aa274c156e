/**
 * The frame's pages as Portico's API server serves them (http/server/embedded/FramePages.ts): each with
 * the strict policy whose frame-ancestors are the project's allowed origins (computed per request), no
 * sniffing, no referrer; an unknown project or a malformed query gets no page; the built assets are
 * served with a year's cache, and nothing else under their path.
 */
import * as fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { contentSecurityPolicy, frameAncestors } from "../../../http/server/embedded/FramePages.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { buildFrame, embeddedOptions, type FrameBuild } from "./support/FrameBuild.ts"

let build: FrameBuild
let api: ApiServer
const frameQuery = "chainId=eip155%3A31337&version=test&enableLogger=false"
const panelId = "0123456789abcdef0123456789abcdef"

beforeAll(async () => {
  build = await buildFrame()
  api = await startApiServer({
    port: 0,
    projects: {
      shop: { allowedOrigins: ["https://shop.example", "https://*.shop.example", "http://127.0.0.1:5173", "not an origin"] },
      open: { allowedOrigins: ["*"] },
      closed: { allowedOrigins: [] }
    },
    // The frame on loopback: the `*` project may stay.
    allowUnsafeLocalOrigins: true,
    embedded: embeddedOptions({ frameAssets: build.folder, smtpPort: 1, publicUrl: "http://127.0.0.1:1" })
  })
}, 120_000)
afterAll(async () => {
  await api?.stop()
  await build?.remove()
})

const policyOf = (response: Response) => response.headers.get("content-security-policy") ?? ""

describe("the frame and panel pages", () => {
  it("carry the strict policy framed by the project's allowed origins only", async () => {
    for (const path of [`/embedded/frame?projectId=shop&${frameQuery}`, `/embedded/panel?projectId=shop&panelId=${panelId}`]) {
      const response = await fetch(`${api.url}${path}`)
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8")
      const policy = policyOf(response)
      expect(policy).toContain("default-src 'none'")
      expect(policy).toContain("script-src 'self'")
      expect(policy).toContain("style-src 'self'")
      expect(policy).toContain("connect-src 'self'")
      expect(policy).toContain("img-src 'self' data:")
      // The wallet's window (the frame's page as a popup) frames the panel page: that page's own origin, and no other.
      expect(policy).toMatch(path.startsWith("/embedded/panel")
        ? /; frame-ancestors 'self' https:\/\/shop\.example https:\/\/\*\.shop\.example http:\/\/127\.0\.0\.1:5173$/
        : /; frame-src 'self'; frame-ancestors https:\/\/shop\.example https:\/\/\*\.shop\.example http:\/\/127\.0\.0\.1:5173$/)
      expect(response.headers.get("x-content-type-options")).toBe("nosniff")
      expect(response.headers.get("referrer-policy")).toBe("no-referrer")
      expect(response.headers.get("cache-control")).toBe("no-store")
      expect(await response.text()).toMatch(/<script type="module" crossorigin src="\/embedded\/assets\/[^"]+\.js"><\/script>/)
    }
  })

  it("follow each project's own allowlist, computed per request", async () => {
    const open = await fetch(`${api.url}/embedded/frame?projectId=open&${frameQuery}`)
    // `*` never reaches frame-ancestors: pages on this machine only, never any site.
    expect(policyOf(open)).toMatch(/frame-ancestors http:\/\/localhost:\* http:\/\/127\.0\.0\.1:\*$/)
    const closed = await fetch(`${api.url}/embedded/frame?projectId=closed&${frameQuery}`)
    expect(policyOf(closed)).toMatch(/frame-ancestors 'none'$/)
  })

  it("are not served for an unknown project or a malformed query", async () => {
    expect((await fetch(`${api.url}/embedded/frame?projectId=nobody&${frameQuery}`)).status).toBe(404)
    expect((await fetch(`${api.url}/embedded/panel?projectId=nobody&panelId=${panelId}`)).status).toBe(404)
    expect((await fetch(`${api.url}/embedded/frame?projectId=shop`)).status).toBe(400)
    expect((await fetch(`${api.url}/embedded/frame?projectId=shop&chainId=cosmos%3Ahub&version=test&enableLogger=false`)).status).toBe(400)
    expect((await fetch(`${api.url}/embedded/panel?projectId=shop&panelId=short`)).status).toBe(400)
  })

  it("serve the built assets with a year's cache, and nothing else under their path", async () => {
    const html = await (await fetch(`${api.url}/embedded/panel?projectId=shop&panelId=${panelId}`)).text()
    const assets = [...html.matchAll(/(?:src|href)="(\/embedded\/assets\/[^"]+)"/g)].map((match) => match[1] ?? "")
    expect(assets.some((path) => path.endsWith(".js"))).toBe(true)
    expect(assets.some((path) => path.endsWith(".css"))).toBe(true)
    for (const path of assets) {
      const response = await fetch(`${api.url}${path}`)
      expect(response.status).toBe(200)
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
      expect(response.headers.get("content-type")).toMatch(path.endsWith(".js") ? /^text\/javascript/ : /^text\/css/)
    }
    for (const path of ["/embedded/assets/../frame.html", "/embedded/assets/%2e%2e%2fframe.html", "/embedded/assets/missing.js", "/embedded/frame.html"]) {
      expect((await fetch(`${api.url}${path}`)).status, path).toBe(404)
    }
  })
})

describe("frameAncestors", () => {
  it("says each well-formed pattern as the host-source matching the same origins", () => {
    expect(frameAncestors(["https://a.example/", "https://a.example", "HTTPS://B.Example:8443", "https://*.c.example"])).toBe(
      "https://a.example https://b.example:8443 https://*.c.example"
    )
    expect(frameAncestors(["*", "https://a.example"])).toBe("http://localhost:* http://127.0.0.1:* https://a.example")
    expect(frameAncestors(["https://a.example/path", "ftp://a.example", "https://*", "http://[::1]:80"])).toBe("'none'")
  })

  it("attack: no allowlist, `*` or not, ever lets any site frame the wallet", () => {
    fc.assert(fc.property(fc.array(fc.oneof(fc.constant("*"), fc.constant("https://a.example"), fc.string({ maxLength: 30 })), { maxLength: 5 }), (origins) =>
      !frameAncestors(origins).split(" ").some((source) => source === "*" || source === "https:" || source === "http:")))
  })

  it("never lets an allowlist entry add a directive or a source of its own", () => {
    fc.assert(fc.property(fc.array(fc.string({ maxLength: 60 }), { maxLength: 5 }), (origins) => {
      for (const page of ["frame", "panel"] as const) {
        const policy = contentSecurityPolicy(origins, page)
        const directives = policy.split("; ")
        expect(directives).toHaveLength(page === "frame" ? 9 : 8)
        expect(directives.filter((directive) => directive.startsWith("frame-"))).toHaveLength(page === "frame" ? 2 : 1)
        const ancestors = directives.at(-1)?.slice("frame-ancestors ".length).split(" ") ?? []
      // A '*' entry stands for pages on this machine only (any port), never for '*' itself.
        for (const source of ancestors) {
          expect(source).toMatch(/^('none'|'self'|https?:\/\/(\*\.)?[a-z0-9.\-_]+(:\d+|:\*)?)$/)
        }
      }
    }), { examples: [[["*"]], [["https://a.example", "*"]]] })
  })
})
