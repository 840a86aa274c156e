/**
 * Where Portico offers the Mobile Wallet Adapter: Chrome on Android, the browser that hands a
 * `solana-wallet:` URI to the wallet app and lets the page reach its loopback socket. Not in an Android
 * WebView (`; wv)`), not in an app's in-app browser (they refuse custom schemes), not in other Android
 * browsers, and never on iOS or a desktop (the spec: no local association there).
 */
import * as InAppBrowser from "../InAppBrowser.ts"

const otherBrowsers = /\b(?:SamsungBrowser|EdgA|OPR|OPT|YaBrowser|UCBrowser|Firefox|DuckDuckGo|Brave|HeadlessChrome)\//

export const isAndroidChrome = (userAgent: string): boolean =>
  InAppBrowser.platformOf(userAgent) === "android" &&
  /\bChrome\/\d/.test(userAgent) &&
  !/; wv\)/.test(userAgent) &&
  !otherBrowsers.test(userAgent) &&
  InAppBrowser.detect(userAgent) === undefined
