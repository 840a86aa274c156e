/**
 * A WebAuthn authenticator Chromium simulates (DevTools protocol `WebAuthn`), so passkey code runs for
 * real in browser tests: credentials are created and asserted, PRF evaluated, user verification given
 * or refused, without a person at the prompt.
 */
import { cdp } from "vitest/browser"

export interface VirtualAuthenticatorOptions {
  /** Whether it evaluates the PRF extension (hmac-secret). */
  readonly hasPrf: boolean
  /** Whether the simulated user passes user verification. */
  readonly isUserVerified?: boolean
}

export interface VirtualAuthenticator {
  /** How many credentials it holds. */
  readonly credentialCount: () => Promise<number>
  readonly remove: () => Promise<void>
}

export const addVirtualAuthenticator = async (options: VirtualAuthenticatorOptions): Promise<VirtualAuthenticator> => {
  const session = cdp()
  await session.send("WebAuthn.enable", { enableUI: false })
  const { authenticatorId } = await session.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: options.isUserVerified ?? true,
      hasPrf: options.hasPrf,
      automaticPresenceSimulation: true
    }
  })
  return {
    credentialCount: async () => (await session.send("WebAuthn.getCredentials", { authenticatorId })).credentials.length,
    remove: async () => {
      await session.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId })
    }
  }
}
