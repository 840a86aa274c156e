/** Portico for any page (plain HTML, Vue, Svelte…): `createPortico` and the `<portico-connect-button>` element. */
export type { AccountView } from "../../app/Snapshot.ts"
export type { CaipAddress, CaipNetworkId, ChainNamespace } from "../../core/Caip.ts"
export type { AppMetadata, ConnectMethod, Features, NormalizedConfig, PorticoConfig, SignInBackend, SignInOptions } from "../../core/Config.ts"
export { type Locale, locales } from "../../core/Locale.ts"
export type { LoginProvider, SocialProvider } from "../../core/SocialProvider.ts"
export type { ListedAccount } from "../../core/AccountList.ts"
export type { Logger, LogLevel } from "../../core/HostLogger.ts"
export type { ThemeVariables } from "../../core/Theme.ts"
export type { Network } from "../../core/Network.ts"
export { type NetworkInput, solanaDevnet, solanaMainnet, solanaTestnet, type ViemChain } from "../../core/NetworkInput.ts"
export type { Eip1193Provider, SolanaSigner } from "../../app/HostProvider.ts"
export type {
  ChainDisconnectedError,
  InvalidKeyError,
  JwtNotYetValidError,
  OriginNotAllowedError,
  ProviderDisconnectedError,
  RpcError,
  UnauthorizedError,
  UnknownWalletError,
  UnrecognizedChainError,
  UnsupportedMethodError,
  UserRejectedRequestError,
  WalletError
} from "../../core/WalletError.ts"
export type { HostView } from "../../core/Modal.ts"
export type { SessionAccount, SessionNamespace } from "../../core/Session.ts"
export type { SignInMessageData, SignInSession } from "../../core/SignInSession.ts"
export { createPortico, type Portico, type PorticoState } from "./createPortico.ts"
export { definePorticoElements, elementName } from "./ConnectButtonElement.ts"
