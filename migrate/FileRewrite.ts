/**
 * One file's rewrite in progress: the edits made so far, the imports to add, and what the summary will
 * say about the file. TODO comments for the developer go on their own line above the statement they are
 * about, once: a second run finds them there and adds nothing.
 */
import { isBlock, isCaseClause, isDefaultClause, isExpressionStatement, isImportDeclaration, isModuleBlock, isNamedImports, isSourceFile, isStringLiteral, type ImportDeclaration, type Node, type SourceFile } from "typescript/unstable/ast"
import type { Edit } from "./Edits.ts"

export const todoMarker = "TODO(portico-migrate)"

const isStatementList = (node: Node): boolean => isSourceFile(node) || isBlock(node) || isModuleBlock(node) || isCaseClause(node) || isDefaultClause(node)

export class FileRewrite {
  readonly edits: Array<Edit> = []
  /** What the codemod did, one line each, for the summary. */
  readonly changes: Array<string> = []
  /** What it left to the developer, one line each. */
  readonly todos: Array<string> = []
  /** Code taken out whose imports may now be unused (PruneImports.ts). */
  readonly dropped: Array<Node> = []
  private readonly imports = new Map<string, Set<string>>()
  private readonly todoAt = new Set<string>()

  readonly path: string
  readonly source: SourceFile

  constructor(path: string, source: SourceFile) {
    this.path = path
    this.source = source
  }

  get text(): string {
    return this.source.text
  }

  start(node: Node): number {
    return node.getStart(this.source)
  }

  slice(node: Node): string {
    return this.text.slice(this.start(node), node.end)
  }

  replace(node: Node, text: string): void {
    this.edits.push({ start: this.start(node), end: node.end, text })
  }

  /** The statement holding a node: where a line comment or a new statement can go before it. */
  statementOf(node: Node): Node {
    let current = node
    while (!isStatementList(current.parent)) current = current.parent
    return current
  }

  lineStart(position: number): number {
    return this.text.lastIndexOf("\n", position - 1) + 1
  }

  /** The indentation of the line a node starts on. */
  indentOf(node: Node): string {
    const start = this.start(node)
    return /^[ \t]*/.exec(this.text.slice(this.lineStart(start), start))?.[0] ?? ""
  }

  /** Inserts whole lines (each ending in a newline) before the statement's line, at its indentation. */
  insertLinesBefore(statement: Node, lines: ReadonlyArray<string>): void {
    const indent = this.indentOf(statement)
    const at = this.lineStart(this.start(statement))
    this.edits.push({ start: at, end: at, text: lines.map((line) => (line === "" ? "\n" : `${indent}${line}\n`)).join("") })
  }

  /** Removes a node (a statement, a tag) with its line when nothing else is on it; between two blank lines, optionally one of them too. */
  remove(node: Node, collapseBlank = false): void {
    const start = this.start(node)
    const lineStart = this.lineStart(start)
    const lineEnd = this.text.indexOf("\n", node.end)
    const alone = /^\s*$/.test(this.text.slice(lineStart, start)) && /^\s*$/.test(this.text.slice(node.end, lineEnd === -1 ? undefined : lineEnd))
    if (!alone) {
      this.edits.push({ start, end: node.end, text: "" })
      return
    }
    const end = lineEnd === -1 ? this.text.length : lineEnd + 1
    const blankBefore = lineStart === 0 || this.text.slice(this.lineStart(lineStart - 1), lineStart).trim() === ""
    const blankAfter = this.text[end] === "\n"
    this.edits.push({ start: lineStart, end: collapseBlank && blankBefore && blankAfter ? end + 1 : end, text: "" })
  }

  /** Leaves `// TODO(portico-migrate): message` above the statement holding the node, unless it is there already. */
  todo(node: Node, message: string): void {
    const statement = this.statementOf(node)
    const comment = `// ${todoMarker}: ${message}`
    const key = `${this.start(statement)}\n${comment}`
    if (this.todoAt.has(key)) return
    this.todoAt.add(key)
    this.todos.push(`line ${this.lineOf(this.start(statement))}: ${message}`)
    if (!this.commentsAbove(statement).includes(comment)) this.insertLinesBefore(statement, [comment])
  }

  lineOf(position: number): number {
    return this.text.slice(0, position).split("\n").length
  }

  /** The `//` comment lines directly above a statement, trimmed. */
  private commentsAbove(statement: Node): ReadonlyArray<string> {
    const lines = this.text.slice(0, this.lineStart(this.start(statement))).split("\n").slice(0, -1).toReversed()
    const comments: Array<string> = []
    for (const line of lines) {
      if (!line.trim().startsWith("//")) break
      comments.push(line.trim())
    }
    return comments
  }

  addImport(module: string, name: string): void {
    const names = this.imports.get(module) ?? new Set<string>()
    names.add(name)
    this.imports.set(module, names)
  }

  /** Adds the collected imports: into an existing `import { … } from module`, else as new lines after the imports. */
  finishImports(removed: ReadonlySet<ImportDeclaration>): void {
    const declarations = this.source.statements.filter(isImportDeclaration)
    const fresh: Array<string> = []
    for (const [module, names] of this.imports) {
      const existing = declarations.find((declaration) =>
        !removed.has(declaration) && isStringLiteral(declaration.moduleSpecifier) && declaration.moduleSpecifier.text === module &&
        declaration.importClause?.phaseModifier === undefined && declaration.importClause?.namedBindings !== undefined && isNamedImports(declaration.importClause.namedBindings))
      const bindings = existing?.importClause?.namedBindings
      if (bindings !== undefined && isNamedImports(bindings)) {
        const present = new Set(bindings.elements.map((element) => element.name.text))
        const missing = [...names].filter((name) => !present.has(name.split(" as ").at(-1) ?? name))
        const last = bindings.elements.at(-1)
        if (missing.length > 0 && last !== undefined) this.edits.push({ start: last.end, end: last.end, text: `, ${missing.join(", ")}` })
        continue
      }
      fresh.push(`import { ${[...names].toSorted().join(", ")} } from "${module}"`)
    }
    if (fresh.length === 0) return
    const at = this.importsEnd(declarations)
    this.edits.push({ start: at, end: at, text: `${fresh.join("\n")}\n` })
  }

  /** Just after the last import's line, else after the directives ("use client"), else the top. */
  private importsEnd(declarations: ReadonlyArray<ImportDeclaration>): number {
    const directives = this.source.statements.filter((statement, index) =>
      isExpressionStatement(statement) && isStringLiteral(statement.expression) && this.source.statements.slice(0, index).every((before) => isExpressionStatement(before)))
    const last = declarations.at(-1) ?? directives.at(-1)
    if (last === undefined) return 0
    const lineEnd = this.text.indexOf("\n", last.end)
    return lineEnd === -1 ? this.text.length : lineEnd + 1
  }
}
