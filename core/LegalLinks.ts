/**
 * The legal checkbox's links (spec §9), without Effect: the Connect view draws the checkbox before the engine
 * has loaded, and `LegalConsent` builds its service on these same rules. The links are the host's and open the
 * host's pages, so only https ones (or a local page's own machine) are taken.
 */
import type * as Config from "./Config.ts"

export interface LegalLinks {
  readonly termsConditionsUrl: string
  readonly privacyPolicyUrl: string
}

const localHosts: ReadonlyArray<string> = ["localhost", "127.0.0.1", "[::1]"]

/** An address the host's legal pages may have: https, or http on this machine (a site under development). */
export const isAllowedLink = (text: string): boolean => {
  try {
    const url = new URL(text)
    return url.protocol === "https:" || (url.protocol === "http:" && localHosts.includes(url.hostname))
  } catch {
    return false
  }
}

/**
 * The checkbox's links: undefined when the host left it off, "invalid" when it turned it on without an allowed
 * link to both pages (a gate nobody can read: the modal is refused).
 */
export const hostLinks = (config: Config.ResolvedConfig): LegalLinks | undefined | "invalid" => {
  if (config.resolvedFeatures.legalCheckbox !== true) return undefined
  const { termsConditionsUrl, privacyPolicyUrl } = config
  return termsConditionsUrl !== undefined && privacyPolicyUrl !== undefined && isAllowedLink(termsConditionsUrl) && isAllowedLink(privacyPolicyUrl)
    ? { termsConditionsUrl, privacyPolicyUrl }
    : "invalid"
}

/** Whether the ways of connecting wait for the visitor's agreement. */
export const blocks = (links: LegalLinks | undefined, agreed: boolean): boolean => links !== undefined && !agreed
