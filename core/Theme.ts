/**
 * Theme (spec §3 "Theme", §5 "Theme mode must be light or dark"): dark by default, and the
 * default accent differs between light and dark.
 */
import * as Effect from "effect/Effect"
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

export const validateMode = (mode: string): Effect.Effect<ThemeMode, InvalidThemeModeError> =>
  isThemeMode(mode)
    ? Effect.succeed(mode)
    : Effect.fail(new InvalidThemeModeError({ mode }))

export class InvalidThemeModeError extends Schema.TaggedError<InvalidThemeModeError>()("InvalidThemeModeError", {
  message: fixed("Theme mode must be light or dark"),
  mode: Schema.String
}) {}
