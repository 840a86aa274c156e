/**
 * The embedded wallet's frame in the page (spec §4 "Embedded wallet frame"): a hidden iframe on the API
 * server's origin, attached at the first request, with its messages bound both ways — out to its
 * `contentWindow` addressed to its origin only, in only when both the source window and the origin are
 * the frame's. Panels are the same origin's pages, shown inside the modal.
 *
 * Where the browser refuses that iframe its storage, the same frame runs as the wallet's own window
 * (app/WalletWindowOpener.ts opens it in the visitor's click): the messages are bound to that popup the
 * same way, and the window draws its panels itself.
 */
import { framePath, panelPath } from "../core/embedded/FrameAddress.ts"
import type { FrameQuery } from "../core/embedded/FrameProtocol.ts"
import type { FramePort } from "../core/embedded/FrameChannel.ts"

/** How often the wallet's window is checked for having been closed (a closed popup raises no event here). */
const closedCheckMillis = 500

/** Messages bound to `target()` and `origin` both ways. */
const bind = (target: () => Window | null, origin: string) => {
  const listeners = new Set<(data: unknown) => void>()
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin || event.source === null || event.source !== target()) return
    for (const listener of listeners) listener(event.data)
  }
  globalThis.addEventListener("message", onMessage)
  return {
    post: (message: unknown) => target()?.postMessage(message, origin),
    subscribe: (listener: (data: unknown) => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stop: () => globalThis.removeEventListener("message", onMessage)
  }
}

export const attach = (apiUrl: string, query: FrameQuery): FramePort => {
  const frameUrl = new URL(framePath, apiUrl)
  for (const [key, value] of Object.entries(query)) frameUrl.searchParams.set(key, value)
  const iframe = document.createElement("iframe")
  iframe.src = frameUrl.toString()
  iframe.title = "Portico embedded wallet"
  iframe.tabIndex = -1
  // Its own origin's storage and scripts, but never navigating the host's page or opening windows.
  iframe.setAttribute("sandbox", "allow-scripts allow-same-origin")
  iframe.setAttribute("aria-hidden", "true")
  // CSSOM rather than a style attribute, which a strict CSP (no unsafe-inline) would refuse.
  for (const [property, value] of [["position", "fixed"], ["width", "0"], ["height", "0"], ["border", "0"], ["top", "0"], ["left", "0"], ["opacity", "0"], ["pointer-events", "none"]] as const) {
    iframe.style.setProperty(property, value)
  }
  document.body.append(iframe)
  const port = bind(() => iframe.contentWindow, frameUrl.origin)
  return {
    post: port.post,
    subscribe: port.subscribe,
    panelUrl: (panelId) => {
      const url = new URL(panelPath, apiUrl)
      url.searchParams.set("panelId", panelId)
      url.searchParams.set("projectId", query.projectId)
      return url.toString()
    },
    // An iframe goes only with the page.
    onClosed: () => undefined,
    detach: () => {
      port.stop()
      iframe.remove()
    }
  }
}

/** The wallet's own window, opened at `origin` by the visitor's click, as the frame's port. */
export const attachWindow = (popup: Window, origin: string): FramePort => {
  const port = bind(() => popup, origin)
  let timer: ReturnType<typeof setInterval> | undefined
  return {
    post: port.post,
    subscribe: port.subscribe,
    // The window draws its panels itself: the modal shows none.
    panelUrl: () => undefined,
    onClosed: (listener) => {
      timer = setInterval(() => {
        if (!popup.closed) return
        clearInterval(timer)
        listener()
      }, closedCheckMillis)
    },
    detach: () => {
      clearInterval(timer)
      port.stop()
      popup.close()
    }
  }
}
