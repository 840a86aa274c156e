/**
 * What a failure says in the visitor's language: the errors the modal knows by their tag get their
 * translated text; anything else (a wallet's own words for a code no table knows) is shown as it came.
 */
import type { MessageKey } from "../../i18n/en.ts"
import type { Translate } from "../../i18n/Messages.ts"

const byTag: Readonly<Record<string, MessageKey>> = {
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
  BuyNotReadyError: "buyNotReady",
  InvalidEmailError: "errorInvalidEmail",
  LoginPanelClosedError: "errorLoginPanelClosed",
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

export const errorText = (error: { readonly _tag: string; readonly message: string; readonly reason?: string }, t: Translate): string => {
  const inFrame = error.reason === undefined ? undefined : byReason[error.reason]
  if (inFrame !== undefined) return t(inFrame)
  // The email gate's message carries its count ('Please try again after {n} seconds'), ours or the server's.
  const seconds = /^Please try again after (\d+) seconds$/.exec(error.message)?.[1]
  if (seconds !== undefined) return t("errorEmailCooldown", { seconds: Number(seconds) })
  const key = byTag[error._tag]
  return key === undefined ? error.message : t(key)
}
