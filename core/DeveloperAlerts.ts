/**
 * The alerts meant for the site's developer (spec section 8): a configuration Portico cannot fully use, or
 * a server that refuses the project, said once each in the developer's console, and in development builds
 * on the modal too; never shown to visitors of a production build (app/DeveloperConsole.ts says them, and
 * is loaded only when there is something to say: the catalogue's words cost nothing to a site set up right).
 */
import type * as Alert from "./Alert.ts"
import type { NormalizedConfig } from "./Config.ts"
import type * as LegalConsent from "./LegalConsent.ts"
import type * as Theme from "./Theme.ts"

export interface Raised {
  readonly key: Alert.Key
  /** What it means for this configuration, after the catalogue's description. */
  readonly detail?: string
}

/** What the configuration alone tells: without a project id WalletConnect is not offered, rather than hidden unsaid. */
export const ofConfig = (config: NormalizedConfig): ReadonlyArray<Raised> =>
  config.projectId === ""
    ? [{ key: "ProjectIdNotConfigured", detail: "WalletConnect is not offered until it is set (the relay requires a project id)." }]
    : []

/** The alert for a refusal of Portico's server, by its tag (http/api/ApiError.ts), if it is the configuration's fault. */
export const ofRefusal = (reason: string): Raised | undefined => {
  if (reason === "InvalidProjectId") return { key: "InvalidProjectId" }
  if (reason === "OriginNotAllowed") return { key: "InvalidAppConfiguration" }
  return undefined
}

/** A network the host asked to switch to is not among its configured networks. */
export const ofMissingNetwork = (caipNetworkId: string): Raised => ({
  key: "SwitchNetworkNotFound",
  detail: `${caipNetworkId} is not in the networks option.`
})

/** A theme option the host gave was refused (core/Theme.ts `ofHost`): what was wrong and what is used instead. */
export const ofThemeRefusal = (refusal: Theme.HostTheme["refused"][number]): Raised => ({
  key: "InvalidOption",
  detail: refusal._tag === "InvalidThemeModeError"
    ? `themeMode "${refusal.mode}": ${refusal.message}; the modal is dark.`
    : `themeVariables: ${refusal.message} (${refusal.issue}); none is applied.`
})

/** The legal checkbox is on without allowed links: the modal does not start (core/LegalConsent.ts). */
export const ofLegalRefusal = (refusal: LegalConsent.InvalidLegalLinksError): Raised => ({
  key: "InvalidOption",
  detail: `features.legalCheckbox: ${refusal.message} (termsConditionsUrl "${refusal.termsConditionsUrl}", privacyPolicyUrl "${refusal.privacyPolicyUrl}"); the modal does not open.`
})

/** Passes each alert on once: a misconfiguration is said once, not at every request it fails. */
export const once = (sink: (raised: Raised) => void): ((raised: Raised) => void) => {
  const said = new Set<string>()
  return (raised) => {
    const key = `${raised.key} ${raised.detail ?? ""}`
    if (said.has(key)) return
    said.add(key)
    sink(raised)
  }
}
