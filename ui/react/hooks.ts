/**
 * The hooks a host uses. They read the first chunk's snapshot atoms (kept in step by the engine
 * once it has loaded) and load the engine only for actions.
 */
import { useMemo } from "react"
import type * as Caip from "../../core/Caip.ts"
import * as HostProvider from "../../core/atoms/HostProvider.ts"
import * as Snapshot from "../../core/atoms/Snapshot.ts"
import type * as Network from "../../core/Network.ts"
import type * as Session from "../../core/Session.ts"
import type { Messages } from "../i18n/en.ts"
import { type ModalView, usePortico } from "./PorticoContext.ts"
import { useAtomValue, useRegistry } from "./Registry.ts"

export interface UseModal {
  readonly isOpen: boolean
  /** Opens on Account when connected, else Connect; or at `view`. */
  readonly open: (options?: { readonly view?: ModalView }) => Promise<void>
  readonly close: () => Promise<void>
}

export const useModal = (): UseModal => {
  const { openModal, loadEngine } = usePortico()
  const isOpen = useAtomValue(Snapshot.modalOpen)
  return useMemo(() => ({
    isOpen,
    open: openModal,
    close: async () => {
      if (isOpen) await (await loadEngine()).close()
    }
  }), [isOpen, openModal, loadEngine])
}

export interface UseAccount {
  readonly status: "connected" | "disconnected"
  /** The active account's address (EVM or Solana). */
  readonly address: string | undefined
  readonly caipAddress: Caip.CaipAddress | undefined
  readonly namespace: Session.SessionNamespace | undefined
  readonly connectorName: string | undefined
  /** Both accounts: a visitor may hold an EVM and a Solana account at once. */
  readonly accounts: { readonly eip155?: Session.SessionAccount; readonly solana?: Session.SessionAccount }
}

export const useAccount = (): UseAccount => {
  const session = useAtomValue(Snapshot.session)
  return useMemo(() => {
    const active = session.activeNamespace === undefined ? undefined : session[session.activeNamespace]
    return {
      status: active === undefined ? "disconnected" : "connected",
      address: active?.address,
      caipAddress: active === undefined
        ? undefined
        : `${active.namespace}:${active.caipNetworkId.split(":")[1] ?? ""}:${active.address}`,
      namespace: active?.namespace,
      connectorName: active?.connectorName,
      accounts: {
        ...(session.eip155 === undefined ? {} : { eip155: session.eip155 }),
        ...(session.solana === undefined ? {} : { solana: session.solana })
      }
    }
  }, [session])
}

export interface UseNetwork {
  readonly caipNetworkId: Caip.CaipNetworkId | undefined
  /** The active network when the host configured it (undefined on a network it did not request). */
  readonly network: Network.Network | undefined
  readonly networks: ReadonlyArray<Network.Network>
  readonly switchNetwork: (caipNetworkId: Caip.CaipNetworkId) => Promise<void>
}

export const useNetwork = (): UseNetwork => {
  const { config, loadEngine } = usePortico()
  const session = useAtomValue(Snapshot.session)
  const active = useAtomValue(Snapshot.activeNetworkId)
  const account = session.activeNamespace === undefined ? undefined : session[session.activeNamespace]
  // Before the engine loads, the first configured network is the active one.
  const caipNetworkId = account?.caipNetworkId ?? active ?? config.networks[0]?.caipNetworkId
  return useMemo(() => ({
    caipNetworkId,
    network: config.networks.find((network) => network.caipNetworkId === caipNetworkId),
    networks: config.networks,
    switchNetwork: async (id) => (await loadEngine()).switchNetwork(id)
  }), [caipNetworkId, config.networks, loadEngine])
}

export interface UseDisconnect {
  /** Disconnects one namespace's account, or every account. */
  readonly disconnect: (namespace?: Session.SessionNamespace) => Promise<void>
}

export const useDisconnect = (): UseDisconnect => {
  const { loadEngine } = usePortico()
  return useMemo(() => ({ disconnect: async (namespace) => (await loadEngine()).disconnect(namespace) }), [loadEngine])
}

/** An EIP-1193 provider for the connected EVM account: hand it to viem's `custom()`, wagmi or ethers. */
export const useEvmProvider = (): HostProvider.Eip1193Provider => {
  const registry = useRegistry()
  const { loadEngine } = usePortico()
  return useMemo(() => HostProvider.evmProvider(registry, loadEngine), [registry, loadEngine])
}

/** Signs with the connected Solana account's wallet. */
export const useSolanaSigner = (): HostProvider.SolanaSigner => {
  const registry = useRegistry()
  const { loadEngine } = usePortico()
  return useMemo(() => HostProvider.solanaSigner(registry, loadEngine), [registry, loadEngine])
}

/** The message table of the configured locale. */
export const useMessages = (): Messages => usePortico().messages
