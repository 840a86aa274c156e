/**
 * What a failure says in the visitor's language. The table is total over every failure a visitor can
 * meet (`ShownFailure`, derived from the engine's actions and the features' states): a new failure
 * anywhere does not compile until it has words here, and so in every locale. A wallet's own words, which
 * no table can know, are shown inside a translated sentence.
 */
import type { ShownFailure } from "../../../app/Engine.ts"
import type { MessageKey } from "../../i18n/en.ts"
import type { Translate } from "../../i18n/Messages.ts"

/** A failure as views hold it: the typed error itself, or its tag and message kept in a state. */
export interface Failure {
  readonly _tag: string
  readonly message: string
  /** The embedded wallet's own reason (EmbeddedFrameRequestError). */
  readonly reason?: string | undefined
  /** A wait the visitor must sit out (EmailCooldownError). */
  readonly seconds?: number | undefined
}

type Words = MessageKey | ((failure: Failure, t: Translate) => string)

/** The wallet's (or the frame's) own words inside a translated sentence. */
const withDetail = (key: MessageKey): Words => (failure, t) => t(key, { detail: failure.message })

/** Failures, and the spec's alerts shown as toasts under their catalogue name. */
type Shown = ShownFailure["_tag"] | "SessionExpired"

const byTag: { readonly [Tag in Shown]: Words } = {
  UserRejectedRequestError: "errorUserRejected",
  UnauthorizedError: "errorUnauthorized",
  UnsupportedMethodError: "errorUnsupportedMethod",
  ProviderDisconnectedError: "errorProviderDisconnected",
  ChainDisconnectedError: "errorChainDisconnected",
  UnrecognizedChainError: "errorUnrecognizedChain",
  RpcError: withDetail("errorWalletRefused"),
  UnknownWalletError: withDetail("errorWalletRefused"),
  OriginNotAllowedError: "errorOriginNotAllowed",
  JwtNotYetValidError: "errorClockBehind",
  InvalidKeyError: "errorInvalidProjectId",
  ConnectorError: withDetail("errorWalletAnswer"),
  ConnectorNotFound: "errorConnectorNotFound",
  InvalidAccountError: "errorInvalidAccount",
  RelayUnreachableError: "relayUnreachable",
  NetworkNotFoundError: "errorNetworkNotFound",
  DisconnectFailedError: "errorDisconnectFailed",
  DisconnectChainsFailedError: "errorDisconnectChainsFailed",
  BackendNotConfiguredError: "errorBackend",
  BackendRequestError: "errorBackend",
  TransactionsFetchFailedError: "failedToFetchTransactions",
  CallMissingToError: "errorInvalidCalls",
  CallDataNotHexError: "errorInvalidCalls",
  SwapRevertedError: "errorSwapReverted",
  SwapNotReadyError: "swapNotReady",
  BuyNotReadyError: "buyNotReady",
  InvalidEmailError: "errorInvalidEmail",
  EmailCooldownError: (failure, t) => t("errorEmailCooldown", { seconds: failure.seconds ?? 30 }),
  LoginPanelClosedError: "errorLoginPanelClosed",
  EmbeddedFrameLoadError: "errorEmbeddedLoad",
  EmbeddedFrameTimeoutError: "errorEmbeddedTimeout",
  EmbeddedWalletStorageBlockedError: "errorEmbeddedStorage",
  EmbeddedFrameRequestError: withDetail("errorEmbeddedRequest"),
  SessionExpired: "errorSessionExpired",
  SendAmountAndReceiverRequiredError: "errorSendAmountAndReceiver",
  SendTokenRequiredError: "errorSendToken",
  SendUnsupportedChainError: "errorSendUnsupportedChain",
  InvalidAmountError: "errorInvalidAmount",
  InvalidReceiverError: "errorReceiverAddress",
  EvmSendInvalidAddressError: "errorReceiverAddress",
  SolanaSendInvalidAddressError: "errorReceiverAddress",
  EvmSendAnswerError: "errorSendAnswer",
  SolanaSendAnswerError: "errorSendAnswer",
  TransferTokenError: "errorTransferToken",
  NameResolutionError: "errorNameResolution",
  NameSuggestionsError: "nameSuggestionsFailed",
  NameInvalidCharactersError: "nameRuleCharacters",
  NameTooShortError: "nameRuleLength",
  EvmTransferRefusedError: "errorTransferRefused",
  ChainReadError: "errorChainRead",
  SignatureDeclinedError: "errorSignatureDeclined",
  SignInInitError: "errorSignInInit",
  SmartAccountSignInError: "errorSmartAccountSignIn",
  SignInRefusedError: "errorSignInRefused",
  SignInProviderError: "errorBackend",
  FeatureUnavailableError: "errorFeatureUnavailable",
  UnexpectedError: "errorUnexpected"
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

const isKnown = (tag: string): tag is Shown => Object.hasOwn(byTag, tag)

export const errorText = (failure: Failure, t: Translate): string => {
  const inFrame = failure.reason === undefined ? undefined : byReason[failure.reason]
  if (inFrame !== undefined) return t(inFrame)
  // A tag outside the union (a toast raised by a host's own code) keeps its own words.
  if (!isKnown(failure._tag)) return failure.message
  const words = byTag[failure._tag]
  return typeof words === "string" ? t(words) : words(failure, t)
}
