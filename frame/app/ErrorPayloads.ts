/**
 * The error answer of a request that failed (spec §8 "Embedded frame"): the failure's own message, and
 * its EIP-1193 / JSON-RPC code when it has one, when it is a failure meant to be read — the visitor's
 * rejection ('Request was aborted'), a refused method ('Requested RPC call is not allowed'), a node's
 * answer, the server's refusals (a wrong code, the email cooldown…). Anything else — a defect, a
 * transport's details, a storage error — is 'Something went wrong': internal wording never reaches the
 * host.
 */
import * as Cause from "effect/Cause"
import * as Option from "effect/Option"
import type { ErrorPayload } from "../../core/embedded/FrameProtocol.ts"

/** The tags whose messages are written for the modal (and, through it, the visitor or the dapp). */
const readable: ReadonlySet<string> = new Set([
  // The frame's own.
  "RequestAbortedError",
  "RpcNotAllowedError",
  "InvalidParamsError",
  "TransactionAsMessageError",
  "UnauthorizedAccountError",
  "ReservedSigningError",
  "AtomicityNotSupportedError",
  "UnsupportedChainIdError",
  "SmartAccountRequiredError",
  "SupersededMethodError",
  "SmartAccountUnavailableError",
  "UnknownBundleError",
  "ChainMismatchError",
  "NodeError",
  "ChainUnavailableError",
  "UnreadableChainAnswerError",
  "WalletLockedError",
  "NoLoginAttemptError",
  "CompletionMissingError",
  "SessionEndedError",
  "SessionServerError",
  "NetworkNotConfiguredError",
  "PaymasterServiceRefusedError",
  "SponsorshipUnavailableError",
  "SponsorshipRefusedError",
  "PermissionNotRecordedError",
  "PermissionNotActiveError",
  "PermissionsUnavailableError",
  // core's checks of ERC-7715 requests.
  "UnknownPermissionTypeError",
  "PermissionExpiredError",
  "PermissionTooBroadError",
  "InvalidPermissionError",
  // core's checks of wallet_sendCalls.
  "CallMissingToError",
  "CallDataNotHexError",
  // The custody library's, about what was asked.
  "CustodyLockedError",
  "EvmSigningError",
  "DelegationRefusedError",
  "UndecodableSolanaTransactionError",
  "NotASignerError",
  // The server's answers.
  "BadRequest",
  "NotFound",
  "NotImplemented",
  "UpstreamUnavailable",
  "RateLimited",
  "OtpRefused",
  "EmailCooldown",
  "EmailInUse",
  "SocialSignInFailed",
  "PollSecretRefused"
])

const fallback: ErrorPayload = { message: "Something went wrong" }

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === "object" && value !== null

export const payloadOf = (cause: Cause.Cause<unknown>): ErrorPayload => {
  const error = Option.getOrUndefined(Cause.findErrorOption(cause))
  if (!isRecord(error) || typeof error["_tag"] !== "string" || !readable.has(error["_tag"])) return fallback
  const message = error["message"]
  if (typeof message !== "string" || message === "") return fallback
  const code = error["code"]
  const data = error["data"]
  const kind = error["reason"]
  const retryAfter = error["retryAfter"]
  return {
    message: message.slice(0, 1000),
    reason: error["_tag"] === "OtpRefused" && typeof kind === "string" ? `OtpRefused.${kind}` : error["_tag"],
    ...(typeof code === "number" && Number.isInteger(code) ? { code } : {}),
    ...(typeof retryAfter === "number" && Number.isInteger(retryAfter) && retryAfter >= 0 && retryAfter <= 86_400 ? { retryAfter } : {}),
    // A node's answer, or a sponsor's refusal in its own words: the dapp reads them, the modal shows them inside its sentence.
    ...((error["_tag"] === "NodeError" || error["_tag"] === "SponsorshipRefusedError") && data !== undefined ? { data } : {})
  }
}
