/**
 * The way out of an in-app browser (core/InAppBrowser.ts) for this page. Its table loads on touch devices
 * only: a desktop page never pays for it.
 */
import type * as InAppBrowser from "../core/InAppBrowser.ts"
import { isTouchFirst } from "./Device.ts"

export const escapeHere = async (): Promise<InAppBrowser.Escape | undefined> => {
  if (!isTouchFirst()) return undefined
  const InAppBrowser = await import("../core/InAppBrowser.ts")
  return InAppBrowser.escapeOf(globalThis.navigator?.userAgent ?? "", globalThis.location?.href ?? "")
}
