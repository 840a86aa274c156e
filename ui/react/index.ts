/** `portico/react`: what a host imports. The modal itself loads on demand. */
export type { AppMetadata, Features, PorticoConfig } from "../../core/atoms/Config.ts"
export type { Eip1193Provider, SolanaSigner } from "../../core/atoms/HostProvider.ts"
export type { Network } from "../../core/Network.ts"
export { ConnectButton, type ConnectButtonProps } from "./ConnectButton.tsx"
export {
  type UseAccount,
  useAccount,
  type UseDisconnect,
  useDisconnect,
  useEvmProvider,
  useMessages,
  type UseModal,
  useModal,
  type UseNetwork,
  useNetwork,
  useSolanaSigner
} from "./hooks.ts"
export type { ModalView } from "./PorticoContext.ts"
export { PorticoProvider, type PorticoProviderProps } from "./PorticoProvider.tsx"
export { useAtom, useAtomSet, useAtomValue, useRegistry } from "./Registry.ts"
export { AsyncResultView, type AsyncResultViewProps } from "./AsyncResultView.tsx"
