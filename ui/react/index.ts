/** Portico's public React API. Everything here is in the host's first chunk; the modal is not. */
export type { AccountView } from "../../app/Snapshot.ts"
export type { CaipAddress, CaipNetworkId, ChainNamespace } from "../../core/Caip.ts"
export type { AppMetadata, ConnectMethod, Features, PorticoConfig, SignInBackend, SignInOptions } from "../../core/Config.ts"
export { type Locale, locales } from "../../core/Locale.ts"
export type { SocialProvider } from "../../core/SocialProvider.ts"
export type { ThemeVariables } from "../../core/Theme.ts"
export type { SignInMessageData, SignInSession } from "../../core/SignInSession.ts"
export type { Network } from "../../core/Network.ts"
export { type NetworkInput, solanaDevnet, solanaMainnet, solanaTestnet, type ViemChain } from "../../core/NetworkInput.ts"
export type { Eip1193Provider, SolanaSigner } from "../../app/HostProvider.ts"
export type { HostView } from "../../core/Modal.ts"
export type { SessionAccount, SessionNamespace } from "../../core/Session.ts"
export { ConnectButton, type ConnectButtonProps } from "./ConnectButton.tsx"
export {
  useAccount,
  useDisconnect,
  useEvmProvider,
  type ModalControls,
  useModal,
  type NetworkState,
  useNetwork,
  type SignInControls,
  useSignIn,
  useSolanaSigner
} from "./hooks.ts"
export { PorticoProvider, type PorticoProviderProps } from "./PorticoProvider.tsx"
