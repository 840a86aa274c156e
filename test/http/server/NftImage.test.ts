/** http/server/NftImage.ts: only inline JSON metadata is read, and only safe images are kept. */
import { describe, expect, it } from "vitest"
import * as NftImage from "../../../http/server/NftImage.ts"

const tokenUri = (metadata: unknown) => `data:application/json;base64,${Buffer.from(JSON.stringify(metadata)).toString("base64")}`
const svg = `data:image/svg+xml;base64,${Buffer.from("<svg xmlns=\"http://www.w3.org/2000/svg\"/>").toString("base64")}`

describe("NftImage", () => {
  it("keeps an inline SVG or PNG or an https: image of inline JSON metadata", () => {
    expect(NftImage.fromTokenUri(tokenUri({ name: "Cat #1", image: svg }))).toBe(svg)
    expect(NftImage.fromTokenUri(tokenUri({ image: "data:image/png;base64,iVBORw0KGgo=" }))).toBe("data:image/png;base64,iVBORw0KGgo=")
    expect(NftImage.fromTokenUri(tokenUri({ image: "https://img.example/1.png" }))).toBe("https://img.example/1.png")
  })

  it("drops other images, remote or malformed metadata, and oversized images", () => {
    for (const image of ["javascript:alert(1)", "http://img.example/1.png", "ipfs://cid", "data:text/html;base64,PGgxPg==", "data:image/gif;base64,R0lGOD"]) {
      expect(NftImage.fromTokenUri(tokenUri({ image }))).toBeUndefined()
    }
    expect(NftImage.fromTokenUri("https://meta.example/1.json")).toBeUndefined()
    expect(NftImage.fromTokenUri("ipfs://cid/1.json")).toBeUndefined()
    expect(NftImage.fromTokenUri("data:application/json;base64,!!!")).toBeUndefined()
    expect(NftImage.fromTokenUri(tokenUri({ image: 7 }))).toBeUndefined()
    expect(NftImage.fromTokenUri(tokenUri({ name: "no image" }))).toBeUndefined()
    expect(NftImage.fromTokenUri(tokenUri({ image: `https://img.example/${"a".repeat(NftImage.maxImageLength)}` }))).toBeUndefined()
  })
})
