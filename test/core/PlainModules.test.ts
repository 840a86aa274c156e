/**
 * The first stage (the dialog and the Connect view before any click, issue 30) runs without Effect: the
 * modules it reaches must not load `effect`, not even through another of our files. Only value imports
 * count (`import type` and `export type … from` are erased); a dynamic `import()` is the engine loading
 * later, so it is not followed.
 */
import { assert, describe, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../../", import.meta.url))

/** The modules the first stage is built from. */
const plainModules: ReadonlyArray<string> = [
  "core/EmailFormat.ts",
  "core/LegalLinks.ts",
  "core/MessageFormat.ts",
  "ui/modal/styles.ts",
  "core/ModalRoute.ts",
  "core/InstalledWallets.ts",
  "core/ImageSource.ts",
  "core/connectors/Eip6963Announcement.ts",
  "core/connectors/WalletStandardListing.ts",
  "core/RecentWallets.ts",
  "core/InAppBrowser.ts",
  "core/Config.ts",
  "core/ThemeDefaults.ts",
  "core/Constants.ts",
  "core/Locale.ts",
  "app/Device.ts",
  "core/SolanaClusters.ts",
  "core/LoginProviders.ts",
  "core/FeatureFlags.ts",
  "core/ThemeOptions.ts",
  "app/CheckedHost.ts",
  "app/InAppEscape.ts",
  "app/Stage.ts",
  // The modal's first stage and the dialog it draws (app/Host.ts fetches them on the visitor's intent).
  "app/Lobby.ts",
  "app/MobileWalletAdapter.ts",
  "ui/modal/Shell.tsx"
]

// A static `import … from "x"`, `import "x"` or `export … from "x"`, at the start of a line (as the
// formatter writes them). Group 1 is "type " for a type-only statement.
const staticImport = /^(?:import|export)\s+(type\s+)?(?:[^;"'`]*?\s+from\s+)?["']([^"']+)["']/gm

/** The specifiers a source loads at run time. */
const valueImports = (source: string): ReadonlyArray<string> =>
  [...source.matchAll(staticImport)].filter((match) => match[1] === undefined).map((match) => match[2] ?? "")

/** The chain of our files from `file` to the first one that loads `effect…`, or undefined when none does. */
const effectChain = (file: string, seen: Set<string> = new Set()): ReadonlyArray<string> | undefined => {
  if (seen.has(file)) return undefined
  seen.add(file)
  for (const specifier of valueImports(readFileSync(file, "utf8"))) {
    if (specifier === "effect" || specifier.startsWith("effect/")) return [file, specifier]
    if (!specifier.startsWith(".")) continue
    const chain = effectChain(resolve(dirname(file), specifier), seen)
    if (chain !== undefined) return [file, ...chain]
  }
  return undefined
}

describe("PlainModules", () => {
  it("reads value imports and skips type-only ones", () => {
    const source = [
      `import type * as A from "effect/Schema"`,
      `import * as B from "./b.ts"`,
      `import {`,
      `  c,`,
      `  type D`,
      `} from "effect/Option"`,
      `export type { E } from "effect/Effect"`,
      `export { f } from "./f.ts"`,
      `import "./g.css"`,
      ` * import x from "effect" in a comment`,
      `const h = await import("effect/Layer")`
    ].join("\n")
    assert.deepStrictEqual(valueImports(source), ["./b.ts", "effect/Option", "./f.ts", "./g.css"])
  })

  for (const module of plainModules) {
    it(`${module} loads no effect module`, () => {
      const chain = effectChain(resolve(root, module))
      assert.isUndefined(chain, chain?.map((step) => step.replace(root, "")).join(" -> "))
    })
  }
})
