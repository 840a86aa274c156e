/**
 * Licence gate run by `npm test` before the tests: every package in the installed tree (read from
 * package-lock.json, whose `license` fields npm copies from each package.json) must carry an
 * OSI-approved SPDX licence. A package that does not fails the gate unless `licenses-allowlist.json`
 * names it with a reason. Dev-only packages are listed with their licence so a reviewer sees them.
 */
import { readFileSync } from "node:fs"

// OSI-approved SPDX identifiers that occur in JavaScript packages.
const osiApproved = new Set([
  "MIT", "MIT-0", "ISC", "0BSD", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "MPL-2.0", "BlueOak-1.0.0",
  "Unlicense", "Zlib", "Python-2.0", "CC0-1.0", "LGPL-2.1-only", "LGPL-3.0-only", "Artistic-2.0", "BSL-1.0"
])

/**
 * OSI-approved, but a host's build could not stay MIT with them: accepted for the development tools only
 * (the sandbox's bundler, Alto, and the ERC-4337 contracts it runs), never for what the packages install.
 */
const devOnlyCopyleft = new Set(["GPL-2.0-only", "GPL-2.0-or-later", "GPL-3.0-only", "GPL-3.0-or-later"])

interface LockEntry {
  readonly version?: string
  readonly license?: unknown
  readonly dev?: boolean
}
interface AllowEntry {
  readonly name: string
  readonly reason: string
}

// An SPDX expression is acceptable when any OR branch has only OSI ids joined by AND.
const isOsi = (expression: string): boolean =>
  expression
    .replace(/[()]/g, " ")
    .split(/\s+OR\s+/)
    .some((branch) => branch.split(/\s+AND\s+/).every((id) => osiApproved.has(id.trim())))

const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { readonly packages: Record<string, LockEntry> }
const allowlist = JSON.parse(readFileSync("licenses-allowlist.json", "utf8")) as ReadonlyArray<AllowEntry>
const allowed = new Map(allowlist.map((entry) => [entry.name, entry.reason]))

/**
 * WalletConnect's packages after 2.21.8 and every @reown package are under the "WalletConnect Community
 * License" (use bound to Reown's gateway): never allowed, whatever their lock entry says.
 */
const lastOpenWalletConnect = [2, 21, 8]
const isClosedWalletConnect = (name: string, version: string | undefined): boolean => {
  if (name.startsWith("@reown/")) return true
  if (!/^@walletconnect\/(core|sign-client|types|utils|universal-provider|ethereum-provider)$/.test(name)) return false
  const parts = (version ?? "").split(/[.-]/).map(Number)
  for (const [index, limit] of lastOpenWalletConnect.entries()) {
    const part = parts[index] ?? 0
    if (part !== limit) return part > limit
  }
  return false
}

const failures: Array<string> = []
const devLicences = new Map<string, number>()
for (const [path, entry] of Object.entries(lock.packages)) {
  if (path === "" || !path.includes("node_modules/")) continue
  const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length)
  const licence = typeof entry.license === "string" ? entry.license : "none"
  if (entry.dev === true) devLicences.set(licence, (devLicences.get(licence) ?? 0) + 1)
  if (isClosedWalletConnect(name, entry.version)) {
    failures.push(`${name}@${entry.version ?? "?"} (WalletConnect Community License: never allowed)`)
    continue
  }
  if (isOsi(licence)) continue
  if (entry.dev === true && devOnlyCopyleft.has(licence)) continue
  const reason = allowed.get(name)
  if (reason !== undefined) {
    console.log(`allowlisted ${name}@${entry.version ?? "?"} (${licence}): ${reason}`)
    continue
  }
  failures.push(`${name}@${entry.version ?? "?"} (${licence})${entry.dev === true ? " [dev]" : ""}`)
}
console.log(`dev-only licences: ${[...devLicences].map(([id, n]) => `${id} ×${n}`).join(", ")}`)
if (failures.length > 0) {
  console.error(`Packages without an OSI-approved licence:\n  ${failures.join("\n  ")}`)
  process.exit(1)
}
console.log("licences: every package is OSI-approved or allowlisted")
