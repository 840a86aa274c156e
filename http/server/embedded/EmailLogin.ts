/**
 * Email login and email update (spec §4, docs/embedded-wallet.md "The server API").
 *
 * Connect: `CONNECT` when the frame already holds a current refresh token of this visitor on this
 * device; otherwise a mail, at most one per address every 30 s: a new visitor, or a known one on a
 * device that completed a login before, gets a code (`VERIFY_OTP`); a known visitor on another device
 * gets a link approving the device (`VERIFY_DEVICE`), and once it is followed, a code. The right code
 * signs the device in. Update: a code to the current address, then one to the new address, then the
 * new address is the visitor's. Mails and tries are limited across attempts too (OtpLimits.ts).
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import { BadRequest, NotFound, type UpstreamUnavailable } from "../../api/ApiError.ts"
import {
  type EmailConnectAnswer,
  type EmailCooldown,
  EmailInUse,
  type Locale,
  OtpRefused
} from "../../api/EmbeddedApi.ts"
import type { EmailAttempts, AttemptKind, AttemptRow } from "./EmailAttempts.ts"
import { maxTries } from "./EmailAttempts.ts"
import type { EmailGate } from "./EmailGate.ts"
import type { Mailer } from "./Mailer.ts"
import type { OtpLimits } from "./OtpLimits.ts"
import * as OtpCode from "./OtpCode.ts"
import { digest, randomId, randomToken } from "./Secrets.ts"
import type { Session, SessionGrant, Visitors } from "./Visitors.ts"

/** One long-poll call waits at most this long for the approval (docs: ≤ 25 s, under the frame's 30 s). */
export const devicePollMillis = 25_000
const devicePollStepMillis = 500

export type ApprovalOutcome = "approved" | "gone" | "mailFailed"
/** What the link's page offers: the button (`confirm`), or what became of the approval already. */
export type ApprovalState = "confirm" | "approved" | "gone"

export class EmailLogin extends Context.Service<EmailLogin, {
  readonly connect: (
    projectId: string,
    request: { readonly email: string; readonly deviceId: string; readonly locale: Locale; readonly refreshToken?: string }
  ) => Effect.Effect<EmailConnectAnswer, EmailCooldown | UpstreamUnavailable>
  /** Waits (≤ 25 s; no longer once the server is stopping) for the device approval of a `VERIFY_DEVICE` attempt. */
  readonly awaitDevice: (projectId: string, attemptId: string) => Effect.Effect<{ readonly action: "VERIFY_OTP" | "VERIFY_DEVICE" }, NotFound>
  /**
   * Where the approval of the link's token stands, changing nothing (what a GET of the link may do); with
   * the attempt's locale, none when the token names no attempt.
   */
  readonly deviceApproval: (token: string) => Effect.Effect<{ readonly state: ApprovalState; readonly locale: Locale | undefined }>
  /** Approves the link's device (the page's button): its attempt gets a code, mailed in the attempt's locale. */
  readonly approveDevice: (token: string) => Effect.Effect<{ readonly outcome: ApprovalOutcome; readonly locale: Locale | undefined }>
  /** `client`: who tries the code (its rate-limit key): codes are limited per address and per client across attempts (OtpLimits.ts). */
  readonly verifyOtp: (projectId: string, attemptId: string, otp: string, client: string) => Effect.Effect<SessionGrant, NotFound | OtpRefused | BadRequest | EmailCooldown>
  readonly startUpdate: (
    session: Session,
    email: string,
    locale: Locale
  ) => Effect.Effect<{ readonly action: "VERIFY_PRIMARY_OTP"; readonly attemptId: string }, EmailCooldown | UpstreamUnavailable | EmailInUse | BadRequest>
  readonly verifyPrimary: (
    session: Session,
    attemptId: string,
    otp: string,
    client: string
  ) => Effect.Effect<{ readonly action: "VERIFY_SECONDARY_OTP" }, NotFound | OtpRefused | BadRequest | UpstreamUnavailable | EmailCooldown>
  readonly verifySecondary: (
    session: Session,
    attemptId: string,
    otp: string,
    client: string
  ) => Effect.Effect<{ readonly newEmail: string }, NotFound | OtpRefused | BadRequest | EmailInUse | EmailCooldown>
}>()("portico/http/server/embedded/EmailLogin") {}

export interface EmailLoginDependencies {
  readonly visitors: Visitors["Service"]
  readonly attempts: EmailAttempts
  readonly gate: EmailGate
  readonly mailer: Mailer["Service"]
  readonly limits: OtpLimits
  /** Keys the digests of the codes (OtpCode.ts). */
  readonly codeKey: Uint8Array
  /** `ServerOptions.embedded.publicUrl`, without a trailing slash: approval links start with it. */
  readonly publicUrl: string
  readonly clock: Clock.Clock
  /** Whether the server is stopping (GracefulStop.ts): the device long poll then answers at once, and is asked again elsewhere. */
  readonly stopping: () => boolean
}

export const approvalPath = "/v1/embedded/email/device/approve"

const noAttempt = () => new NotFound({ message: "attemptId: no such attempt (unknown, finished, or not yours)" })

/** A fresh code and the digest stored for it. */
const newCode = (codeKey: Uint8Array, attemptId: string) => {
  const code = OtpCode.generate()
  return { code, hash: OtpCode.digest(codeKey, attemptId, code) }
}

/**
 * Within the address's and the client's tries of the hour, spends a try and compares the code: the
 * attempt when it is right, the reason it is refused otherwise.
 */
const checker = (deps: EmailLoginDependencies) => (projectId: string, attemptId: string, kind: AttemptKind, otp: string, visitorId: string | undefined, client: string) =>
  Effect.gen(function*() {
    const at = yield* deps.clock.currentTimeMillis
    const attempt = yield* deps.attempts.find(projectId, attemptId)
    if (attempt !== undefined) yield* deps.limits.beforeTry(projectId, attempt.email, client, at)
    const spent = yield* deps.attempts.spendTry(projectId, attemptId, kind, visitorId, at)
    if (spent === undefined || spent.code_hash === null) {
      const row = yield* deps.attempts.find(projectId, attemptId)
      if (row === undefined || row.kind !== kind || row.completed_at !== null || (visitorId !== undefined && row.visitor_id !== visitorId)) {
        return yield* noAttempt()
      }
      if (row.code_hash === null) return yield* new BadRequest({ message: "attemptId: the device is not approved yet" })
      if (row.expires_at.getTime() <= at) {
        return yield* new OtpRefused({ reason: "expired", triesLeft: 0, message: "otp: the code has expired; ask for a new one" })
      }
      return yield* new OtpRefused({ reason: "locked", triesLeft: 0, message: "otp: too many wrong codes; ask for a new one" })
    }
    if (!OtpCode.matches(deps.codeKey, attemptId, otp, spent.code_hash)) {
      const triesLeft = maxTries - spent.tries
      return yield* triesLeft === 0
        ? new OtpRefused({ reason: "locked", triesLeft, message: "otp: wrong code, and too many of them; ask for a new one" })
        : new OtpRefused({ reason: "wrong", triesLeft, message: `otp: wrong code (${triesLeft} tries left)` })
    }
    return { ...spent, code_hash: spent.code_hash }
  })

export const make = (deps: EmailLoginDependencies): EmailLogin["Service"] => {
  const { attempts, gate, mailer, visitors } = deps
  const now = deps.clock.currentTimeMillis
  const check = checker(deps)

  /** Within the address's mails of the hour, takes its gate and runs `send`; a mail that could not go out reopens the gate. */
  const gated = <A,>(projectId: string, email: string, at: number, send: Effect.Effect<A, UpstreamUnavailable>) =>
    Effect.andThen(
      Effect.andThen(deps.limits.beforeMail(projectId, email, at), gate.take(projectId, email, at)),
      Effect.tapError(send, () => gate.release(projectId, email, at))
    )

  /** Finishes the attempt; a second request with the same right code finds it finished. */
  const finish = (row: AttemptRow & { readonly code_hash: string }) =>
    Effect.flatMap(now, (at) => Effect.flatMap(attempts.complete(row.id, row.code_hash, at), (done) => done ? Effect.void : Effect.fail(noAttempt())))

  return EmailLogin.of({
    connect: (projectId, request) =>
      Effect.gen(function*() {
        const visitor = yield* visitors.findByEmail(projectId, request.email)
        if (
          visitor !== undefined && request.refreshToken !== undefined &&
          (yield* visitors.continues(projectId, request.refreshToken, visitor.id, request.deviceId))
        ) {
          return { action: "CONNECT" } as const
        }
        const at = yield* now
        const id = randomId()
        const attempt = { id, projectId, kind: "connect" as const, email: request.email, deviceId: request.deviceId, locale: request.locale }
        if (visitor !== undefined && !(yield* visitors.isDeviceVerified(visitor.id, request.deviceId))) {
          const token = randomToken()
          return yield* gated(
            projectId,
            request.email,
            at,
            Effect.andThen(
              attempts.create({ ...attempt, visitorId: visitor.id, approvalHash: digest(token) }, at),
              mailer.send(request.email, request.locale, { kind: "device", link: `${deps.publicUrl}${approvalPath}?token=${token}` })
            ).pipe(Effect.as({ action: "VERIFY_DEVICE" as const, attemptId: id }))
          )
        }
        const { code, hash } = newCode(deps.codeKey, id)
        return yield* gated(
          projectId,
          request.email,
          at,
          Effect.andThen(
            attempts.create({ ...attempt, ...(visitor === undefined ? {} : { visitorId: visitor.id }), codeHash: hash }, at),
            mailer.send(request.email, request.locale, { kind: "code", code })
          ).pipe(Effect.as({ action: "VERIFY_OTP" as const, attemptId: id }))
        )
      }),
    awaitDevice: (projectId, attemptId) =>
      Effect.gen(function*() {
        for (let waited = 0; waited < devicePollMillis; waited += devicePollStepMillis) {
          const row = yield* attempts.find(projectId, attemptId)
          if (row === undefined || row.kind !== "connect" || row.completed_at !== null || row.expires_at.getTime() <= (yield* now)) {
            return yield* noAttempt()
          }
          if (row.approved_at !== null) return { action: "VERIFY_OTP" } as const
          if (deps.stopping()) break
          yield* Effect.sleep(devicePollStepMillis)
        }
        return { action: "VERIFY_DEVICE" } as const
      }),
    deviceApproval: (token) =>
      Effect.gen(function*() {
        const row = yield* attempts.findApproval(digest(token), yield* now)
        if (row === undefined) return { state: "gone", locale: undefined } as const
        return { state: row.approved_at === null ? "confirm" : "approved", locale: row.locale } as const
      }),
    approveDevice: (token) =>
      Effect.gen(function*() {
        const at = yield* now
        const row = yield* attempts.findApproval(digest(token), at)
        if (row === undefined) return { outcome: "gone", locale: undefined } as const
        if (row.approved_at !== null) return { outcome: "approved", locale: row.locale } as const
        const { code, hash } = newCode(deps.codeKey, row.id)
        // Of two clicks racing, one approves and mails; the other finds it approved.
        if (!(yield* attempts.approve(row.id, hash, at))) return { outcome: "approved", locale: row.locale } as const
        return yield* mailer.send(row.email, row.locale, { kind: "code", code }).pipe(
          Effect.as({ outcome: "approved", locale: row.locale } as const),
          Effect.catch(() => Effect.as(attempts.unapprove(row.id), { outcome: "mailFailed", locale: row.locale } as const))
        )
      }),
    verifyOtp: (projectId, attemptId, otp, client) =>
      Effect.gen(function*() {
        const row = yield* check(projectId, attemptId, "connect", otp, undefined, client)
        yield* finish(row)
        return yield* visitors.signInWithEmail({ projectId, deviceId: row.device_id, email: row.email })
      }),
    startUpdate: (session, email, locale) =>
      Effect.gen(function*() {
        const visitor = yield* visitors.find(session.visitorId)
        const current = visitor?.email
        if (current === undefined) {
          return yield* new BadRequest({ message: "email: this account signs in with a social provider and has no address to update" })
        }
        if (current.toLowerCase() === email.toLowerCase()) return yield* new BadRequest({ message: "email: this is already the account's address" })
        const holder = yield* visitors.findByEmail(session.projectId, email)
        if (holder !== undefined) return yield* new EmailInUse({ message: "email: another account of this site uses this address" })
        const at = yield* now
        const id = randomId()
        const { code, hash } = newCode(deps.codeKey, id)
        return yield* gated(
          session.projectId,
          current,
          at,
          Effect.andThen(
            attempts.create({
              id,
              projectId: session.projectId,
              kind: "update-primary",
              email: current,
              newEmail: email,
              visitorId: session.visitorId,
              deviceId: session.deviceId,
              locale,
              codeHash: hash
            }, at),
            mailer.send(current, locale, { kind: "updateCurrent", code, newEmail: email })
          ).pipe(Effect.as({ action: "VERIFY_PRIMARY_OTP" as const, attemptId: id }))
        )
      }),
    verifyPrimary: (session, attemptId, otp, client) =>
      Effect.gen(function*() {
        const row = yield* check(session.projectId, attemptId, "update-primary", otp, session.visitorId, client)
        const next = newCode(deps.codeKey, attemptId)
        const newEmail = row.new_email
        if (newEmail === null || !(yield* attempts.advance(attemptId, row.code_hash, next.hash, yield* now))) return yield* noAttempt()
        yield* mailer.send(newEmail, row.locale, { kind: "updateNew", code: next.code })
        return { action: "VERIFY_SECONDARY_OTP" } as const
      }),
    verifySecondary: (session, attemptId, otp, client) =>
      Effect.gen(function*() {
        const row = yield* check(session.projectId, attemptId, "update-secondary", otp, session.visitorId, client)
        yield* finish(row)
        yield* visitors.changeEmail(session, row.email)
        return { newEmail: row.email }
      })
  })
}
