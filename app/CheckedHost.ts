/**
 * The host's configuration as the modal reads it, checked without any of the engine's code: its features
 * checked against their types (a flag that is not one is off), its theme options checked (one refused falls
 * back to its default), the visitor's locale (the host's option, else the browser's), and the legal
 * checkbox's pages. The modal's first stage (app/Lobby.ts) and the engine (app/ResolvedHost.ts) both start
 * here, so they draw the same Connect view.
 */
import * as Config from "../core/Config.ts"
import * as FeatureFlags from "../core/FeatureFlags.ts"
import * as ThemeOptions from "../core/ThemeOptions.ts"
import * as LegalLinks from "../core/LegalLinks.ts"
import { visitorLocale } from "./VisitorLocale.ts"

export interface CheckedHost {
  readonly config: Config.ResolvedConfig
  readonly features: FeatureFlags.Checked
  readonly theme: ThemeOptions.Checked
  /** The legal checkbox's pages; undefined when it is off, "invalid" when it is on without allowed links. */
  readonly legal: LegalLinks.LegalLinks | undefined | "invalid"
}

export const check = (hostConfig: Config.PorticoConfig): CheckedHost => {
  const features = FeatureFlags.check(hostConfig.features)
  const theme = ThemeOptions.check(hostConfig)
  const config = Config.resolve(
    { ...hostConfig, themeMode: theme.themeMode, themeVariables: theme.themeVariables, features: features.features, locale: visitorLocale(hostConfig.locale) },
    { origin: globalThis.location?.origin }
  )
  return { config, features, theme, legal: LegalLinks.hostLinks(config) }
}
