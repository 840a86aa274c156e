/**
 * What a host's page loads before the visitor acts: the public entries (`dist/react.js`, `dist/web.js`) and
 * every chunk they import statically (the wagmi entry is left out: a wagmi host's page holds viem already). A host's bundler follows those imports into the
 * page's first script, so one static import of Effect, viem or `@solana/kit` there (a schema in a shared
 * module) puts tens of KiB before any click (issue 30). Fails naming the chunk and the package it imports.
 * The same walk holds the chunks the visitor's hover prefetches (the dialog's shell and the lobby) to no
 * Effect at all: the engine comes when the visitor heads for a choice in the open dialog. It holds the engine
 * and the engine's views to no HTTP machinery of Effect's: our server's client loads with its first request (app/ServerReads.ts for the
 * connect path's reads, app/ServerClients.ts for the rest), and the connect path's chunks to no
 * `HttpApiClient` (the reads are derived from the contracts without it); nor to `@scure/base` (Solana's and
 * WalletConnect's encodings load with the features that encode). And the size budgets in `.size-limit.json` of
 * what loads before the click (the first chunk and the hover's chunks) and of the connect path (those and
 * the reads' client) must name every chunk they reach by
 * static imports: a chunk the bundler newly splits off fails here, instead of leaving a budget measuring
 * less than what it names.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"

const dist = resolve(process.argv[2] ?? "dist")
const entries = ["react.js", "web.js"]
/** The packages a first chunk may import: React alone. */
const reactAlone = /^(?:react|react\/jsx-runtime|react-dom\/client)$/

/** The specifiers of a module's static imports and re-exports (`import … from`, `export … from`, `import "…"`). */
const staticImports = (source: string): ReadonlyArray<string> =>
  [...source.matchAll(/(?:^|[;\n])\s*(?:import|export)\s*(?:[^"'();]*?\sfrom\s*)?["']([^"']+)["']/g)].map((match) => match[1] ?? "")

/** Every package import reached from `roots` by static imports that `allowed` refuses. */
const walk = (folder: string, roots: ReadonlyArray<string>, allowed: (specifier: string) => boolean) => {
  const seen = new Set<string>()
  const found: Array<string> = []
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const specifier of staticImports(readFileSync(join(folder, file), "utf8"))) {
      if (specifier.startsWith("./")) visit(specifier.slice(2))
      else if (!allowed(specifier)) found.push(`${file} imports ${specifier}`)
    }
  }
  roots.forEach(visit)
  return { files: seen, found }
}

const offenders = (folder: string, roots: ReadonlyArray<string>, allowed: (specifier: string) => boolean): ReadonlyArray<string> =>
  walk(folder, roots, allowed).found

/** The chunks named `<name>-<hash>.js` for each name. */
const chunksNamed = (folder: string, names: ReadonlyArray<string>) =>
  readdirSync(folder).filter((file) => names.some((name) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(file)))

export const firstChunkOffenders = (folder: string): ReadonlyArray<string> => offenders(folder, entries, (specifier) => reactAlone.test(specifier))

/** The hover's chunks (the dialog's shell with the lobby, and the plain rules) and what they import statically: nothing of Effect's. */
export const hoverOffenders = (folder: string): ReadonlyArray<string> =>
  offenders(folder, chunksNamed(folder, ["Shell", "PlainRules"]), (specifier) => !/^effect(?:\/|$)/.test(specifier))

/** The engine's chunks and what they import statically: no `effect/http…`, `effect/http-api…` or `@scure/base`. */
export const prefetchOffenders = (folder: string): ReadonlyArray<string> =>
  offenders(folder, chunksNamed(folder, ["Engine", "ModalRoot"]), (specifier) => !/^(?:effect\/http(?:-api)?\/|@scure\/base$)/.test(specifier))

/** The connect path's chunks (the hover's and our server's reads) and what they import: no `HttpApiClient`, a feature's. */
export const connectPathOffenders = (folder: string): ReadonlyArray<string> =>
  offenders(folder, chunksNamed(folder, ["Shell", "PlainRules", "Engine", "ModalRoot", "ServerReads"]), (specifier) => specifier !== "effect/http-api/HttpApiClient")

/** The chunks reached from `roots` (names, or `react.js`) that a budget's globs (`dist/Name-*.js`) do not name. */
export const unbudgeted = (folder: string, roots: ReadonlyArray<string>, budgetPaths: ReadonlyArray<string>): ReadonlyArray<string> => {
  const budgeted = budgetPaths.map((path) => new RegExp(`^${path.replace(/^dist\//, "").replace(/[.]/g, "\\.").replace("*", "[\\w-]+")}$`))
  const { files } = walk(folder, [...entries.slice(0, 1), ...chunksNamed(folder, roots)], () => true)
  return [...files].filter((file) => !budgeted.some((pattern) => pattern.test(file)))
}

/** Each budget that must name every chunk its roots reach, by the start of its name. */
const closedBudgets = [
  { name: "before any click", roots: ["Shell", "PlainRules"] },
  { name: "the connect path", roots: ["Shell", "PlainRules", "Engine", "ModalRoot", "ServerReads"] }
] as const

interface Budget {
  readonly name: string
  readonly path: string | ReadonlyArray<string>
}

if (import.meta.main) {
  const first = firstChunkOffenders(dist)
  if (first.length > 0) {
    console.error(`✖ the first chunk imports more than React:\n  ${first.join("\n  ")}`)
    process.exit(1)
  }
  console.log("✔ the first chunk imports React alone")
  const hovered = hoverOffenders(dist)
  if (hovered.length > 0) {
    console.error(`✖ the chunks the hover fetches (the dialog's shell, the lobby) import Effect, which only the engine may:\n  ${hovered.join("\n  ")}`)
    process.exit(1)
  }
  console.log("✔ the chunks the hover fetches import nothing of Effect's")
  const prefetched = prefetchOffenders(dist)
  if (prefetched.length > 0) {
    console.error(`✖ the engine or the modal views import Effect's HTTP client or @scure/base before the features that need them:\n  ${prefetched.join("\n  ")}`)
    process.exit(1)
  }
  console.log("✔ the engine and the modal views leave Effect's HTTP client to the first request and @scure/base to the features that encode")
  const connecting = connectPathOffenders(dist)
  if (connecting.length > 0) {
    console.error(`✖ the connect path imports HttpApiClient, which only a feature's first call may load:\n  ${connecting.join("\n  ")}`)
    process.exit(1)
  }
  console.log("✔ the connect path's reads of our server leave HttpApiClient to a feature's first call")
  const budgets = JSON.parse(readFileSync(".size-limit.json", "utf8")) as ReadonlyArray<Budget>
  for (const { name, roots } of closedBudgets) {
    const budget = budgets.find((entry) => entry.name.startsWith(name))
    const missing = unbudgeted(dist, roots, [budget?.path ?? []].flat())
    if (budget === undefined || missing.length > 0) {
      console.error(`✖ the size budget "${name}…" in .size-limit.json ${budget === undefined ? "is missing" : `leaves out: ${missing.join(", ")}`}`)
      process.exit(1)
    }
  }
  console.log("✔ the size budgets before any click and of the connect path name every chunk they reach")
}
