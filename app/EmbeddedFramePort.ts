/**
 * The embedded wallet's frame in the page (spec §4 "Embedded wallet frame"): a hidden iframe on the API
 * server's origin, attached at the first request, with its messages bound both ways — out to its
 * `contentWindow` addressed to its origin only, in only when both the source window and the origin are
 * the frame's. Panels are the same origin's pages, shown inside the modal.
 */
import { framePath, panelPath, type FrameQuery } from "../core/embedded/FrameProtocol.ts"
import type { FramePort } from "../core/embedded/FrameChannel.ts"

export const attach = (apiUrl: string, query: FrameQuery): FramePort => {
  const frameUrl = new URL(framePath, apiUrl)
  for (const [key, value] of Object.entries(query)) frameUrl.searchParams.set(key, value)
  const origin = frameUrl.origin
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
  const listeners = new Set<(data: unknown) => void>()
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin || event.source === null || event.source !== iframe.contentWindow) return
    for (const listener of listeners) listener(event.data)
  }
  globalThis.addEventListener("message", onMessage)
  return {
    post: (message) => iframe.contentWindow?.postMessage(message, origin),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    panelUrl: (panelId) => {
      const url = new URL(panelPath, apiUrl)
      url.searchParams.set("panelId", panelId)
      url.searchParams.set("projectId", query.projectId)
      return url.toString()
    },
    detach: () => {
      globalThis.removeEventListener("message", onMessage)
      iframe.remove()
    }
  }
}
