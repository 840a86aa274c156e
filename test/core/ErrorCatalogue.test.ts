/**
 * Pins the whole error surface: every tag and message, every alert and toast. A wording change
 * fails here until the snapshot is updated on purpose (`npx vitest run test/core/ErrorCatalogue.test.ts -u`).
 */
import { assert, describe, expect, it } from "@effect/vitest"
import { readdirSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import * as Cooldown from "../../core/Cooldown.ts"
import * as ErrorCatalogue from "../../core/ErrorCatalogue.ts"

const coreDir = fileURLToPath(new URL("../../core/", import.meta.url))

/**
 * The spec's section 8 (and §5, §6) messages of the features Portico has, verbatim. The market
 * leader's controller internals ('Chain adapter not found', 'NetworkController client not set',
 * 'ConnectionController client not set', 'Chain is not supported', 'No ConnectionController client
 * found') name objects Portico does not have, so no code can raise them. The wording of features not
 * built yet (sign-in, the embedded wallet, swaps) joins this list when each lands, raised by its live code.
 */
const specMessages = [
  "Failed to disconnect",
  "Failed to disconnect chains",
  "Network not found",
  "Failed to fetch transactions",
  "Error resolving name",
  "Error fetching name suggestions",
  "Unauthorized: origin not allowed",
  "JWT validation error: JWT Token is not yet valid",
  "Unauthorized: invalid key",
  "Please try again after {n} seconds",
  "An amount and receiver address are required",
  "A token is required",
  "Unsupported chain",
  "Cannot set both siweConfig and siwx options",
  "A problem occurred while trying initialize authentication",
  "Signature declined",
  "This application might not support Smart Accounts"
]

/** Every TypeScript source a host's page or our server runs (tests and the sandbox excluded). */
const liveSources = ["core", "http", "app", "ui"].flatMap((folder) =>
  readdirSync(fileURLToPath(new URL(`../../${folder}/`, import.meta.url)), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => readFileSync(`${entry.parentPath}/${entry.name}`, "utf8"))
).join("\n")

const specAlertTitles = [
  "Network Not Found",
  "Invalid App Configuration",
  "Project ID Not Configured",
  "Network Error - Could not load embedded wallet",
  "Embedded Wallet Request Timed Out",
  "Session Expired",
  "Unverified Domain",
  "Switch Network Not Found"
]

describe("ErrorCatalogue", () => {
  it("pins every tag and message", () => {
    expect(ErrorCatalogue.errors.map(({ message, module, tag }) => `${module}.${tag}: ${message}`)).toMatchSnapshot()
  })

  it("pins every alert and toast", () => {
    expect(ErrorCatalogue.alerts.map(({ description, key, title, variant }) => `${key} [${variant}] ${title} — ${description}`))
      .toMatchSnapshot()
    expect(ErrorCatalogue.toasts).toMatchSnapshot()
  })

  it("each tag exists once and each message exists once", () => {
    const tags = ErrorCatalogue.errors.map((item) => item.tag)
    assert.strictEqual(new Set(tags).size, tags.length)
    const messages = ErrorCatalogue.errors.map((item) => item.message)
    assert.deepStrictEqual(messages.filter((m, i) => messages.indexOf(m) !== i), [])
  })

  it("holds every message of the spec verbatim", () => {
    const messages = new Set(ErrorCatalogue.errors.map((item) => item.message))
    assert.deepStrictEqual(specMessages.filter((message) => !messages.has(message)), [])
    const titles = new Set(ErrorCatalogue.alerts.map((alert) => alert.title))
    assert.deepStrictEqual(specAlertTitles.filter((title) => !titles.has(title)), [])
    assert.isTrue(ErrorCatalogue.alerts.some((a) => a.title === "Invalid App Configuration" && /allowlist/.test(a.description) && /must be updated/.test(a.description)))
    assert.deepStrictEqual(ErrorCatalogue.toasts.map((t) => t.message), ["Token Balance Unavailable"])
  })

  it("the cooldown template is what the error really says", () => {
    const template = ErrorCatalogue.errors.find((item) => item.tag === "EmailCooldownError")?.message
    assert.strictEqual(template?.replace("{n}", "7"), Cooldown.EmailCooldownError.fromRemaining(6_500).message)
  })

  it("every catalogued error is constructed by live code", () => {
    const neverRaised = ErrorCatalogue.errors
      .map((item) => item.tag)
      .filter((tag) => !new RegExp(`new (\\w+\\.)?${tag}\\(`).test(liveSources))
    assert.deepStrictEqual(neverRaised, [])
  })

  it("lists every tagged error class exported by core/", async () => {
    const listed = new Set(ErrorCatalogue.errors.map((item) => item.tag))
    const missing: Array<string> = []
    const files = readdirSync(coreDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
      .map((entry) => `${entry.parentPath}/${entry.name}`.slice(coreDir.length))
      .toSorted()
    for (const file of files) {
      const module: Record<string, unknown> = await import(`${coreDir}${file}`)
      for (const [name, value] of Object.entries(module)) {
        if (typeof value !== "function" || !(value.prototype instanceof Error)) continue
        const identifier: unknown = Reflect.get(value, "identifier")
        if (typeof identifier === "string" && !listed.has(identifier)) missing.push(`${file}: ${name}`)
      }
    }
    assert.deepStrictEqual(missing, [])
  })
})
