/**
 * The command as a developer runs it (the source through Node, as the built bin runs the same code):
 * a summary per file, --dry-run printing the diff and writing nothing, package.json's dependencies,
 * and a typed, readable refusal with a non-zero exit for an unknown library or a folder without sources.
 */
import { spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import type { AnchorName } from "../../migrate/Anchor.ts"
import { rewritePackageJson } from "../../migrate/PackageJson.ts"
import { copyFixture } from "./Migrate.ts"
import { anchors } from "../../migrate/Anchors.ts"
import { repository } from "../support/Tarballs.ts"

const cli = join(repository, "migrate/cli.ts")
const folders: Array<string> = []

const copyOf = (name: AnchorName): string => {
  const folder = mkdtempSync(join(tmpdir(), "portico-migrate-cli-"))
  folders.push(folder)
  copyFixture(name, folder)
  return folder
}

const run = (...args: ReadonlyArray<string>) => {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: "utf8" })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

describe("npx portico-migrate", () => {
  it("rewrites the project, prints what it did per file, and adds portico at this release's version", () => {
    const folder = copyOf("rainbowkit")
    const result = run("rainbowkit", folder)
    expect(result.status).toBe(0)
    expect(result.stdout).toContain("src/App.tsx\n  ✔ <ConnectButton> → <portico-connect-button>")
    expect(result.stdout).toContain("src/main.tsx\n  ✔ <RainbowKitProvider> unwrapped")
    expect(result.stdout).toMatch(/Changed 4 files; 0 TODO\(portico-migrate\) left for you/)
    const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as { dependencies: Record<string, string> }
    const version = (JSON.parse(readFileSync(join(repository, "package.json"), "utf8")) as { version: string }).version
    expect(manifest.dependencies).toMatchObject({ portico: `^${version}`, wagmi: "^3.0.0", "@wagmi/core": "^3.0.0" })
    expect(manifest.dependencies["@rainbow-me/rainbowkit"]).toBeUndefined()
    expect(readFileSync(join(folder, "src/main.tsx"), "utf8")).not.toContain("rainbowkit")
  })

  it("with --dry-run prints the diff and writes nothing", () => {
    const folder = copyOf("connectkit")
    const before = readFileSync(join(folder, "src/App.tsx"), "utf8")
    const result = run("connectkit", folder, "--dry-run")
    expect(result.status).toBe(0)
    expect(result.stdout).toContain(`--- a/src/App.tsx\n+++ b/src/App.tsx\n@@ -1,16 +1,16 @@\n-import { ConnectKitButton, useModal } from "connectkit"`)
    expect(result.stdout).toContain(`-      <ConnectKitButton />\n+      <portico-connect-button></portico-connect-button>`)
    expect(result.stdout).toContain("Would change 3 files")
    expect(readFileSync(join(folder, "src/App.tsx"), "utf8")).toBe(before)
  })

  it("refuses an unknown library with UnknownAnchorError, naming the ones it knows", () => {
    const result = run("web3modal", join(repository, "test/migrate/fixtures/appkit"))
    expect(result.status).toBe(1)
    expect(result.stderr).toBe(`✖ UnknownAnchorError: portico-migrate cannot migrate from "web3modal": it knows rainbowkit, connectkit, onchainkit, appkit\n`)
  })

  it("refuses a folder without sources with NoSourcesError", () => {
    const folder = mkdtempSync(join(tmpdir(), "portico-migrate-empty-"))
    folders.push(folder)
    writeFileSync(join(folder, "README.md"), "# not an app\n")
    const result = run("appkit", folder)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(`✖ NoSourcesError: ${folder} has no JavaScript or TypeScript sources`)
  })

  it("without a library prints its usage and exits 1", () => {
    const result = run()
    expect(result.status).toBe(1)
    expect(result.stderr).toContain("usage: npx portico-migrate <rainbowkit|connectkit|onchainkit|appkit> [projectDir] [--dry-run]")
  })
})

describe("package.json", () => {
  it("drops every package of the library, keeps the file's indentation, and leaves a migrated manifest alone", () => {
    const before = `{\n    "name": "app",\n    "dependencies": {\n        "@reown/appkit": "1.8.8",\n        "@reown/appkit-adapter-wagmi": "1.8.8",\n        "wagmi": "^3.1.0"\n    }\n}\n`
    const { text, changes } = rewritePackageJson(before, anchors.appkit, "0.1.0")
    expect(text).toBe(`{\n    "name": "app",\n    "dependencies": {\n        "@wagmi/core": "^3.0.0",\n        "portico": "^0.1.0",\n        "wagmi": "^3.1.0"\n    }\n}\n`)
    expect(changes).toEqual(["@reown/appkit removed from dependencies", "@reown/appkit-adapter-wagmi removed from dependencies", "portico@^0.1.0 added", "@wagmi/core@^3.0.0 added"])
    expect(rewritePackageJson(text, anchors.appkit, "0.1.0")).toEqual({ text, changes: [] })
  })
})
