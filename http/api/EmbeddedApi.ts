/**
 * The embedded wallet's server API (docs/embedded-wallet.md "The server API"): email login and email
 * update (spec §4), the visitor's sessions, and the two key shares the server keeps. The frame calls it
 * from the server's own origin; session calls carry `Authorization: Bearer <access token>`.
 *
 * The device approval link of the login mail is a page a person opens, not a call: it has its own
 * group, without the project guard (`EmbeddedApprovalApi`).
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import { Email as EmailFormat } from "../../core/Email.ts"
import { locales } from "../../core/Locale.ts"
import { RecoveryKind } from "../../core/embedded/ShareSet.ts"
import { LoginProvider } from "../../core/SocialProvider.ts"
import { BadRequest, NotFound, NotImplemented, UpstreamUnavailable } from "./ApiError.ts"
import { InputErrors } from "./InputErrors.ts"
import { ProjectGuard } from "./ProjectGuard.ts"
import { SdkQuery } from "./SdkQuery.ts"
import { WalletOriginGuard } from "./WalletOriginGuard.ts"

/** RFC 5321 caps a path at 256 octets, so an address at 254 characters. */
export const Email = EmailFormat.check(Schema.isMaxLength(254))
/** 128 random bits, hex: attempts, visitors, sessions. */
export const Id = Schema.String.check(Schema.isPattern(/^[0-9a-f]{32}$/))
/** The frame's random id for its browser profile (kept in its IndexedDB). */
export const DeviceId = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{16,128}$/))
export const Otp = Schema.String.check(Schema.isPattern(/^[0-9]{6}$/))
/** The visitor's locale, for the mails: every locale the modal speaks. */
export const Locale = Schema.Literals(locales)
export type Locale = typeof Locale.Type
/** 256 random bits, base64url without padding. */
export const RefreshToken = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{43}$/))
/** `Bearer <access token>`; optional in the Schema so a missing one answers 401 `SessionExpired`, not 400. */
const SessionHeaders = { authorization: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(4096))) }

/** A share as the frame encodes it (core/embedded/ShareSet.ts): base64url without padding; the server never looks into it. */
const Base64Url = (maxLength: number) => Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]+$/), Schema.isMaxLength(maxLength))
export const EvmAddress = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{40}$/))
export const SolanaAddress = Schema.String.check(Schema.isPattern(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/))
export const WalletAddresses = Schema.Struct({ evm: EvmAddress, solana: SolanaAddress })
export type WalletAddresses = typeof WalletAddresses.Type
/** An ECDSA signature (EIP-712 here), 65 bytes hex. */
export const Signature = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{130}$/))
/** 256 random bits, base64url without padding: a share replacement's single-use nonce. */
export const ShareNonce = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{43}$/))

export const SessionGrant = Schema.Struct({
  /** A JWT (HS256), 15 minutes. */
  accessToken: Schema.String.check(Schema.isMaxLength(4096)),
  refreshToken: RefreshToken,
  /** When the access token expires, epoch milliseconds. */
  expiresAt: Schema.Int,
  visitorId: Id
})

export const EmailConnectRequest = Schema.Struct({
  email: Email,
  deviceId: DeviceId,
  locale: Locale,
  /** The frame's refresh token, when it has one: of the same visitor on the same device, no code is needed. */
  refreshToken: Schema.optionalKey(RefreshToken)
})

export const EmailConnectAnswer = Schema.Union([
  Schema.Struct({ action: Schema.Literals(["VERIFY_OTP", "VERIFY_DEVICE"]), attemptId: Id }),
  Schema.Struct({ action: Schema.Literal("CONNECT") })
])
export type EmailConnectAnswer = typeof EmailConnectAnswer.Type

export const AttemptRequest = Schema.Struct({ attemptId: Id })
export const OtpRequest = Schema.Struct({ attemptId: Id, otp: Otp })
/** `VERIFY_OTP` once the link was followed (the code is on its way); `VERIFY_DEVICE` when the wait ran out: ask again. */
export const DeviceAnswer = Schema.Struct({ action: Schema.Literals(["VERIFY_OTP", "VERIFY_DEVICE"]) })

export const EmailUpdateRequest = Schema.Struct({ email: Email, locale: Locale })
export const EmailUpdateStarted = Schema.Struct({ action: Schema.Literal("VERIFY_PRIMARY_OTP"), attemptId: Id })
export const EmailUpdatePrimaryDone = Schema.Struct({ action: Schema.Literal("VERIFY_SECONDARY_OTP") })
export const EmailUpdated = Schema.Struct({ newEmail: Email })

export const RefreshRequest = Schema.Struct({ refreshToken: RefreshToken })
export const Revoked = Schema.Struct({ revoked: Schema.Boolean })

/** The signed-in visitor as the server knows it; `addresses` once the wallet's shares are stored. */
export const EmbeddedVisitor = Schema.Struct({
  visitorId: Id,
  email: Schema.optionalKey(Email),
  socialProvider: Schema.optionalKey(LoginProvider),
  userName: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200))),
  addresses: Schema.optionalKey(WalletAddresses)
})
export type EmbeddedVisitor = typeof EmbeddedVisitor.Type

/** The two shares the server keeps: the auth share (17 bytes for 16 bytes of entropy) and the encrypted recovery share. */
export const ShareSet = Schema.Struct({
  authShare: Base64Url(1024),
  recoveryShare: Base64Url(4096),
  recoveryKind: RecoveryKind
})
export type ShareSet = typeof ShareSet.Type

export const PutSharesRequest = Schema.Struct({
  ...ShareSet.fields,
  addresses: WalletAddresses,
  /**
   * Needed when the visitor already has shares: a nonce from `POST /v1/embedded/shares/nonce` and the
   * stored EVM account's EIP-712 signature of core/embedded/ShareReplacement.ts's `typedData` over it.
   */
  replacement: Schema.optionalKey(Schema.Struct({ nonce: ShareNonce, signature: Signature }))
})
export type PutSharesRequest = typeof PutSharesRequest.Type

export const SharesStored = Schema.Struct({ stored: Schema.Literals(["created", "replaced"]) })
/** A share replacement's nonce, for this session only, until `expiresAt` (epoch milliseconds). */
export const ShareNonceIssued = Schema.Struct({ nonce: ShareNonce, expiresAt: Schema.Int })
export const AuthShare = Schema.Struct({ authShare: ShareSet.fields.authShare })
export const RecoveryShare = Schema.Struct({ recoveryShare: ShareSet.fields.recoveryShare, recoveryKind: RecoveryKind })

/** 401: no session, or one that is invalid, expired or revoked: the frame shows 'Session Expired' and signs out. */
export class SessionExpired extends Schema.TaggedError<SessionExpired>()(
  "SessionExpired",
  { message: Schema.String, reason: Schema.Literals(["missing", "invalid", "expired", "revoked", "reused"]) },
  { httpApiStatus: 401 }
) {
  /** The HTTP status (core/Retry.ts reads it to decide a retry), the same as the annotation above. */
  get status(): number {
    return 401
  }
}

/**
 * 429: a mail to this address went out less than 30 s ago (spec §5), or the address or the client used up
 * its mails or code tries of the hour; `retryAfter` is also the Retry-After header.
 */
export class EmailCooldown extends Schema.TaggedError<EmailCooldown>()(
  "EmailCooldown",
  { message: Schema.String, retryAfter: Schema.Int },
  { httpApiStatus: 429 }
) {
  static of(seconds: number): EmailCooldown {
    return new EmailCooldown({ message: `Please try again after ${seconds} seconds`, retryAfter: seconds })
  }
  /** The HTTP status (core/Retry.ts reads it to decide a retry), the same as the annotation above. */
  get status(): number {
    return 429
  }
}

const EmailCooldownBody = Schema.Struct({ _tag: Schema.Literal("EmailCooldown"), message: Schema.String, retryAfter: Schema.Int })
  .pipe(HttpApiSchema.status(429))

/** `EmailCooldown` on the wire: its JSON body and the Retry-After header. */
export const EmailCooldownResponse = EmailCooldown.pipe(HttpApiSchema.encodeToWithHeaders(
  { body: EmailCooldownBody, headers: { "retry-after": Schema.NumberFromString } },
  {
    decode: ({ body }) => EmailCooldown.of(body.retryAfter),
    encode: (error) => ({ body: { _tag: "EmailCooldown" as const, message: error.message, retryAfter: error.retryAfter }, headers: { "retry-after": error.retryAfter } })
  }
))

/** 400: the code was refused. `wrong` leaves `triesLeft` tries; after 5 wrong codes, or 10 minutes, the attempt is dead. */
export class OtpRefused extends Schema.TaggedError<OtpRefused>()(
  "OtpRefused",
  { message: Schema.String, reason: Schema.Literals(["wrong", "expired", "locked"]), triesLeft: Schema.Int },
  { httpApiStatus: 400 }
) {
  /** The HTTP status (core/Retry.ts reads it to decide a retry), the same as the annotation above. */
  get status(): number {
    return 400
  }
}

/** 409: the new address belongs to another visitor of the project. */
export class EmailInUse extends Schema.TaggedError<EmailInUse>()(
  "EmailInUse",
  { message: Schema.String },
  { httpApiStatus: 409 }
) {
  /** The HTTP status (core/Retry.ts reads it to decide a retry), the same as the annotation above. */
  get status(): number {
    return 409
  }
}

/**
 * 409: the visitor already has shares, and the new set comes without a valid replacement: none, other
 * addresses, a nonce this session was not issued (unknown, expired or already used), or a signature that
 * is not the stored EVM account's over this set and nonce.
 */
export class SharesConflict extends Schema.TaggedError<SharesConflict>()(
  "SharesConflict",
  { message: Schema.String, reason: Schema.Literals(["missing", "signature", "addresses", "nonce"]) },
  { httpApiStatus: 409 }
) {
  /** The HTTP status (core/Retry.ts reads it to decide a retry), the same as the annotation above. */
  get status(): number {
    return 409
  }
}

/** Every failure an embedded endpoint may answer besides its own: bad input, and the feature not configured. */
const common = [BadRequest, NotImplemented] as const
const mailing = [...common, EmailCooldownResponse, UpstreamUnavailable] as const
const withSession = [...common, SessionExpired] as const

export class EmbeddedApi extends HttpApiGroup.make("embedded")
  .add(
    HttpApiEndpoint.post("emailConnect", "/v1/embedded/email/connect", {
      query: SdkQuery,
      payload: EmailConnectRequest,
      success: EmailConnectAnswer,
      error: mailing
    }),
    /** Long poll (≤ 25 s): answers once the approval link was followed, or when the wait ran out. */
    HttpApiEndpoint.post("emailDevice", "/v1/embedded/email/device", {
      query: SdkQuery,
      payload: AttemptRequest,
      success: DeviceAnswer,
      error: [...common, NotFound]
    }),
    /** 429 `EmailCooldown` past the address's or the client's tries of the hour (across attempts). */
    HttpApiEndpoint.post("emailOtp", "/v1/embedded/email/otp", {
      query: SdkQuery,
      payload: OtpRequest,
      success: SessionGrant,
      error: [...common, NotFound, OtpRefused, EmailCooldownResponse]
    }),
    HttpApiEndpoint.post("emailUpdate", "/v1/embedded/email/update", {
      query: SdkQuery,
      headers: SessionHeaders,
      payload: EmailUpdateRequest,
      success: EmailUpdateStarted,
      error: [...mailing, SessionExpired, EmailInUse]
    }),
    HttpApiEndpoint.post("emailUpdatePrimary", "/v1/embedded/email/update/primary", {
      query: SdkQuery,
      headers: SessionHeaders,
      payload: OtpRequest,
      success: EmailUpdatePrimaryDone,
      error: [...withSession, NotFound, OtpRefused, UpstreamUnavailable, EmailCooldownResponse]
    }),
    HttpApiEndpoint.post("emailUpdateSecondary", "/v1/embedded/email/update/secondary", {
      query: SdkQuery,
      headers: SessionHeaders,
      payload: OtpRequest,
      success: EmailUpdated,
      error: [...withSession, NotFound, OtpRefused, EmailInUse, EmailCooldownResponse]
    }),
    HttpApiEndpoint.post("sessionRefresh", "/v1/embedded/session/refresh", {
      query: SdkQuery,
      payload: RefreshRequest,
      success: SessionGrant,
      error: withSession
    }),
    HttpApiEndpoint.post("sessionRevoke", "/v1/embedded/session/revoke", {
      query: SdkQuery,
      headers: SessionHeaders,
      success: Revoked,
      error: withSession
    }),
    /** Sign out everywhere: every session of the visitor ends, this one included. */
    HttpApiEndpoint.post("sessionRevokeAll", "/v1/embedded/session/revoke-all", {
      query: SdkQuery,
      headers: SessionHeaders,
      success: Revoked,
      error: withSession
    }),
    HttpApiEndpoint.get("user", "/v1/embedded/user", {
      query: SdkQuery,
      headers: SessionHeaders,
      success: EmbeddedVisitor,
      error: withSession
    }),
    HttpApiEndpoint.put("putShares", "/v1/embedded/shares", {
      query: SdkQuery,
      headers: SessionHeaders,
      payload: PutSharesRequest,
      success: SharesStored,
      error: [...withSession, SharesConflict]
    }),
    /** A nonce for one share replacement by this session (a new one supersedes the session's last). */
    HttpApiEndpoint.post("shareNonce", "/v1/embedded/shares/nonce", {
      query: SdkQuery,
      headers: SessionHeaders,
      success: ShareNonceIssued,
      error: withSession
    }),
    HttpApiEndpoint.get("authShare", "/v1/embedded/shares/auth", {
      query: SdkQuery,
      headers: SessionHeaders,
      success: AuthShare,
      error: [...withSession, NotFound]
    }),
    HttpApiEndpoint.get("recoveryShare", "/v1/embedded/shares/recovery", {
      query: SdkQuery,
      headers: SessionHeaders,
      success: RecoveryShare,
      error: [...withSession, NotFound]
    })
  )
  .middleware(InputErrors)
  .middleware(ProjectGuard)
  .middleware(WalletOriginGuard)
{}

/** A small page for a person: the device approval's outcome. */
export const Html = Schema.String.pipe(HttpApiSchema.asText({ contentType: "text/html; charset=utf-8" }))
/** The same page when the link is unknown, used or expired. */
export const HtmlGone = Schema.String.pipe(HttpApiSchema.asText({ contentType: "text/html; charset=utf-8" }), HttpApiSchema.status(410))
/** The same page when the approval was posted from another page than its own. */
export const HtmlForbidden = Schema.String.pipe(HttpApiSchema.asText({ contentType: "text/html; charset=utf-8" }), HttpApiSchema.status(403))
/** The same page when the code could not be mailed (the link can be followed again). */
export const HtmlMailFailed = Schema.String.pipe(HttpApiSchema.asText({ contentType: "text/html; charset=utf-8" }), HttpApiSchema.status(502))

const ApprovalToken = Schema.String.check(Schema.isMaxLength(64))

/**
 * The link in the device approval mail. Opening it (GET) approves nothing — mail scanners follow links —
 * it shows a page whose button posts the token back (POST, from that page's own origin only), which
 * approves the device and mails the code.
 */
export class EmbeddedApprovalApi extends HttpApiGroup.make("embeddedApproval")
  .add(
    HttpApiEndpoint.get("deviceApprovalPage", "/v1/embedded/email/device/approve", {
      query: { token: ApprovalToken },
      success: Html,
      error: [HtmlGone, BadRequest, NotImplemented]
    }),
    HttpApiEndpoint.post("approveDevice", "/v1/embedded/email/device/approve", {
      payload: Schema.Struct({ token: ApprovalToken }).pipe(HttpApiSchema.asFormUrlEncoded()),
      success: Html,
      error: [HtmlGone, HtmlMailFailed, HtmlForbidden, BadRequest, NotImplemented]
    })
  )
  .middleware(InputErrors)
{}
