import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as InAppBrowser from "../../core/InAppBrowser.ts"

const iphone = (version: string) => `Mozilla/5.0 (iPhone; CPU iPhone OS ${version} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148`
const android = "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A.240305.019; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.105 Mobile Safari/537.36"

/** User agents as each app's web view sends them (their published or commonly logged forms). */
const samples: ReadonlyArray<readonly [id: string, userAgent: string]> = [
  ["instagram", `${iphone("17_4")} Instagram 327.0.2.20.103 (iPhone15,2; iOS 17_4; en_US; en; scale=3.00; 1179x2556; 583524541)`],
  ["instagram", `${android} Instagram 321.0.0.39.106 Android (34/14; 420dpi; 1080x2205; Google/google; Pixel 8; shiba; shiba; en_US; 580117000)`],
  ["facebook", `${iphone("16_6")} [FBAN/FBIOS;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/16.6;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]`],
  ["facebook", `${android} [FB_IAB/FB4A;FBAV/447.0.0.35.110;]`],
  ["messenger", `${android} [FB_IAB/Orca-Android;FBAV/440.0.0.29.109;]`],
  ["messenger", `${iphone("17_1")} [FBAN/MessengerForiOS;FBAV/450.0.0.41.109;FBBV/567029286;FBDV/iPhone15,3;FBMD/iPhone;FBSN/iOS;FBSV/17.1]`],
  ["x", `${android} TwitterAndroid`],
  ["x", `${iphone("17_2")} Twitter for iPhone/10.24`],
  ["tiktok", `${android} trill_2023204030 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/32.3.4 BytedanceWebview/d8a21c6`],
  ["tiktok", `${iphone("17_3")} musical_ly_32.3.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US`],
  ["line", `${iphone("17_0")} Safari Line/13.20.0`],
  ["line", `${android} Line/13.20.1/IAB`],
  ["wechat", `${android} XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2307 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/en ABI/arm64`],
  ["telegram", `${android} Telegram-Android/10.9.1 (Google Pixel 8; Android 14; SDK 34; HIGH)`]
]

/** Ordinary mobile browsers: Safari and Chrome on iOS, Chrome on Android, on any version and device. */
const ordinary = fc.oneof(
  fc.tuple(fc.integer({ min: 12, max: 26 }), fc.integer({ min: 0, max: 9 })).map(([major, minor]) =>
    `${iphone(`${major}_${minor}`)} Version/${major}.${minor} Mobile/15E148 Safari/604.1`),
  fc.tuple(fc.integer({ min: 12, max: 26 }), fc.integer({ min: 90, max: 160 })).map(([major, chrome]) =>
    `${iphone(`${major}_0`)} CriOS/${chrome}.0.6261.89 Mobile/15E148 Safari/604.1`),
  fc.tuple(
    fc.integer({ min: 8, max: 16 }),
    fc.constantFrom("Pixel 8", "SM-S918B", "SM-A546B", "M2101K6G", "CPH2449", "moto g power (2022)", "K"),
    fc.integer({ min: 90, max: 160 })
  ).map(([version, model, chrome]) => `Mozilla/5.0 (Linux; Android ${version}; ${model}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome}.0.0.0 Mobile Safari/537.36`)
)

describe("InAppBrowser", () => {
  it("recognises each app's web view by its user agent", () => {
    for (const [id, userAgent] of samples) assert.strictEqual(InAppBrowser.detect(userAgent)?.id, id, userAgent)
  })

  it("never takes an ordinary mobile Safari or Chrome for an in-app browser", () => {
    fc.assert(fc.property(ordinary, (userAgent) => InAppBrowser.detect(userAgent) === undefined && InAppBrowser.escapeOf(userAgent, "https://site.example/") === undefined))
  })

  it("on Android, hands the page to the default browser through an intent URL", () => {
    assert.deepStrictEqual(InAppBrowser.escapeOf(samples[1]![1], "https://site.example/swap?pair=eth#top"), {
      _tag: "Open",
      app: "Instagram",
      href: "intent://site.example/swap?pair=eth#Intent;scheme=https;action=android.intent.action.VIEW;end"
    })
  })

  it("on iOS 17 and later opens Safari with x-safari-https; before, and where the app refuses, offers the link to copy", () => {
    assert.deepStrictEqual(InAppBrowser.escapeOf(samples[0]![1], "https://site.example/a?b=1#c"), { _tag: "Open", app: "Instagram", href: "x-safari-https://site.example/a?b=1" })
    assert.deepStrictEqual(InAppBrowser.escapeOf(samples[2]![1], "https://site.example/a#c"), { _tag: "Copy", app: "Facebook", url: "https://site.example/a" })
    assert.deepStrictEqual(InAppBrowser.escapeOf(samples[12]![1], "https://site.example/"), { _tag: "Copy", app: "WeChat", url: "https://site.example/" })
  })

  it("opens LINE's pages outside with its documented openExternalBrowser parameter", () => {
    assert.deepStrictEqual(InAppBrowser.escapeOf(samples[10]![1], "https://site.example/a"), { _tag: "Open", app: "LINE", href: "https://site.example/a?openExternalBrowser=1" })
    assert.deepStrictEqual(InAppBrowser.escapeOf(samples[11]![1], "https://site.example/a?b=1#x"), { _tag: "Open", app: "LINE", href: "https://site.example/a?b=1&openExternalBrowser=1" })
  })

  it("offers nothing for a page that is not a web page", () => {
    assert.isUndefined(InAppBrowser.escapeOf(samples[0]![1], "file:///index.html"))
    assert.isUndefined(InAppBrowser.escapeOf(samples[0]![1], "not a url"))
  })
})
