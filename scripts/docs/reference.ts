/**
 * `npm run docs`: the reference pages of every public entry point, from the types a host installs.
 * Reads `package.json` `exports`, runs API Extractor on each entry's built `.d.ts` (it brings its own
 * TypeScript, so it reads what our TypeScript 7 emitted), then API Documenter writes Markdown into
 * `docs/reference/`. A type the public API names but no entry exports fails the run: a host could
 * not name it.
 *
 * `--check` writes into a temporary folder and fails when `docs/reference/` differs (run by
 * `npm test` after the package build, so the committed pages never go stale).
 */
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { Extractor, ExtractorConfig, ExtractorLogLevel } from "@microsoft/api-extractor"

const root = resolve(import.meta.dirname, "../..")
const committed = join(root, "docs/reference")
const check = process.argv.includes("--check")

interface PackageJson {
  readonly name: string
  readonly exports: Record<string, string | { readonly types?: string }>
}
const packageJsonPath = join(root, "package.json")
const packageJson = JSON.parse(readFileSync(packageJsonPath, "utf8")) as PackageJson

/** Each public subpath (`portico`, `portico/react`…) with the `.d.ts` its `types` condition names. */
const entries = Object.entries(packageJson.exports).flatMap(([subpath, target]) =>
  typeof target === "object" && target.types !== undefined
    ? [{ name: subpath === "." ? packageJson.name : `${packageJson.name}/${subpath.slice(2)}`, types: join(root, target.types) }]
    : []
)

const modelName = (entryName: string) => entryName.replace("/", "-")
const pages = (folder: string) => readdirSync(folder).toSorted()

const work = mkdtempSync(join(tmpdir(), "portico-reference-"))
const models = join(work, "models")
const output = check ? join(work, "pages") : committed
let failed = false
const unexported: Array<{ readonly entry: string; readonly symbol: string }> = []
const exported = new Set<string>()
try {
  for (const entry of entries) {
    const file = join(models, `${modelName(entry.name)}.api.json`)
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder: root,
        mainEntryPointFilePath: entry.types,
        compiler: {
          overrideTsconfig: {
            compilerOptions: { target: "es2023", module: "esnext", moduleResolution: "bundler", lib: ["es2023", "dom"], strict: true, skipLibCheck: true }
          }
        },
        apiReport: { enabled: false, reportFileName: "<unscopedPackageName>.api.md" },
        docModel: { enabled: true, apiJsonFilePath: file },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        messages: {
          compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
          extractorMessageReporting: {
            default: { logLevel: ExtractorLogLevel.None },
            "ae-forgotten-export": { logLevel: ExtractorLogLevel.Warning, addToApiReportFile: false }
          },
          // Our comments are plain prose, not TSDoc markup.
          tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } }
        }
      },
      configObjectFullPath: undefined,
      packageJsonFullPath: packageJsonPath
    })
    const result = Extractor.invoke(config, {
      localBuild: true,
      showVerboseMessages: false,
      // A type an entry names without exporting is fine when another entry exports it (the root's
      // `Portico` in `portico/wagmi`): gathered here, judged once every entry is read.
      messageCallback: (message) => {
        if (message.messageId !== "ae-forgotten-export") return
        const symbol = /symbol "(\w+)"/.exec(message.text)?.[1]
        // `X_base` is the declaration TypeScript emits for a class extending an expression (Effect's
        // tagged errors and services): not a name a host could import, nor one it needs.
        if (symbol !== undefined && !symbol.endsWith("_base")) unexported.push({ entry: entry.name, symbol })
        message.logLevel = ExtractorLogLevel.None
      }
    })
    if (!result.succeeded) {
      console.error(`✖ reference: ${entry.name} (${result.errorCount} errors)`)
      failed = true
      continue
    }
    // Each entry is its own package in the pages (npm names have no slash: `portico-react` until the
    // pages are written, then `portico/react` as a host imports it).
    const model = JSON.parse(readFileSync(file, "utf8")) as { name: string; members: ReadonlyArray<{ members: ReadonlyArray<{ name: string }> }> }
    model.name = modelName(entry.name)
    const names = model.members.flatMap((entryPoint) => entryPoint.members).map((member) => member.name)
    for (const name of names) exported.add(name)
    // Page names are lower case: `useModal` and a `UseModal` would share one page, and one would be lost.
    for (const clash of names.filter((name) => names.some((other) => other !== name && other.toLowerCase() === name.toLowerCase()))) {
      console.error(`✖ reference: ${entry.name} exports two names that differ only in case (${clash}): their pages would collide`)
      failed = true
    }
    writeFileSync(file, JSON.stringify(model))
  }
  for (const missing of unexported.filter((named) => !exported.has(named.symbol))) {
    console.error(`✖ reference: ${missing.entry} names the type ${missing.symbol}, which no entry exports: a host could not name it`)
    failed = true
  }
  if (failed) process.exit(1)
  const documenter = spawnSync(join(root, "node_modules/.bin/api-documenter"), ["markdown", "-i", models, "-o", output], { stdio: "pipe", encoding: "utf8" })
  if (documenter.status !== 0) {
    console.error(documenter.stdout, documenter.stderr)
    process.exit(1)
  }
  // Link texts and headings name each entry as a host imports it; file names keep the model's name.
  for (const page of readdirSync(output)) {
    const text = entries.reduce(
      (written, entry) =>
        written.replaceAll(`[${modelName(entry.name)}]`, `[${entry.name}]`).replaceAll(`## ${modelName(entry.name)} package`, `## ${entry.name}`),
      readFileSync(join(output, page), "utf8")
    )
    writeFileSync(join(output, page), text)
  }
  if (check) {
    // Same page names, then the same text in each (a page added or removed differs in the names).
    const written = pages(output)
    const stale = written.join("\n") !== (existsSync(committed) ? pages(committed) : []).join("\n") ||
      written.some((page) => readFileSync(join(output, page), "utf8") !== readFileSync(join(committed, page), "utf8"))
    if (stale) {
      console.error("✖ reference: docs/reference/ differs from the public API; run `npm run docs` and commit the pages")
      process.exit(1)
    }
  }
  console.log(`reference: ${entries.map((entry) => entry.name).join(", ")} → ${check ? "up to date" : "docs/reference/"}`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
