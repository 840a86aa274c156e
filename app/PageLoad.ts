/**
 * What the engine does on page load before the visitor acts: the stored session restored, inside a
 * mini-app host the host's wallet connected (no modal, no click), and a social login's redirect resumed.
 */
import * as Effect from "effect/Effect"
import type * as Connection from "../core/Connection.ts"
import type * as HostLogger from "../core/HostLogger.ts"
import { returnedFromSocialLogin, takeSocialRedirect } from "./SocialRedirect.ts"

export const onLoad = (
  connection: Connection.Connection["Service"],
  resumeSocial: (completionCode: string | undefined) => Promise<unknown>,
  log: HostLogger.Log
): Effect.Effect<void> =>
  Effect.gen(function*() {
    yield* connection.restore
    yield* connection.connectHosted.pipe(
      // The host's wallet refused or failed: the visitor can still connect through the modal.
      Effect.catch((cause) => Effect.sync(() => log("warn", "[Portico] The mini-app host's wallet did not connect", { cause })))
    )
    if (!returnedFromSocialLogin()) return
    const completionCode = takeSocialRedirect()
    // Problems show in the login view the resume opened.
    yield* Effect.promise(() => resumeSocial(completionCode).catch(() => undefined))
  })
