/** The public hooks: thin reads of the snapshot atoms and calls into the lazily loaded engine. */
import { useMemo } from "react"
import * as HostProvider from "../../app/HostProvider.ts"
import * as Snapshot from "../../app/Snapshot.ts"
import type * as Caip from "../../core/Caip.ts"
import type * as ModalRoute from "../../core/ModalRoute.ts"
import type * as Network from "../../core/Network.ts"
import * as NetworkLookup from "../../core/NetworkLookup.ts"
import type * as Session from "../../core/Session.ts"
import type { SignInSession } from "../../core/SignInSession.ts"
import { usePortico } from "./PorticoContext.ts"
import { useSnapshot } from "./useSnapshot.ts"


export interface ModalControls {
  /** Opens the modal, on the view given or on the one the rules pick. */
  readonly open: (options?: { readonly view?: ModalRoute.HostView }) => Promise<void>
  readonly close: () => Promise<void>
  readonly isOpen: boolean
}

/**
 * Opens and closes the modal.
 *
 * @example
 * ```tsx
 * const { open } = useModal()
 * <button onClick={() => open({ view: "Account" })}>Account</button>
 * ```
 */
export const useModal = (): ModalControls => {
  const { open, close } = usePortico()
  const isOpen = useSnapshot().modalOpen
  return useMemo(() => ({ isOpen, open, close }), [isOpen, open, close])
}

/**
 * The visitor's account: whether connected, its address and namespace; re-renders when it changes.
 *
 * @example
 * ```tsx
 * const { isConnected, address } = useAccount()
 * ```
 */
export const useAccount = (): Snapshot.AccountView => {
  const { session, caipAddress, profileName, addressLabels } = useSnapshot()
  // Recomputed only when the session, the address or the names change, not on every snapshot change.
  return useMemo(
    () => Snapshot.accountView({ session, caipAddress, profileName, addressLabels }),
    [session, caipAddress, profileName, addressLabels]
  )
}

export interface NetworkState {
  readonly caipNetworkId: Caip.CaipNetworkId | undefined
  /** The configured network the active account is on; undefined on an unsupported one. */
  readonly network: Network.Network | undefined
  readonly networks: ReadonlyArray<Network.Network>
  /** Asks the wallet to switch; resolves with the network it landed on (a wallet may stay or go elsewhere). */
  readonly switchNetwork: (caipNetworkId: Caip.CaipNetworkId) => Promise<Caip.CaipNetworkId>
}

/**
 * The active network and a way to switch it.
 *
 * @example
 * ```tsx
 * const { network, switchNetwork } = useNetwork()
 * ```
 */
export const useNetwork = (): NetworkState => {
  const { config, loadEngine } = usePortico()
  const { activeNetworkId: caipNetworkId } = useSnapshot()
  return useMemo(() => ({
    caipNetworkId,
    network: NetworkLookup.byId(config.networks, caipNetworkId),
    networks: config.networks,
    switchNetwork: async (id) => (await loadEngine()).switchNetwork(id)
  }), [caipNetworkId, config.networks, loadEngine])
}

/**
 * Disconnects one namespace's session, or every session without an argument.
 *
 * @example
 * ```tsx
 * const { disconnect } = useDisconnect()
 * <button onClick={() => disconnect()}>Sign out</button>
 * ```
 */
export const useDisconnect = (): { readonly disconnect: (namespace?: Session.SessionNamespace) => Promise<void> } => {
  const { loadEngine } = usePortico()
  return useMemo(() => ({ disconnect: async (namespace) => (await loadEngine()).disconnect(namespace) }), [loadEngine])
}

/** An EIP-1193 provider for the connected EVM account. */
export const useEvmProvider = (): HostProvider.Eip1193Provider => {
  const { snapshot, loadEngine } = usePortico()
  return useMemo(() => HostProvider.evmProvider(snapshot, loadEngine), [snapshot, loadEngine])
}

/** A signer for the connected Solana account. */
export const useSolanaSigner = (): HostProvider.SolanaSigner => {
  const { snapshot, loadEngine } = usePortico()
  return useMemo(() => HostProvider.solanaSigner(snapshot, loadEngine), [snapshot, loadEngine])
}

export interface SignInControls {
  /** The active account's sign-in session (message, signature, fields): hand it to your backend to verify. */
  readonly session: SignInSession | undefined
  readonly isSignedIn: boolean
  /**
   * Asks the connected wallet for the sign-in signature now (after the visitor cancelled it, or signed
   * out); resolves when the wallet answered, the outcome in `session`.
   */
  readonly signIn: () => Promise<void>
  /** Ends every sign-in session. Rejects with `SignInProviderError` when the sign-in backend could not be told. */
  readonly signOut: () => Promise<void>
}

/** Sign-in with a wallet signature (`siwx` in the config). */
export const useSignIn = (): SignInControls => {
  const { loadEngine } = usePortico()
  const session = useSnapshot().signInSession
  return useMemo(() => ({
    session,
    isSignedIn: session !== undefined,
    signIn: async () => (await loadEngine()).retrySignIn(),
    signOut: async () => (await loadEngine()).signOut()
  }), [session, loadEngine])
}
