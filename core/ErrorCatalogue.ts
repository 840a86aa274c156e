/**
 * The whole error surface of core/ in one list (spec section 8, plus the validation messages of
 * section 5): every tagged error class with its tag and message, and every alert and toast. The
 * UI's message table and the snapshot test read it, so a change to any wording is deliberate.
 *
 * Messages come from the classes themselves (their `message` literal); classes whose message is
 * built at run time give their template here.
 */
import * as Record from "effect/Record"
import * as SchemaAST from "effect/SchemaAST"
import type * as Schema from "effect/Schema"
import * as Address from "./Address.ts"
import * as ChainRead from "./rpc/ChainRead.ts"
import * as Amount from "./send/Amount.ts"
import * as EvmSend from "./send/EvmSend.ts"
import * as Receiver from "./send/Receiver.ts"
import * as SolanaSend from "./send/SolanaSend.ts"
import * as Transfer from "./send/Transfer.ts"
import * as Alert from "./Alert.ts"
import * as Backend from "./Backend.ts"
import * as Caip from "./Caip.ts"
import * as CodeChunk from "./CodeChunk.ts"
import * as Connection from "./Connection.ts"
import * as Connector from "./Connector.ts"
import * as MiniAppChannel from "./connectors/MiniAppChannel.ts"
import * as Cooldown from "./Cooldown.ts"
import * as Disconnect from "./Disconnect.ts"
import * as Email from "./Email.ts"
import * as HostFeatures from "./HostFeatures.ts"
import * as EmbeddedAuth from "./EmbeddedAuth.ts"
import * as LegalConsent from "./LegalConsent.ts"
import * as MwaErrors from "./mwa/MwaErrors.ts"
import * as Name from "./Name.ts"
import * as Networks from "./Networks.ts"
import * as OriginAllowlist from "./OriginAllowlist.ts"
import * as Send from "./Send.ts"
import * as SendCalls from "./SendCalls.ts"
import * as SocialProvider from "./SocialProvider.ts"
import * as Storage from "./Storage.ts"
import * as Theme from "./Theme.ts"
import * as WalletError from "./WalletError.ts"
import * as Activity from "./features/Activity.ts"
import * as Buying from "./features/Buying.ts"
import * as ConnectAttempt from "./features/ConnectAttempt.ts"
import * as EmbeddedLogin from "./features/EmbeddedLogin.ts"
import * as FrameChannel from "./embedded/FrameChannel.ts"
import * as Swapping from "./features/Swapping.ts"
import * as Swap from "./swap/Swap.ts"
import * as SwapGuards from "./swap/SwapGuards.ts"
import * as Envelope from "./walletconnect/Envelope.ts"
import * as PairingUri from "./walletconnect/PairingUri.ts"
import * as RelayClient from "./walletconnect/RelayClient.ts"
import * as SignClient from "./walletconnect/SignClient.ts"
import * as SymKey from "./walletconnect/SymKey.ts"
import * as Names from "./features/Names.ts"
import * as SignIn from "./features/SignIn.ts"
import * as SignInConfig from "./signin/SignInConfig.ts"
import * as ConnectSignIn from "./signin/ConnectSignIn.ts"
import * as ExecutionPermissions from "./permissions/ExecutionPermissions.ts"
import * as Permissions from "./features/Permissions.ts"
import * as SignInMessage from "./signin/SignInMessage.ts"
import * as SignInProvider from "./signin/SignInProvider.ts"
import * as SignInRejection from "./signin/SignInRejection.ts"
import * as SiwfMessage from "./farcaster/SiwfMessage.ts"

export interface Item {
  /** The core module that defines the class. */
  readonly module: string
  readonly tag: string
  /** The exact message, or its template (`{name}` marks a value filled in at run time). */
  readonly message: string
}

interface ErrorClass {
  readonly identifier: string
  readonly fields: { readonly message: Schema.Top }
}

const item = (module: string, errorClass: ErrorClass, template?: string): Item => {
  const ast = errorClass.fields.message.ast
  return {
    module,
    tag: errorClass.identifier,
    message: SchemaAST.isLiteral(ast) ? String(ast.literal) : (template ?? "{message}")
  }
}

export const errors: ReadonlyArray<Item> = [
  item("Address", Address.InvalidAddressError),
  item("Amount", Amount.InvalidAmountError, "{what is wrong with the amount}"),
  item("Amount", Amount.InsufficientBalanceError, "Insufficient balance"),
  item("ChainRead", ChainRead.ChainReadError, "{the node's message}"),
  item("CodeChunk", CodeChunk.FeatureUnavailableError),
  item("EvmSend", EvmSend.EvmSendInvalidAddressError, "Invalid address (the EVM {field})"),
  item("EvmSend", EvmSend.EvmTransferRefusedError, "{why the token refused}"),
  item("EvmSend", EvmSend.EvmSendAnswerError, "{what eth_sendTransaction or eth_call answered wrong}"),
  item("Receiver", Receiver.InvalidReceiverError, "{why the receiver is not usable}"),
  item("SolanaSend", SolanaSend.SolanaSendInvalidAddressError, "Invalid address (the Solana {field})"),
  item("SolanaSend", SolanaSend.SolanaSendAnswerError, "{what the wallet or node answered wrong}"),
  item("Transfer", Transfer.TransferTokenError, "{what is wrong with the token}"),
  item("Caip", Caip.InvalidCaipNetworkIdError),
  item("Caip", Caip.InvalidCaipAddressError),
  item("Activity", Activity.TransactionsFetchFailedError),
  item("Backend", Backend.BackendNotConfiguredError),
  item("Backend", Backend.BackendRequestError, "{the server's or transport's message}"),
  item("Connector", Connector.InvalidAccountError, "The wallet answered with {what was wrong}"),
  item("Connection", Connection.PairingExpired, "The pairing URI expired before a wallet scanned it"),
  item("Connector", Connector.ConnectorError, "{what the wallet answered wrong}"),
  item("Connector", Connector.ConnectorNotFound, "No connector {id}"),
  item("MiniAppChannel", MiniAppChannel.MiniAppHostError, "{what the mini-app host threw, or that its channel closed}"),
  item("Cooldown", Cooldown.EmailCooldownError, "Please try again after {n} seconds"),
  item("Disconnect", Disconnect.DisconnectFailedError),
  item("Disconnect", Disconnect.DisconnectChainsFailedError),
  item("Email", Email.InvalidEmailError),
  item("EmbeddedAuth", EmbeddedAuth.EmbeddedAuthUnsupportedNamespaceError),
  item("LegalConsent", LegalConsent.InvalidLegalLinksError),
  item("LegalConsent", LegalConsent.LegalConsentRequiredError),
  item("Name", Name.NameInvalidCharactersError),
  item("Name", Name.NameTooShortError),
  item("Name", Name.NameResolutionError),
  item("Name", Name.NameNotFoundError),
  item("Names", Names.NameSuggestionsError),
  item("Networks", Networks.NetworkNotFoundError),
  item("OriginAllowlist", OriginAllowlist.InvalidOriginPatternError, "Invalid origin pattern: {pattern}"),
  item("ExecutionPermissions", ExecutionPermissions.UnknownPermissionTypeError),
  item("ExecutionPermissions", ExecutionPermissions.PermissionExpiredError),
  item("ExecutionPermissions", ExecutionPermissions.PermissionTooBroadError),
  item("ExecutionPermissions", ExecutionPermissions.InvalidPermissionError),
  item("Permissions", Permissions.PermissionListInvalidError),
  item("Permissions", Permissions.PermissionTokenUnreadableError),
  item("Permissions", Permissions.PermissionNotRevocableError),
  item("Permissions", Permissions.PermissionRevokeRefusedError),
  item("Send", Send.SendAmountAndReceiverRequiredError),
  item("Send", Send.SendTokenRequiredError),
  item("Send", Send.SendUnsupportedChainError),
  item("SendCalls", SendCalls.CallMissingToError),
  item("SendCalls", SendCalls.CallDataNotHexError),
  item("SignIn", SignIn.SignInInitError),
  item("SignIn", SignIn.SignatureDeclinedError),
  item("SignIn", SignIn.SmartAccountSignInError),
  item("SignIn", SignIn.SignInSessionExpiredError),
  item("SignInConfig", SignInConfig.SignInConfigError),
  item("ConnectSignIn", ConnectSignIn.SignInMismatchError),
  item("SignInMessage", SignInMessage.SignInMessageParseError, "{where the text departs from the CAIP-122 grammar}"),
  item("SignInProvider", SignInProvider.SignInProviderError, "{why the sign-in provider failed}"),
  item("SignInProvider", SignInProvider.SignInRefusedError, "{why the sign-in provider refused the session}"),
  item("SignInRejection", SignInRejection.SignInRejectedError, "{which check the sign-in failed}"),
  item("SiwfMessage", SiwfMessage.SiwfRejectedError, "{which check the Sign In With Farcaster answer failed}"),
  item("SocialProvider", SocialProvider.UnsupportedSocialProviderError),
  item("Storage", Storage.StorageWriteError, "Could not write {key} ({reason})"),
  item("Theme", Theme.InvalidThemeModeError),
  item("Theme", Theme.InvalidThemeVariablesError),
  item("WalletError", WalletError.UserRejectedRequestError, "{wallet message} or User rejected the request"),
  item("WalletError", WalletError.UnauthorizedError, "{wallet message} or Unauthorized"),
  item("WalletError", WalletError.UnsupportedMethodError, "{wallet message} or Unsupported method"),
  item("WalletError", WalletError.ProviderDisconnectedError, "{wallet message} or Provider disconnected"),
  item("WalletError", WalletError.ChainDisconnectedError, "{wallet message} or Chain disconnected"),
  item("WalletError", WalletError.UnrecognizedChainError, "{wallet message} or Unrecognized chain id"),
  item("WalletError", WalletError.RpcError, "{wallet message} or the code's name (RpcCode)"),
  item("WalletError", WalletError.UnknownWalletError, "{wallet message} or Unknown wallet error"),
  item("WalletError", WalletError.OriginNotAllowedError),
  item("WalletError", WalletError.JwtNotYetValidError),
  item("WalletError", WalletError.InvalidKeyError),
  item("Envelope", Envelope.EnvelopeError, "Could not open a message: {why}"),
  item("MwaErrors", MwaErrors.WalletAppNotAnsweredError, "No wallet app answered on this phone"),
  item("MwaErrors", MwaErrors.MwaProtocolError, "{what the wallet app broke: handshake, sequence, tag, message, timeout or closed}"),
  item("MwaErrors", MwaErrors.MwaWalletError, "{the wallet app's JSON-RPC error message}"),
  item("PairingUri", PairingUri.PairingUriError, "Not a WalletConnect v2 pairing URI: {why}"),
  item("RelayClient", RelayClient.RelayError, "{the relay's message} or The relay client is closed"),
  item("SignClient", SignClient.PeerError, "{the peer's error message}"),
  item("SignClient", SignClient.SettlementRefusedError, "The wallet's settlement was refused: {the protocol's reason}"),
  item("SymKey", SymKey.PeerKeyError),
  item("ConnectAttempt", ConnectAttempt.RelayUnreachableError),
  item("Swap", Swap.SwapRevertedError, "The network refused the transaction, or it was not mined in time"),
  item("Swapping", Swapping.SwapNotReadyError),
  item("SwapGuards", SwapGuards.SwapPriceImpactTooHighError),
  item("Buying", Buying.BuyNotReadyError),
  item("HostFeatures", HostFeatures.FeatureDisabledError),
  item("FrameChannel", FrameChannel.EmbeddedFrameLoadError),
  item("FrameChannel", FrameChannel.EmbeddedFrameTimeoutError),
  item("FrameChannel", FrameChannel.EmbeddedWalletStorageBlockedError),
  item("FrameChannel", FrameChannel.EmbeddedWalletWindowClosedError),
  item("FrameChannel", FrameChannel.EmbeddedWalletWindowBlockedError),
  item("FrameChannel", FrameChannel.EmbeddedFrameRequestError, "{the frame's message} or An error occurred"),
  item("EmbeddedLogin", EmbeddedLogin.LoginPanelClosedError),
  item("EmbeddedLogin", EmbeddedLogin.SocialWindowClosedError)
]

/** The alert catalogue, keyed as in Alert.ts. */
export const alerts: ReadonlyArray<Alert.Alert & { readonly key: Alert.Key }> = Record.keys(Alert.catalogue).map(
  (key) => ({ key, ...Alert.catalogue[key] })
)

/** Toasts with fixed wording. */
export const toasts: ReadonlyArray<{ readonly message: string; readonly errorTag: string; readonly variant: string }> = [
  Alert.tokenBalanceUnavailableToast
]
