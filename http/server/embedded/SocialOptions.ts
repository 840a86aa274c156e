/**
 * `ServerOptions.embedded.social`: the social providers a host offers, each with the client it registered
 * there. Two kinds: an OpenID Connect provider is named by its issuer (its endpoints and keys come from
 * discovery; ID tokens are verified), a plain OAuth 2.0 provider by its three endpoints (who signed in is
 * read from its userinfo endpoint). The redirect URI to register is `<publicUrl>/v1/embedded/social/callback`.
 */
import * as Schema from "effect/Schema"

const TokenEndpointAuthMethod = Schema.Literals(["client_secret_post", "client_secret_basic"])

const client = {
  clientId: Schema.String.check(Schema.isNonEmpty()),
  clientSecret: Schema.String.check(Schema.isNonEmpty()),
  /** Default for OpenID providers `openid email profile`; plain OAuth 2.0 providers get none unless listed. */
  scopes: Schema.optionalKey(Schema.Array(Schema.String.check(Schema.isPattern(/^[\x21\x23-\x5b\x5d-\x7e]+$/)))),
  /** How the client secret reaches the token endpoint. Default `client_secret_post` (X wants `client_secret_basic`). */
  tokenEndpointAuthMethod: Schema.optionalKey(TokenEndpointAuthMethod)
} as const

export const OidcSocialProvider = Schema.Struct({
  ...client,
  /** The issuer identifier, e.g. `https://accounts.google.com`; discovery is read from it at the first sign-in. */
  issuer: Schema.String
})
export type OidcSocialProvider = typeof OidcSocialProvider.Type

/** A dotted path into the userinfo JSON (`id`, `data.id`). */
const FieldPath = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/))

export const OAuthSocialProvider = Schema.Struct({
  ...client,
  authorizationEndpoint: Schema.String,
  tokenEndpoint: Schema.String,
  /** Read with the access token (GET, Bearer) once the code is exchanged. */
  userinfoEndpoint: Schema.String,
  /** Where the userinfo answer holds the user's stable id (a string or a number). Default `id`. */
  subjectField: Schema.optionalKey(FieldPath),
  /** Where it holds the name to show. Default `name`. */
  userNameField: Schema.optionalKey(FieldPath),
  /** Where it holds the email address. Default `email`. Kept only when the provider says it verified it: */
  emailField: Schema.optionalKey(FieldPath),
  /** Where the userinfo answer says the address is verified (`true`), as Discord's `verified`. */
  emailVerifiedField: Schema.optionalKey(FieldPath),
  /**
   * A verified-email API answering `[{ email, primary, verified }]`, as GitHub's `/user/emails` (read with
   * the access token; the primary verified address is kept). Without this or `emailVerifiedField`, a plain
   * OAuth provider's address is never kept: an address nobody verified could be anyone's.
   */
  emailsEndpoint: Schema.optionalKey(Schema.String)
})
export type OAuthSocialProvider = typeof OAuthSocialProvider.Type

export const SocialProviderOptions = Schema.Union([OidcSocialProvider, OAuthSocialProvider])
export type SocialProviderOptions = typeof SocialProviderOptions.Type

export const isOidc = (options: SocialProviderOptions): options is OidcSocialProvider => "issuer" in options

/** The providers offered, by core's names (core/SocialProvider.ts); one left out is answered 400. */
export const SocialOptions = Schema.Struct({
  google: Schema.optionalKey(SocialProviderOptions),
  github: Schema.optionalKey(SocialProviderOptions),
  apple: Schema.optionalKey(SocialProviderOptions),
  facebook: Schema.optionalKey(SocialProviderOptions),
  x: Schema.optionalKey(SocialProviderOptions),
  discord: Schema.optionalKey(SocialProviderOptions)
})
export type SocialOptions = typeof SocialOptions.Type

export const defaults = {
  oidcScopes: ["openid", "email", "profile"],
  subjectField: "id",
  userNameField: "name",
  emailField: "email",
  tokenEndpointAuthMethod: "client_secret_post"
} as const
