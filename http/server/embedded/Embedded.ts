/**
 * The embedded wallet's server services, built from `ServerOptions.embedded` over the server's
 * database: Visitors (sessions too), EmailLogin and Shares. The code digests are keyed by a key
 * derived from the session key (HKDF-SHA256), so the access tokens' key is never used for anything else.
 */
import { hexToBytes } from "@noble/hashes/utils"
import { hkdf } from "@noble/hashes/hkdf"
import { sha256 } from "@noble/hashes/sha2"
import type * as Clock from "effect/Clock"
import * as Layer from "effect/Layer"
import type { Database } from "../Database.ts"
import { memoryLimiter } from "../RateLimiter.ts"
import * as SharedRateLimiter from "../SharedRateLimiter.ts"
import type { EmbeddedOptions } from "../ServerOptions.ts"
import * as EmailAttempts from "./EmailAttempts.ts"
import * as EmailGate from "./EmailGate.ts"
import * as EmailLogin from "./EmailLogin.ts"
import * as Mailer from "./Mailer.ts"
import * as OtpLimits from "./OtpLimits.ts"
import * as ShareCipher from "./ShareCipher.ts"
import * as ShareNonces from "./ShareNonces.ts"
import * as Shares from "./Shares.ts"
import * as Visitors from "./Visitors.ts"

export type EmbeddedServices = Visitors.Visitors | EmailLogin.EmailLogin | Shares.Shares

/** `stopping`: whether the server is stopping (GracefulStop.ts); the long polls then answer at once. */
export const layer = (db: Database, options: EmbeddedOptions, clock: Clock.Clock, stopping: () => boolean): Layer.Layer<EmbeddedServices> => {
  const sessionKey = hexToBytes(options.sessionKey)
  const visitors = Visitors.make(db, sessionKey, clock)
  const login = EmailLogin.make({
    visitors,
    attempts: EmailAttempts.make(db),
    gate: EmailGate.make(db),
    mailer: Mailer.make(options.smtp),
    limits: OtpLimits.make(
      db,
      db.kind === "postgres" ? SharedRateLimiter.make(db, OtpLimits.clientRate) : memoryLimiter(OtpLimits.clientRate)
    ),
    codeKey: hkdf(sha256, sessionKey, undefined, "portico/embedded/otp", 32),
    publicUrl: options.publicUrl.replace(/\/+$/, ""),
    clock,
    stopping
  })
  return Layer.mergeAll(
    Layer.succeed(Visitors.Visitors, visitors),
    Layer.succeed(EmailLogin.EmailLogin, login),
    Layer.succeed(Shares.Shares, Shares.make(db, ShareCipher.make(hexToBytes(options.shareKey)), ShareNonces.make(db), clock))
  )
}
