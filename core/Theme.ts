/**
 * Theme (spec §3 "Theme", §5 "Theme mode must be light or dark"): dark by default, and the
 * default accent differs between light and dark.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fixed } from "./FixedMessage.ts"
import * as ThemeOptions from "./ThemeOptions.ts"
import * as ThemeDefaults from "./ThemeDefaults.ts"

export const ThemeMode = Schema.Literals(ThemeOptions.themeModes)
export type ThemeMode = ThemeOptions.ThemeMode

export const defaultThemeMode: ThemeMode = ThemeDefaults.defaultThemeMode

/** Host overrides (core/ThemeOptions.ts's check): every key optional, CSS values as strings. */
export const ThemeVariables = Schema.declare(ThemeOptions.isThemeVariables)

export const Theme = Schema.Struct({
  themeMode: ThemeMode.pipe(Schema.withDecodingDefault(Effect.succeed(defaultThemeMode))),
  themeVariables: ThemeVariables.pipe(Schema.withDecodingDefault(Effect.succeed({})))
})
export type Theme = typeof Theme.Type

export const defaultAccents: Readonly<Record<ThemeMode, string>> = ThemeDefaults.defaultAccents

/** The accent in effect: the host's override, else the mode's default. */
export const accentOf = (theme: Theme): string => theme.themeVariables.accent ?? defaultAccents[theme.themeMode]

export const isThemeMode = ThemeOptions.isThemeMode

/** What a host's theme options come to: the theme used, and each option refused (its default used instead). */
export interface HostTheme {
  readonly theme: Theme
  readonly refused: ReadonlyArray<InvalidThemeModeError | InvalidThemeVariablesError>
}

/** Each option core/ThemeOptions.ts refused, as an error for the developer's alert. */
export const refusalsOf = (checked: ThemeOptions.Checked): HostTheme["refused"] => [
  ...(checked.refusedMode === undefined ? [] : [new InvalidThemeModeError({ mode: checked.refusedMode })]),
  ...(checked.variablesIssue === undefined ? [] : [new InvalidThemeVariablesError({ issue: checked.variablesIssue })])
]

/** The host's theme options as core/ThemeOptions.ts checks them, with their refusals. */
export const ofHost = (options: { readonly themeMode?: unknown; readonly themeVariables?: unknown }): HostTheme => {
  const checked = ThemeOptions.check(options)
  return { theme: { themeMode: checked.themeMode, themeVariables: checked.themeVariables }, refused: refusalsOf(checked) }
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
