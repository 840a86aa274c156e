/**
 * Theme (spec §3 "Theme", §5 "Theme mode must be light or dark"): dark by default, and the
 * default accent differs between light and dark.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { fixed } from "./FixedMessage.ts"
import * as ThemeDefaults from "./ThemeDefaults.ts"

export const ThemeMode = Schema.Literals(["dark", "light"])
export type ThemeMode = typeof ThemeMode.Type

export const defaultThemeMode: ThemeMode = ThemeDefaults.defaultThemeMode

/** Host overrides; every key optional, CSS values as strings. */
export const ThemeVariables = Schema.Struct({
  fontFamily: Schema.optionalKey(Schema.String),
  accent: Schema.optionalKey(Schema.String),
  colorMix: Schema.optionalKey(Schema.String),
  colorMixStrength: Schema.optionalKey(Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 100 }))),
  fontSizeMaster: Schema.optionalKey(Schema.String),
  borderRadiusMaster: Schema.optionalKey(Schema.String),
  zIndex: Schema.optionalKey(Schema.Int)
})
export type ThemeVariables = typeof ThemeVariables.Type

export const Theme = Schema.Struct({
  themeMode: ThemeMode.pipe(Schema.withDecodingDefault(Effect.succeed(defaultThemeMode))),
  themeVariables: ThemeVariables.pipe(Schema.withDecodingDefault(Effect.succeed({})))
})
export type Theme = typeof Theme.Type

export const defaultAccents: Readonly<Record<ThemeMode, string>> = ThemeDefaults.defaultAccents

/** The accent in effect: the host's override, else the mode's default. */
export const accentOf = (theme: Theme): string => theme.themeVariables.accent ?? defaultAccents[theme.themeMode]

export const isThemeMode: (u: unknown) => u is ThemeMode = Schema.is(ThemeMode)

const decodeVariables = Schema.decodeUnknownExit(ThemeVariables, { onExcessProperty: "error" })

/** What a host's theme options come to: the theme used, and each option refused (its default used instead). */
export interface HostTheme {
  readonly theme: Theme
  readonly refused: ReadonlyArray<InvalidThemeModeError | InvalidThemeVariablesError>
}

/**
 * The host's `themeMode` and `themeVariables`, checked when the engine is built (they come from a page's
 * script, typed or not): a mode other than dark or light is refused and the modal is dark; variables that are
 * not the spec's, or not of their kind, are refused together and none is applied.
 */
export const ofHost = (options: { readonly themeMode?: unknown; readonly themeVariables?: unknown }): HostTheme => {
  const mode = options.themeMode
  const modeOk = mode === undefined || isThemeMode(mode)
  const variables = decodeVariables(options.themeVariables ?? {})
  const refused = [
    ...(modeOk ? [] : [new InvalidThemeModeError({ mode: String(mode) })]),
    ...Option.toArray(Option.map(Exit.findErrorOption(variables), (error) => new InvalidThemeVariablesError({ issue: error.message })))
  ]
  return {
    theme: {
      themeMode: isThemeMode(mode) ? mode : defaultThemeMode,
      themeVariables: variables._tag === "Success" ? variables.value : {}
    },
    refused
  }
}

export const validateMode = (mode: string): Effect.Effect<ThemeMode, InvalidThemeModeError> =>
  isThemeMode(mode)
    ? Effect.succeed(mode)
    : Effect.fail(new InvalidThemeModeError({ mode }))

export class InvalidThemeModeError extends Schema.TaggedError<InvalidThemeModeError>()("InvalidThemeModeError", {
  message: fixed("Theme mode must be light or dark"),
  mode: Schema.String
}) {}

/** The host's theme variables are not the spec's (an unknown name, a value of the wrong kind). */
export class InvalidThemeVariablesError extends Schema.TaggedError<InvalidThemeVariablesError>()("InvalidThemeVariablesError", {
  message: fixed("Theme variables are invalid"),
  issue: Schema.String
}) {}
