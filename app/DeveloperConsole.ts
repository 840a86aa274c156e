/**
 * Where the developer alerts (core/DeveloperAlerts.ts) go: the browser's console always, and the modal's
 * toast as well in a development build (one a bundler has not built with NODE_ENV=production), so a
 * visitor of a production site never sees a message addressed to its developer.
 */
import * as DeveloperAlerts from "../core/DeveloperAlerts.ts"


/**
 * Bundlers replace `process.env.NODE_ENV` with the build's mode (the whole expression, so it is read as
 * such); a page loading the package unbundled has no `process` and counts as production.
 */
export const developmentBuild = (): boolean => {
  try {
    return process.env.NODE_ENV !== "production"
  } catch {
    return false
  }
}

export const make = (show: (message: string) => void, development: boolean = developmentBuild()): ((raised: DeveloperAlerts.Raised) => void) =>
  DeveloperAlerts.once((raised) => {
    const message = DeveloperAlerts.line(raised)
    console.warn(message)
    if (development) show(message.slice("[Portico] ".length))
  })
