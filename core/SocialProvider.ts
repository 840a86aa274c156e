/**
 * Social login providers (spec §5 "Other inputs"): OAuth 2.0 / OpenID Connect. Farcaster is in the spec's
 * socials too, but signs in through a Farcaster Auth relay with its own view (ConnectingFarcaster): it is a
 * `LoginProvider`, not a `SocialProvider`.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fixed } from "./FixedMessage.ts"
import * as LoginProviders from "./LoginProviders.ts"

export const SocialProvider = Schema.Literals(LoginProviders.socialProviders)
export type SocialProvider = typeof SocialProvider.Type

export const isSocialProvider: (u: unknown) => u is SocialProvider = Schema.is(SocialProvider)

/** Where an embedded-wallet visitor's identity comes from besides email: a social provider, or Farcaster (Sign In With Farcaster). */
export const LoginProvider = Schema.Literals(LoginProviders.loginProviders)
export type LoginProvider = typeof LoginProvider.Type

export const validate = (provider: string): Effect.Effect<SocialProvider, UnsupportedSocialProviderError> =>
  isSocialProvider(provider)
    ? Effect.succeed(provider)
    : Effect.fail(new UnsupportedSocialProviderError({ provider }))

export class UnsupportedSocialProviderError extends Schema.TaggedError<UnsupportedSocialProviderError>()(
  "UnsupportedSocialProviderError",
  { message: fixed("Unsupported social provider"), provider: Schema.String }
) {}
