/**
 * The names of the ways into the embedded wallet besides email, free of Schema: the host's `features.socials`
 * is checked against them before any of the engine's code loads (core/FeatureFlags.ts), and
 * core/SocialProvider.ts builds its Schemas on the same lists.
 */

/** The OAuth 2.0 / OpenID Connect providers. */
export const socialProviders = ["google", "github", "apple", "facebook", "x", "discord"] as const

/** The social providers and Farcaster (Sign In With Farcaster, its own view). */
export const loginProviders = [...socialProviders, "farcaster"] as const

export type LoginProvider = typeof loginProviders[number]

export const isLoginProvider = (u: unknown): u is LoginProvider => (loginProviders as ReadonlyArray<unknown>).includes(u)
