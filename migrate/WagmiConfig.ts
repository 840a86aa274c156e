/**
 * The code every transform writes in place of the library's setup: Portico's instance (`createPortico`,
 * its custom element defined) and wagmi's config with Portico's connector as its only one, so wagmi's
 * hooks go on working with whatever wallet the visitor connects in Portico's modal.
 */
import {
  isArrayLiteralExpression, isAsExpression, isIdentifier, isObjectLiteralExpression, isPropertyAssignment, isShorthandPropertyAssignment, isSatisfiesExpression,
  isSourceFile, isVariableDeclaration, isVariableStatement, type Expression, type Node, type ObjectLiteralExpression
} from "typescript/unstable/ast"
import type { FileRewrite } from "./FileRewrite.ts"

/** An object literal's properties by name, as source text; spreads and methods are listed apart. */
export interface Properties {
  readonly values: ReadonlyMap<string, string>
  readonly nodes: ReadonlyMap<string, Node>
  readonly unreadable: ReadonlyArray<Node>
}

export const propertiesOf = (file: FileRewrite, object: ObjectLiteralExpression): Properties => {
  const values = new Map<string, string>()
  const nodes = new Map<string, Node>()
  const unreadable: Array<Node> = []
  for (const property of object.properties) {
    if (isPropertyAssignment(property) && isIdentifier(property.name)) {
      values.set(property.name.text, file.slice(property.initializer))
      nodes.set(property.name.text, property.initializer)
    } else if (isShorthandPropertyAssignment(property) && isIdentifier(property.name)) {
      values.set(property.name.text, property.name.text)
      nodes.set(property.name.text, property.name)
    } else unreadable.push(property)
  }
  return { values, nodes, unreadable }
}

export const objectArgument = (args: ReadonlyArray<Expression>): ObjectLiteralExpression | undefined => {
  const [first] = args
  return first !== undefined && isObjectLiteralExpression(first) ? first : undefined
}

/** Lines of an object literal at the given depth, keys in order; values may span lines as written. */
export const objectText = (entries: ReadonlyArray<readonly [string, string]>, indent: string): string =>
  `{\n${entries.map(([key, value]) => `${indent}  ${key === value ? key : `${key}: ${value}`}`).join(",\n")}\n${indent}}`

/** AppKit-style metadata from the library's app fields; a missing URL is the page's origin. */
export const metadataText = (app: { readonly name?: string | undefined; readonly description?: string | undefined; readonly url?: string | undefined; readonly icon?: string | undefined }): string =>
  `{ name: ${app.name ?? "document.title"}, description: ${app.description ?? `""`}, url: ${app.url ?? "location.origin"}, icons: ${app.icon === undefined ? "[]" : `[${app.icon}]`} }`

/** `export const portico = createPortico({…})` and the custom element's definition, as lines. */
export const porticoLines = (options: ReadonlyArray<readonly [string, string]>, exported: boolean, binding = "portico"): ReadonlyArray<string> => [
  `${exported ? "export " : ""}const ${binding} = createPortico(${objectText(options, "")})`,
  `definePorticoElements(${binding})`
].flatMap((line) => line.split("\n"))

/** The wagmi config's own entries after chains and transports: Portico's connector, and no discovery of its own. */
export const connectorEntries: ReadonlyArray<readonly [string, string]> = [
  ["connectors", "[porticoConnector(portico)]"],
  ["multiInjectedProviderDiscovery", "false"]
]

/** Whether a statement sits at the top of its module, where it can be exported. */
export const isTopLevel = (statement: Node): boolean => isSourceFile(statement.parent)

/** The elements of a chains list written as an array here or in a top-level `const` of the file. */
const chainElements = (file: FileRewrite, chains: Node): ReadonlyArray<Node> | undefined => {
  let expression: Node = chains
  if (isIdentifier(expression)) {
    const name = expression.text
    const declaration = file.source.statements.filter(isVariableStatement)
      .flatMap((statement) => statement.declarationList.declarations)
      .find((candidate) => isVariableDeclaration(candidate) && isIdentifier(candidate.name) && candidate.name.text === name)
    if (declaration?.initializer === undefined) return undefined
    expression = declaration.initializer
  }
  while (isAsExpression(expression) || isSatisfiesExpression(expression)) expression = expression.expression
  return isArrayLiteralExpression(expression) ? expression.elements : undefined
}

/**
 * wagmi's transports for the chains: `http()` (the chain's own RPC) for each, as the libraries' default
 * configs did; a list the codemod cannot read gets a TODO and a computed record.
 */
export const transportsText = (file: FileRewrite, chains: Node, at: Node): string => {
  file.addImport("wagmi", "http")
  const elements = chainElements(file, chains)
  if (elements !== undefined) return `{ ${elements.map((element) => `[${file.slice(element)}.id]: http()`).join(", ")} }`
  file.todo(at, "list a transport for each chain (wagmi's createConfig needs them; the migrated code uses http() for every chain)")
  return `Object.fromEntries(${file.slice(chains)}.map((chain) => [chain.id, http()]))`
}

/** Imports the generated code uses. */
export const importPortico = (file: FileRewrite): void => {
  file.addImport("portico", "createPortico")
  file.addImport("portico", "definePorticoElements")
  file.addImport("portico/wagmi", "porticoConnector")
}
