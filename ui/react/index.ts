/** Portico's public React API. Everything here is in the host's first chunk; the modal is not. */
export type { AccountView } from "../../app/Snapshot.ts"
export type { CaipAddress, CaipNetworkId, ChainNamespace } from "../../core/Caip.ts"
export type { AppMetadata, ConnectMethod, Features, PorticoConfig, SignInBackend, SignInOptions } from "../../core/Config.ts"
export { type Locale, locales } from "../../core/Locale.ts"
export type { LoginProvider, SocialProvider } from "../../core/SocialProvider.ts"
export type { ListedAccount } from "../../core/AccountList.ts"
export type { Logger, LogLevel } from "../../core/HostLogger.ts"
export type { ThemeVariables } from "../../core/ThemeOptions.ts"
export type { SignInMessageData, SignInSession } from "../../core/SignInSession.ts"
export type { Network } from "../../core/Network.ts"
export { type NetworkInput, solanaDevnet, solanaMainnet, solanaTestnet, type ViemChain } from "../../core/NetworkInput.ts"
export type { Eip1193Provider, SolanaSigner } from "../../app/HostProvider.ts"
export type { HostView } from "../../core/ModalRoute.ts"
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
export {
  type AccountDataView,
  type ConnectControls,
  type ConnectionStateView,
  type ConnectResult,
  useAccountData,
  useConnect,
  useConnectionState,
  useWallets,
  type WalletQuery,
  type WalletsView
} from "./headless.ts"
export type { WalletsState } from "../../app/Headless.ts"
export type { AttemptWallet, ConnectFailureReason, ConnectionStatus, PairingLink } from "../../core/HostConnection.ts"
export type { ConnectMethod as WalletConnectMethod, HostWallet, WalletLinks } from "../../core/HostWallet.ts"
export type { BalancesStatus, HostAccount } from "../../core/HostAccount.ts"
export type { BackendError, BackendNotConfiguredError, BackendRequestError } from "../../core/Backend.ts"
export type { ConnectorError, ConnectorFailure, ConnectorNotFound, InvalidAccountError } from "../../core/Connector.ts"
export type { WalletAppNotAnsweredError } from "../../core/mwa/MwaErrors.ts"
export type { ConnectFailure, RelayUnreachableError } from "../../core/features/ConnectAttempt.ts"
export type { UnexpectedError } from "../../app/Action.ts"
export type * from "../WalletErrors.ts"
export type { TokenBalance } from "../../core/TokenBalance.ts"
export { PorticoProvider, type PorticoProviderProps } from "./PorticoProvider.tsx"
