import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as Constants from "../../core/Constants.ts"
import * as WalletDeepLink from "../../core/WalletDeepLink.ts"

const uri = "wc:abc@2?symKey=00&relay-protocol=irn&expiryTimestamp=1"
const encoded = encodeURIComponent(uri)

describe("WalletDeepLink", () => {
  it("prefers the wallet's universal link to its custom scheme when the registry gives both", () => {
    assert.strictEqual(
      WalletDeepLink.mobileLinkOf({ mobile_link: "metamask://", link_mode: "https://metamask.app.link/" }, uri),
      `https://metamask.app.link/wc?uri=${encoded}`
    )
    assert.strictEqual(WalletDeepLink.mobileLinkOf({ mobile_link: "metamask://", link_mode: null }, uri), `metamask://wc?uri=${encoded}`)
    assert.strictEqual(WalletDeepLink.mobileLinkOf({ mobile_link: null, link_mode: "https://w.example/app" }, uri), `https://w.example/app/wc?uri=${encoded}`)
    assert.isUndefined(WalletDeepLink.mobileLinkOf({ mobile_link: null, link_mode: null }, uri))
  })

  it("never takes a universal link that is not a web address, nor a link that could run script", () => {
    assert.strictEqual(WalletDeepLink.mobileLinkOf({ mobile_link: "trust://", link_mode: "javascript:alert(1)//" }, uri), `trust://wc?uri=${encoded}`)
    assert.isUndefined(WalletDeepLink.mobileLinkOf({ mobile_link: "javascript:alert(1)//", link_mode: "data:text/html,x" }, uri))
  })

  it("a universal link given with a scheme always wins, and the pairing URI travels whole", () => {
    fc.assert(fc.property(fc.webUrl(), fc.stringMatching(/^[a-z][a-z0-9]{1,10}$/), fc.string(), (universal, scheme, text) => {
      const link = WalletDeepLink.mobileLinkOf({ mobile_link: `${scheme}://`, link_mode: universal }, `wc:${text}`)
      return link !== undefined && link.startsWith(universal) && decodeURIComponent(link.slice(link.indexOf("wc?uri=") + 7)) === `wc:${text}`
    }), { numRuns: 40 })
  })

  it("opens in the tap only with a pairing made ahead that is still fresh (expired under 10 s left)", () => {
    const wallet = { mobile_link: "rainbow://", link_mode: null }
    const expiry = 1_000_000
    assert.isUndefined(WalletDeepLink.linkForTap(wallet, undefined, 0))
    assert.strictEqual(WalletDeepLink.linkForTap(wallet, { uri, expiry }, expiry - Constants.pairingExpiryThresholdMillis), `rainbow://wc?uri=${encoded}`)
    assert.isUndefined(WalletDeepLink.linkForTap(wallet, { uri, expiry }, expiry - Constants.pairingExpiryThresholdMillis + 1))
  })
})
