/**
 * Reads the project's sources into syntax trees with TypeScript's own parser (TypeScript 7's API: one
 * `tsgo` process for the whole run). The files are handed over from memory under a folder of their own,
 * so the project's tsconfig and node_modules are never loaded: the codemod needs syntax, not types.
 */
import type { SourceFile } from "typescript/unstable/ast"
import { createVirtualFileSystem } from "typescript/unstable/fs"
import { API } from "typescript/unstable/sync"

const virtualRoot = "/portico-migrate"

/** Parses every source at once; keys are the paths relative to the project, as given. */
export const parseSources = (sources: ReadonlyMap<string, string>): ReadonlyMap<string, SourceFile> => {
  const files = Object.fromEntries([...sources].map(([path, text]) => [`${virtualRoot}/${path}`, text]))
  const api = new API({ cwd: virtualRoot, fs: createVirtualFileSystem(files) })
  try {
    const snapshot = api.updateSnapshot({ openFiles: Object.keys(files) })
    const parsed = new Map<string, SourceFile>()
    for (const path of sources.keys()) {
      const virtualPath = `${virtualRoot}/${path}`
      const sourceFile = snapshot.getDefaultProjectForFile(virtualPath)?.program.getSourceFile(virtualPath)
      if (sourceFile !== undefined) parsed.set(path, sourceFile)
    }
    return parsed
  } finally {
    api.close()
  }
}
