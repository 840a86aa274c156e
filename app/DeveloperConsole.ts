/**
 * Where a developer alert (core/DeveloperAlerts.ts) goes: the browser's console always, and the modal's
 * toast as well in a development build (one a bundler has not built with NODE_ENV=production), so a
 * visitor of a production site never sees a message addressed to its developer. Its own chunk, loaded
 * at the first alert.
 */
import * as Alert from "../core/Alert.ts"
import type * as DeveloperAlerts from "../core/DeveloperAlerts.ts"

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

/** One line for the console: `[Portico] <title>: <description> <detail>`. */
export const line = (raised: DeveloperAlerts.Raised): string => {
  const alert = Alert.catalogue[raised.key]
  return `[Portico] ${alert.title}: ${alert.description}${raised.detail === undefined ? "" : ` ${raised.detail}`}`
}

export const tell = (raised: DeveloperAlerts.Raised, show: (message: string) => void, development: boolean = developmentBuild()): void => {
  const message = line(raised)
  console.warn(message)
  if (development) show(message.slice("[Portico] ".length))
}
