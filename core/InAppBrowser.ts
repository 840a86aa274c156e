/**
 * In-app browsers: the web views that social and messaging apps open links in. Wallet apps cannot be
 * reached from them (custom schemes and universal links are refused or stay inside the app) and no wallet
 * extension runs there, so the Connect view offers the way out to the visitor's own browser instead of
 * wallet entries that cannot work. Each app is recognised by the marker it puts in its user agent, and
 * each has its own way out, per platform:
 *
 * - `intent` (Android): an `intent://` URL with the page's scheme, which Android hands to the default browser;
 * - `x-safari` (iOS 17 and later): `x-safari-https://…`, which opens the page in Safari;
 * - `query` (LINE, both platforms): its documented `openExternalBrowser=1` parameter on the page's URL;
 * - `copy`: where nothing opens the browser (WeChat, iOS before 17, Telegram on iOS): the page's link to copy,
 *   with instructions.
 */

export type Platform = "android" | "ios" | "other"

export type WayOut = "intent" | "x-safari" | "query" | "copy"

export interface InAppBrowser {
  readonly id: string
  /** The app's name, shown as text. */
  readonly name: string
  /** What its user agent carries, on either platform. */
  readonly marker: RegExp
  readonly android: WayOut
  readonly ios: WayOut
}

/** First match wins: Messenger before Facebook (its user agent carries both markers). */
export const table: ReadonlyArray<InAppBrowser> = [
  { id: "instagram", name: "Instagram", marker: /\bInstagram \d/, android: "intent", ios: "x-safari" },
  { id: "messenger", name: "Messenger", marker: /\bFBAN\/Messenger|\bFB_IAB\/Orca-Android|\bMessengerForiOS\b|\bMessengerLite/, android: "intent", ios: "x-safari" },
  { id: "facebook", name: "Facebook", marker: /\bFBAN\/|\bFBAV\/|\bFB_IAB\/|\bFB4A\b/, android: "intent", ios: "x-safari" },
  { id: "x", name: "X", marker: /\bTwitterAndroid\b|\bTwitter for iP(?:hone|ad)\b/, android: "intent", ios: "x-safari" },
  { id: "tiktok", name: "TikTok", marker: /\bmusical_ly|\bBytedanceWebview\/|\btrill_\d/, android: "intent", ios: "x-safari" },
  { id: "line", name: "LINE", marker: /\bLine\/\d/, android: "query", ios: "query" },
  { id: "wechat", name: "WeChat", marker: /\bMicroMessenger\//, android: "copy", ios: "copy" },
  { id: "telegram", name: "Telegram", marker: /\bTelegram-Android\/|\bTelegram-iOS\//, android: "intent", ios: "copy" }
]

/** The in-app browser a user agent names, if any. */
export const detect = (userAgent: string): InAppBrowser | undefined => table.find((entry) => entry.marker.test(userAgent))

export const platformOf = (userAgent: string): Platform =>
  /\bAndroid\b/.test(userAgent) ? "android" : /\b(?:iPhone|iPad|iPod)\b/.test(userAgent) ? "ios" : "other"

/** iOS's major version from `… OS 17_4 like Mac OS X`, if the user agent says it. */
const iosVersionOf = (userAgent: string): number | undefined => {
  const match = /\bOS (\d+)_\d/.exec(userAgent)
  return match?.[1] === undefined ? undefined : Number(match[1])
}

/** What the Connect view offers: a link that opens the page in the browser, or the page's link to copy. */
export type Escape =
  | { readonly _tag: "Open"; readonly app: string; readonly href: string }
  | { readonly _tag: "Copy"; readonly app: string; readonly url: string }

const linkOf = (way: WayOut, page: URL): string | undefined => {
  const scheme = page.protocol.slice(0, -1)
  const rest = `${page.host}${page.pathname}${page.search}`
  switch (way) {
    case "intent":
      return `intent://${rest}#Intent;scheme=${scheme};action=android.intent.action.VIEW;end`
    case "x-safari":
      return `x-safari-${scheme}://${rest}`
    case "query":
      return `${page.origin}${page.pathname}${page.search === "" ? "?" : `${page.search}&`}openExternalBrowser=1`
    case "copy":
      return undefined
  }
}

const webPage = (url: string): URL | undefined => {
  try {
    const page = new URL(url)
    return page.protocol === "https:" || page.protocol === "http:" ? page : undefined
  } catch {
    return undefined
  }
}

/** The way out of the in-app browser the user agent names, for the page at `pageUrl`; none in an ordinary browser. */
export const escapeOf = (userAgent: string, pageUrl: string): Escape | undefined => {
  const browser = detect(userAgent)
  const page = browser === undefined ? undefined : webPage(pageUrl)
  if (browser === undefined || page === undefined) return undefined
  const platform = platformOf(userAgent)
  const chosen = platform === "android" ? browser.android : platform === "ios" ? browser.ios : "copy"
  // Safari opens x-safari-https links from iOS 17 on; before, only copying works.
  const way = chosen === "x-safari" && (iosVersionOf(userAgent) ?? 0) < 17 ? "copy" : chosen
  const href = linkOf(way, page)
  return href === undefined
    ? { _tag: "Copy", app: browser.name, url: `${page.origin}${page.pathname}${page.search}` }
    : { _tag: "Open", app: browser.name, href }
}
