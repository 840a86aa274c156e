import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as WalletRedirect from "../../core/WalletRedirect.ts"

const metadata = { name: "Site", description: "", url: "https://site.example", icons: [] }

describe("WalletRedirect", () => {
  it("asks the wallet to return to the page the visitor connected on, without its fragment", () => {
    assert.deepStrictEqual(WalletRedirect.withRedirect(metadata, "https://site.example/swap?pair=eth#top").redirect, {
      universal: "https://site.example/swap?pair=eth"
    })
  })

  it("keeps the host's own links: its universal link wins over the page, its app scheme travels beside", () => {
    const host = { ...metadata, redirect: { native: "site://", universal: "https://site.example/app" } }
    assert.deepStrictEqual(WalletRedirect.withRedirect(host, "https://site.example/page").redirect, host.redirect)
    assert.deepStrictEqual(WalletRedirect.withRedirect({ ...metadata, redirect: { native: "site://" } }, "https://site.example/page").redirect, {
      native: "site://",
      universal: "https://site.example/page"
    })
  })

  it("names no page that is not a web page, or longer than the protocol's 2000 characters", () => {
    assert.isUndefined(WalletRedirect.withRedirect(metadata, "file:///tmp/index.html").redirect)
    assert.isUndefined(WalletRedirect.withRedirect(metadata, undefined).redirect)
    assert.isUndefined(WalletRedirect.withRedirect(metadata, `https://site.example/${"a".repeat(2000)}`).redirect)
    fc.assert(fc.property(fc.webUrl({ withFragments: true, withQueryParameters: true }), (url) => {
      const universal = WalletRedirect.withRedirect(metadata, url).redirect?.universal
      return universal === undefined ? url.split("#")[0]!.length > 2000 : !universal.includes("#") && url.startsWith(universal)
    }), { numRuns: 50 })
  })
})
