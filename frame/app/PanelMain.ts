/**
 * The panel page's entry (`/embedded/panel?projectId&panelId`, shown inside the modal): it says to the
 * frame that it opened (and which page frames it), renders what the frame sends — the approval, the
 * setup, the recovery or the export — in the modal's locale and look, and answers the frame with the
 * visitor's decision or the outcome. A panel that goes away unanswered (the modal closed) rejects its
 * request, or closes its setup, recovery or export.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { PanelQuery } from "../../core/embedded/FrameProtocol.ts"
import * as Locale from "../../core/Locale.ts"
import * as ApprovePanel from "./ApprovePanel.ts"
import { el, show } from "./Dom.ts"
import * as ExportPanel from "./ExportPanel.ts"
import { channelName, decodeToPanel, type FromPanel, type PanelContent, type PanelSettings, type ToPanel } from "./PanelChannel.ts"
import * as PanelServices from "./PanelServices.ts"
import { en, type PanelStrings, stringsFor } from "./PanelStrings.ts"
import * as ParentOrigin from "./ParentOrigin.ts"
import * as RecoverPanel from "./RecoverPanel.ts"
import * as SetupPanel from "./SetupPanel.ts"

const applyLook = (settings: PanelSettings) => {
  const page = document.documentElement
  page.lang = settings.locale
  page.dir = Locale.direction(settings.locale)
  page.dataset["theme"] = settings.themeMode
  if (settings.accent !== undefined) {
    // The host's accent, for text and fills alike, as the modal uses it.
    page.style.setProperty("--accent", settings.accent)
    page.style.setProperty("--accent-fill", settings.accent)
  }
}

const start = (root: HTMLElement, query: PanelQuery, parentOrigin: string) => {
  const { panelId } = query
  const channel = new BroadcastChannel(channelName(panelId))
  // A BroadcastChannel reaches this origin's documents only: there is no target origin to name.
  // oxlint-disable-next-line unicorn/require-post-message-target-origin
  const send = (message: FromPanel) => channel.postMessage(message)
  let content: PanelContent | undefined
  let answered = false
  let runtime: PanelServices.PanelRuntime | undefined

  const answer = (message: FromPanel) => {
    if (answered) return
    answered = true
    send(message)
  }
  const finish = (outcome: "completed" | "closed") => answer({ type: "FINISHED", panelId, outcome })

  const present = (message: Extract<ToPanel, { readonly content: PanelContent }>, strings: PanelStrings) => {
    const services = () =>
      (runtime ??= PanelServices.make({
        origin: location.origin,
        projectId: query.projectId,
        version: message.settings.version,
        onExpired: () => show(root, strings.sessionExpired)
      }))
    switch (message.content.kind) {
      case "approve":
        return ApprovePanel.render(root, strings, message.content.view, (decision) => answer({ type: "DECIDED", panelId, decision }))
      case "setup":
        return SetupPanel.render(root, strings, message.content.userName, services(), finish)
      case "recover":
        return RecoverPanel.render(root, strings, services(), finish)
      case "export":
        return ExportPanel.render(root, strings, services(), finish)
    }
  }

  channel.addEventListener("message", (event: MessageEvent) => {
    const message = Option.getOrUndefined(decodeToPanel(event.data))
    if (message === undefined || message.panelId !== panelId) return
    if (message.type === "ENDED") {
      answered = true
      void stringsFor(Locale.negotiate([document.documentElement.lang])).then((strings) => show(root, strings.ended))
      return
    }
    // The first content counts: a panel shows one request, one setup, one recovery or one export.
    if (content !== undefined) return
    content = message.content
    applyLook(message.settings)
    // The locale's words may be a chunk away; a request that ended meanwhile stays ended.
    void stringsFor(message.settings.locale).then((strings) => {
      if (!answered) present(message, strings)
    })
  })

  window.addEventListener("pagehide", () => {
    if (content?.kind === "approve") answer({ type: "DECIDED", panelId, decision: "reject" })
    else finish("closed")
    if (runtime !== undefined) void ExportPanel.lock(runtime)
  })

  send({ type: "OPENED", panelId, parentOrigin })
}

const root = document.getElementById("panel")
const query = Schema.decodeUnknownOption(PanelQuery)(Object.fromEntries(new URLSearchParams(location.search)))
const parentOrigin = ParentOrigin.current()
if (root !== null && Option.isSome(query) && Option.isSome(parentOrigin)) {
  root.append(el("p", { class: "muted", role: "status" }, en.loading))
  start(root, query.value, parentOrigin.value)
}
