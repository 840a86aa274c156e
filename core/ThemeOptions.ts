/**
 * The host's `themeMode` and `themeVariables` checked (spec §3 "Theme", §5 "Theme mode must be light or
 * dark"). They come from a page's script, typed or not: a mode other than dark or light is refused and the
 * modal is dark; variables that are not the spec's, or not of their kind, are refused together and none is
 * applied. Free of Effect, so the modal's first stage (app/Lobby.ts) draws the theme the engine does;
 * core/Theme.ts builds its Schemas and the developer's alerts on these checks.
 */
import * as ThemeDefaults from "./ThemeDefaults.ts"

export const themeModes = ["dark", "light"] as const

export type ThemeMode = typeof themeModes[number]

/** Host overrides; every key optional, CSS values as strings. */
export interface ThemeVariables {
  readonly fontFamily?: string
  readonly accent?: string
  readonly colorMix?: string
  /** 0 to 100. */
  readonly colorMixStrength?: number
  readonly fontSizeMaster?: string
  readonly borderRadiusMaster?: string
  /** An integer. */
  readonly zIndex?: number
}

export const isThemeMode = (u: unknown): u is ThemeMode => (themeModes as ReadonlyArray<unknown>).includes(u)

const isString = (u: unknown): boolean => typeof u === "string"

/** Each variable's kind. */
const kinds: { readonly [K in keyof ThemeVariables]-?: (u: unknown) => boolean } = {
  fontFamily: isString,
  accent: isString,
  colorMix: isString,
  colorMixStrength: (u) => typeof u === "number" && u >= 0 && u <= 100,
  fontSizeMaster: isString,
  borderRadiusMaster: isString,
  zIndex: (u) => Number.isInteger(u)
}

const isVariable = (key: string): key is keyof ThemeVariables => Object.hasOwn(kinds, key)

/** What is wrong with a host's variables (the first problem), or undefined when they are the spec's. */
export const variablesIssue = (u: unknown): string | undefined => {
  if (typeof u !== "object" || u === null || Array.isArray(u)) return "expected an object"
  for (const [key, value] of Object.entries(u)) {
    if (!isVariable(key)) return `"${key}" is not a theme variable`
    if (!kinds[key](value)) return `"${key}" is not of its kind`
  }
  return undefined
}

export const isThemeVariables = (u: unknown): u is ThemeVariables => variablesIssue(u) === undefined

export interface Checked {
  /** The theme to draw: the host's, with a refused option at its default. */
  readonly themeMode: ThemeMode
  readonly themeVariables: ThemeVariables
  /** The mode given, when it was refused. */
  readonly refusedMode: string | undefined
  /** Why the variables were refused. */
  readonly variablesIssue: string | undefined
}

export const check = (options: { readonly themeMode?: unknown; readonly themeVariables?: unknown }): Checked => {
  const mode = options.themeMode
  const variables = options.themeVariables ?? {}
  const issue = variablesIssue(variables)
  return {
    themeMode: isThemeMode(mode) ? mode : ThemeDefaults.defaultThemeMode,
    themeVariables: issue === undefined ? variables as ThemeVariables : {},
    refusedMode: mode === undefined || isThemeMode(mode) ? undefined : String(mode),
    variablesIssue: issue
  }
}
