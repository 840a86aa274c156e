/**
 * Portico for any page, without React in the host's code (plain HTML, Vue, Svelte…): the same first
 * chunk holder as the React provider (app/Host.ts), the modal mounted on demand into its own root (it
 * stays React inside its shadow root), the visitor's state to read and subscribe to, and the EIP-1193
 * provider and Solana signer for the host's own code.
 *
 * @example
 * ```ts
 * import { createPortico, definePorticoElements } from "portico"
 *
 * const portico = createPortico({ projectId, networks, metadata, apiUrl })
 * definePorticoElements(portico)                // <portico-connect-button></portico-connect-button>
 * portico.subscribe((state) => console.log(state.address))
 * const client = createWalletClient({ transport: custom(portico.evmProvider) })
 * ```
 */
import { createElement } from "react"
import { createRoot, type Root } from "react-dom/client"
import * as Host from "../../app/Host.ts"
import * as HostProvider from "../../app/HostProvider.ts"
import * as Snapshot from "../../app/Snapshot.ts"
import type * as Caip from "../../core/Caip.ts"
import type * as Config from "../../core/Config.ts"
import type { Locale } from "../../core/Locale.ts"
import type * as ModalRoute from "../../core/ModalRoute.ts"
import type * as Session from "../../core/Session.ts"
import type { SignInSession } from "../../core/SignInSession.ts"
import { onLanguagesChange, visitorLocale } from "../../app/VisitorLocale.ts"

export interface PorticoState extends Snapshot.AccountView {
  readonly caipNetworkId: Caip.CaipNetworkId | undefined
  readonly modalOpen: boolean
  /** The active account's sign-in session, with `siwx` configured. */
  readonly signInSession: SignInSession | undefined
}

export interface Portico {
  readonly config: Config.NormalizedConfig
  /** Resolves once a session stored by an earlier visit is restored (at once when there is none). */
  readonly ready: Promise<void>
  /** Opens the modal (loading it on first use), on the view given or on the one the rules pick. */
  readonly open: (options?: { readonly view?: ModalRoute.HostView }) => Promise<void>
  readonly close: () => Promise<void>
  readonly getState: () => PorticoState
  /** Called after every change of the state; returns the unsubscribe function. */
  readonly subscribe: (listener: (state: PorticoState) => void) => () => void
  /** The visitor is about to open the modal (pointer over, focus, touch): get it ready. */
  readonly prepare: () => void
  /** Disconnects one namespace or every account. Rejects with `DisconnectFailedError` | `DisconnectChainsFailedError`. */
  readonly disconnect: (namespace?: Session.SessionNamespace) => Promise<void>
  /**
   * Asks the wallet to switch; resolves with the network it landed on (a wallet may stay or go elsewhere).
   * Rejects with `NetworkNotFoundError` or the wallet's `WalletError` / `ConnectorError`.
   */
  readonly switchNetwork: (caipNetworkId: Caip.CaipNetworkId) => Promise<Caip.CaipNetworkId>
  /** Asks the connected wallet for the sign-in signature now; resolves when it answered (the outcome in `signInSession`). */
  readonly signIn: () => Promise<void>
  /** Ends every sign-in session. Rejects with `SignInProviderError`. */
  readonly signOut: () => Promise<void>
  readonly evmProvider: HostProvider.Eip1193Provider
  readonly solanaSigner: HostProvider.SolanaSigner
  /** The visitor's locale now: the `locale` option if Portico speaks it, else the browser's first language it speaks, else English. */
  readonly getLocale: () => Locale
  /** Changes the `locale` option (`undefined`: follow the browser): the buttons and an open modal switch at once. */
  readonly setLocale: (locale: string | undefined) => void
  /** Unmounts the modal and disposes the engine. */
  readonly destroy: () => Promise<void>
}

const stateOf = (snapshot: Snapshot.Snapshot): PorticoState => {
  return {
    ...Snapshot.accountView(snapshot),
    caipNetworkId: snapshot.activeNetworkId,
    modalOpen: snapshot.modalOpen,
    signInSession: snapshot.signInSession
  }
}

/**
 * Portico for a page without React in its own code. Nothing is requested until the visitor acts.
 *
 * @example
 * ```ts
 * const portico = createPortico({ projectId, networks, metadata, apiUrl })
 * portico.subscribe((state) => console.log(state.address))
 * await portico.open()
 * ```
 */
export const createPortico = (config: Config.PorticoConfig): Portico => {
  let locale = config.locale
  const host = Host.make(
    config,
    async () => {
      const module = await import("../modal/Shell.tsx")
      await module.preloadMessages(visitorLocale(locale))
      return module
    },
    () => import("../modal/ModalRoot.tsx")
  )
  let root: Root | undefined
  let container: HTMLElement | undefined

  /** Renders what the host mounted (the dialog's shell and its stage) into a root of its own. */
  const render = () => {
    const mounted = host.mounted.get()
    if (mounted === undefined) return
    if (root === undefined) {
      container = document.createElement("portico-root")
      document.body.append(container)
      root = createRoot(container)
    }
    root.render(createElement(mounted.shell.default, { stage: mounted.stage, views: mounted.parts, locale: visitorLocale(locale) }))
  }
  const unfollowMounted = host.mounted.subscribe(render)

  let state = stateOf(host.snapshot.get())
  const listeners = new Set<(state: PorticoState) => void>()
  const unfollow = host.snapshot.subscribe(() => {
    state = stateOf(host.snapshot.get())
    listeners.forEach((listener) => listener(state))
  })
  /** The locale changed (the host's option or the browser's languages): the modal and every button follow. */
  const relabel = () => {
    render()
    listeners.forEach((listener) => listener(state))
  }
  const unfollowLanguages = onLanguagesChange(relabel)
  const ready = host.restore()

  return {
    config: host.config,
    ready,
    open: host.open,
    close: host.close,
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    // Mounted closed once prepared, the modal opens on the click in one render.
    prepare: host.prepare,
    disconnect: async (namespace) => (await host.loadEngine()).disconnect(namespace),
    switchNetwork: async (caipNetworkId) => (await host.loadEngine()).switchNetwork(caipNetworkId),
    signIn: async () => (await host.loadEngine()).retrySignIn(),
    signOut: async () => (await host.loadEngine()).signOut(),
    getLocale: () => visitorLocale(locale),
    setLocale: (next) => {
      locale = next
      relabel()
    },
    evmProvider: HostProvider.evmProvider(host.snapshot, host.loadEngine),
    solanaSigner: HostProvider.solanaSigner(host.snapshot, host.loadEngine),
    destroy: async () => {
      unfollow()
      unfollowMounted()
      unfollowLanguages()
      listeners.clear()
      root?.unmount()
      container?.remove()
      root = undefined
      await host.dispose()
    }
  }
}
