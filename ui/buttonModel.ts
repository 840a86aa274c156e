/**
 * What the connect button shows, whatever renders it (the React component or the custom element): the
 * label (once connected, the visitor's registered name, else the shortened address), the theme and the
 * host's accent.
 */
import type * as Config from "../core/Config.ts"
import type { Locale } from "../core/Locale.ts"
import { buttonLabels } from "./i18n/buttonLabel.ts"

export interface ButtonModel {
  readonly label: string
  readonly connected: boolean
  readonly theme: "dark" | "light"
  readonly accent: string | undefined
}

const shorten = (address: string) => address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address

export const buttonModel = (
  config: Pick<Config.PorticoConfig, "themeMode" | "themeVariables">,
  locale: Locale,
  address: string | undefined,
  profileName?: string
): ButtonModel => ({
  label: address === undefined ? buttonLabels[locale] : profileName ?? shorten(address),
  connected: address !== undefined,
  // Only light is light: a mode the engine refuses (core/Theme.ts) is dark here too.
  theme: config.themeMode === "light" ? "light" : "dark",
  accent: config.themeVariables?.accent
})
