/**
 * Code the codemod dropped (a provider's props, a replaced button's insides, the connectors wagmi's
 * config no longer has) may have been the only use of an import: such imports go too, so the migrated
 * app does not bundle a wallet SDK nothing calls.
 */
import { isIdentifier, isImportDeclaration, isNamedImports, type ImportDeclaration, type Node } from "typescript/unstable/ast"
import type { FileRewrite } from "./FileRewrite.ts"
import { isReference } from "./Usages.ts"

/** Every reference to a name outside the imports. */
const referencesByName = (file: FileRewrite): ReadonlyMap<string, ReadonlyArray<Node>> => {
  const references = new Map<string, Array<Node>>()
  const visit = (node: Node): void => {
    if (isIdentifier(node)) {
      if (isReference(node)) references.set(node.text, [...(references.get(node.text) ?? []), node])
      return
    }
    node.forEachChild(visit)
  }
  file.source.statements.filter((statement) => !isImportDeclaration(statement)).forEach(visit)
  return references
}

/** Removes the import specifiers used only inside `file.dropped`; returns the declarations it changed. */
export const pruneImports = (file: FileRewrite, untouchable: ReadonlySet<ImportDeclaration>): ReadonlySet<ImportDeclaration> => {
  const changed = new Set<ImportDeclaration>()
  if (file.dropped.length === 0) return changed
  const references = referencesByName(file)
  const isDropped = (node: Node) => file.dropped.some((range) => file.start(node) >= file.start(range) && node.end <= range.end)
  for (const declaration of file.source.statements.filter(isImportDeclaration)) {
    const named = declaration.importClause?.namedBindings
    if (untouchable.has(declaration) || named === undefined || !isNamedImports(named) || declaration.importClause?.name !== undefined) continue
    const orphaned = named.elements.filter((specifier) => {
      const uses = references.get(specifier.name.text) ?? []
      return uses.length > 0 && uses.every(isDropped)
    })
    if (orphaned.length === 0) continue
    changed.add(declaration)
    const kept = named.elements.filter((specifier) => !orphaned.includes(specifier))
    if (kept.length === 0) file.remove(declaration)
    else file.replace(named, `{ ${kept.map((specifier) => file.slice(specifier)).join(", ")} }`)
    file.changes.push(`${orphaned.map((specifier) => specifier.name.text).join(", ")} no longer imported: only the dropped code used ${orphaned.length === 1 ? "it" : "them"}`)
  }
  return changed
}
