/**
 * GET /public/getAssetImage/{id} against our server: our artwork for the networks Portico knows (and
 * their testnets) and their native assets, as an SVG that can run nothing, with a long cache; any other
 * id is a 404, so the modal draws its own monogram (an unverified token, named like a network or a
 * listed token, never gets an image it did not earn).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as NetworkImage from "../../../core/NetworkImage.ts"
import { solanaDevnet, solanaMainnet } from "../../../core/NetworkInput.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { imageCacheControl, imagePolicy } from "../../../http/server/ResponseHeaders.ts"

let server: ApiServer

beforeAll(async () => {
  server = await startApiServer({ port: 0, projects: { p: { allowedOrigins: ["*"] } } })
})
afterAll(() => server.stop())

const get = async (id: string) => {
  const response = await fetch(`${server.url}/public/getAssetImage/${encodeURIComponent(id)}`)
  return { status: response.status, headers: response.headers, body: await response.text() }
}

describe("asset images", () => {
  it.each([
    ["eip155-1", "Ethereum"],
    ["eip155-11155111", "Ethereum"],
    ["eip155-8453", "Base"],
    ["eip155-42161", "Arbitrum"],
    ["eip155-10", "Optimism"],
    ["eip155-137", "Polygon"],
    [NetworkImage.idOf(solanaMainnet.caipNetworkId), "Solana"],
    [NetworkImage.idOf(solanaDevnet.caipNetworkId), "Solana"],
    ["ETH", "Ethereum"],
    ["SOL", "Solana"],
    ["POL", "Polygon"]
  ])("%s is our %s artwork, an SVG that can run nothing and is cached long", async (id, label) => {
    const answer = await get(id)
    expect(answer.status).toBe(200)
    expect(answer.headers.get("content-type")).toMatch(/^image\/svg\+xml/)
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff")
    expect(answer.headers.get("content-security-policy")).toBe(imagePolicy)
    expect(answer.headers.get("cache-control")).toBe(imageCacheControl)
    expect(answer.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(answer.body).toContain(`aria-label="${label}"`)
    expect(answer.body).not.toMatch(/<script|<text|href=|on[a-z]+=/i)
  })

  it("draws a network as a badge and its native asset as a coin", async () => {
    expect((await get("eip155-1")).body).toContain("<rect width=\"96\" height=\"96\" rx=\"24\"")
    expect((await get("ETH")).body).toContain("<circle cx=\"48\" cy=\"48\" r=\"48\"")
  })

  it.each(["USDC", "eip155-31337", "unverified-token", "ethereum", "eth", "constructor"])("%s, which we do not draw, is a JSON 404", async (id) => {
    const answer = await get(id)
    expect(answer.status).toBe(404)
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/)
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff")
    expect(JSON.parse(answer.body)).toMatchObject({ _tag: "NotFound", message: `id: no asset image for ${id}` })
  })

  it("a network's image id is the host's own, else ours only for a network we draw", () => {
    const network = { ...solanaMainnet }
    expect(NetworkImage.imageIdOf(network)).toBe(NetworkImage.idOf(solanaMainnet.caipNetworkId))
    expect(NetworkImage.imageIdOf({ ...network, assets: { imageId: "eip155-1" } })).toBe("eip155-1")
    expect(NetworkImage.imageIdOf({ ...network, id: 31337, caipNetworkId: "eip155:31337", chainNamespace: "eip155" })).toBeUndefined()
  })
})
