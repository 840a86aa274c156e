/** The host's configuration checked once, before the engine is built (app/Engine.ts). */
import * as Effect from "effect/Effect"
import * as Config from "../core/Config.ts"
import * as DeveloperAlerts from "../core/DeveloperAlerts.ts"
import * as HostFeatures from "../core/HostFeatures.ts"
import * as HostLogger from "../core/HostLogger.ts"
import * as LegalConsent from "../core/LegalConsent.ts"
import * as Theme from "../core/Theme.ts"
import { visitorLocale } from "./VisitorLocale.ts"

/**
 * The host's configuration as the engine reads it: its features checked against their types (a flag that
 * is not one is off), its theme options checked (one refused falls back to its default), and the visitor's
 * locale (the host's option, else the browser's; the embedded wallet's panels speak it too). What was
 * refused is told to the developer.
 */
export const resolveHost = (hostConfig: Config.PorticoConfig) => {
  const checkedFeatures = HostFeatures.check(hostConfig.features)
  const hostTheme = Theme.ofHost(hostConfig)
  const config = Config.resolve(
    { ...hostConfig, ...hostTheme.theme, features: checkedFeatures.features, locale: visitorLocale(hostConfig.locale) },
    { origin: globalThis.location?.origin }
  )
  // Legal links that are refused leave no engine (LegalConsent's layer fails): the developer hears why first.
  const legal = Effect.runSync(Effect.match(LegalConsent.linksOf(config), { onFailure: (error) => error, onSuccess: () => undefined }))
  const refused = [
    ...DeveloperAlerts.ofFeatures(checkedFeatures),
    ...hostTheme.refused.map(DeveloperAlerts.ofThemeRefusal),
    ...(legal === undefined ? [] : [DeveloperAlerts.ofLegalRefusal(legal)])
  ]
  return { config, refused, log: HostLogger.make(config.logger, config.logLevel) }
}
