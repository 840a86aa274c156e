/**
 * The composition root: the browser's real services (app/BrowserEnvironment.ts) wired into core's
 * features, exposed to the views as atoms (state) and actions (what a click does). Assembly only: every
 * rule lives in core. Each action's failures are in its type (app/Action.ts): `Safe` ones cannot reject,
 * `Attempt` ones reject only with the failure union of the feature action they run.
 * Loaded by dynamic import on the first click (or to restore a stored session), so none of this is in
 * the host's first chunk.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Backend from "../core/Backend.ts"
import type * as Caip from "../core/Caip.ts"
import type { FeatureUnavailableError } from "../core/CodeChunk.ts"
import * as Config from "../core/Config.ts"
import * as Connection from "../core/Connection.ts"
import * as Connector from "../core/Connector.ts"
import * as ImageSource from "../core/ImageSource.ts"
import { Connectors } from "../core/connectors/Connectors.ts"
import * as Constants from "../core/Constants.ts"
import * as DeveloperAlerts from "../core/DeveloperAlerts.ts"
import type * as InAppBrowser from "../core/InAppBrowser.ts"
import * as FrameAddress from "../core/embedded/FrameAddress.ts"
import * as Login from "../core/embedded/Login.ts"
import * as LegalConsent from "../core/LegalConsent.ts"
import type * as LegalLinks from "../core/LegalLinks.ts"
import * as AccountData from "../core/features/AccountData.ts"
import { AccountSwitch } from "../core/features/AccountSwitch.ts"
import * as Activity from "../core/features/Activity.ts"
import type { Buying } from "../core/features/Buying.ts"
import * as ConnectAttempt from "../core/features/ConnectAttempt.ts"
import { Disconnecting } from "../core/features/Disconnecting.ts"
import type { EmbeddedLogin, LoginFailure } from "../core/features/EmbeddedLogin.ts"
import * as Features from "../core/features/Features.ts"
import * as Names from "../core/features/Names.ts"
import { Navigation, type OpenOptions } from "../core/features/Navigation.ts"
import { NetworkSwitch } from "../core/features/NetworkSwitch.ts"
import { Sending } from "../core/features/Sending.ts"
import type { SignIn, SignInFailure } from "../core/features/SignIn.ts"
import type { Swapping } from "../core/features/Swapping.ts"
import { WalletRequests } from "../core/features/WalletRequests.ts"
import * as Modal from "../core/Modal.ts"
import type * as Network from "../core/Network.ts"
import * as NetworkImage from "../core/NetworkImage.ts"
import * as Buy from "../core/onramp/Buy.ts"
import type * as Session from "../core/Session.ts"
import * as SignInConfig from "../core/signin/SignInConfig.ts"
import * as SignInState from "../core/signin/SignInState.ts"
import type { SocialProvider } from "../core/SocialProvider.ts"
import * as Swap from "../core/swap/Swap.ts"
import type * as TokenBalance from "../core/TokenBalance.ts"
import * as Action from "./Action.ts"
import type { Attempt, FailureOf, Safe } from "./Action.ts"
import * as BrowserEnvironment from "./BrowserEnvironment.ts"
import type { EmbeddedParts } from "./EmbeddedEngine.ts"
import * as EngineAtoms from "./EngineAtoms.ts"
import * as LazyFeature from "./LazyFeature.ts"
import * as PageLoad from "./PageLoad.ts"
import * as PermissionActions from "./PermissionActions.ts"
import * as PhoneLinks from "./PhoneLinks.ts"
import { resolveHost } from "./ResolvedHost.ts"
import type * as Snapshot from "./Snapshot.ts"
import * as WalletWindowOpener from "./WalletWindowOpener.ts"
import { timeZone } from "./TimeZone.ts"
type Lazy = FeatureUnavailableError

export interface Engine {
  readonly config: Config.ResolvedConfig
  /** The visitor's timezone, which hides the onramp in some regions (spec §9); read on first use. */
  readonly timeZone: () => string | undefined
  readonly registry: EngineAtoms.EngineAtoms["registry"]
  readonly atoms: EngineAtoms.EngineAtoms["atoms"]
  /** The zone names are registered in. */
  readonly nameZone: string
  /** Sign-in is required: without a session the visitor may not stay connected. */
  readonly signInRequired: boolean
  /** The legal checkbox: the host's pages (none when it is off) and the visitor's answer (`atoms.legalConsent`). */
  readonly legal: { readonly links: LegalLinks.LegalLinks | undefined; readonly agree: (agreed: boolean) => Safe<void> }
  /** Asks the wallet again for the sign-in signature; the outcome is in `atoms.signIn`. */
  readonly retrySignIn: () => Safe<void>
  /** Cancels sign-in: disconnects when it is required, otherwise closes. */
  readonly cancelSignIn: () => Safe<void>
  /** Ends every sign-in session. */
  readonly signOut: () => Attempt<void, FailureOf<SignIn["Service"]["signOut"]>>
  /** Opens on the host's view, or on the one the router's rules pick. */
  readonly open: (options?: OpenOptions) => Safe<void>
  /** Closes (leaving a connecting view abandons its attempt). */
  readonly close: (options?: { readonly forced?: boolean }) => Safe<void>
  readonly back: () => Safe<void>
  readonly push: (route: Modal.Route) => Safe<void>
  readonly goBackTo: (view: Modal.View) => Safe<void>
  /** Shows the connecting view for what the visitor picked and connects; a failure is in `atoms.attempt`. */
  readonly choose: (choice: ConnectAttempt.Choice) => Safe<void>
  /** Takes the visitor to a wallet's app or web page (a deep link carrying the pairing URI); call it in the tap. */
  readonly openWalletLink: (href: string) => void
  /** On a phone: a WalletConnect pairing made ahead (`atoms.preparedPairing`), for a wallet's link to open in the tap. */
  readonly preparePairing: () => Safe<void>
  /** The visitor leans toward WalletConnect (its entry pointed at or focused, the full list): its client's code loads. */
  readonly prepareWalletConnect: () => Safe<void>
  /** In an in-app browser (Instagram, Facebook, X, TikTok, LINE, WeChat, Telegram): how to reach the visitor's browser. */
  readonly inAppBrowser: InAppBrowser.Escape | undefined
  /**
   * Connects through one connector without moving the modal ("Try again", a host's own UI): resolves with
   * how the attempt ended (undefined after a bug, which is shown and logged).
   */
  readonly connect: (connectorId: string) => Safe<ConnectAttempt.Outcome | undefined>
  /** Registers a name for the active account (spec §4's steps); the outcome is in `atoms.registration`. */
  readonly registerName: (label: string) => Safe<void>
  readonly setSendToken: (token: TokenBalance.TokenBalance) => Safe<void>
  readonly setSendAmount: (amount: string) => Safe<void>
  /** Sets the receiver; a name resolves to its address. */
  readonly setSendReceiver: (text: string) => Attempt<void, FailureOf<Sending["Service"]["setReceiver"]>>
  /** The network fee of the send as the form stands (smallest unit). */
  readonly estimateSendFee: () => Attempt<bigint, FailureOf<Sending["Service"]["estimateFee"]>>
  /** Sends as the form stands (spec §4): the transaction hash or signature once the wallet sent it; a failure keeps the form. */
  readonly send: () => Attempt<string, FailureOf<Sending["Service"]["send"]>>
  /** Loads the active EVM network's swappable tokens into the swap form (problems are in the form). */
  readonly openSwap: () => Safe<void>
  readonly setSwapFrom: (address: string) => Safe<void>
  readonly setSwapTo: (address: string) => Safe<void>
  readonly setSwapAmount: (amount: string) => Safe<void>
  readonly setSwapSlippage: (percent: string) => Safe<void>
  readonly flipSwap: () => Safe<void>
  /** Quotes the form again (the view does while it is open). */
  readonly requoteSwap: () => Safe<void>
  /** Approves exactly the amount when needed, then swaps, each mined before the next; the swap's hash. */
  readonly swap: () => Attempt<string, FailureOf<Swapping["Service"]["swap"]> | Lazy>
  /** Loads the onramp options (the built-in ones when the call fails) into the buy form. */
  readonly openBuy: () => Safe<void>
  readonly setBuyCurrency: (id: string) => Safe<void>
  readonly setBuyAmount: (amount: string) => Safe<void>
  readonly setBuyPayment: (currency: string, method: string) => Safe<void>
  readonly chooseBuyProvider: (id: string) => Safe<void>
  /** Every provider's quote again (the view does while it is open). */
  readonly requoteBuy: () => Safe<void>
  /** The chosen provider's signed checkout URL; the purchase is followed from now on. */
  readonly checkoutBuy: () => Attempt<string, FailureOf<Buying["Service"]["checkout"]> | Lazy>
  /** Asks once whether the purchase's tokens arrived. */
  readonly checkPurchase: () => Attempt<Buy.PurchaseStatus | undefined, FailureOf<Buying["Service"]["checkPurchase"]> | Lazy>
  readonly forgetPurchase: () => Safe<void>
  /** Email login (spec §4): sends the address (at most once per 30 s) and shows the step the frame answers. */
  readonly connectEmail: (email: string) => Attempt<void, FailureOf<EmbeddedLogin["Service"]["connectEmail"]> | Lazy>
  /** Mails a new code; its panel (where the code is typed, on the wallet's origin) replaces the last one. */
  readonly resendEmailCode: () => Attempt<void, FailureOf<EmbeddedLogin["Service"]["resendCode"]> | Lazy>
  /** A social login's authorization URL, to open in the popup the view opened (or the page, `redirect`). */
  readonly connectSocial: (provider: SocialProvider, mode: "popup" | "redirect") => Attempt<string, FailureOf<EmbeddedLogin["Service"]["connectSocial"]> | Lazy>
  /** Sign In With Farcaster: ConnectingFarcaster with the link for the visitor's Farcaster client (`atoms.modal`'s `farcasterUrl`). */
  readonly connectFarcaster: () => Attempt<void, LoginFailure | Lazy>
  /** Email update: a code to the current address, then one to the new address, both typed in the wallet's panel. */
  readonly updateEmail: (email: string) => Attempt<void, FailureOf<EmbeddedLogin["Service"]["updateEmail"]> | Lazy>
  /** Shows the frame's key export or account-type panel (a smart or a plain account, chosen on the wallet's origin). */
  readonly openEmbeddedPanel: (kind: "export" | "accountType") => Attempt<void, FailureOf<EmbeddedLogin["Service"]["openPanel"]> | Lazy>
  /** Signs the embedded wallet's visitor out on every browser and device, then disconnects here. */
  readonly signOutEverywhere: () => Attempt<
    void,
    FailureOf<EmbeddedLogin["Service"]["signOutEverywhere"]> | FailureOf<Disconnecting["Service"]["disconnect"]> | Lazy
  >
  /** The embedded wallet's signed-in visitor (email, social account) and its accounts' types, for the Account view. */
  readonly embeddedUser: () => Attempt<
    Effect.Success<EmbeddedLogin["Service"]["user"]>,
    FailureOf<EmbeddedLogin["Service"]["user"]> | Lazy
  >
  readonly cancelLogin: () => Safe<void>
  /**
   * Opens the embedded wallet's own window in the visitor's click and moves the wallet there (where the
   * browser refuses its hidden frame storage, or that window was closed); an email login goes on in it.
   */
  readonly continueInWalletWindow: () => Attempt<void, FailureOf<EmbeddedParts["continueInWindow"]> | Lazy>
  /** The provider's popup closed: without its answer soon, the social login ends (SocialWindowClosedError in `atoms.login`). */
  readonly socialWindowClosed: () => Safe<void>
  /** Reads the account's first page of history again (while sends are pending). */
  readonly refreshTransactions: (account: Session.SessionAccount) => Safe<void>
  /** Starts wallet discovery (EIP-6963, Wallet Standard) and readies WalletConnect, as opening the modal does. */
  readonly discover: () => Safe<void>
  /** Fetches again the wallet list pages whose fetch failed ("Try again"). */
  readonly retryWalletList: () => void
  readonly cancelConnect: () => Safe<void>
  /** Disconnects one namespace, or every account (also shown as a toast when it fails). */
  readonly disconnect: (namespace?: Session.SessionNamespace) => Attempt<void, FailureOf<Disconnecting["Service"]["disconnect"]>>
  /** Disconnects the account and whatever its wallet's login ends with it (the embedded wallet: both). */
  readonly disconnectAccount: (account: Session.SessionAccount) => Attempt<void, FailureOf<Disconnecting["Service"]["disconnectAccount"]>>
  /** Switches through the connected wallet; resolves with where it landed (also shown when it fails). */
  readonly switchNetwork: (caipNetworkId: Caip.CaipNetworkId) => Attempt<Caip.CaipNetworkId, FailureOf<NetworkSwitch["Service"]["switchNetwork"]>>
  readonly setActiveNamespace: (namespace: Session.SessionNamespace) => Safe<void>
  /** Makes another of the wallet's accounts in `namespace` the active one (also shown when it fails). */
  readonly selectAccount: (namespace: Session.SessionNamespace, address: string) => Attempt<void, FailureOf<AccountSwitch["Service"]["selectAccount"]>>
  /** The ERC-7715 permissions the EVM wallet granted this site: listed as the chain holds them, and revoked. */
  readonly permissions: PermissionActions.PermissionActions
  readonly showToast: (toast: Modal.Toast) => Safe<void>
  /** Re-attaches a session stored by an earlier visit, without prompting. */
  readonly restore: () => Safe<void>
  /** Loads the account's balances once, or again with `refresh`; failures land in the state (and a toast). */
  readonly loadBalances: (account: Session.SessionAccount, options?: { readonly refresh?: boolean }) => Safe<void>
  /** Loads the account's whole history (up to the NFTs tab's page limit). Failures land in the list. */
  readonly loadAllTransactions: (account: Session.SessionAccount) => Safe<void>
  /** Loads the account's first page of activity once, or with `more` the next. Failures land in the list. */
  readonly loadTransactions: (account: Session.SessionAccount, options?: { readonly more?: boolean }) => Safe<void>
  /**
   * Forwards a request to the wallet holding the account of `namespace` (the host's provider/signer).
   * Its failures are Error instances carrying the EIP-1193 `code` where there is one.
   */
  readonly request: (namespace: Session.SessionNamespace, args: Connector.RequestArguments) => Attempt<unknown, FailureOf<WalletRequests["Service"]["request"]>>
  /** A request answered with bytes in `field` (Solana signing). */
  readonly requestBytes: (
    namespace: Session.SessionNamespace,
    args: Connector.RequestArguments,
    field: string
  ) => Attempt<Uint8Array, FailureOf<WalletRequests["Service"]["requestBytes"]>>
  /** Milliseconds since the epoch from the engine's Clock (relative times in the views). */
  readonly now: () => number
  /** Whether an `<img src>` may be shown: safe schemes, or the configured wallet service. */
  readonly isImageAllowed: (source: string) => boolean
  /** A registry wallet's image on the wallet service (none without a server). */
  readonly walletImageUrl: (imageId: string) => string | undefined
  /** A network's image: the host's `assets.imageUrl`, else our server's artwork for its image id (none without either). */
  readonly networkImageUrl: (network: Network.Network) => string | undefined
  readonly dispose: () => Promise<void>
}

/** Every failure an action of the engine can reject with. */
export type EngineFailure = Action.FailuresOf<Engine> | Action.UnexpectedError | FeatureUnavailableError

/**
 * Every failure a visitor can meet: what the actions reject with and what the features keep in their
 * state (a connect attempt, a registration, sign-in, a name search). Each has words in every locale
 * (ui/modal/components/errorText.ts, which the compiler keeps total over this union).
 */
export type ShownFailure =
  | EngineFailure
  | Action.FailuresOf<PermissionActions.PermissionActions>
  | ConnectAttempt.ConnectFailure
  | Names.RegistrationFailure
  | Names.SuggestionsFailure
  | SignInFailure
  | Activity.TransactionsFetchFailedError

/** Where the views' images come from: a registry wallet's on the wallet service; a network's is the host's `assets.imageUrl`, else our server's artwork for its image id. */
const imageUrls = (urls: Backend.ServerUrls | undefined): Pick<Engine, "walletImageUrl" | "networkImageUrl"> => ({
  walletImageUrl: (imageId) => urls?.walletImage(imageId),
  networkImageUrl: (network) => {
    const imageId = NetworkImage.imageIdOf(network)
    return network.assets?.imageUrl ?? (imageId === undefined ? undefined : urls?.assetImage(imageId))
  }
})

/** The legal checkbox's side of the engine: the host's pages, and the visitor's tick. */
const legalOf = (consent: LegalConsent.LegalConsent["Service"], run: Action.Runner<never>): Engine["legal"] => ({
  links: consent.links,
  agree: (agreed) => run.safe(SubscriptionRef.set(consent.agreed, agreed))
})

export const make = async (hostConfig: Config.PorticoConfig, snapshot: Snapshot.Store): Promise<Engine> => {
  const { config, refused, log } = resolveHost(hostConfig)
  // The developer's alerts (app/DeveloperConsole.ts) can come before the modal exists; a development
  // build's toast shows them once it does.
  const alerts: { show: (message: string) => void } = { show: () => undefined }
  const tellDeveloper = DeveloperAlerts.once((raised) =>
    void import("./DeveloperConsole.ts").then((developer) => developer.tell(raised, (message) => alerts.show(message), developer.developmentBuild(), log))
  )
  // The embedded wallet's chunk and frame load at its first use, once the features below exist.
  const embeddedScope = Scope.makeUnsafe()
  const loginForm = Effect.runSync(SubscriptionRef.make(Login.initial))
  let embeddedParts: Promise<EmbeddedParts> | undefined
  const frameLocation = {
    apiUrl: config.apiUrl ?? "",
    query: { projectId: config.projectId, chainId: FrameAddress.frameNetwork(config.networks), version: BrowserEnvironment.sdkVersion, enableLogger: "false" } as const
  }
  const loadEmbedded = (): Promise<EmbeddedParts> =>
    embeddedParts ??= import("./EmbeddedEngine.ts").then((module) => module.make(context, loginForm, frameLocation, embeddedScope))
  const environment = BrowserEnvironment.layer(config, tellDeveloper, () => loadEmbedded().then((parts) => parts.frame))
  const features = Features.layer.pipe(Layer.provideMerge(environment))
  // Sign-in is its own chunk: a page without `siwx` never loads it.
  const signInModule = SignInConfig.optionsOf(config) === undefined ? undefined : await import("./SignInEngine.ts")
  const runtime = ManagedRuntime.make<Features.Features | Features.Environment, SignInConfig.SignInConfigError | LegalConsent.InvalidLegalLinksError>(
    signInModule === undefined ? features : signInModule.layer(config, features)
  )
  const context = await runtime.context()
  // Built with SignInEngine's layer, the context holds the SignIn service that module reads.
  const signIn = signInModule?.actions(context as Context.Context<Layer.Success<ReturnType<typeof signInModule.layer>>>)
  const service = <I, S>(key: Context.Key<I, S>) => Context.get(context as Context.Context<I>, key)
  const modal = service(Modal.Modal)
  const toast = (message: string, errorTag?: string) => modal.showToast({ message, variant: "error", ...(errorTag === undefined ? {} : { errorTag }) })
  const run = Action.runner(runtime, (error) => {
    // A bug met by an action that cannot fail: the visitor hears of it, the developer sees it.
    log("error", `[Portico] ${error.message}`, { cause: error.cause })
    void run.safe(toast(error.message, error._tag))
  })
  alerts.show = (message) => void run.safe(toast(message))
  for (const raised of [...DeveloperAlerts.ofConfig(config), ...refused]) tellDeveloper(raised)
  const lazy = <S>(name: string, load: () => Promise<S>) => LazyFeature.make(name, load, run, (error) => toast(error.message, error._tag))
  const navigation = service(Navigation)
  const attempt = service(ConnectAttempt.ConnectAttempt)
  const connection = service(Connection.Connection)
  const activity = service(Activity.Activity)
  const accountData = service(AccountData.AccountData)
  const names = service(Names.Names)
  const sending = service(Sending)
  const swapForm = Effect.runSync(SubscriptionRef.make(Swap.initial))
  const swapping = lazy<Swapping["Service"]>("swap", () => import("./SwapEngine.ts").then((module) => module.make(context, swapForm)))
  const buyForm = Effect.runSync(SubscriptionRef.make(Buy.initial))
  const buying = lazy<Buying["Service"]>("buy", () => import("./BuyEngine.ts").then((module) => module.make(context, buyForm)))
  const login = lazy<EmbeddedLogin["Service"]>("embedded wallet", () => loadEmbedded().then((parts) => parts.login))
  const embedded = lazy<EmbeddedParts>("embedded wallet", loadEmbedded)
  const { registry, atoms, retryFailed, dispose: disposeAtoms } = EngineAtoms.make(context, { swapForm, buyForm, loginForm }, snapshot)

  return {
    config,
    timeZone,
    registry,
    atoms,
    nameZone: names.zone,
    signInRequired: service(SignInState.SignInState).scope.required,
    legal: legalOf(service(LegalConsent.LegalConsent), run),
    retrySignIn: () => run.safe(signIn?.retry ?? Effect.void),
    cancelSignIn: () => run.safe(signIn?.cancel ?? Effect.void),
    signOut: () => run.attempt(signIn?.signOut ?? Effect.void),
    open: (options) => {
      retryFailed()
      return run.safe(navigation.open(options))
    },
    close: (options) => run.safe(navigation.close(options)),
    back: () => run.safe(navigation.back),
    push: (route) => run.safe(navigation.push(route)),
    goBackTo: (view) => run.safe(navigation.goBackTo(view)),
    choose: (choice) => run.safe(attempt.choose(choice)),
    ...(await PhoneLinks.make(run.safe, attempt)),
    connect: (connectorId) => run.safe(attempt.connect(connectorId)),
    discover: () => run.safe(service(Connectors).discover),
    retryWalletList: retryFailed,
    setSendToken: (token) => run.safe(sending.setToken(token)),
    setSendAmount: (amount) => run.safe(sending.setAmount(amount)),
    setSendReceiver: (text) => run.attempt(sending.setReceiver(text)),
    estimateSendFee: () => run.attempt(sending.estimateFee),
    send: () => run.attempt(sending.send),
    openSwap: () => swapping.safe((feature) => feature.open),
    setSwapFrom: (address) => swapping.safe((feature) => feature.setFrom(address)),
    setSwapTo: (address) => swapping.safe((feature) => feature.setTo(address)),
    setSwapAmount: (amount) => swapping.safe((feature) => feature.setAmount(amount)),
    setSwapSlippage: (percent) => swapping.safe((feature) => feature.setSlippage(percent)),
    flipSwap: () => swapping.safe((feature) => feature.flip),
    requoteSwap: () => swapping.safe((feature) => feature.requote),
    swap: () => swapping.attempt((feature) => feature.swap),
    openBuy: () => buying.safe((feature) => feature.open),
    setBuyCurrency: (id) => buying.safe((feature) => feature.setCurrency(id)),
    setBuyAmount: (amount) => buying.safe((feature) => feature.setAmount(amount)),
    setBuyPayment: (currency, method) => buying.safe((feature) => feature.setPayment(currency, method)),
    chooseBuyProvider: (id) => buying.safe((feature) => feature.chooseProvider(id)),
    requoteBuy: () => buying.safe((feature) => feature.requote),
    checkoutBuy: () => buying.attempt((feature) => feature.checkout),
    checkPurchase: () => buying.attempt((feature) => feature.checkPurchase),
    forgetPurchase: () => buying.safe((feature) => feature.forgetPurchase),
    connectEmail: (email) => login.attempt((feature) => feature.connectEmail(email)),
    resendEmailCode: () => login.attempt((feature) => feature.resendCode),
    // The page comes back here after a redirect.
    connectSocial: (provider, mode) => login.attempt((feature) => feature.connectSocial(provider, mode, globalThis.location?.href ?? config.metadata.url)),
    connectFarcaster: () => embedded.attempt((parts) => Effect.flatMap(parts.farcaster, (farcaster) => farcaster.connect)),
    updateEmail: (email) => login.attempt((feature) => feature.updateEmail(email)),
    openEmbeddedPanel: (kind) => login.attempt((feature) => feature.openPanel(kind)),
    signOutEverywhere: () => login.attempt((feature) => Effect.andThen(feature.signOutEverywhere, service(Disconnecting).disconnect())),
    embeddedUser: () => login.attempt((feature) => feature.user),
    cancelLogin: () => login.safe((feature) => feature.cancel),
    continueInWalletWindow: () => {
      // In the click itself (a popup opened later is blocked); bound once the wallet's chunk is here.
      const opened = WalletWindowOpener.open(frameLocation.apiUrl, frameLocation.query)
      return embedded.attempt((parts) => parts.continueInWindow(opened))
    },
    socialWindowClosed: () => login.safe((feature) => feature.socialWindowClosed),
    refreshTransactions: (account) => run.safe(activity.refresh(account)),
    registerName: (label) => run.safe(names.register(label)),
    cancelConnect: () => run.safe(attempt.cancel),
    disconnect: (namespace) => run.attempt(service(Disconnecting).disconnect(namespace)),
    disconnectAccount: (account) => run.attempt(service(Disconnecting).disconnectAccount(account)),
    switchNetwork: (caipNetworkId) => run.attempt(service(NetworkSwitch).switchNetwork(caipNetworkId).pipe(
      Effect.tapErrorTag("NetworkNotFoundError", () => Effect.sync(() => tellDeveloper(DeveloperAlerts.ofMissingNetwork(caipNetworkId))))
    )),
    setActiveNamespace: (namespace) => run.safe(service(NetworkSwitch).setActiveNamespace(namespace)),
    selectAccount: (namespace, address) => run.attempt(service(AccountSwitch).selectAccount(namespace, address)),
    permissions: PermissionActions.make(lazy("permissions", () => import("./PermissionsEngine.ts").then((module) => module.make(context)))),
    showToast: (shown) => run.safe(navigation.showToast(shown)),
    restore: () => run.safe(PageLoad.onLoad(connection, (code) => login.attempt((feature) => feature.resumeSocial(code)), log)),
    loadBalances: (account, options) => run.safe(accountData.loadBalances(account, options)),
    loadTransactions: (account, options) => run.safe(activity.load(account, options)),
    loadAllTransactions: (account) => run.safe(activity.loadAll(account, Constants.nftHistoryPagesLimit)),
    request: (namespace, args) => run.attempt(service(WalletRequests).request(namespace, args)),
    requestBytes: (namespace, args, field) => run.attempt(service(WalletRequests).requestBytes(namespace, args, field)),
    now: () => runtime.runSync(Clock.currentTimeMillis),
    isImageAllowed: (source) => ImageSource.isAllowedImage(source, config.walletServiceUrl ?? config.apiUrl),
    ...imageUrls(service(Backend.Backend).urls),
    dispose: async () => {
      disposeAtoms()
      await Effect.runPromise(Scope.close(embeddedScope, Exit.void))
      await runtime.dispose()
    }
  }
}
