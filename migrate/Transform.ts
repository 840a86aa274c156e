/**
 * Rewrites one file from a library to Portico, driven by the library's table of roles (Anchor.ts):
 * providers unwrapped, buttons replaced by `<portico-connect-button>`, hooks turned into calls on
 * Portico's instance or wagmi's, the stylesheet dropped, and the imports that no longer serve removed.
 * Whatever has no automatic mapping keeps its import and gets a TODO saying what to do instead.
 */
import {
  isIdentifier, isJsxAttribute, isJsxElement, isJsxFragment, isJsxOpeningElement, isJsxSelfClosingElement, isNamedImports, isObjectBindingPattern, isVariableDeclaration,
  type CallExpression, type ImportDeclaration, type JsxElement, type JsxSelfClosingElement, type Node
} from "typescript/unstable/ast"
import type { Anchor, ProjectContext, Role } from "./Anchor.ts"
import type { FileRewrite } from "./FileRewrite.ts"
import { pruneImports } from "./PruneImports.ts"
import { moduleOf, type AnchorImports, type Binding, type Usage } from "./Usages.ts"

const button = "<portico-connect-button></portico-connect-button>"

interface Pass {
  readonly file: FileRewrite
  readonly anchor: Anchor
  readonly context: ProjectContext
  readonly guide: string
  /** Ranges replaced whole: nothing inside them is touched again. */
  readonly replaced: Array<readonly [number, number]>
  readonly bindings: ReadonlyMap<string, Binding>
  readonly unhandled: Set<string>
}

const attributeNames = (file: FileRewrite, element: JsxElement | JsxSelfClosingElement): ReadonlyArray<string> => {
  const attributes = isJsxElement(element) ? element.openingElement.attributes : element.attributes
  return attributes.properties.map((attribute) => (isJsxAttribute(attribute) ? file.slice(attribute.name) : file.slice(attribute)))
}

const inside = (pass: Pass, node: Node): boolean => {
  const start = pass.file.start(node)
  return pass.replaced.some(([from, to]) => start >= from && node.end <= to)
}

const unwrap = (pass: Pass, usage: Usage & { readonly form: "element" }): void => {
  const { file } = pass
  const element = usage.node
  const props = attributeNames(file, element)
  if (props.length > 0) {
    file.todo(element, `${usage.binding.local}'s ${props.join(", ")} not carried over: Portico's options (themeMode, themeVariables, locale…) go in createPortico({…}) (${pass.guide})`)
  }
  file.dropped.push(isJsxElement(element) ? element.openingElement.attributes : element.attributes)
  const inJsx = isJsxElement(element.parent) || isJsxFragment(element.parent)
  if (!isJsxElement(element)) file.replace(element, inJsx ? "" : "<></>")
  else if (inJsx) {
    // Its children go into the element around it; each tag goes with its line when it stands alone there.
    file.remove(element.openingElement)
    file.remove(element.closingElement)
  } else {
    file.replace(element.openingElement, "<>")
    file.replace(element.closingElement, "</>")
  }
  file.changes.push(`<${usage.binding.local}> unwrapped: Portico's instance is a module, not a React provider`)
}

/** Element names inside a replaced button that are not the library's own parts of it. */
const foreignChildren = (pass: Pass, element: JsxElement): ReadonlyArray<string> => {
  const names: Array<string> = []
  const visit = (node: Node): void => {
    if ((isJsxOpeningElement(node) || isJsxSelfClosingElement(node)) && node !== element.openingElement) {
      const tag = pass.file.slice(node.tagName)
      const bound = pass.bindings.get(tag)
      if (bound?.role?.kind !== "part" && bound?.role?.kind !== "button") names.push(tag)
    }
    node.forEachChild(visit)
  }
  visit(element)
  return names
}

const replaceButton = (pass: Pass, element: JsxElement | JsxSelfClosingElement, name: string): void => {
  const { file } = pass
  const props = attributeNames(file, element)
  if (props.length > 0) file.todo(element, `${name}'s ${props.join(", ")} not carried over: <portico-connect-button> shows the account once connected; style it with CSS (${pass.guide})`)
  const foreign = isJsxElement(element) ? foreignChildren(pass, element) : []
  if (foreign.length > 0) file.todo(element, `${foreign.join(", ")} inside ${name} were dropped with it: put them next to <portico-connect-button> if you still want them`)
  file.replace(element, button)
  file.dropped.push(element)
  pass.replaced.push([file.start(element), element.end])
  file.changes.push(`<${name}> → <portico-connect-button>`)
}

/** The names a hook's result is destructured into, when it is. */
const destructured = (call: CallExpression): ReadonlyArray<string> | undefined => {
  const declaration = call.parent
  if (!isVariableDeclaration(declaration) || !isObjectBindingPattern(declaration.name)) return undefined
  return declaration.name.elements.map((element) => {
    const key = element.propertyName ?? element.name
    return key !== undefined && isIdentifier(key) ? key.text : ""
  })
}

const porticoReachable = (pass: Pass): boolean => {
  if (pass.context.porticoHere) return true
  if (pass.context.porticoImport === undefined) return false
  pass.file.addImport(pass.context.porticoImport, "portico")
  return true
}

const replaceHook = (pass: Pass, usage: Usage & { readonly form: "call" }, members: Readonly<Record<string, string>>): boolean => {
  const { file } = pass
  const names = destructured(usage.node) ?? Object.keys(members)
  const missing = names.filter((name) => members[name] === undefined)
  if (missing.length > 0) {
    file.todo(usage.node, `${usage.binding.local}'s ${missing.join(", ")} has no counterpart on Portico's instance: read portico.getState() / portico.subscribe (${pass.guide})`)
    return false
  }
  if (!porticoReachable(pass)) {
    file.todo(usage.node, `no createPortico found in this project to import: create Portico's instance (docs/hosts.md) and call portico.open() here`)
    return false
  }
  // A parameter's type annotation is TypeScript: plain JavaScript files get the member without it.
  const typed = /\.[mc]?tsx?$/.test(file.path)
  const member = (name: string) => (typed ? members[name] ?? "" : (members[name] ?? "").replaceAll(": boolean", ""))
  file.replace(usage.node, `{ ${names.map((name) => `${name}: ${member(name)}`).join(", ")} }`)
  file.changes.push(`${usage.binding.local}() → Portico's instance (${names.join(", ")})`)
  return true
}

const replaceWagmiHook = (pass: Pass, usage: Usage & { readonly form: "call" }, role: Role & { readonly kind: "wagmiHook" }): boolean => {
  const missing = (destructured(usage.node) ?? []).filter((name) => !role.members.includes(name))
  if (missing.length > 0) {
    pass.file.todo(usage.node, `${usage.binding.local}'s ${missing.join(", ")} has no counterpart in wagmi's ${role.name}: use Portico's instance (portico.getState()) (${pass.guide})`)
    return false
  }
  pass.file.replace(usage.node.expression, role.name)
  pass.file.addImport("wagmi", role.name)
  pass.file.changes.push(`${usage.binding.local}() → wagmi's ${role.name}()`)
  return true
}

/** Rewrites one usage; false when it stays as it was (its import stays, with a TODO). */
const rewriteUsage = (pass: Pass, usage: Usage): boolean => {
  const role = usage.binding.role
  const { local, exported, module } = usage.binding
  if (role === undefined) {
    pass.file.todo(usage.node, `${exported} from "${module}" has no automatic mapping to Portico (${pass.guide})`)
    return false
  }
  if (role.kind === "todo") {
    pass.file.todo(usage.node, `${local}: ${role.hint}`)
    return false
  }
  if (role.kind === "moved") return true
  if (usage.form === "element" && role.kind === "provider") {
    unwrap(pass, usage)
    return true
  }
  if (usage.form === "element" && role.kind === "button") {
    replaceButton(pass, usage.node, local)
    return true
  }
  if (usage.form === "call" && role.kind === "hook") return replaceHook(pass, usage, role.members)
  if (usage.form === "call" && role.kind === "wagmiHook") return replaceWagmiHook(pass, usage, role)
  pass.file.todo(usage.node, `this use of ${local} has no automatic mapping to Portico (${pass.guide})`)
  return false
}

/** Custom elements of the library (`<appkit-button>`) written in JSX. */
const rewriteElements = (pass: Pass): void => {
  const visit = (node: Node): void => {
    const element = isJsxElement(node) ? node : isJsxSelfClosingElement(node) ? node : undefined
    const tag = element === undefined ? undefined : pass.file.slice(isJsxElement(element) ? element.openingElement.tagName : element.tagName)
    const role = tag === undefined ? undefined : pass.anchor.elements[tag]
    if (element !== undefined && tag !== undefined && role !== undefined) {
      if (role.kind === "button") replaceButton(pass, element, `${tag}`)
      else if (role.kind === "todo") pass.file.todo(element, `<${tag}>: ${role.hint}`)
      return
    }
    node.forEachChild(visit)
  }
  pass.file.source.statements.forEach(visit)
}

/** Drops the imports nothing uses any more; the stylesheet goes; the rest stays with a TODO. */
const rewriteImports = (pass: Pass, declarations: ReadonlyArray<ImportDeclaration>): ReadonlySet<ImportDeclaration> => {
  const { file } = pass
  const removed = new Set<ImportDeclaration>()
  for (const declaration of declarations) {
    const module = moduleOf(declaration) ?? ""
    const clause = declaration.importClause
    if (clause === undefined) {
      if (module.endsWith(".css")) {
        file.remove(declaration)
        file.changes.push(`"${module}" removed: Portico's modal brings its own styles`)
        removed.add(declaration)
      } else file.todo(declaration, `"${module}" is imported for its effects: remove it once nothing needs it (${pass.guide})`)
      continue
    }
    const named = clause.namedBindings
    if (clause.name !== undefined || named === undefined || !isNamedImports(named)) {
      file.todo(declaration, `this import of "${module}" has no automatic mapping to Portico: import names from it instead (${pass.guide})`)
      continue
    }
    const kept = named.elements.filter((specifier) => pass.unhandled.has(specifier.name.text))
    if (kept.length > 0) {
      const names = kept.map((specifier) => specifier.name.text).join(", ")
      file.todo(declaration, `${names} from "${module}" ${kept.length === 1 ? "is" : "are"} still used: finish the TODOs below, then remove this import (${pass.guide})`)
    }
    if (kept.length === named.elements.length) continue
    if (kept.length === 0) {
      file.remove(declaration)
      removed.add(declaration)
    } else file.replace(named, `{ ${kept.map((specifier) => file.slice(specifier)).join(", ")} }`)
  }
  return removed
}

export const rewriteFile = (
  file: FileRewrite,
  anchor: Anchor,
  context: ProjectContext,
  { declarations, bindings }: AnchorImports,
  usages: ReadonlyArray<Usage>,
  handledByConfig: ReadonlySet<Usage>
): void => {
  const pass: Pass = { file, anchor, context, guide: `docs/migrate/${anchor.name}.md`, replaced: [], bindings, unhandled: new Set() }
  rewriteElements(pass)
  // Buttons first: what is inside a replaced button goes with it.
  const ordered = [...usages.filter((usage) => usage.binding.role?.kind === "button"), ...usages.filter((usage) => usage.binding.role?.kind !== "button")]
  for (const usage of ordered) {
    if (handledByConfig.has(usage) || inside(pass, usage.node)) continue
    // A config the transform's configure could not rewrite already has its TODO.
    const unconfigured = usage.binding.role?.kind === "config" && usage.form !== "other"
    if (unconfigured || !rewriteUsage(pass, usage)) pass.unhandled.add(usage.binding.local)
  }
  for (const binding of bindings.values()) {
    if (binding.role?.kind === "moved") file.addImport(binding.role.module, binding.local === binding.role.name ? binding.local : `${binding.role.name} as ${binding.local}`)
  }
  const removed = rewriteImports(pass, declarations)
  file.finishImports(new Set([...removed, ...pruneImports(file, new Set(declarations))]))
}
