/**
 * The modal, loaded on the first click: a shadow root (host CSS cannot reach in) styled by a
 * constructed stylesheet, an ARIA dialog with a focus trap and Escape to close, and the view on top
 * of the router's stack.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react"
import { createPortal } from "react-dom"
import * as Modal from "../../core/ModalRoute.ts"
import * as SignInState from "../../core/signin/SignInState.ts"
import type * as Theme from "../../core/Theme.ts"
import * as Locale from "../../core/Locale.ts"
import type { MessageKey } from "../i18n/en.ts"
import { loadMessages, translator } from "../i18n/Messages.ts"
import { useMessages } from "../i18n/useMessages.ts"
import type { Engine } from "../../app/Engine.ts"
import { Account } from "./Account/Account.tsx"
import { Toast } from "./components/Toast.tsx"
import { Connect } from "./Connect/Connect.tsx"
import { ConnectingExternal } from "./ConnectingExternal/ConnectingExternal.tsx"
import { focusableSelector, focusFirst } from "./components/focusFirst.ts"
import { FeatureView } from "./FeatureView.tsx"
import { ModalContext, type ModalContextValue, useEngineAtom, useModalContext } from "./ModalContext.ts"
import { styleSheet } from "./styles.ts"
import { useContentHeight } from "./useContentHeight.ts"

const titles: Partial<Record<Modal.View, MessageKey>> = {
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
const applyTheme = (element: HTMLElement | null, variables: Theme.ThemeVariables | undefined) => {
  if (element === null || variables === undefined) return
  if (variables.accent !== undefined) {
    element.style.setProperty("--portico-accent", variables.accent)
    element.style.setProperty("--portico-accent-fill", variables.accent)
  }
  if (variables.fontFamily !== undefined) element.style.setProperty("--portico-font", variables.fontFamily)
  if (variables.fontSizeMaster !== undefined) element.style.setProperty("--portico-font-size", variables.fontSizeMaster)
  if (variables.borderRadiusMaster !== undefined) element.style.setProperty("--portico-radius", variables.borderRadiusMaster)
  if (variables.zIndex !== undefined) element.style.setProperty("--portico-z", String(variables.zIndex))
}

function View({ route }: { readonly route: Modal.Route }) {
  switch (route.view) {
    case "Connect":
      return <Connect />
    case "AllWallets":
      return <FeatureView name="AllWallets" />
    case "ConnectingExternal":
      return <ConnectingExternal connectorId={route.data?.connectorId ?? ""} />
    case "ConnectingWalletConnect":
      return <FeatureView name="ConnectingWalletConnect" />
    case "ConnectingWalletConnectBasic":
      return <FeatureView name="ConnectingWalletConnectBasic" />
    case "UnsupportedChain":
      return <FeatureView name="UnsupportedChain" />
    case "Account":
      return <Account />
    case "Receive":
      return <FeatureView name="Receive" />
    case "Send":
      return <FeatureView name="Send" />
    case "Swap":
      return <FeatureView name="Swap" />
    case "Buy":
      return <FeatureView name="Buy" />
    case "Permissions":
      return <FeatureView name="Permissions" />
    case "EmailVerifyOtp":
    case "UpdateEmailPrimaryOtp":
    case "UpdateEmailSecondaryOtp":
      return <FeatureView name="EmailVerifyOtp" />
    case "EmailVerifyDevice":
      return <FeatureView name="EmailVerifyDevice" />
    case "ConnectingSocial":
      return <FeatureView name="ConnectingSocial" />
    case "ConnectingFarcaster":
      return <FeatureView name="ConnectingFarcaster" />
    case "ApproveTransaction":
    case "EmbeddedWalletPanel":
      return <FeatureView name="EmbeddedWalletPanel" />
    case "UpdateEmailWallet":
      return <FeatureView name="UpdateEmailWallet" />
    case "RegisterAccountName":
      return <FeatureView name="RegisterAccountName" />
    case "RegisterAccountNameSuccess":
      return <FeatureView name="RegisterAccountNameSuccess" />
    case "SIWXSignMessage":
    case "ConnectingSiwe":
      return <FeatureView name="SignIn" />
    default:
      // Nothing pushes the other views (hosts may open only Connect, Account and AllWallets): nothing to render.
      return null
  }
}

function Dialog() {
  const { engine, t, locale } = useModalContext()
  const state = useEngineAtom(engine.atoms.modal)
  const connectors = useEngineAtom(engine.atoms.connectors)
  const signIn = useEngineAtom(engine.atoms.signIn)
  const dialog = useRef<HTMLDivElement>(null)
  const route = state.history.at(-1)
  const view = route?.view

  // Remember who opened the modal (read in a layout effect, before focus moves in) and give focus
  // back when it closes.
  useLayoutEffect(() => {
    if (!state.open) return
    const opener = document.activeElement
    return () => {
      if (opener instanceof HTMLElement) opener.focus()
    }
  }, [state.open])

  // Each view starts with focus on its first control, before the first paint. On the very first
  // open the shadow host is attached by the portal's layout effect, which runs after this one: then
  // focus moves on the next frame.
  useLayoutEffect(() => {
    if (!state.open || view === undefined) return
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
  }, [view, state.open])

  useContentHeight(dialog, state.open, view)

  // Escape closes even once focus fell out of the dialog to <body> (a view removed the focused control);
  // with focus anywhere else in the host's page, the key is the page's.
  useEffect(() => {
    if (!state.open) return
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape" || (document.activeElement !== null && document.activeElement !== document.body)) return
      void engine.close()
    }
    document.addEventListener("keydown", onKey)
    return () => document.removeEventListener("keydown", onKey)
  }, [state.open, engine])

  if (!state.open || route === undefined) {
    // A toast raised while the modal is closed (the wallet refused a site's request without asking the
    // visitor) shows on its own at the top of the page, without a backdrop to block the page.
    return state.toast === undefined
      ? null
      : (
        <div
          ref={(element) => applyTheme(element, engine.config.themeVariables)}
          className={`backdrop notice ${engine.config.themeMode === "light" ? "light" : "dark"}`}
          lang={locale}
          dir={Locale.direction(locale)}
        >
          <Toast />
        </div>
      )
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation()
      void engine.close()
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

  // Spec §4: no way out of the sign and approve views but their own buttons while sign-in is pending.
  const closable = !(engine.signInRequired && SignInState.awaitsSession(signIn) && view !== undefined && Modal.signingViews.includes(view))
  const titleKey = view === undefined ? undefined : titles[view]
  // ConnectingExternal is titled with the chosen wallet's name (text, never markup).
  const walletName = view === "ConnectingExternal"
    ? connectors.clients.find((client) => client.connector.id === route.data?.connectorId)?.connector.name
    : undefined
  return (
    <div
      ref={(element) => applyTheme(element, engine.config.themeVariables)}
      className={`backdrop ${engine.config.themeMode === "light" ? "light" : "dark"}`}
      lang={locale}
      dir={Locale.direction(locale)}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) void engine.close()
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
        data-view={view}
      >
        <div className="header">
          {state.history.length > 1
            ? <button type="button" className="icon-button" aria-label={t("back")} onClick={() => void engine.back()}><span className="flip">‹</span></button>
            : <span className="spacer" />}
          <h2 id="portico-title">{walletName ?? (titleKey === undefined ? t("dialogLabel") : t(titleKey))}</h2>
          {closable
            ? <button type="button" className="icon-button" aria-label={t("close")} onClick={() => void engine.close()}>×</button>
            : <span className="spacer" />}
        </div>
        <div className="view" key={view}>
          <div className="view-body" data-body-of={view}>
            <View route={route} />
          </div>
        </div>
        <Toast />
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
 * Rendered by the provider once this module and the engine are both loaded: nothing here suspends. The
 * visitor's locale (app/VisitorLocale.ts) may change while it is open: the views follow.
 */
export default function ModalRoot({ engine, locale }: { readonly engine: Engine; readonly locale: Locale.Locale }) {
  const shown = useMessages(locale)
  const value = useMemo<ModalContextValue | undefined>(
    () => shown === undefined ? undefined : { engine, registry: engine.registry, locale: shown.locale, t: translator(shown.locale, shown.messages) },
    [engine, shown]
  )
  if (value === undefined) return null
  return (
    <ModalContext.Provider value={value}>
      <ShadowPortal>
        <Dialog />
      </ShadowPortal>
    </ModalContext.Provider>
  )
}
