/** Portico's public React API. Everything here is in the host's first chunk; the modal is not. */
export type { AppMetadata, Features, PorticoConfig, SignInBackend, SignInOptions } from "../../core/Config.ts"
export type { SignInMessageData, SignInSession } from "../../core/SignInSession.ts"
export type { Network } from "../../core/Network.ts"
export { type NetworkInput, solanaDevnet, solanaMainnet, solanaTestnet, type ViemChain } from "../../core/NetworkInput.ts"
export type { Eip1193Provider, SolanaSigner } from "../../app/HostProvider.ts"
export type { HostView } from "../../core/Modal.ts"
export type { SessionAccount, SessionNamespace } from "../../core/Session.ts"
export { ConnectButton, type ConnectButtonProps } from "./ConnectButton.tsx"
export {
  type UseAccount,
  useAccount,
  useDisconnect,
  useEvmProvider,
  type UseModal,
  useModal,
  type UseNetwork,
  useNetwork,
  type UseSignIn,
  useSignIn,
  useSolanaSigner
} from "./hooks.ts"
export { PorticoProvider, type PorticoProviderProps } from "./PorticoProvider.tsx"
