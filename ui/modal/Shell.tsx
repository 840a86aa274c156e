/**
 * The modal's dialog, whichever stage runs it (app/Stage.ts): a shadow root (host CSS cannot reach in)
 * styled by a constructed stylesheet, an ARIA dialog with a focus trap and Escape to close, and the view on
 * top of the router's stack. Connect is drawn here, for the lobby and the engine alike; the views past it
 * are the engine's (`views`), so when the engine takes the lobby's dialog over, this tree stays and only its
 * source changes: focus, what was typed and what was ticked stay where they were.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react"
import { createPortal } from "react-dom"
import type { Stage } from "../../app/Stage.ts"
import type * as ThemeOptions from "../../core/ThemeOptions.ts"
import * as Locale from "../../core/Locale.ts"
import type * as ModalRoute from "../../core/ModalRoute.ts"
import type { MessageKey } from "../i18n/en.ts"
import { loadMessages, translator } from "../i18n/Messages.ts"
import { useMessages } from "../i18n/useMessages.ts"
import { focusableSelector, focusFirst } from "./components/focusFirst.ts"
import { Connect } from "./Connect/Connect.tsx"
import { type EngineViews, StageContext, type StageContextValue, useStage, useStageState } from "./StageContext.ts"
import { styleSheet } from "./styles.ts"
import { useContentHeight } from "./useContentHeight.ts"

const titles: Partial<Record<ModalRoute.View, MessageKey>> = {
  Connect: "modalTitleConnect",
  Account: "modalTitleAccount",
  AllWallets: "modalTitleAllWallets",
  UnsupportedChain: "modalTitleUnsupportedChain",
  ConnectingWalletConnect: "modalTitleWalletConnect",
  ConnectingWalletConnectBasic: "modalTitleWalletConnect",
  Receive: "receive",
  Send: "send",
  Swap: "swap",
  Buy: "buy",
  Permissions: "permissions",
  EmailVerifyOtp: "modalTitleEmailCode",
  EmailVerifyDevice: "modalTitleDevice",
  ConnectingSocial: "modalTitleSocial",
  ConnectingFarcaster: "modalTitleFarcaster",
  ApproveTransaction: "panelApprove",
  EmbeddedWalletPanel: "modalTitleEmbedded",
  UpdateEmailWallet: "updateEmail",
  UpdateEmailPrimaryOtp: "modalTitleEmailCode",
  UpdateEmailSecondaryOtp: "modalTitleEmailCode",
  RegisterAccountName: "modalTitleRegisterName",
  RegisterAccountNameSuccess: "modalTitleRegisterName",
  SIWXSignMessage: "modalTitleSignIn",
  ConnectingSiwe: "modalTitleSignIn"
}

/** Renders children into a fresh shadow root attached to <body>. */
function ShadowPortal({ children }: { readonly children: ReactNode }) {
  const [{ host, container }] = useState(() => {
    const element = document.createElement("portico-modal")
    const shadow = element.attachShadow({ mode: "open" })
    shadow.adoptedStyleSheets = [styleSheet()]
    const root = document.createElement("div")
    shadow.append(root)
    return { host: element, container: root }
  })
  useLayoutEffect(() => {
    document.body.append(host)
    return () => host.remove()
  }, [host])
  return createPortal(children, container)
}

/** Host theme variables go in through CSSOM (allowed under a strict CSP, unlike style attributes). */
const applyTheme = (element: HTMLElement | null, variables: ThemeOptions.ThemeVariables) => {
  if (element === null) return
  if (variables.accent !== undefined) {
    element.style.setProperty("--portico-accent", variables.accent)
    element.style.setProperty("--portico-accent-fill", variables.accent)
  }
  if (variables.fontFamily !== undefined) element.style.setProperty("--portico-font", variables.fontFamily)
  if (variables.fontSizeMaster !== undefined) element.style.setProperty("--portico-font-size", variables.fontSizeMaster)
  if (variables.borderRadiusMaster !== undefined) element.style.setProperty("--portico-radius", variables.borderRadiusMaster)
  if (variables.zIndex !== undefined) element.style.setProperty("--portico-z", String(variables.zIndex))
}

/**
 * The visitor heads for a choice: the pointer moves over the dialog (browsers send no move for a dialog
 * appearing under a still pointer), a press, a touch, a key other than Escape. The lobby then brings the engine.
 */
const leaning = (stage: Stage) => ({
  onPointerMove: () => stage.lean(),
  onPointerDown: () => stage.lean(),
  onKeyDownCapture: (event: KeyboardEvent) => {
    if (event.key !== "Escape") stage.lean()
  }
})

function Dialog({ views }: { readonly views: EngineViews | undefined }) {
  const { stage, t, locale } = useStage()
  const state = useStageState()
  const dialog = useRef<HTMLDivElement>(null)
  const { route, open, primed } = state
  const view = route?.view
  const theme = stage.look.themeMode === "light" ? "light" : "dark"

  // Remember who opened the modal (read in a layout effect, before focus moves in) and give focus
  // back when it closes.
  useLayoutEffect(() => {
    if (!open) return
    const opener = document.activeElement
    return () => {
      if (opener instanceof HTMLElement) opener.focus()
    }
  }, [open])

  // Each view starts with focus on its first control, before the first paint. On the very first
  // open the shadow host is attached by the portal's layout effect, which runs after this one: then
  // focus moves on the next frame.
  useLayoutEffect(() => {
    if (!open || view === undefined) return
    const focusIn = () => {
      const element = dialog.current
      if (element === null) return
      // The view's first control; the header's for a view without any.
      const shown = element.querySelector<HTMLElement>(".view")
      focusFirst(shown !== null && shown.querySelector(focusableSelector) !== null ? shown : element, focusableSelector, element)
    }
    if (dialog.current?.isConnected === true) return focusIn()
    const frame = requestAnimationFrame(focusIn)
    return () => cancelAnimationFrame(frame)
  }, [view, open])

  useContentHeight(dialog, open || primed, view)

  // Escape closes even once focus fell out of the dialog to <body> (a view removed the focused control);
  // with focus anywhere else in the host's page, the key is the page's.
  useEffect(() => {
    if (!open) return
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape" || (document.activeElement !== null && document.activeElement !== document.body)) return
      void stage.close()
    }
    document.addEventListener("keydown", onKey)
    return () => document.removeEventListener("keydown", onKey)
  }, [open, stage])

  if (!(open || primed) || route === undefined) {
    // A toast raised while the modal is closed (the wallet refused a site's request without asking the
    // visitor) shows on its own at the top of the page, without a backdrop to block the page.
    return !state.toast || views === undefined
      ? null
      : (
        <div ref={(element) => applyTheme(element, stage.look.themeVariables)} className={`backdrop notice ${theme}`} lang={locale} dir={Locale.direction(locale)}>
          <div role="status" aria-live="polite"><views.Toast /></div>
        </div>
      )
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation()
      void stage.close()
      return
    }
    if (event.key !== "Tab" || dialog.current === null) return
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(focusableSelector)]
    const first = focusable[0]
    const last = focusable.at(-1)
    const active = (dialog.current.getRootNode() as ShadowRoot).activeElement
    if (first === undefined || last === undefined) return
    if (event.shiftKey && (active === first || !dialog.current.contains(active))) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && (active === last || !dialog.current.contains(active))) {
      event.preventDefault()
      first.focus()
    }
  }

  const titleKey = view === undefined ? undefined : titles[view]
  // Primed (drawn ahead of the click): hidden and inert, the same tree as open, so opening changes a class.
  return (
    <div
      ref={(element) => applyTheme(element, stage.look.themeVariables)}
      className={`backdrop ${theme}${open ? "" : " primed"}`}
      inert={!open}
      lang={locale}
      dir={Locale.direction(locale)}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) void stage.close()
      }}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="portico-title"
        className={`dialog${state.shaking ? " shake" : ""}`}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        {...leaning(stage)}
        data-view={view}
        data-stage={stage.kind}
      >
        <div className="header">
          {state.depth > 1
            ? <button type="button" className="icon-button" aria-label={t("back")} onClick={() => void stage.back()}><span className="flip">‹</span></button>
            : <span className="spacer" />}
          {/* ConnectingExternal is titled with the chosen wallet's name (text, never markup). */}
          <h2 id="portico-title">{state.walletName ?? (titleKey === undefined ? t("dialogLabel") : t(titleKey))}</h2>
          {state.closable
            ? <button type="button" className="icon-button" aria-label={t("close")} onClick={() => void stage.close()}>×</button>
            : <span className="spacer" />}
        </div>
        <div className="view" key={view}>
          <div className="view-body" data-body-of={view}>
            {view === "Connect" ? <Connect /> : views === undefined ? null : <views.Body route={route} />}
          </div>
        </div>
        {/* The live region is there from the start, so a toast the engine raises later is announced. */}
        <div role="status" aria-live="polite">{views === undefined ? null : <views.Toast />}</div>
      </div>
    </div>
  )
}

/**
 * Fetches the visitor's message table along with this module (the host's prefetch), so the first open
 * shows the modal in its language at once. Never rejects: without the table the modal falls back to English.
 */
export const preloadMessages = (locale: Locale.Locale): Promise<void> =>
  loadMessages(locale).then(() => undefined, () => undefined)

/**
 * Rendered by the host once the visitor showed intent: nothing here suspends. The visitor's locale
 * (app/VisitorLocale.ts) may change while it is open: the views follow.
 */
export default function Shell({ stage, views, locale }: {
  readonly stage: Stage
  readonly views: EngineViews | undefined
  readonly locale: Locale.Locale
}) {
  const shown = useMessages(locale)
  const value = useMemo<StageContextValue | undefined>(
    () => shown === undefined ? undefined : { stage, locale: shown.locale, t: translator(shown.locale, shown.messages) },
    [stage, shown]
  )
  if (value === undefined) return null
  return (
    <StageContext.Provider value={value}>
      <ShadowPortal>
        <Dialog views={views} />
      </ShadowPortal>
    </StageContext.Provider>
  )
}
