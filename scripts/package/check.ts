/**
 * Checks the package a host installs: builds it, packs the tarball `npm publish` would upload,
 * lints its `exports` and types (publint, Are The Types Wrong), holds each chunk to its committed size
 * budget in `.size-limit.json` and the first chunk to importing React alone (firstChunk.ts), what
 * installing it brings to its footprint budget (footprint.ts), and
 * the committed reference pages (`docs/reference/`) to the built types. Packs and lints the server
 * package `portico-server` (server/) and the codemod `portico-migrate` (migrate/) too. Leaves the
 * tarballs in `.pack/` for the examples and the packages' tests (test/support/Tarballs.ts).
 */
import { spawnSync } from "node:child_process"
import { mkdirSync, readdirSync, rmSync } from "node:fs"
import { join, resolve } from "node:path"

const packDir = resolve(".pack")

const run = (name: string, command: string, args: ReadonlyArray<string>): void => {
  console.log(`\n▶ package: ${name}`)
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env })
  if (result.status !== 0) {
    console.error(`✖ package: ${name} failed`)
    process.exit(1)
  }
}

run("build", "npm", ["run", "-s", "build"])
rmSync(packDir, { recursive: true, force: true })
mkdirSync(packDir, { recursive: true })
run("pack", "npm", ["pack", "--silent", "--pack-destination", packDir])
// The bins' packages: the server (server/) and the codemod (migrate/).
const binPackages = [["portico-server", "./server"], ["portico-migrate", "./migrate"]] as const
for (const [name, folder] of binPackages) run(`pack ${name}`, "npm", ["pack", folder, "--silent", "--pack-destination", packDir])
const tarball = readdirSync(packDir).find((name) => /^portico-\d/.test(name))
if (tarball === undefined) {
  console.error(`✖ package: npm pack left no tarball in ${packDir}`)
  process.exit(1)
}
const tarballPath = join(packDir, tarball)
run("publint", "npx", ["publint", "run", tarballPath, "--strict"])
for (const [name] of binPackages) {
  const packed = readdirSync(packDir).find((file) => file.startsWith(`${name}-`))
  if (packed === undefined) {
    console.error(`✖ package: npm pack left no ${name} tarball in ${packDir}`)
    process.exit(1)
  }
  run(`publint ${name}`, "npx", ["publint", "run", join(packDir, packed), "--strict"])
}
// ESM only by design: CommonJS resolution modes are not a target.
run("types (attw)", "npx", ["attw", tarballPath, "--profile", "esm-only"])
run("size budget", "npx", ["size-limit"])
run("first chunk", process.execPath, ["scripts/package/firstChunk.ts"])
run("install footprint", process.execPath, ["scripts/package/footprint.ts", tarballPath])
run("reference pages", process.execPath, ["scripts/docs/reference.ts", "--check"])
