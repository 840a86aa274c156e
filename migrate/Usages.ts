/**
 * Finds a file's imports from the library being migrated and every place their names are used, each
 * classified by form: a JSX element, a call, a `new`, or anything else (which the codemod leaves alone).
 */
import {
  isCallExpression, isIdentifier, isImportDeclaration, isImportSpecifier, isJsxClosingElement, isJsxOpeningElement, isJsxSelfClosingElement,
  isNamedImports, isNewExpression, isPropertyAccessExpression, isPropertyAssignment, isStringLiteral,
  type CallExpression, type Identifier, type ImportDeclaration, type ImportSpecifier, type JsxElement, type JsxSelfClosingElement, type NewExpression, type Node, type SourceFile
} from "typescript/unstable/ast"
import type { Anchor, Role } from "./Anchor.ts"

export interface Binding {
  readonly local: string
  readonly exported: string
  readonly module: string
  readonly role: Role | undefined
  readonly specifier: ImportSpecifier
  readonly declaration: ImportDeclaration
}

export type Usage =
  | { readonly form: "element"; readonly binding: Binding; readonly node: JsxElement | JsxSelfClosingElement }
  | { readonly form: "call"; readonly binding: Binding; readonly node: CallExpression }
  | { readonly form: "new"; readonly binding: Binding; readonly node: NewExpression }
  | { readonly form: "other"; readonly binding: Binding; readonly node: Identifier }

export interface AnchorImports {
  readonly declarations: ReadonlyArray<ImportDeclaration>
  readonly bindings: ReadonlyMap<string, Binding>
}

export const moduleOf = (declaration: ImportDeclaration): string | undefined =>
  isStringLiteral(declaration.moduleSpecifier) ? declaration.moduleSpecifier.text : undefined

export const anchorImports = (source: SourceFile, anchor: Anchor): AnchorImports => {
  const declarations = source.statements.filter(isImportDeclaration).filter((declaration) => anchor.owns(moduleOf(declaration) ?? ""))
  const bindings = new Map<string, Binding>()
  for (const declaration of declarations) {
    const module = moduleOf(declaration) ?? ""
    const named = declaration.importClause?.namedBindings
    if (named === undefined || !isNamedImports(named)) continue
    for (const specifier of named.elements) {
      const exported = specifier.propertyName === undefined ? specifier.name.text : specifier.propertyName.text
      bindings.set(specifier.name.text, { local: specifier.name.text, exported, module, role: anchor.roleOf(module, exported), specifier, declaration })
    }
  }
  return { declarations, bindings }
}

/** A name that is not a reference to the binding: a property's key, an import's own name, a closing tag. */
export const isReference = (identifier: Identifier): boolean => {
  const parent = identifier.parent
  if (isImportSpecifier(parent) || isJsxClosingElement(parent)) return false
  if (isPropertyAccessExpression(parent) && parent.name === identifier) return false
  return !(isPropertyAssignment(parent) && parent.name === identifier)
}

const classify = (identifier: Identifier, binding: Binding): Usage => {
  const parent = identifier.parent
  if (isJsxOpeningElement(parent) && parent.tagName === identifier) return { form: "element", binding, node: parent.parent as JsxElement }
  if (isJsxSelfClosingElement(parent) && parent.tagName === identifier) return { form: "element", binding, node: parent }
  if (isCallExpression(parent) && parent.expression === identifier) return { form: "call", binding, node: parent }
  if (isNewExpression(parent) && parent.expression === identifier) return { form: "new", binding, node: parent }
  return { form: "other", binding, node: identifier }
}

export const usagesOf = (source: SourceFile, bindings: ReadonlyMap<string, Binding>): ReadonlyArray<Usage> => {
  const usages: Array<Usage> = []
  const visit = (node: Node): void => {
    if (isIdentifier(node)) {
      const binding = bindings.get(node.text)
      if (binding !== undefined && isReference(node)) usages.push(classify(node, binding))
      return
    }
    node.forEachChild(visit)
  }
  source.statements.filter((statement) => !isImportDeclaration(statement)).forEach(visit)
  return usages
}
