/**
 * The packed tarballs `npm test`'s package step leaves in `.pack/` (scripts/package/check.ts): the
 * browser package `portico`, the server package `portico-server` and the codemod `portico-migrate`. A
 * test run alone builds and packs them first.
 */
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"

export const repository = resolve(import.meta.dirname, "../..")
const packDir = join(repository, ".pack")

const patterns = { portico: /^portico-\d.*\.tgz$/, "portico-server": /^portico-server-\d.*\.tgz$/, "portico-migrate": /^portico-migrate-\d.*\.tgz$/ } as const

export const tarball = (name: keyof typeof patterns): string => {
  const find = () => existsSync(packDir) ? readdirSync(packDir).find((file) => patterns[name].test(file)) : undefined
  if (find() === undefined) {
    mkdirSync(packDir, { recursive: true })
    execFileSync("npm", ["run", "-s", "build"], { cwd: repository, stdio: "pipe" })
    execFileSync("npm", ["pack", "--silent", "--pack-destination", packDir], { cwd: repository, stdio: "pipe" })
    execFileSync("npm", ["pack", "./server", "--silent", "--pack-destination", packDir], { cwd: repository, stdio: "pipe" })
    execFileSync("npm", ["pack", "./migrate", "--silent", "--pack-destination", packDir], { cwd: repository, stdio: "pipe" })
  }
  return join(packDir, find() ?? "")
}

/** `name@version` as this repository tests with it, so an install takes what the npm cache already holds. */
export const versionOf = (name: string): string => {
  const manifest = JSON.parse(readFileSync(join(repository, "node_modules", name, "package.json"), "utf8")) as { version: string }
  return `${name}@${manifest.version}`
}
