/**
 * Where a developer alert (core/DeveloperAlerts.ts) goes: the host's logger (the browser's console by default) always, and the modal's
 * toast as well in a development build (NODE_ENV=development, as a dev server builds), so a
 * visitor of a production site never sees a message addressed to its developer. Its own chunk, loaded
 * at the first alert.
 */
import * as Alert from "../core/Alert.ts"
import type * as DeveloperAlerts from "../core/DeveloperAlerts.ts"
import * as HostLogger from "../core/HostLogger.ts"

/**
 * Bundlers replace `process.env.NODE_ENV` with the build's mode (the whole expression, so it is read as
 * such): "development" under a dev server. A production or test build, or a page loading the package
 * unbundled (no `process`), keeps the modal for visitors.
 */
export const developmentBuild = (): boolean => {
  try {
    return process.env.NODE_ENV === "development"
  } catch {
    return false
  }
}

/** One line for the console: `[Portico] <title>: <description> <detail>`. */
export const line = (raised: DeveloperAlerts.Raised): string => {
  const alert = Alert.catalogue[raised.key]
  return `[Portico] ${alert.title}: ${alert.description}${raised.detail === undefined ? "" : ` ${raised.detail}`}`
}

export const tell = (
  raised: DeveloperAlerts.Raised,
  show: (message: string) => void,
  development: boolean = developmentBuild(),
  log: HostLogger.Log = HostLogger.make(undefined)
): void => {
  const message = line(raised)
  log("warn", message)
  if (development) show(message.slice("[Portico] ".length))
}
