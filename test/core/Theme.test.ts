import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Theme from "../../core/Theme.ts"

describe("Theme", () => {
  it("decodes to dark with no variables by default", () => {
    assert.deepStrictEqual(Schema.decodeUnknownSync(Theme.Theme)({}), { themeMode: "dark", themeVariables: {} })
    assert.strictEqual(Theme.defaultThemeMode, "dark")
  })

  it("the default accent differs between light and dark, and a host accent wins", () => {
    assert.notStrictEqual(Theme.defaultAccents.light, Theme.defaultAccents.dark)
    assert.strictEqual(Theme.accentOf({ themeMode: "dark", themeVariables: {} }), Theme.defaultAccents.dark)
    assert.strictEqual(Theme.accentOf({ themeMode: "light", themeVariables: {} }), Theme.defaultAccents.light)
    assert.strictEqual(Theme.accentOf({ themeMode: "light", themeVariables: { accent: "#ff0000" } }), "#ff0000")
  })

  it.effect("theme mode must be light or dark", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* Theme.validateMode("light"), "light")
      assert.strictEqual(yield* Theme.validateMode("dark"), "dark")
      for (const mode of ["Dark", "system", "auto", ""]) {
        const error = yield* Effect.flip(Theme.validateMode(mode))
        assert.strictEqual(error._tag, "InvalidThemeModeError")
        assert.strictEqual(error.message, "Theme mode must be light or dark")
      }
      assert.isFalse(Schema.is(Theme.Theme)({ themeMode: "system", themeVariables: {} }))
    }))

  it("a host's theme: a mode other than dark or light is refused and the modal is dark; variables not the spec's are refused together", () => {
    assert.deepStrictEqual(Theme.ofHost({}), { theme: { themeMode: "dark", themeVariables: {} }, refused: [] })
    assert.deepStrictEqual(Theme.ofHost({ themeMode: "light", themeVariables: { accent: "#123456", zIndex: 5 } }), {
      theme: { themeMode: "light", themeVariables: { accent: "#123456", zIndex: 5 } },
      refused: []
    })
    const mode = Theme.ofHost({ themeMode: "system", themeVariables: { accent: "#123456" } })
    assert.deepStrictEqual(mode.theme, { themeMode: "dark", themeVariables: { accent: "#123456" } })
    assert.deepStrictEqual(mode.refused, [new Theme.InvalidThemeModeError({ mode: "system" })])
    for (const variables of [{ accentColor: "red" }, { zIndex: 1.5 }, { colorMixStrength: 101 }, { accent: 12 }, "dark"]) {
      const refused = Theme.ofHost({ themeMode: "light", themeVariables: variables })
      assert.deepStrictEqual(refused.theme, { themeMode: "light", themeVariables: {} })
      assert.deepStrictEqual(refused.refused.map((error) => error._tag), ["InvalidThemeVariablesError"])
    }
  })

  it("rejects a color mix strength outside 0 to 100", () => {
    const decode = Schema.decodeUnknownExit(Theme.Theme)
    assert.strictEqual(decode({ themeVariables: { colorMixStrength: 50 } })._tag, "Success")
    assert.strictEqual(decode({ themeVariables: { colorMixStrength: 101 } })._tag, "Failure")
  })
})
