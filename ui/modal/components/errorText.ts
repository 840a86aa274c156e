/**
 * What a failure says in the visitor's language: the errors the modal knows by their tag get their
 * translated text, its `{slots}` filled from the error's own fields (the cooldown's `seconds`, the
 * token's `symbol`); anything else (a wallet's own words for a code no table knows) is shown as it came.
 */
import type { MessageKey } from "../../i18n/en.ts"
import type { Translate } from "../../i18n/Messages.ts"
import type { Failure } from "./asFailure.ts"

/** Every failure a visitor can meet, by its tag (a test checks each of core's errors is here or said to never reach a view). */
export const byTag: Readonly<Record<string, MessageKey>> = {
  UserRejectedRequestError: "errorUserRejected",
  UnauthorizedError: "errorUnauthorized",
  UnsupportedMethodError: "errorUnsupportedMethod",
  ProviderDisconnectedError: "errorProviderDisconnected",
  ChainDisconnectedError: "errorChainDisconnected",
  UnrecognizedChainError: "errorUnrecognizedChain",
  ConnectorNotFound: "errorConnectorNotFound",
  NetworkNotFoundError: "errorNetworkNotFound",
  DisconnectFailedError: "errorDisconnectFailed",
  DisconnectChainsFailedError: "errorDisconnectChainsFailed",
  BackendNotConfiguredError: "errorBackend",
  BackendRequestError: "errorBackend",
  InvalidAccountError: "errorInvalidAccount",
  RelayUnreachableError: "relayUnreachable",
  SwapRevertedError: "errorSwapReverted",
  SwapInsufficientBalanceError: "swapInsufficientBalance",
  SwapPriceImpactTooHighError: "swapHighImpact",
  EmailCooldownError: "errorEmailCooldown",
  BuyNotReadyError: "buyNotReady",
  InvalidEmailError: "errorInvalidEmail",
  LoginPanelClosedError: "errorLoginPanelClosed",
  SocialWindowClosedError: "errorSocialWindowClosed",
  EmbeddedFrameLoadError: "errorEmbeddedLoad",
  EmbeddedFrameTimeoutError: "errorEmbeddedTimeout",
  EmbeddedWalletStorageBlockedError: "errorEmbeddedStorage",
  SessionExpired: "errorSessionExpired",
  SendAmountAndReceiverRequiredError: "errorSendAmountAndReceiver",
  SendTokenRequiredError: "errorSendToken",
  SendUnsupportedChainError: "errorSendUnsupportedChain",
  InvalidAmountError: "errorInvalidAmount",
  EvmSendInvalidAddressError: "errorReceiverAddress",
  SolanaSendInvalidAddressError: "errorReceiverAddress",
  NameResolutionError: "errorNameResolution",
  NameNotFoundError: "errorNameNotFound",
  InvalidAddressError: "errorInvalidAddress",
  InvalidReceiverError: "errorReceiverInvalid",
  TransferTokenError: "errorTokenUnusable",
  EvmSendAnswerError: "errorWalletAnswer",
  SolanaSendAnswerError: "errorWalletAnswer",
  ConnectorError: "errorWalletAnswer",
  TransactionsFetchFailedError: "failedToFetchTransactions",
  PairingExpired: "errorPairingExpired",
  NameInvalidCharactersError: "errorNameCharacters",
  NameTooShortError: "errorNameLength",
  NameSuggestionsError: "nameSuggestionsFailed",
  SwapNotReadyError: "errorSwapNotReady",
  EmbeddedAuthUnsupportedNamespaceError: "errorEmbeddedUnsupportedNetwork",
  OriginNotAllowedError: "errorOriginNotAllowed",
  JwtNotYetValidError: "errorJwtNotYetValid",
  InvalidKeyError: "errorInvalidKey",
  TokenBalanceUnavailable: "tokenBalanceUnavailable",
  EvmTransferRefusedError: "errorTransferRefused",
  ChainReadError: "errorChainRead",
  SignatureDeclinedError: "errorSignatureDeclined",
  SignInInitError: "errorSignInInit",
  SmartAccountSignInError: "errorSmartAccountSignIn",
  SignInRefusedError: "errorSignInRefused",
  SignInProviderError: "errorBackend"
}

/** What failed inside the embedded wallet's frame (EmbeddedFrameRequestError's `reason`). */
const byReason: Readonly<Record<string, MessageKey>> = {
  "OtpRefused.wrong": "errorOtpWrong",
  "OtpRefused.expired": "errorOtpExpired",
  "OtpRefused.locked": "errorOtpLocked",
  EmailInUse: "errorEmailInUse",
  SocialSignInFailed: "errorSocialFailed",
  RequestAbortedError: "errorUserRejected",
  SessionEndedError: "errorSessionExpired"
}

/** The error's own text and number fields, as the slots of its message. */
const slotsOf = (error: object): Readonly<Record<string, string>> =>
  Object.fromEntries(Object.entries(error).flatMap(([name, value]) =>
    typeof value === "string" || typeof value === "number" ? [[name, String(value)]] : []))

export const errorText = (error: Failure, t: Translate): string => {
  const inFrame = error.reason === undefined ? undefined : byReason[error.reason]
  if (inFrame !== undefined) return t(inFrame)
  const key = byTag[error._tag]
  return key === undefined ? error.message : t(key, slotsOf(error))
}
