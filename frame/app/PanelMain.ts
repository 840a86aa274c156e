/**
 * The panel page's entry (`/embedded/panel?projectId&panelId`, shown inside the modal): it says to the
 * frame that it opened (and which page frames it), renders what the frame sends — the approval, a code to
 * type, the setup, the recovery, the export or the account type — in the modal's locale and look under the
 * strip naming the site and the visitor's sign, and answers the frame with the visitor's decision, choice
 * or the outcome. A panel that goes away unanswered (the modal closed) rejects its request, or closes its
 * other kinds.
 *
 * With `&window=popup` the same page is the wallet's own window the panel opened (PanelWindow.ts): it
 * shows what its opener sends and answers it, never the frame.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { PanelQuery } from "../../core/embedded/FrameProtocol.ts"
import * as Locale from "../../core/Locale.ts"
import * as AccountTypePanel from "./AccountTypePanel.ts"
import * as ApprovePanel from "./ApprovePanel.ts"
import { el, show } from "./Dom.ts"
import * as ExportPanel from "./ExportPanel.ts"
import * as OtpPanel from "./OtpPanel.ts"
import { channelName, decodeToPanel, type FromPanel, type PanelContent, type PanelSettings } from "./PanelChannel.ts"
import * as PanelServices from "./PanelServices.ts"
import { en, stringsFor, type PanelStrings } from "./PanelStrings.ts"
import * as PanelWindow from "./PanelWindow.ts"
import * as ParentOrigin from "./ParentOrigin.ts"
import * as RecoverPanel from "./RecoverPanel.ts"
import * as SetupPanel from "./SetupPanel.ts"
import * as TrustHeader from "./TrustHeader.ts"

/** The modal's look at once; its words (maybe a chunk away) and the strip naming the site once they arrive. */
const applyLook = (header: HTMLElement, settings: PanelSettings): Promise<PanelStrings> => {
  const page = document.documentElement
  page.lang = settings.locale
  page.dir = Locale.direction(settings.locale)
  page.dataset["theme"] = settings.themeMode
  if (settings.accent !== undefined) {
    // The host's accent, for text and fills alike, as the modal uses it.
    page.style.setProperty("--accent", settings.accent)
    page.style.setProperty("--accent-fill", settings.accent)
  }
  return stringsFor(settings.locale).then((strings) => {
    TrustHeader.render(header, strings, settings.site)
    return strings
  })
}

const showEnded = (root: HTMLElement) =>
  void stringsFor(Locale.negotiate([document.documentElement.lang])).then((strings) => show(root, strings.ended))

/** The panel inside the modal: the frame's side. */
const start = (root: HTMLElement, header: HTMLElement, query: PanelQuery, parentOrigin: string) => {
  const { panelId } = query
  const channel = new BroadcastChannel(channelName(panelId))
  // A BroadcastChannel reaches this origin's documents only: there is no target origin to name.
  // oxlint-disable-next-line unicorn/require-post-message-target-origin
  const send = (message: FromPanel) => channel.postMessage(message)
  let content: PanelContent | undefined
  let answered = false
  let runtime: PanelServices.PanelRuntime | undefined
  let windowLink: PanelWindow.Link<PanelWindow.ToWindow> | undefined

  const answer = (message: FromPanel) => {
    if (answered) return
    answered = true
    send(message)
  }
  const finish = (outcome: "completed" | "closed") => answer({ type: "FINISHED", panelId, outcome })
  const decide = (decision: "approve" | "reject") => answer({ type: "DECIDED", panelId, decision })
  const services = (strings: PanelStrings, settings: PanelSettings) =>
    (runtime ??= PanelServices.make({
      origin: location.origin,
      projectId: query.projectId,
      version: settings.version,
      onExpired: () => show(root, strings.sessionExpired)
    }))
  const finishExport = (outcome: "completed" | "closed") => {
    if (runtime === undefined) return finish(outcome)
    void ExportPanel.lock(runtime).then(() => finish(outcome))
  }

  /** Moves the decision to the wallet's window, from the visitor's click here. */
  const openWindow = (strings: PanelStrings, shown: PanelContent, settings: PanelSettings) => () => {
    windowLink?.close()
    const link = PanelWindow.open((message) => {
      switch (message.type) {
        case "READY":
          return link.pipe(Option.map((opened) => opened.post({ type: "CONTENT", content: shown, settings })))
        case "DECIDED":
          decide(message.decision)
          return show(root, strings.approve.fallbackTitle, el("p", { role: "status", class: "success" }, message.decision === "approve" ? strings.approve.approved : strings.approve.rejected))
        case "REVEAL":
          return void ExportPanel.reveal(services(strings, settings)).then((revealed) =>
            link.pipe(Option.map((opened) => opened.post(revealed._tag === "Keys" ? { type: "KEYS", keys: revealed.keys } : { type: "FAILED", reason: revealed.reason }))))
        case "FINISHED":
          // An approval's window closed undecided: the panel offers it again.
          if (shown.kind === "approve") return answered ? undefined : ApprovePanel.render(root, strings, settings.site, shown.view, decide, openWindow(strings, shown, settings))
          return finishExport(message.outcome)
      }
    })
    if (Option.isNone(link)) return show(root, strings.guard.openWindow, el("p", { role: "alert", class: "error" }, strings.guard.windowBlocked))
    windowLink = link.value
    show(root, strings.guard.openWindow, el("p", { role: "status" }, strings.guard.windowOpened))
  }

  const present = (shown: PanelContent, settings: PanelSettings, strings: PanelStrings) => {
    switch (shown.kind) {
      case "approve":
        return ApprovePanel.render(root, strings, settings.site, shown.view, decide, openWindow(strings, shown, settings))
      case "setup":
        return SetupPanel.render(root, strings, shown.userName, services(strings, settings), finish)
      case "recover":
        return RecoverPanel.render(root, strings, services(strings, settings), finish)
      case "export":
        return ExportPanel.render(root, strings, () => ExportPanel.reveal(services(strings, settings)), finishExport, openWindow(strings, shown, settings))
      case "accountType":
        return AccountTypePanel.render(root, strings, shown, (accountType) => answer({ type: "CHOSEN", panelId, accountType }), () => finish("closed"))
      case "otp":
      case "updateEmail":
        return OtpPanel.render(root, strings, shown, services(strings, settings), finish)
    }
  }

  channel.addEventListener("message", (event: MessageEvent) => {
    const message = Option.getOrUndefined(decodeToPanel(event.data))
    if (message === undefined || message.panelId !== panelId) return
    if (message.type === "ENDED") {
      answered = true
      windowLink?.post({ type: "ENDED" })
      return showEnded(root)
    }
    // The first content counts: a panel shows one request, one code, one setup, one recovery, one export or one choice.
    if (content !== undefined) return
    const shown = (content = message.content)
    const { settings } = message
    // A request that ended while its words were on their way stays ended.
    void applyLook(header, settings).then((strings) => {
      if (!answered) present(shown, settings, strings)
    })
  })

  window.addEventListener("pagehide", () => {
    if (content?.kind === "approve") decide("reject")
    else finish("closed")
    windowLink?.post({ type: "ENDED" })
    windowLink?.close()
    if (runtime !== undefined) void ExportPanel.lock(runtime)
  })

  send({ type: "OPENED", panelId, parentOrigin })
}

/** The wallet's own window: shows what the panel that opened it sends, and answers it. */
const startWindow = (root: HTMLElement, header: HTMLElement) => {
  let pendingKeys: ((revealed: ExportPanel.Revealed) => void) | undefined
  let shown = false
  const link = PanelWindow.connect((message) => {
    switch (message.type) {
      case "CONTENT": {
        if (shown || Option.isNone(link)) return
        shown = true
        const opener = link.value
        const { content } = message
        return void applyLook(header, message.settings).then((strings) => {
          if (content.kind === "approve") {
            return ApprovePanel.render(root, strings, message.settings.site, content.view, (decision) => {
              opener.post({ type: "DECIDED", decision })
              opener.close()
            }, undefined)
          }
          if (content.kind === "export") {
            return ExportPanel.render(root, strings, () =>
              new Promise<ExportPanel.Revealed>((resolve) => {
                pendingKeys = resolve
                opener.post({ type: "REVEAL" })
              }), (outcome) => {
              opener.post({ type: "FINISHED", outcome })
              opener.close()
            }, undefined)
          }
        })
      }
      case "KEYS":
        return pendingKeys?.({ _tag: "Keys", keys: message.keys })
      case "FAILED":
        return pendingKeys?.({ _tag: "Problem", reason: message.reason })
      case "ENDED":
        return showEnded(root)
    }
  })
  if (Option.isNone(link)) return show(root, en.ended)
  link.value.post({ type: "READY" })
  window.addEventListener("pagehide", () => link.value.post({ type: "FINISHED", outcome: "closed" }))
}

const root = document.getElementById("panel")
const header = document.getElementById("trust")
const query = Schema.decodeUnknownOption(PanelQuery)(Object.fromEntries(new URLSearchParams(location.search)))
if (root !== null && header !== null && Option.isSome(query)) {
  root.append(el("p", { class: "muted", role: "status" }, en.loading))
  if (query.value.window === "popup") startWindow(root, header)
  else {
    const parentOrigin = ParentOrigin.current()
    if (Option.isSome(parentOrigin)) start(root, header, query.value, parentOrigin.value)
  }
}
