/**
 * What a host's page loads before the visitor acts: the public entries (`dist/react.js`, `dist/web.js`) and
 * every chunk they import statically (the wagmi entry is left out: a wagmi host's page holds viem already). A host's bundler follows those imports into the
 * page's first script, so one static import of Effect, viem or `@solana/kit` there (a schema in a shared
 * module) puts tens of KiB before any click (issue 30). Fails naming the chunk and the package it imports.
 */
import { readFileSync } from "node:fs"
import { join, resolve } from "node:path"

const dist = resolve(process.argv[2] ?? "dist")
const entries = ["react.js", "web.js"]
/** The packages a first chunk may import: React alone. */
const allowed = /^(?:react|react\/jsx-runtime|react-dom\/client)$/

/** The specifiers of a module's static imports and re-exports (`import … from`, `export … from`, `import "…"`). */
const staticImports = (source: string): ReadonlyArray<string> =>
  [...source.matchAll(/(?:^|[;\n])\s*(?:import|export)\s*(?:[^"'();]*?\sfrom\s*)?["']([^"']+)["']/g)].map((match) => match[1] ?? "")

export const firstChunkOffenders = (folder: string): ReadonlyArray<string> => {
  const seen = new Set<string>()
  const offenders: Array<string> = []
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const specifier of staticImports(readFileSync(join(folder, file), "utf8"))) {
      if (specifier.startsWith("./")) visit(specifier.slice(2))
      else if (!allowed.test(specifier)) offenders.push(`${file} imports ${specifier}`)
    }
  }
  entries.forEach(visit)
  return offenders
}

if (import.meta.main) {
  const offenders = firstChunkOffenders(dist)
  if (offenders.length > 0) {
    console.error(`✖ the first chunk imports more than React:\n  ${offenders.join("\n  ")}`)
    process.exit(1)
  }
  console.log("✔ the first chunk imports React alone")
}
