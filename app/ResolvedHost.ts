/** The host's configuration checked once (app/CheckedHost.ts), before the engine is built (app/Engine.ts). */
import * as Effect from "effect/Effect"
import type * as Config from "../core/Config.ts"
import * as DeveloperAlerts from "../core/DeveloperAlerts.ts"
import * as HostLogger from "../core/HostLogger.ts"
import * as LegalConsent from "../core/LegalConsent.ts"
import * as Theme from "../core/Theme.ts"
import * as CheckedHost from "./CheckedHost.ts"

/** The checked configuration, what was refused (told to the developer) and the host's logger. */
export const resolveHost = (hostConfig: Config.PorticoConfig) => {
  const checked = CheckedHost.check(hostConfig)
  const { config } = checked
  // Legal links that are refused leave no engine (LegalConsent's layer fails): the developer hears why first.
  const legal = Effect.runSync(Effect.match(LegalConsent.linksOf(config), { onFailure: (error) => error, onSuccess: () => undefined }))
  const refused = [
    ...DeveloperAlerts.ofFeatures(checked.features),
    ...Theme.refusalsOf(checked.theme).map(DeveloperAlerts.ofThemeRefusal),
    ...(legal === undefined ? [] : [DeveloperAlerts.ofLegalRefusal(legal)])
  ]
  return { config, refused, log: HostLogger.make(config.logger, config.logLevel) }
}
