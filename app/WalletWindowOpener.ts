/**
 * Opening the embedded wallet's own window in the visitor's click (docs/embedded-wallet.md "The wallet's
 * window for a whole session"): the frame's page on the wallet's origin as a first-party popup, told the
 * page's origin (which it checks against its referrer and the project's allowed origins). Opened in the
 * click itself, so no popup blocker stops it; the embedded wallet's chunk then binds it (EmbeddedFramePort.ts).
 */
import { framePath } from "../core/embedded/FrameAddress.ts"
import type { FrameQuery } from "../core/embedded/FrameProtocol.ts"

export interface OpenedWindow {
  readonly popup: Window
  /** The wallet's origin: the only one its messages are taken from and posted to. */
  readonly origin: string
}

/** The window, or undefined when the browser blocked it. */
export const open = (apiUrl: string, query: FrameQuery): OpenedWindow | undefined => {
  const url = new URL(framePath, apiUrl)
  for (const [key, value] of Object.entries({ ...query, window: "popup", host: globalThis.location.origin })) url.searchParams.set(key, value)
  const popup = globalThis.open(url.toString(), "portico-wallet", "popup,width=460,height=720")
  return popup === null ? undefined : { popup, origin: url.origin }
}
