import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as InAppBrowser from "../../../core/InAppBrowser.ts"
import { isAndroidChrome } from "../../../core/mwa/AndroidChrome.ts"

const androidChrome = (version: number, device: string) =>
  `Mozilla/5.0 (Linux; Android 14; ${device}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Mobile Safari/537.36`
const webView = "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A.240305.019; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.105 Mobile Safari/537.36"

describe("Where the Mobile Wallet Adapter is offered", () => {
  it("Chrome on Android, any version and device", () => {
    fc.assert(
      fc.property(fc.integer({ min: 90, max: 160 }), fc.constantFrom("K", "Pixel 8", "SM-S918B", "moto g 5G"), (version, device) => {
        assert.isTrue(isAndroidChrome(androidChrome(version, device)))
      })
    )
  })

  it("never in an in-app browser, a WebView, another Android browser, iOS or a desktop", () => {
    const chrome = androidChrome(130, "K")
    for (const entry of InAppBrowser.table) {
      const marker = { instagram: "Instagram 327.0.2.20.103", messenger: "[FB_IAB/Orca-Android;FBAV/440.0.0.29.109;]", facebook: "[FB_IAB/FB4A;FBAV/447.0.0.35.110;]", x: "TwitterAndroid", tiktok: "BytedanceWebview/d8a21c6", line: "Line/13.20.1/IAB", wechat: "MicroMessenger/8.0.47.2560", telegram: "Telegram-Android/10.9.1" }[entry.id]
      assert.isFalse(isAndroidChrome(`${chrome} ${marker}`), entry.id)
    }
    assert.isFalse(isAndroidChrome(webView))
    assert.isFalse(isAndroidChrome(`${chrome.replace("Mobile Safari", "SamsungBrowser/25.0 Mobile Safari")}`))
    assert.isFalse(isAndroidChrome(`${chrome} EdgA/130.0.0.0`))
    assert.isFalse(isAndroidChrome(`${chrome} Firefox/130.0`))
    assert.isFalse(isAndroidChrome("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0.0.0 Mobile/15E148 Safari/604.1"))
    assert.isFalse(isAndroidChrome("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36"))
    assert.isFalse(isAndroidChrome("Mozilla/5.0 (Android 14; Mobile; rv:130.0) Gecko/130.0 Firefox/130.0"))
  })
})
