/**
 * What a failure says in the visitor's language. The table is total over every failure a visitor can
 * meet (`ShownFailure`, derived from the engine's actions and the features' states): a new failure
 * anywhere does not compile until it has words here, and so in every locale. A wallet's own words, which
 * no table can know, are shown inside a translated sentence. Numbers and names come from the failure's
 * own fields (the cooldown's `seconds`, the swap's `symbol`), never from its English text.
 */
import type { ShownFailure } from "../../../app/Engine.ts"
import type * as Alert from "../../../core/Alert.ts"
import * as Format from "../../../core/Format.ts"
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
  /** The coin or token a failure is about (InsufficientBalanceError). */
  readonly symbol?: string | undefined
  /** The quoted price impact, in percent (SwapPriceImpactTooHighError). */
  readonly impact?: string | undefined
  /** The name looked up (NameNotFoundError). */
  readonly name?: string | undefined
}

type Words = MessageKey | ((failure: Failure, t: Translate) => string)

/** The wallet's (or the frame's) own words inside a translated sentence. */
const withDetail = (key: MessageKey): Words => (failure, t) => t(key, { detail: failure.message })

/** Failures, and the spec's alerts and toasts shown under their catalogue name. */
type Shown = ShownFailure["_tag"] | typeof Alert.sessionExpiredToast.errorTag | typeof Alert.tokenBalanceUnavailableToast.errorTag

export const byTag: { readonly [Tag in Shown]: Words } = {
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
  WalletAppNotAnsweredError: "errorWalletAppNotAnswered",
  ConnectorNotFound: "errorConnectorNotFound",
  InvalidAccountError: "errorInvalidAccount",
  RelayUnreachableError: "relayUnreachable",
  NetworkNotFoundError: "errorNetworkNotFound",
  DisconnectFailedError: "errorDisconnectFailed",
  DisconnectChainsFailedError: "errorDisconnectChainsFailed",
  BackendNotConfiguredError: "errorBackend",
  BackendRequestError: "errorBackend",
  TransactionsFetchFailedError: "failedToFetchTransactions",
  PermissionListInvalidError: "errorPermissionList",
  PermissionTokenUnreadableError: "errorPermissionToken",
  PermissionNotRevocableError: "errorPermissionNotRevocable",
  PermissionRevokeRefusedError: "errorPermissionRevokeRefused",
  CallMissingToError: "errorInvalidCalls",
  CallDataNotHexError: "errorInvalidCalls",
  SwapRevertedError: "errorSwapReverted",
  SwapNotReadyError: "swapNotReady",
  // The template carries no percent sign: the locale's percent format places it ('7,5 %', '%7,5').
  SwapPriceImpactTooHighError: (failure, t) => t("swapHighImpact", { impact: failure.impact === undefined ? "" : Format.formatPercent(failure.impact, t.locale) }),
  BuyNotReadyError: "buyNotReady",
  FeatureDisabledError: "featureOff",
  InvalidEmailError: "errorInvalidEmail",
  EmailCooldownError: (failure, t) => t("errorEmailCooldown", { seconds: failure.seconds ?? 30 }),
  LoginPanelClosedError: "errorLoginPanelClosed",
  SocialWindowClosedError: "errorSocialWindowClosed",
  EmbeddedFrameLoadError: "errorEmbeddedLoad",
  EmbeddedFrameTimeoutError: "errorEmbeddedTimeout",
  EmbeddedWalletStorageBlockedError: "errorEmbeddedStorage",
  EmbeddedWalletWindowClosedError: "errorEmbeddedWindowClosed",
  EmbeddedWalletWindowBlockedError: "errorEmbeddedWindowBlocked",
  EmbeddedFrameRequestError: withDetail("errorEmbeddedRequest"),
  SessionExpired: "errorSessionExpired",
  LegalConsentRequiredError: "legalRequired",
  SignInSessionExpiredError: "errorSessionExpired",
  TokenBalanceUnavailable: "tokenBalanceUnavailable",
  SendAmountAndReceiverRequiredError: "errorSendAmountAndReceiver",
  SendTokenRequiredError: "errorSendToken",
  SendUnsupportedChainError: "errorSendUnsupportedChain",
  InvalidAmountError: "errorInvalidAmount",
  InsufficientBalanceError: (failure, t) => t("errorInsufficientBalance", { symbol: failure.symbol ?? "" }),
  InvalidReceiverError: "errorReceiverAddress",
  EvmSendInvalidAddressError: "errorReceiverAddress",
  SolanaSendInvalidAddressError: "errorReceiverAddress",
  EvmSendAnswerError: "errorSendAnswer",
  SolanaSendAnswerError: "errorSendAnswer",
  TransferTokenError: "errorTransferToken",
  NameResolutionError: "errorNameResolution",
  NameNotFoundError: (failure, t) => t("errorNameNotFound", { name: failure.name ?? "" }),
  NameSuggestionsError: "nameSuggestionsFailed",
  NameInvalidCharactersError: "nameRuleCharacters",
  NameTooShortError: "nameRuleLength",
  EvmTransferRefusedError: "errorTransferRefused",
  ChainReadError: "errorChainRead",
  SignatureDeclinedError: "errorSignatureDeclined",
  SignInInitError: "errorSignInInit",
  SmartAccountSignInError: "errorSmartAccountSignIn",
  SignInRefusedError: "errorSignInRefused",
  SignInMismatchError: "errorSignInMismatch",
  SignInProviderError: "errorBackend",
  FeatureUnavailableError: "errorFeatureUnavailable",
  UnexpectedError: "errorUnexpected"
}

/**
 * What failed inside the embedded wallet's frame (EmbeddedFrameRequestError's `reason`), and the wallet's
 * refusals of a site's request that the visitor is told of by their tag (core/features/RequestRefusals.ts).
 */
const byReason: Readonly<Record<string, MessageKey>> = {
  EmailInUse: "errorEmailInUse",
  SocialSignInFailed: "errorSocialFailed",
  RequestAbortedError: "errorUserRejected",
  SessionEndedError: "errorSessionExpired",
  // The smart account's (frame/app/SmartCalls.ts, UserOperations.ts); the sponsor's own words reach the dapp as the error's data.
  SponsorshipRefusedError: "errorSponsorshipRefused",
  SponsorshipUnavailableError: "errorSponsorshipUnavailable",
  PaymasterServiceRefusedError: "errorPaymasterRefused",
  DelegationRefusedError: "errorDelegationRefused",
  // ERC-7715 permissions (core/permissions/ExecutionPermissions.ts, frame/app/ExecutionPermissions.ts).
  UnknownPermissionTypeError: "errorPermissionUnknownType",
  PermissionExpiredError: "errorPermissionExpired",
  PermissionTooBroadError: "errorPermissionTooBroad",
  InvalidPermissionError: "errorPermissionInvalid",
  PermissionNotActiveError: "errorPermissionNotActive",
  PermissionNotRecordedError: "errorPermissionNotRecorded",
  PermissionsUnavailableError: "errorUnsupportedMethod",
  WalletServiceUnavailableError: "errorWalletServiceUnavailable"
}

const isKnown = (tag: string): tag is Shown => Object.hasOwn(byTag, tag)
const reasonKey = (reason: string | undefined): MessageKey | undefined =>
  reason !== undefined && Object.hasOwn(byReason, reason) ? byReason[reason] : undefined

export const errorText = (failure: Failure, t: Translate): string => {
  const inFrame = reasonKey(failure.reason)
  if (inFrame !== undefined) return t(inFrame)
  if (!isKnown(failure._tag)) {
    // A refusal named by its tag has its words; any other tag (a toast raised by a host's own code) keeps its own.
    const refusal = reasonKey(failure._tag)
    return refusal === undefined ? failure.message : t(refusal)
  }
  const words = byTag[failure._tag]
  return typeof words === "string" ? t(words) : words(failure, t)
}
