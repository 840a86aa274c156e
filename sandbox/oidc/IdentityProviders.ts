/**
 * The sandbox's stand-ins for the six social providers: the OpenID provider plays google, apple and
 * facebook, the plain OAuth 2.0 provider github, discord and x. Each social provider is its own client
 * there, registered with the API server's callback; `social` is what the API server is configured with,
 * exactly as a host configures real providers (sandbox/oidc/README.md). x authenticates at the token
 * endpoint with HTTP Basic, as the real one requires; the others post the secret.
 */
import { randomBytes } from "node:crypto"
import type { SocialProvider } from "../../core/SocialProvider.ts"
import type { SocialOptions } from "../../http/server/embedded/SocialOptions.ts"
import { startOAuthProvider } from "./OAuthProvider.ts"
import { startOidcProvider } from "./OidcProvider.ts"
import type { RegisteredClient } from "./RegisteredClient.ts"

export const oidcStandIns = ["google", "apple", "facebook"] as const satisfies ReadonlyArray<SocialProvider>
export const oauthStandIns = ["github", "discord", "x"] as const satisfies ReadonlyArray<SocialProvider>

export interface IdentityProvidersOptions {
  readonly host: string
  /** 0 picks a free port. */
  readonly oidcPort: number
  readonly oauthPort: number
  /** The API server's `<publicUrl>/v1/embedded/social/callback`. */
  readonly redirectUri: string
}

export interface IdentityProviders {
  /** The OpenID provider's issuer. */
  readonly oidcUrl: string
  /** The plain OAuth 2.0 provider's origin. */
  readonly oauthUrl: string
  /** `ServerOptions.embedded.social` for the API server. */
  readonly social: SocialOptions
  readonly stop: () => Promise<void>
}

const clientOf = (provider: SocialProvider, redirectUri: string): RegisteredClient => ({
  clientId: `portico-sandbox-${provider}`,
  // Made at each start: both sides of the registration live in this process.
  clientSecret: randomBytes(24).toString("base64url"),
  name: `Portico sandbox (as ${provider})`,
  redirectUris: [redirectUri]
})

export const startIdentityProviders = async (options: IdentityProvidersOptions): Promise<IdentityProviders> => {
  const oidcClients = oidcStandIns.map((provider) => [provider, clientOf(provider, options.redirectUri)] as const)
  const oauthClients = oauthStandIns.map((provider) => [provider, clientOf(provider, options.redirectUri)] as const)
  const [oidc, oauth] = await Promise.allSettled([
    startOidcProvider({ host: options.host, port: options.oidcPort, clients: oidcClients.map(([, client]) => client) }),
    startOAuthProvider({ host: options.host, port: options.oauthPort, clients: oauthClients.map(([, client]) => client) })
  ])
  if (oidc.status === "rejected" || oauth.status === "rejected") {
    await Promise.all([oidc, oauth].map((started) => started.status === "fulfilled" ? started.value.stop() : Promise.resolve()))
    const failures = [oidc, oauth].flatMap((started) => started.status === "rejected" ? [started.reason] : [])
    throw new AggregateError(failures, `The sandbox's identity providers failed to start: ${failures.map(String).join("; ")}`)
  }
  const social: SocialOptions = Object.fromEntries([
    ...oidcClients.map(([provider, client]) => [provider, { clientId: client.clientId, clientSecret: client.clientSecret, issuer: oidc.value.url }] as const),
    ...oauthClients.map(([provider, client]) => [provider, {
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      authorizationEndpoint: oauth.value.authorizationEndpoint,
      tokenEndpoint: oauth.value.tokenEndpoint,
      userinfoEndpoint: oauth.value.userinfoEndpoint,
      emailsEndpoint: oauth.value.emailsEndpoint,
      ...(provider === "x" ? { tokenEndpointAuthMethod: "client_secret_basic" as const } : {})
    }] as const)
  ])
  return {
    oidcUrl: oidc.value.url,
    oauthUrl: oauth.value.url,
    social,
    stop: async () => {
      await Promise.all([oidc.value.stop(), oauth.value.stop()])
    }
  }
}
