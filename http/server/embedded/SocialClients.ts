/**
 * Our side of one social provider, on `openid-client`: the authorization request (PKCE S256 and state
 * always, a nonce for OpenID providers) and, back from the provider, the code exchange with every check
 * the library makes (state, `iss` when the provider sends it, PKCE at the token endpoint; for OpenID
 * providers the ID token's signature against the provider's keys, issuer, audience, expiry and nonce),
 * then who signed in, from userinfo — with an email address only when the provider says it verified it
 * (OpenID's `email_verified`; a plain OAuth provider's verified flag or verified-email API).
 *
 * An OpenID provider's configuration comes from its discovery document, read at the first use and kept
 * (a failed read is tried again next time); a plain OAuth 2.0 provider's is built from its three
 * endpoints. Plain HTTP is allowed only on loopback addresses (the sandbox's providers).
 */
import * as client from "openid-client"
import * as Effect from "effect/Effect"
import * as Predicate from "effect/Predicate"
import * as Schema from "effect/Schema"
import { isValid as isValidEmail } from "../../../core/EmailFormat.ts"
import type { SocialProvider } from "../../../core/SocialProvider.ts"
import { defaults, isOidc, type OAuthSocialProvider, type OidcSocialProvider, type SocialProviderOptions } from "./SocialOptions.ts"

/** Who signed in, as the provider vouches for it. */
export interface ProviderIdentity {
  readonly subject: string
  readonly email?: string
  readonly userName?: string
}

export interface AuthorizationChecks {
  readonly state: string
  readonly codeVerifier: string
  /** OpenID providers only. */
  readonly nonce: string | undefined
}

/** The provider's discovery document could not be read: nothing can be started with it right now. */
export class SocialProviderUnreachable extends Schema.TaggedError<SocialProviderUnreachable>()(
  "SocialProviderUnreachable",
  { provider: Schema.String, message: Schema.String }
) {}

/** The provider's answer did not prove who signed in (a check failed, or the provider failed or was away). */
export class SocialAnswerRefused extends Schema.TaggedError<SocialAnswerRefused>()(
  "SocialAnswerRefused",
  { message: Schema.String }
) {}

/** A provider whose options break the rules (plain HTTP off loopback, an endpoint that is no URL). */
export class SocialConfigurationError extends Schema.TaggedError<SocialConfigurationError>()(
  "SocialConfigurationError",
  { provider: Schema.String, message: Schema.String }
) {}

export interface SocialClient {
  readonly provider: SocialProvider
  readonly usesNonce: boolean
  readonly authorizationUrl: (request: AuthorizationChecks & { readonly redirectUri: string }) => Effect.Effect<URL, SocialProviderUnreachable>
  /** `callbackUrl`: the redirect URI with the query the provider sent, as it came. */
  readonly identify: (callbackUrl: URL, checks: AuthorizationChecks) => Effect.Effect<ProviderIdentity, SocialAnswerRefused>
}

/** Seconds any one request to a provider may take. */
const requestTimeoutSeconds = 10

const loopback = (url: URL) => url.hostname === "localhost" || url.hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(url.hostname)

/** `https:` anywhere, `http:` on loopback only; whether plain HTTP has to be allowed. */
const transportOf = (provider: SocialProvider, field: string, text: string): boolean => {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new SocialConfigurationError({ provider, message: `embedded.social.${provider}.${field}: not a URL` })
  }
  if (url.protocol === "https:") return false
  if (url.protocol === "http:" && loopback(url)) return true
  throw new SocialConfigurationError({ provider, message: `embedded.social.${provider}.${field}: must be https (http only on a loopback address)` })
}

const authenticationOf = (options: SocialProviderOptions): client.ClientAuth =>
  (options.tokenEndpointAuthMethod ?? defaults.tokenEndpointAuthMethod) === "client_secret_basic"
    ? client.ClientSecretBasic(options.clientSecret)
    : client.ClientSecretPost(options.clientSecret)

/** What went wrong, in words that hold no secret (no code, token or verifier ever appears in these). */
const describe = (error: unknown): string => {
  if (error instanceof client.AuthorizationResponseError) return `the provider answered ${error.error}`
  if (error instanceof client.ResponseBodyError) return `the provider refused the request: ${error.error}`
  if (error instanceof client.WWWAuthenticateChallengeError) return "the provider refused the access token"
  if (error instanceof client.ClientError) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ""
    return `the provider's answer failed verification (${error.message}${cause})`
  }
  if (error instanceof TypeError || (error instanceof DOMException && error.name === "TimeoutError")) return "the provider could not be reached"
  return error instanceof Error ? error.message : String(error)
}

const refuse = (error: unknown) => new SocialAnswerRefused({ message: describe(error) })

const Subject = Schema.Union([
  Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(255)),
  Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
])
const Text = Schema.NullOr(Schema.String)
const OidcClaims = Schema.Struct({
  email: Schema.optionalKey(Text),
  email_verified: Schema.optionalKey(Schema.NullOr(Schema.Boolean)),
  name: Schema.optionalKey(Text)
})

const maxUserName = 200

/** The identity fields kept: a name of at most 200 characters, an email address only when it is one. */
const identityOf = (subject: string, email: string | null | undefined, userName: string | null | undefined): ProviderIdentity => {
  const name = userName?.trim().slice(0, maxUserName)
  return {
    subject,
    ...(typeof email === "string" && email.length <= 254 && isValidEmail(email) ? { email } : {}),
    ...(name === undefined || name === "" ? {} : { userName: name })
  }
}

/** The value at a dotted path of a JSON document. */
const at = (document: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((value, key) => (Predicate.hasProperty(value, key) ? value[key] : undefined), document)

const decodeSubject = Schema.decodeUnknownEffect(Subject)
const decodeText = Schema.decodeUnknownEffect(Schema.optional(Text))
const decodeClaims = Schema.decodeUnknownEffect(OidcClaims)

/** Configurations are made once and kept; a failed attempt is forgotten, so the next use tries again. */
const memo = (make: () => Promise<client.Configuration>) => {
  let pending: Promise<client.Configuration> | undefined
  return (): Promise<client.Configuration> => {
    pending ??= make().catch((error: unknown) => {
      pending = undefined
      throw error
    })
    return pending
  }
}

const oauthConfiguration = (provider: SocialProvider, options: OAuthSocialProvider): client.Configuration => {
  const insecure = [
    transportOf(provider, "authorizationEndpoint", options.authorizationEndpoint),
    transportOf(provider, "tokenEndpoint", options.tokenEndpoint),
    transportOf(provider, "userinfoEndpoint", options.userinfoEndpoint),
    options.emailsEndpoint !== undefined && transportOf(provider, "emailsEndpoint", options.emailsEndpoint)
  ].some(Boolean)
  const configuration = new client.Configuration(
    {
      // A plain OAuth 2.0 provider names no issuer; its origin stands in (openid-client needs one, nothing checks it).
      issuer: new URL(options.authorizationEndpoint).origin,
      authorization_endpoint: options.authorizationEndpoint,
      token_endpoint: options.tokenEndpoint
    },
    options.clientId,
    { client_secret: options.clientSecret },
    authenticationOf(options)
  )
  configuration.timeout = requestTimeoutSeconds
  if (insecure) client.allowInsecureRequests(configuration)
  return configuration
}

const ready = (configuration: client.Configuration) => (): Promise<client.Configuration> => Promise.resolve(configuration)

/** Discovery, read at the first use and kept; the ID token's signature is checked as well as its claims. */
const oidcConfiguration = (provider: SocialProvider, options: OidcSocialProvider): (() => Promise<client.Configuration>) => {
  const insecure = transportOf(provider, "issuer", options.issuer)
  // Without non-repudiation checks a token fetched from the token endpoint over TLS is trusted on the channel
  // alone; with them its signature is verified against the provider's published keys too.
  const execute = insecure ? [client.enableNonRepudiationChecks, client.allowInsecureRequests] : [client.enableNonRepudiationChecks]
  return memo(() =>
    client.discovery(new URL(options.issuer), options.clientId, { client_secret: options.clientSecret }, authenticationOf(options), {
      timeout: requestTimeoutSeconds,
      execute
    })
  )
}

/** Who signed in at an OpenID provider: the verified ID token's subject, then its claims and userinfo's. */
const oidcIdentity = (config: client.Configuration, tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers) =>
  Effect.gen(function*() {
    const claims = tokens.claims()
    if (claims === undefined) return yield* new SocialAnswerRefused({ message: "the provider's answer has no ID token" })
    const fromToken = yield* decodeClaims(claims).pipe(Effect.mapError(refuse))
    // Apple has no userinfo endpoint: its ID token carries everything there is.
    const fromUserinfo = config.serverMetadata().userinfo_endpoint === undefined
      ? {}
      : yield* Effect.tryPromise({ try: () => client.fetchUserInfo(config, tokens.access_token, claims.sub), catch: refuse }).pipe(
        Effect.flatMap((userinfo) => decodeClaims(userinfo).pipe(Effect.mapError(refuse)))
      )
    const merged = { ...fromToken, ...fromUserinfo }
    // An address the provider has not verified could be anyone's: it is not kept.
    return identityOf(claims.sub, merged.email_verified === true ? merged.email : undefined, merged.name)
  })

/** Who signed in at a plain OAuth 2.0 provider: its userinfo answer, read at the configured fields. */
const oauthIdentity = (config: client.Configuration, options: OAuthSocialProvider, accessToken: string) =>
  Effect.gen(function*() {
    const response = yield* Effect.tryPromise({
      try: () => client.fetchProtectedResource(config, accessToken, new URL(options.userinfoEndpoint), "GET"),
      catch: refuse
    })
    if (!response.ok) return yield* new SocialAnswerRefused({ message: `the provider's userinfo endpoint answered ${response.status}` })
    const document = yield* Effect.tryPromise({ try: () => response.json(), catch: refuse })
    const subjectField = options.subjectField ?? defaults.subjectField
    const subject = yield* decodeSubject(at(document, subjectField)).pipe(
      Effect.mapError(() => new SocialAnswerRefused({ message: `the provider's userinfo has no subject at ${subjectField}` }))
    )
    const userName = yield* decodeText(at(document, options.userNameField ?? defaults.userNameField)).pipe(Effect.mapError(refuse))
    return identityOf(String(subject), yield* verifiedEmail(config, options, accessToken, document), userName)
  })

const VerifiedEmails = Schema.Array(Schema.Struct({ email: Schema.String, primary: Schema.optionalKey(Schema.Boolean), verified: Schema.Boolean }))

/**
 * The address a plain OAuth 2.0 provider vouches for: the userinfo's, when its `emailVerifiedField` is
 * `true`; the primary verified one of its verified-email API; otherwise none.
 */
const verifiedEmail = (config: client.Configuration, options: OAuthSocialProvider, accessToken: string, userinfo: unknown) =>
  Effect.gen(function*() {
    if (options.emailVerifiedField !== undefined) {
      if (at(userinfo, options.emailVerifiedField) !== true) return undefined
      return yield* decodeText(at(userinfo, options.emailField ?? defaults.emailField)).pipe(Effect.mapError(refuse))
    }
    const endpoint = options.emailsEndpoint
    if (endpoint === undefined) return undefined
    const response = yield* Effect.tryPromise({ try: () => client.fetchProtectedResource(config, accessToken, new URL(endpoint), "GET"), catch: refuse })
    if (!response.ok) return yield* new SocialAnswerRefused({ message: `the provider's verified-email endpoint answered ${response.status}` })
    const emails = yield* Effect.tryPromise({ try: () => response.json(), catch: refuse }).pipe(
      Effect.flatMap((body) => Schema.decodeUnknownEffect(VerifiedEmails)(body).pipe(Effect.mapError(refuse)))
    )
    return emails.find((entry) => entry.primary === true && entry.verified)?.email
  })

export const make = (provider: SocialProvider, options: SocialProviderOptions): SocialClient => {
  const scopes = options.scopes ?? (isOidc(options) ? defaults.oidcScopes : [])
  const configuration = isOidc(options) ? oidcConfiguration(provider, options) : ready(oauthConfiguration(provider, options))

  const authorizationUrl = (request: AuthorizationChecks & { readonly redirectUri: string }) =>
    Effect.gen(function*() {
      const config = yield* Effect.tryPromise({
        try: configuration,
        catch: (error) => new SocialProviderUnreachable({ provider, message: `${provider}: discovery failed (${describe(error)})` })
      })
      const codeChallenge = yield* Effect.promise(() => client.calculatePKCECodeChallenge(request.codeVerifier))
      return client.buildAuthorizationUrl(config, {
        redirect_uri: request.redirectUri,
        ...(scopes.length === 0 ? {} : { scope: scopes.join(" ") }),
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
        state: request.state,
        ...(request.nonce === undefined ? {} : { nonce: request.nonce })
      })
    })

  const identify = (callbackUrl: URL, checks: AuthorizationChecks) =>
    Effect.gen(function*() {
      const config = yield* Effect.tryPromise({ try: configuration, catch: refuse })
      const tokens = yield* Effect.tryPromise({
        try: () =>
          client.authorizationCodeGrant(config, callbackUrl, {
            pkceCodeVerifier: checks.codeVerifier,
            expectedState: checks.state,
            ...(checks.nonce === undefined ? {} : { expectedNonce: checks.nonce })
          }),
        catch: refuse
      })
      return yield* isOidc(options) ? oidcIdentity(config, tokens) : oauthIdentity(config, options, tokens.access_token)
    })

  return { provider, usesNonce: isOidc(options), authorizationUrl, identify }
}
