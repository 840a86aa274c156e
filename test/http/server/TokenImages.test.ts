/**
 * Token and currency images come from the host's token list, served by the real API server: SVG files
 * as they are, raster images inside an SVG, data URLs too; a monogram only for ids without an image.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { monogram } from "../../../http/server/Monogram.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { loadTokenImages } from "../../../http/server/TokenImages.ts"
import { sandboxTokenImages } from "../../../sandbox/tokens/TokenImages.ts"

// A 1×1 PNG.
const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
const directory = mkdtempSync(join(tmpdir(), "portico-token-images-"))
const pngFile = join(directory, "wbtc.png")
writeFileSync(pngFile, Buffer.from(png, "base64"))

let server: ApiServer
beforeAll(async () => {
  server = await startApiServer({
    port: 0,
    tokenImages: { ...sandboxTokenImages, WBTC: pngFile, EURC: `data:image/png;base64,${png}` }
  })
})
afterAll(() => server.stop())

const image = async (path: string) => {
  const response = await fetch(`${server.url}${path}`)
  return { status: response.status, type: response.headers.get("content-type"), body: await response.text() }
}

describe("token images", () => {
  it("serves the token list's SVG for a token, whatever the case of its id", async () => {
    const usdc = await image("/public/getTokenImage/usdc")
    expect(usdc.status).toBe(200)
    expect(usdc.type).toContain("image/svg+xml")
    expect(usdc.body).toBe(readFileSync(sandboxTokenImages["USDC"] ?? "", "utf8"))
    expect(usdc.body).not.toBe(monogram("usdc"))
  })

  it("serves currency images from the same list", async () => {
    expect((await image("/public/getCurrencyImage/ETH")).body).toBe(readFileSync(sandboxTokenImages["ETH"] ?? "", "utf8"))
  })

  it("wraps a PNG file or data URL in an SVG at its own pixels", async () => {
    for (const id of ["WBTC", "EURC"]) {
      const { body } = await image(`/public/getTokenImage/${id}`)
      expect(body).toContain(`href="data:image/png;base64,${png}"`)
      expect(body.startsWith("<svg ")).toBe(true)
    }
  })

  it("falls back to the monogram only for ids without an image", async () => {
    expect((await image("/public/getTokenImage/LINK")).body).toBe(monogram("LINK"))
    expect((await image("/public/getTokenImage/bad%20id")).status).toBe(404)
  })

  it("refuses a token list naming a missing file or a non-image", () => {
    expect(() => loadTokenImages({ X: join(directory, "missing.svg") })).toThrow(/cannot read/)
    expect(() => loadTokenImages({ X: "data:text/html;base64,PGgxPg==" })).toThrow(/data URLs/)
    writeFileSync(join(directory, "x.txt"), "hello")
    expect(() => loadTokenImages({ X: join(directory, "x.txt") })).toThrow(/not an SVG/)
  })
})
