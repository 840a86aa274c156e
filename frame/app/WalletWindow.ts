/**
 * The frame's page as the wallet's own window (docs/embedded-wallet.md "The wallet's window for a whole
 * session"): where the browser refuses a cross-site frame its storage, the visitor's click in the modal
 * opens `/embedded/frame?…&window=popup` as a first-party popup. It is the same app as the hidden frame
 * (FrameMain.ts), its host the page that opened it; its storage is first-party, so the vault works.
 *
 * What the visitor decides or types — codes, setup, recovery, approvals, export — is drawn here, each
 * panel the wallet's usual panel page in a frame of this window: a document of the wallet's origin inside
 * a top-level window of the wallet's origin, which the host's page cannot overlay, restyle or read. The
 * panel's own guard (Arming.ts) still asks the browser to prove it shown and the visitor steady; being
 * top-level is what lets that proof hold here, and the window is focused whenever a panel appears.
 */
import * as Effect from "effect/Effect"
import { panelPath } from "../../core/embedded/FrameAddress.ts"
import * as Locale from "../../core/Locale.ts"
import { el } from "./Dom.ts"
import type { FrameSettings } from "./FrameSettings.ts"
import type { PanelDisplay } from "./Panels.ts"
import { stringsFor } from "./PanelStrings.ts"
import * as TrustHeader from "./TrustHeader.ts"

/**
 * Draws the window in this document and answers where its panels go: while none is open, the strip
 * naming `site` and a line saying the wallet works here, in the modal's locale as the frame last heard it;
 * otherwise the newest panel (each panel names the site itself).
 */
export const display = (options: { readonly site: string; readonly projectId: string }) => (settings: FrameSettings["Service"]): PanelDisplay => {
  const { site, projectId } = options
  const header = el("header", { class: "trust", "aria-label": "Portico" })
  const line = el("p", { class: "muted", role: "status", "data-wallet-window-idle": "" })
  const idle = el("div", { class: "wallet-window-idle" }, header, line)
  const main = el("main", { class: "wallet-window" })
  document.body.append(idle, main)
  const panels = new Map<string, HTMLIFrameElement>()

  const speak = () => {
    const locale = Effect.runSync(settings.locale)
    void stringsFor(locale).then((strings) => {
      document.documentElement.lang = locale
      document.documentElement.dir = Locale.direction(locale)
      TrustHeader.render(header, strings, site)
      line.textContent = strings.windowIdle
    })
  }
  speak()

  const show = (panelId: string) => {
    const url = new URL(panelPath, location.origin)
    url.searchParams.set("projectId", projectId)
    url.searchParams.set("panelId", panelId)
    const frame = el("iframe", { src: url.toString(), title: "Portico", "data-embedded-panel": panelId })
    // The newest panel is the one to answer: the others wait behind it.
    for (const other of panels.values()) other.hidden = true
    panels.set(panelId, frame)
    idle.hidden = true
    main.append(frame)
    window.focus()
  }

  const remove = (panelId: string) => {
    panels.get(panelId)?.remove()
    panels.delete(panelId)
    const last = [...panels.values()].at(-1)
    if (last !== undefined) last.hidden = false
    else {
      idle.hidden = false
      speak()
    }
  }

  return { show, remove }
}
