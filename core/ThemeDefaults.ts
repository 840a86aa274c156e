/**
 * The theme's defaults, free of Schema so the host's first chunk (the connect button) can use them:
 * dark by default, and an accent per mode, lighter on dark backgrounds and deeper on light ones, both
 * readable against their background (spec §3 "Theme").
 */
export const defaultThemeMode = "dark" as const

export const defaultAccents = { dark: "#667dff", light: "#4a5fe8" } as const
