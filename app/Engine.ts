/**
 * The composition root: the browser's real services (localStorage, the page's wallets, WalletConnect,
 * our server over fetch, analytics) wired into core's features, exposed to React as atoms (state)
 * and actions (what a click does). Assembly only: every rule lives in a `core/features/` module.
 * Loaded by dynamic import on the first click (or to restore a stored session), so none of this is in
 * the host's first chunk.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type * as AsyncResult from "effect/reactivity/AsyncResult"
import * as Atom from "effect/reactivity/Atom"
import * as AtomRegistry from "effect/reactivity/AtomRegistry"
import type * as Alert from "../core/Alert.ts"
import * as Analytics from "../core/Analytics.ts"
import * as Backend from "../core/Backend.ts"
import type * as Caip from "../core/Caip.ts"
import * as Config from "../core/Config.ts"
import * as Connection from "../core/Connection.ts"
import type * as ConnectionState from "../core/ConnectionState.ts"
import * as Connector from "../core/Connector.ts"
import * as Constants from "../core/Constants.ts"
import * as Connectors from "../core/connectors/Connectors.ts"
import * as Eip6963 from "../core/connectors/Eip6963.ts"
import * as Embedded from "../core/connectors/Embedded.ts"
import type { EmbeddedFrame } from "../core/embedded/FrameChannel.ts"
import * as Login from "../core/embedded/Login.ts"
import * as WalletConnect from "../core/connectors/WalletConnect.ts"
import * as WalletStandard from "../core/connectors/WalletStandard.ts"
import * as AccountData from "../core/features/AccountData.ts"
import * as Activity from "../core/features/Activity.ts"
import * as ConnectAttempt from "../core/features/ConnectAttempt.ts"
import { Disconnecting } from "../core/features/Disconnecting.ts"
import * as Features from "../core/features/Features.ts"
import * as Names from "../core/features/Names.ts"
import { Sending } from "../core/features/Sending.ts"
import type { Buying } from "../core/features/Buying.ts"
import type { EmbeddedLogin } from "../core/features/EmbeddedLogin.ts"
import type { SocialProvider } from "../core/SocialProvider.ts"
import type { Swapping } from "../core/features/Swapping.ts"
import * as Buy from "../core/onramp/Buy.ts"
import * as Swap from "../core/swap/Swap.ts"
import { Navigation, type OpenOptions } from "../core/features/Navigation.ts"
import { NetworkSwitch } from "../core/features/NetworkSwitch.ts"
import * as WalletList from "../core/features/WalletList.ts"
import { WalletRequests } from "../core/features/WalletRequests.ts"
import { HostConfig } from "../core/HostConfig.ts"
import * as Modal from "../core/Modal.ts"
import type { NameSuggestions } from "../core/Name.ts"
import * as Networks from "../core/Networks.ts"
import type * as Send from "../core/Send.ts"
import * as Session from "../core/Session.ts"
import * as SignInConfig from "../core/signin/SignInConfig.ts"
import * as SignInState from "../core/signin/SignInState.ts"
import * as Storage from "../core/Storage.ts"
import type * as TokenBalance from "../core/TokenBalance.ts"
import type * as WalletListEntry from "../core/WalletListEntry.ts"
import * as AnalyticsClient from "../http/client/AnalyticsClient.ts"
import * as BackendClient from "../http/client/Backend.ts"
import type * as Snapshot from "./Snapshot.ts"
import * as BrowserStorage from "./BrowserStorage.ts"
import { isMobile } from "./Device.ts"
import type { EmbeddedParts } from "./EmbeddedEngine.ts"
import { clearSocialRedirect, returnedFromSocialLogin } from "./SocialRedirect.ts"
import { timeZone } from "./TimeZone.ts"
import { visitorLocale } from "./VisitorLocale.ts"
import { openWalletLink } from "./WalletLink.ts"

export interface Engine {
  readonly config: Config.ResolvedConfig
  /** The visitor's timezone, which hides the onramp in some regions (spec §9). */
  readonly timeZone: string | undefined
  /** The registry holding every atom below (created with the engine, in the modal's chunk). */
  readonly registry: AtomRegistry.AtomRegistry
  readonly atoms: {
    readonly modal: Atom.Atom<Modal.ModalState>
    readonly connection: Atom.Atom<ConnectionState.ConnectionState>
    readonly connectors: Atom.Atom<Connectors.ConnectorsState>
    readonly recentWallets: Atom.Atom<ReadonlyArray<WalletListEntry.WalletListEntry>>
    readonly networks: Atom.Atom<Networks.NetworksState>
    readonly session: Atom.Atom<Session.SessionState>
    /** Where the host and the views are: the active account's network, else the preference (core/Networks). */
    readonly activeNetworkId: Atom.Atom<Caip.CaipNetworkId | undefined>
    readonly attempt: Atom.Atom<ConnectAttempt.Attempt>
    readonly balances: ReturnType<typeof AccountData.atoms>["balances"]
    readonly identity: ReturnType<typeof AccountData.atoms>["identity"]
    readonly transactions: ReturnType<typeof Activity.atoms>["transactions"]
    readonly wallets: ReturnType<typeof WalletList.atoms>["page"]
    readonly registration: Atom.Atom<Names.Registration>
    readonly sendForm: Atom.Atom<Send.SendState>
    readonly swapForm: Atom.Atom<Swap.SwapState>
    readonly buyForm: Atom.Atom<Buy.BuyState>
    /** The email or social login into the embedded wallet. */
    readonly login: Atom.Atom<Login.LoginState>
    readonly pending: ReturnType<typeof Activity.atoms>["pending"]
    /** Where the visitor stands with sign-in (checking, signing, signed in…). */
    readonly signIn: Atom.Atom<SignInState.SignInStatus>
    /** Suggestions for a name label (kept while the view shows them). */
    readonly nameSuggestions: (label: string) => Atom.Atom<AsyncResult.AsyncResult<NameSuggestions, Names.SuggestionsFailure>>
  }
  /** The zone names are registered in. */
  readonly nameZone: string
  /** Sign-in is required: without a session the visitor may not stay connected. */
  readonly signInRequired: boolean
  /** Asks the wallet again for the sign-in signature. Never rejects: the outcome is in `atoms.signIn`. */
  readonly retrySignIn: () => Promise<void>
  /** Cancels sign-in: disconnects when it is required, otherwise closes. Never rejects. */
  readonly cancelSignIn: () => Promise<void>
  /** Ends every sign-in session. Rejects with `SignInProviderError` when the provider could not be told. */
  readonly signOut: () => Promise<void>
  /**
   * Opens on the host's view, or on the one the router's rules pick; what failed while the server was
   * away (registry pages, profiles) is asked again. Never rejects.
   */
  readonly open: (options?: OpenOptions) => Promise<void>
  /** Closes (leaving a connecting view abandons its attempt). Never rejects. */
  readonly close: (options?: { readonly forced?: boolean }) => Promise<void>
  readonly back: () => Promise<void>
  readonly push: (route: Modal.Route) => Promise<void>
  readonly goBackTo: (view: Modal.View) => Promise<void>
  /**
   * Shows the connecting view for what the visitor picked and connects; resolves when the attempt
   * ends. Never rejects: a failure is in `atoms.attempt` (and shakes the modal).
   */
  readonly choose: (choice: ConnectAttempt.Choice) => Promise<void>
  /** Takes the visitor to a wallet's app or web page (a deep link carrying the pairing URI). */
  readonly openWalletLink: (href: string) => void
  /** Connects again through the connector of the current view ("Try again"). Never rejects. */
  readonly connect: (connectorId: string) => Promise<void>
  /** Registers a name for the active account (spec §4's steps); the outcome is in `atoms.registration`. Never rejects. */
  readonly registerName: (label: string) => Promise<void>
  readonly setSendToken: (token: TokenBalance.TokenBalance) => Promise<void>
  readonly setSendAmount: (amount: string) => Promise<void>
  /** Sets the receiver; a name resolves to its address. Rejects with `NameResolutionError`. */
  readonly setSendReceiver: (text: string) => Promise<void>
  /** The network fee of the send as the form stands (smallest unit). Rejects with a `SendFailure` (the form's rules first). */
  readonly estimateSendFee: () => Promise<bigint>
  /**
   * Sends as the form stands (spec §4): resolves with the transaction hash or signature once the wallet
   * sent it. Rejects with a `SendFailure` (the form's rules, the wallet's refusal…); the form is kept.
   */
  readonly send: () => Promise<string>
  /** Loads the active EVM network's swappable tokens into the swap form (never rejects: problems are in the form). */
  readonly openSwap: () => Promise<void>
  readonly setSwapFrom: (address: string) => Promise<void>
  readonly setSwapTo: (address: string) => Promise<void>
  readonly setSwapAmount: (amount: string) => Promise<void>
  readonly setSwapSlippage: (percent: string) => Promise<void>
  readonly flipSwap: () => Promise<void>
  /** Quotes the form again (the view does while it is open). Never rejects. */
  readonly requoteSwap: () => Promise<void>
  /**
   * Approves exactly the amount when the router may not spend enough, then swaps, each mined before the
   * next; resolves with the swap's hash and returns to Account. Rejects with a `SwapFailure`.
   */
  readonly swap: () => Promise<string>
  /** Loads the onramp options (the built-in ones when the call fails) into the buy form. Never rejects. */
  readonly openBuy: () => Promise<void>
  readonly setBuyCurrency: (id: string) => Promise<void>
  readonly setBuyAmount: (amount: string) => Promise<void>
  readonly setBuyPayment: (currency: string, method: string) => Promise<void>
  readonly chooseBuyProvider: (id: string) => Promise<void>
  /** Every provider's quote again (the view does while it is open). Never rejects. */
  readonly requoteBuy: () => Promise<void>
  /** The chosen provider's signed checkout URL; the purchase is followed from now on. Rejects with a `BuyFailure`. */
  readonly checkoutBuy: () => Promise<string>
  /** Asks once whether the purchase's tokens arrived. Rejects with a `BuyFailure`. */
  readonly checkPurchase: () => Promise<Buy.PurchaseStatus | undefined>
  readonly forgetPurchase: () => Promise<void>
  /**
   * Email login (spec §4): sends the address (at most once per 30 s) and shows the step the frame answers.
   * Rejects with a `LoginFailure` (invalid email, the cooldown, the frame's own failures).
   */
  readonly connectEmail: (email: string) => Promise<void>
  readonly resendEmailCode: () => Promise<void>
  readonly verifyEmailOtp: (otp: string) => Promise<void>
  /** A social login's authorization URL, to open in the popup the view opened (or the page, `redirect`). */
  readonly connectSocial: (provider: SocialProvider, mode: "popup" | "redirect") => Promise<string>
  /** Email update: a code to the current address, then one to the new address. Rejects with a `LoginFailure`. */
  readonly updateEmail: (email: string) => Promise<void>
  readonly verifyUpdateEmailOtp: (otp: string) => Promise<void>
  /** Shows the frame's key export panel. */
  readonly exportEmbeddedKeys: () => Promise<void>
  /** The embedded wallet's signed-in visitor (email, social account), for the Account view. */
  readonly embeddedUser: () => Promise<{ readonly email?: string; readonly socialProvider?: string; readonly userName?: string }>
  readonly cancelLogin: () => Promise<void>
  /** Reads the account's first page of history again (while sends are pending). */
  readonly refreshTransactions: (account: Session.SessionAccount) => Promise<void>
  /** Fetches again the wallet list pages whose fetch failed ("Try again"). */
  readonly retryWalletList: () => void
  readonly cancelConnect: () => Promise<void>
  /**
   * Disconnects one namespace, or every account.
   * Rejects with `DisconnectFailedError` | `DisconnectChainsFailedError` (also shown as a toast).
   */
  readonly disconnect: (namespace?: Session.SessionNamespace) => Promise<void>
  /**
   * Switches to a configured network through the connected wallet.
   * Rejects with `NetworkNotFoundError` or the wallet's `WalletError` / `ConnectorError` (also shown).
   */
  readonly switchNetwork: (caipNetworkId: Caip.CaipNetworkId) => Promise<Caip.CaipNetworkId>
  readonly setActiveNamespace: (namespace: Session.SessionNamespace) => Promise<void>
  readonly showToast: (toast: Modal.Toast) => Promise<void>
  /** Re-attaches a session stored by an earlier visit, without prompting. Never rejects. */
  readonly restore: () => Promise<void>
  /** Loads the account's balances once, or again with `refresh`; failures land in the state (and a toast). */
  readonly loadBalances: (account: Session.SessionAccount, options?: { readonly refresh?: boolean }) => Promise<void>
  /** Loads the account's whole history (up to the NFTs tab's page limit). Failures land in the list. */
  readonly loadAllTransactions: (account: Session.SessionAccount) => Promise<void>
  /** Loads the account's first page of activity once, or with `more` the next. Failures land in the list. */
  readonly loadTransactions: (account: Session.SessionAccount, options?: { readonly more?: boolean }) => Promise<void>
  /**
   * Forwards a request to the wallet holding the account of `namespace` (the host's provider/signer).
   * Rejects with `UnauthorizedError` (4100, no account), `ConnectorNotFound`, or the wallet's
   * `WalletError` / `ConnectorError`: Error instances carrying the EIP-1193 `code` where there is one.
   */
  readonly request: (namespace: Session.SessionNamespace, args: Connector.RequestArguments) => Promise<unknown>
  /** A request answered with bytes in `field` (Solana signing); a wallet answering otherwise is a `ConnectorError`. */
  readonly requestBytes: (namespace: Session.SessionNamespace, args: Connector.RequestArguments, field: string) => Promise<Uint8Array>
  /** Milliseconds since the epoch from the engine's Clock (relative times in the views). */
  readonly now: () => number
  /** Whether an `<img src>` may be shown: safe schemes, or the configured wallet service. */
  readonly isImageAllowed: (source: string) => boolean
  /** Absolute URL of a wallet service path (registry images). */
  readonly imageUrl: (path: string) => string | undefined
  readonly dispose: () => Promise<void>
}

const sdkVersion = "react-portico-0.1.0"

/** The services a browser page provides to the features. */
const environment = (
  config: Config.ResolvedConfig,
  showAlert: (alert: Alert.Alert) => void,
  embeddedFrame: () => Promise<EmbeddedFrame["Service"]>
) => {
  const walletConnectNetworks = config.networks
    .filter((network) => network.chainNamespace === "eip155" || network.chainNamespace === "solana")
    .map((network) => network.caipNetworkId)
  const walletConnect = config.projectId === "" || walletConnectNetworks.length === 0
    ? undefined
    : WalletConnect.make({
      projectId: config.projectId,
      metadata: config.metadata,
      networks: walletConnectNetworks,
      relayUrl: config.relayUrl ?? Constants.walletConnectRelayUrl,
      storage: Storage.serviceOf(BrowserStorage.layerBrowser),
      // On a phone a request sends the visitor to the wallet that must approve it (spec: wcLinking).
      openWallet: (link) => {
        if (isMobile()) openWalletLink(link)
      }
    })
  const embedded = config.resolvedFeatures.email || config.resolvedFeatures.socials !== false
    ? Embedded.make({ frame: embeddedFrame, networks: walletConnectNetworks })
    : undefined
  const walletServiceUrl = config.walletServiceUrl ?? config.apiUrl
  const server = config.apiUrl === undefined
    ? Layer.merge(Backend.Backend.layerNotConfigured, Analytics.Analytics.layerOff)
    : Layer.merge(
      BackendClient.layer({
        apiUrl: config.apiUrl,
        ...(walletServiceUrl === undefined ? {} : { walletServiceUrl }),
        projectId: config.projectId,
        sdkVersion
      }),
      AnalyticsClient.layer({
        apiUrl: config.apiUrl,
        projectId: config.projectId,
        sdkVersion,
        enabled: config.resolvedFeatures.analytics,
        page: () => ({ url: globalThis.location?.href ?? "", domain: globalThis.location?.host ?? "" }),
        onAlert: showAlert
      })
    ).pipe(Layer.provide(FetchHttpClient.layer))
  return Layer.mergeAll(
    BrowserStorage.layerBrowser,
    Connectors.Connectors.layer({ eip6963: Eip6963.watch, walletStandard: WalletStandard.watch, walletConnect, embedded }),
    server,
    HostConfig.layer(config)
  )
}

/**
 * The embedded wallet's keys live in the API server's origin; served from the page's own origin they
 * would be the page's to read, so email and social login are then not offered.
 */
const withEmbeddedWalletOrigin = (config: Config.ResolvedConfig): Config.ResolvedConfig => {
  const pageOrigin = globalThis.location?.origin
  const sameOrigin = config.apiUrl !== undefined && pageOrigin !== undefined && new URL(config.apiUrl).origin === pageOrigin
  return sameOrigin ? { ...config, resolvedFeatures: { ...config.resolvedFeatures, email: false, socials: false } } : config
}

export const make = async (hostConfig: Config.PorticoConfig, snapshot: Snapshot.Store): Promise<Engine> => {
  // The embedded wallet's panels speak the visitor's locale (the host's option, else the browser's).
  const config = withEmbeddedWalletOrigin(Config.resolve({ ...hostConfig, locale: visitorLocale(hostConfig.locale) }))
  // The analytics client can raise an alert before the modal exists; it is shown once the modal does.
  const alerts: { show: (alert: Alert.Alert) => void } = { show: () => undefined }
  // The embedded wallet's chunk and frame load at its first use, once the features below exist.
  const embeddedScope = Scope.makeUnsafe()
  const loginForm = Effect.runSync(SubscriptionRef.make(Login.initial))
  let embeddedParts: Promise<EmbeddedParts> | undefined
  const loadEmbedded = (): Promise<EmbeddedParts> =>
    embeddedParts ??= import("./EmbeddedEngine.ts").then((module) => {
      const evmNetwork = config.networks.find((network) => network.chainNamespace === "eip155") ?? config.networks[0]
      return module.make(context, loginForm, {
        apiUrl: config.apiUrl ?? "",
        query: { projectId: config.projectId, chainId: evmNetwork?.caipNetworkId ?? "eip155:1", version: sdkVersion, enableLogger: "false" }
      }, embeddedScope)
    })
  const features = Features.layer.pipe(Layer.provideMerge(environment(config, (alert) => alerts.show(alert), () => loadEmbedded().then((parts) => parts.frame))))
  // Sign-in is its own chunk: a page without `siwx` never loads it.
  const signInModule = SignInConfig.optionsOf(config) === undefined ? undefined : await import("./SignInEngine.ts")
  const runtime = ManagedRuntime.make<Features.Features | Features.Environment, SignInConfig.SignInConfigError>(
    signInModule === undefined ? features : signInModule.layer(config, features)
  )
  const context = await runtime.context()
  // Built with SignInEngine's layer, the context holds the SignIn service that module reads.
  const signIn = signInModule?.actions(context as Context.Context<Layer.Success<ReturnType<typeof signInModule.layer>>>)
  const service = <I, S>(key: Context.Key<I, S>) => Context.get(context as Context.Context<I>, key)
  /**
   * Runs an action: its typed failure rejects the promise. An action cut off because the engine was
   * disposed (the provider unmounted) never settles: nobody is left to hear of it, and an interruption
   * is not a failure to report.
   */
  const run = <A, E>(effect: Effect.Effect<A, E, Features.Features | Features.Environment>): Promise<A> =>
    runtime.runPromiseExit(effect).then((exit) => {
      if (Exit.isSuccess(exit)) return exit.value
      if (Cause.hasInterruptsOnly(exit.cause)) return new Promise<A>(() => undefined)
      throw Cause.squash(exit.cause)
    })

  const modal = service(Modal.Modal)
  const navigation = service(Navigation)
  const attempt = service(ConnectAttempt.ConnectAttempt)
  const connection = service(Connection.Connection)
  const activity = service(Activity.Activity)
  const names = service(Names.Names)
  const sending = service(Sending)
  /** A feature in its own chunk: loaded at its first action, then kept. */
  const lazyFeature = <S>(load: () => Promise<S>) => {
    let loading: Promise<S> | undefined
    return <A, E>(action: (feature: S) => Effect.Effect<A, E, Features.Features | Features.Environment>) => {
      loading ??= load()
      return loading.then((feature) => run(action(feature)))
    }
  }
  const swapForm = Effect.runSync(SubscriptionRef.make(Swap.initial))
  const swapAction = lazyFeature<Swapping["Service"]>(() => import("./SwapEngine.ts").then((module) => module.make(context, swapForm)))
  const buyForm = Effect.runSync(SubscriptionRef.make(Buy.initial))
  const buyAction = lazyFeature<Buying["Service"]>(() => import("./BuyEngine.ts").then((module) => module.make(context, buyForm)))
  const loginAction = lazyFeature<EmbeddedLogin["Service"]>(() => loadEmbedded().then((parts) => parts.login))
  const signInState = service(SignInState.SignInState)
  alerts.show = (alert) => void run(modal.showToast({ message: `${alert.title}: ${alert.description}`, variant: "error" }))

  const registry = AtomRegistry.make()
  const sessionAtom = Atom.keepAlive(Atom.subscriptionRef(service(Session.Session).state))
  const networksAtom = Atom.keepAlive(Atom.subscriptionRef(service(Networks.Networks).state))
  const accountAtoms = AccountData.atoms(service(AccountData.AccountData))
  const walletAtoms = WalletList.atoms(service(WalletList.WalletList))
  const atoms: Engine["atoms"] = {
    modal: Atom.keepAlive(Atom.subscriptionRef(modal.state)),
    connection: Atom.keepAlive(Atom.subscriptionRef(connection.state)),
    connectors: Atom.keepAlive(Atom.subscriptionRef(service(Connectors.Connectors).state)),
    recentWallets: Atom.keepAlive(Atom.subscriptionRef(connection.recentWallets)),
    networks: networksAtom,
    session: sessionAtom,
    activeNetworkId: Atom.keepAlive(Atom.make((get) => Networks.activeNetworkId(get(sessionAtom), get(networksAtom)))),
    attempt: Atom.keepAlive(Atom.subscriptionRef(attempt.state)),
    balances: accountAtoms.balances,
    identity: accountAtoms.identity,
    ...Activity.atoms(activity),
    wallets: walletAtoms.page,
    registration: Atom.keepAlive(Atom.subscriptionRef(names.registration)),
    sendForm: Atom.keepAlive(Atom.subscriptionRef(sending.form)),
    swapForm: Atom.keepAlive(Atom.subscriptionRef(swapForm)),
    buyForm: Atom.keepAlive(Atom.subscriptionRef(buyForm)),
    login: Atom.keepAlive(Atom.subscriptionRef(loginForm)),
    signIn: Atom.keepAlive(Atom.subscriptionRef(signInState.status)),
    nameSuggestions: Atom.family((label: string) => Atom.make(names.suggestions(label)))
  }

  // Keep the first chunk's snapshot in step with the services.
  const unsubscribers = [
    registry.subscribe(atoms.session, (value) => {
      const active = Session.activeAccount(value)
      snapshot.update({ session: value, caipAddress: active === undefined ? undefined : Session.caipAddress(active) })
    }, { immediate: true }),
    registry.subscribe(atoms.activeNetworkId, (activeNetworkId) => snapshot.update({ activeNetworkId }), { immediate: true }),
    registry.subscribe(atoms.modal, (value) => snapshot.update({ modalOpen: value.open }), { immediate: true }),
    registry.subscribe(atoms.signIn, (value) => snapshot.update({ signInSession: value._tag === "SignedIn" ? value.session : undefined }), {
      immediate: true
    })
  ]

  const walletServiceUrl = config.walletServiceUrl ?? config.apiUrl
  return {
    config,
    timeZone: timeZone(),
    registry,
    atoms,
    nameZone: names.zone,
    signInRequired: signInState.scope.required,
    retrySignIn: () => signIn === undefined ? Promise.resolve() : run(signIn.retry),
    cancelSignIn: () => signIn === undefined ? Promise.resolve() : run(signIn.cancel),
    signOut: () => signIn === undefined ? Promise.resolve() : run(signIn.signOut),
    open: (options) => {
      walletAtoms.retryFailed(registry)
      accountAtoms.retryFailedIdentities(registry)
      return run(navigation.open(options))
    },
    close: (options) => run(navigation.close(options)),
    back: () => run(navigation.back),
    push: (route) => run(navigation.push(route)),
    goBackTo: (view) => run(navigation.goBackTo(view)),
    choose: (choice) => run(attempt.choose(choice)),
    openWalletLink,
    connect: (connectorId) => run(attempt.connect(connectorId)),
    retryWalletList: () => walletAtoms.retryFailed(registry),
    setSendToken: (token) => run(sending.setToken(token)),
    setSendAmount: (amount) => run(sending.setAmount(amount)),
    setSendReceiver: (text) => run(sending.setReceiver(text)),
    estimateSendFee: () => run(sending.estimateFee),
    send: () => run(sending.send),
    openSwap: () => swapAction((feature) => feature.open),
    setSwapFrom: (address) => swapAction((feature) => feature.setFrom(address)),
    setSwapTo: (address) => swapAction((feature) => feature.setTo(address)),
    setSwapAmount: (amount) => swapAction((feature) => feature.setAmount(amount)),
    setSwapSlippage: (percent) => swapAction((feature) => feature.setSlippage(percent)),
    flipSwap: () => swapAction((feature) => feature.flip),
    requoteSwap: () => swapAction((feature) => feature.requote),
    swap: () => swapAction((feature) => feature.swap),
    openBuy: () => buyAction((feature) => feature.open),
    setBuyCurrency: (id) => buyAction((feature) => feature.setCurrency(id)),
    setBuyAmount: (amount) => buyAction((feature) => feature.setAmount(amount)),
    setBuyPayment: (currency, method) => buyAction((feature) => feature.setPayment(currency, method)),
    chooseBuyProvider: (id) => buyAction((feature) => feature.chooseProvider(id)),
    requoteBuy: () => buyAction((feature) => feature.requote),
    checkoutBuy: () => buyAction((feature) => feature.checkout),
    checkPurchase: () => buyAction((feature) => feature.checkPurchase),
    forgetPurchase: () => buyAction((feature) => feature.forgetPurchase),
    connectEmail: (email) => loginAction((feature) => feature.connectEmail(email)),
    resendEmailCode: () => loginAction((feature) => feature.resendCode),
    verifyEmailOtp: (otp) => loginAction((feature) => feature.verifyOtp(otp)),
    // The page comes back here after a redirect.
    connectSocial: (provider, mode) => loginAction((feature) => feature.connectSocial(provider, mode, globalThis.location?.href ?? config.metadata.url)),
    updateEmail: (email) => loginAction((feature) => feature.updateEmail(email)),
    verifyUpdateEmailOtp: (otp) => loginAction((feature) => feature.verifyUpdateOtp(otp)),
    exportEmbeddedKeys: () => loginAction((feature) => feature.exportKeys),
    embeddedUser: () => loginAction((feature) => feature.user),
    cancelLogin: () => loginAction((feature) => feature.cancel),
    refreshTransactions: (account) => run(activity.refresh(account)),
    registerName: async (label) => {
      await run(names.register(label))
      // The profile shows the new name: its atom reads the identity again (the cache was refreshed).
      const account = Session.activeAccount(registry.get(atoms.session))
      if (account !== undefined) registry.refresh(atoms.identity(account.address))
    },
    cancelConnect: () => run(attempt.cancel),
    disconnect: (namespace) => run(service(Disconnecting).disconnect(namespace)),
    switchNetwork: (caipNetworkId) => run(service(NetworkSwitch).switchNetwork(caipNetworkId)),
    setActiveNamespace: (namespace) => run(service(NetworkSwitch).setActiveNamespace(namespace)),
    showToast: (toast) => run(navigation.showToast(toast)),
    restore: async () => {
      await run(connection.restore)
      if (!returnedFromSocialLogin()) return
      clearSocialRedirect()
      // Problems show in the login view the resume opened.
      await loginAction((feature) => feature.resumeSocial).catch(() => undefined)
    },
    loadBalances: (account, options) => run(service(AccountData.AccountData).loadBalances(account, options)),
    loadTransactions: (account, options) => run(activity.load(account, options)),
    loadAllTransactions: (account) => run(activity.loadAll(account, Constants.nftHistoryPagesLimit)),
    request: (namespace, args) => run(service(WalletRequests).request(namespace, args)),
    requestBytes: (namespace, args, field) => run(service(WalletRequests).requestBytes(namespace, args, field)),
    now: () => runtime.runSync(Clock.currentTimeMillis),
    isImageAllowed: (source) => Connector.isAllowedImage(source, walletServiceUrl),
    imageUrl: (path) => walletServiceUrl === undefined ? undefined : new URL(path, walletServiceUrl).toString(),
    dispose: async () => {
      unsubscribers.forEach((unsubscribe) => unsubscribe())
      await Effect.runPromise(Scope.close(embeddedScope, Exit.void))
      await runtime.dispose()
      registry.dispose()
    }
  }
}
