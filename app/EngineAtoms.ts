/**
 * The engine's state as atoms for the views, made from the features' own state (nothing here holds a
 * fact of its own), and the first chunk's snapshot kept in step with them.
 */
import * as Context from "effect/Context"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type * as AsyncResult from "effect/reactivity/AsyncResult"
import * as Atom from "effect/reactivity/Atom"
import * as AtomRegistry from "effect/reactivity/AtomRegistry"
import type * as Caip from "../core/Caip.ts"
import * as Connection from "../core/Connection.ts"
import type * as ConnectionState from "../core/ConnectionState.ts"
import type * as Connector from "../core/Connector.ts"
import * as Connectors from "../core/connectors/Connectors.ts"
import type * as Login from "../core/embedded/Login.ts"
import * as AccountData from "../core/features/AccountData.ts"
import * as Activity from "../core/features/Activity.ts"
import * as ConnectAttempt from "../core/features/ConnectAttempt.ts"
import type * as Features from "../core/features/Features.ts"
import * as Names from "../core/features/Names.ts"
import { Sending } from "../core/features/Sending.ts"
import * as WalletList from "../core/features/WalletList.ts"
import { LegalConsent } from "../core/LegalConsent.ts"
import * as Modal from "../core/Modal.ts"
import type { NameSuggestions } from "../core/Name.ts"
import * as Networks from "../core/Networks.ts"
import type * as Buy from "../core/onramp/Buy.ts"
import type * as Send from "../core/Send.ts"
import * as Session from "../core/Session.ts"
import * as SignInState from "../core/signin/SignInState.ts"
import type * as Swap from "../core/swap/Swap.ts"
import type * as WalletListEntry from "../core/WalletListEntry.ts"
import type * as Snapshot from "./Snapshot.ts"
import { followNames } from "./ProfileName.ts"

export interface EngineAtoms {
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
    /** A WalletConnect pairing made ahead on a phone, for the wallet's link to open in the tap. */
    readonly preparedPairing: Atom.Atom<Connector.PreparedPairing | undefined>
    readonly balances: ReturnType<typeof AccountData.atoms>["balances"]
    readonly identity: ReturnType<typeof AccountData.atoms>["identity"]
    /** An external wallet's account: a smart or a plain account on its network. */
    readonly accountType: ReturnType<typeof AccountData.atoms>["accountType"]
    readonly swapNetworks: ReturnType<typeof AccountData.atoms>["swapNetworks"]
    readonly transactions: ReturnType<typeof Activity.atoms>["transactions"]
    readonly pending: ReturnType<typeof Activity.atoms>["pending"]
    readonly wallets: ReturnType<typeof WalletList.atoms>["page"]
    readonly registration: Atom.Atom<Names.Registration>
    readonly sendForm: Atom.Atom<Send.SendState>
    readonly swapForm: Atom.Atom<Swap.SwapState>
    readonly buyForm: Atom.Atom<Buy.BuyState>
    /** The email or social login into the embedded wallet. */
    readonly login: Atom.Atom<Login.LoginState>
    /** Where the visitor stands with sign-in (checking, signing, signed in…). */
    readonly signIn: Atom.Atom<SignInState.SignInStatus>
    /** The visitor ticked the legal checkbox. */
    readonly legalConsent: Atom.Atom<boolean>
    /** Suggestions for a name label (kept while the view shows them). */
    readonly nameSuggestions: (label: string) => Atom.Atom<AsyncResult.AsyncResult<NameSuggestions, Names.SuggestionsFailure>>
  }
  /** Asks again for what failed while the server was away (registry pages, profiles). */
  readonly retryFailed: () => void
  readonly dispose: () => void
}

/** The forms of the features in chunks of their own, made before their chunk loads (the views show them from the start). */
export interface ChunkForms {
  readonly swapForm: SubscriptionRef.SubscriptionRef<Swap.SwapState>
  readonly buyForm: SubscriptionRef.SubscriptionRef<Buy.BuyState>
  readonly loginForm: SubscriptionRef.SubscriptionRef<Login.LoginState>
}

const state = <A>(ref: SubscriptionRef.SubscriptionRef<A>) => Atom.keepAlive(Atom.subscriptionRef(ref))

export const make = (
  context: Context.Context<Features.Features | Features.Environment>,
  forms: ChunkForms,
  snapshot: Snapshot.Store
): EngineAtoms => {
  const service = <I, S>(key: Context.Key<I, S>) => Context.get(context as Context.Context<I>, key)
  const registry = AtomRegistry.make()
  const connection = service(Connection.Connection)
  const names = service(Names.Names)
  const session = state(service(Session.Session).state)
  const networks = state(service(Networks.Networks).state)
  const accountAtoms = AccountData.atoms(service(AccountData.AccountData))
  const walletAtoms = WalletList.atoms(service(WalletList.WalletList))
  const atoms: EngineAtoms["atoms"] = {
    modal: state(service(Modal.Modal).state),
    connection: state(connection.state),
    connectors: state(service(Connectors.Connectors).state),
    recentWallets: state(connection.recentWallets),
    networks,
    session,
    activeNetworkId: Atom.keepAlive(Atom.make((get) => Networks.activeNetworkId(get(session), get(networks)))),
    attempt: state(service(ConnectAttempt.ConnectAttempt).state),
    preparedPairing: state(service(ConnectAttempt.ConnectAttempt).prepared),
    balances: accountAtoms.balances,
    identity: accountAtoms.identity,
    accountType: accountAtoms.accountType,
    swapNetworks: accountAtoms.swapNetworks,
    ...Activity.atoms(service(Activity.Activity)),
    wallets: walletAtoms.page,
    registration: state(names.registration),
    sendForm: state(service(Sending).form),
    swapForm: state(forms.swapForm),
    buyForm: state(forms.buyForm),
    login: state(forms.loginForm),
    signIn: state(service(SignInState.SignInState).status),
    legalConsent: state(service(LegalConsent).agreed),
    nameSuggestions: Atom.family((label: string) => Atom.make(names.suggestions(label)))
  }

  // Keep the first chunk's snapshot in step with the services.
  const unsubscribers = [
    registry.subscribe(atoms.session, (value) => {
      const active = Session.activeAccount(value)
      snapshot.update({ session: value, caipAddress: active === undefined ? undefined : Session.caipAddress(active) })
    }, { immediate: true }),
    registry.subscribe(atoms.activeNetworkId, (activeNetworkId) => snapshot.update({ activeNetworkId }), { immediate: true }),
    // Not at once: the engine starts closed, and it may be built while the lobby's dialog is open (app/Lobby.ts),
    // which it then takes over without the page seeing the modal close.
    registry.subscribe(atoms.modal, (value) => snapshot.update({ modalOpen: value.open })),
    registry.subscribe(atoms.signIn, (value) => snapshot.update({ signInSession: value._tag === "SignedIn" ? value.session : undefined }), {
      immediate: true
    }),
    followNames(registry, atoms, (known) => snapshot.update(known))
  ]

  return {
    registry,
    atoms,
    retryFailed: () => {
      walletAtoms.retryFailed(registry)
      accountAtoms.retryFailedIdentities(registry)
    },
    dispose: () => {
      unsubscribers.forEach((unsubscribe) => unsubscribe())
      registry.dispose()
    }
  }
}
