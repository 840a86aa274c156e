/**
 * What the connect path's chunks are made of, in the host's own Vite build: a build plugin records each
 * chunk's modules and their rendered length, and each module is given its chunk's gzip size in proportion
 * to its length (gzip of a module alone would overstate it). Printed by `npm run bench` as the top modules,
 * so a regression names the module that grew (docs/performance.md).
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { kib } from "./Figures.ts"

/** The plugin's source, for the host app's `vite.config.js`: writes `modules.json` in the app's folder (Vite's working directory). */
export const pluginSource = `import { writeFileSync } from "node:fs"
import { gzipSync } from "node:zlib"
const moduleShares = {
  name: "portico-bench-module-shares",
  generateBundle(_options, bundle) {
    const chunks = {}
    for (const [file, chunk] of Object.entries(bundle)) {
      if (chunk.type !== "chunk") continue
      chunks["/" + file] = { gzip: gzipSync(chunk.code).length, modules: Object.entries(chunk.modules).map(([id, module]) => ({ id, length: module.renderedLength })) }
    }
    writeFileSync("modules.json", JSON.stringify(chunks))
  }
}
`

interface ChunkReport {
  readonly gzip: number
  readonly modules: ReadonlyArray<{ readonly id: string; readonly length: number }>
}

/** A module's id as a reader knows it: the package's path, or ours from the package's `dist`. */
const shortId = (id: string) => id.replace(/^.*node_modules\//, "").replace(/\/dist\//, "/").replace(/\/_esm\//, "/")

/** The `count` largest modules of the scripts a page requested, with their chunk and gzip share. */
export const topModules = (app: string, scripts: ReadonlyArray<string>, count: number): ReadonlyArray<string> => {
  const report = JSON.parse(readFileSync(join(app, "modules.json"), "utf8")) as Record<string, ChunkReport>
  const shares = [...new Set(scripts)].flatMap((script) => {
    const chunk = report[script]
    if (chunk === undefined) return []
    const total = chunk.modules.reduce((sum, module) => sum + module.length, 0) || 1
    return chunk.modules.map((module) => ({ id: shortId(module.id), chunk: script.replace(/^\/assets\//, ""), gzip: (chunk.gzip * module.length) / total }))
  })
  return shares.toSorted((a, b) => b.gzip - a.gzip).slice(0, count)
    .map((share, rank) => `    ${String(rank + 1).padStart(2)}. ${kib(share.gzip).padStart(9)}  ${share.id}  (${share.chunk})`)
}
