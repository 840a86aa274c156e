/**
 * Coinbase's OnchainKit (`@coinbase/onchainkit`, deprecated 2026-09-21): `OnchainKitProvider` and the
 * `Wallet` / `ConnectWallet` / `WalletDropdown` / `Identity` components. The app's own wagmi
 * `createConfig` gets Portico's connector in place of its connectors; wagmi's hooks stay as they are.
 */
import { isCallExpression, isIdentifier, isImportDeclaration, isNamedImports, isPropertyAssignment, type CallExpression, type Node } from "typescript/unstable/ast"
import type { Anchor, Configured, Role } from "../Anchor.ts"
import type { FileRewrite } from "../FileRewrite.ts"
import { moduleOf } from "../Usages.ts"
import { connectorEntries, importPortico, isTopLevel, metadataText, objectArgument, porticoLines, propertiesOf } from "../WagmiConfig.ts"

const part: Role = { kind: "part" }
const roles: Readonly<Record<string, Role>> = {
  OnchainKitProvider: { kind: "provider" },
  Wallet: { kind: "button" },
  WalletDefault: { kind: "button" },
  ConnectWallet: { kind: "button" },
  ConnectWalletText: part,
  WalletDropdown: part,
  WalletDropdownDisconnect: part,
  WalletDropdownLink: part,
  WalletDropdownBasename: part,
  WalletDropdownFundLink: part,
  Identity: part,
  Avatar: part,
  Name: part,
  Address: part,
  EthBalance: part,
  Badge: part,
  useOnchainKit: { kind: "todo", hint: "Portico's options live on its instance: read portico.config" }
}

/** wagmi's `createConfig` as the file imports it. */
const createConfigCalls = (file: FileRewrite): ReadonlyArray<CallExpression> => {
  const locals = file.source.statements.filter(isImportDeclaration)
    .filter((declaration) => ["wagmi", "@wagmi/core"].includes(moduleOf(declaration) ?? ""))
    .flatMap((declaration) => {
      const named = declaration.importClause?.namedBindings
      return named !== undefined && isNamedImports(named) ? named.elements : []
    })
    .filter((specifier) => (specifier.propertyName ?? specifier.name).getText(file.source) === "createConfig")
    .map((specifier) => specifier.name.text)
  const calls: Array<CallExpression> = []
  const visit = (node: Node): void => {
    if (isCallExpression(node) && isIdentifier(node.expression) && locals.includes(node.expression.text)) calls.push(node)
    node.forEachChild(visit)
  }
  file.source.statements.forEach(visit)
  return calls
}

/** The app's wagmi config keeps its chains and transports; its connectors give way to Portico's. */
const configure = (file: FileRewrite): Configured => {
  const [call] = createConfigCalls(file)
  const object = call === undefined ? undefined : objectArgument(call.arguments)
  if (call === undefined || object === undefined) return { created: false, handled: new Set() }
  const { values } = propertiesOf(file, object)
  if (values.get("connectors") === "[porticoConnector(portico)]") return { created: false, handled: new Set() }
  const statement = file.statementOf(call)
  importPortico(file)
  file.todo(statement, "set Portico's projectId (as your Portico server knows it), apiUrl and your app's metadata: OnchainKit took them from OnchainKitProvider (docs/migrate/onchainkit.md)")
  file.insertLinesBefore(statement, [
    ...porticoLines([["projectId", `""`], ["networks", values.get("chains") ?? "[]"], ["metadata", metadataText({})]], isTopLevel(statement)),
    ""
  ])
  for (const property of object.properties) {
    if (isPropertyAssignment(property) && isIdentifier(property.name) && property.name.text === "connectors") {
      file.replace(property.initializer, "[porticoConnector(portico)]")
      file.dropped.push(property.initializer)
    }
  }
  const additions = connectorEntries.filter(([key]) => !values.has(key)).map(([key, value]) => `${key}: ${value}`)
  const last = object.properties.at(-1)
  if (additions.length > 0 && last !== undefined) file.edits.push({ start: last.end, end: last.end, text: `,\n${file.indentOf(statement)}  ${additions.join(`,\n${file.indentOf(statement)}  `)}` })
  file.changes.push("wagmi's createConfig: Portico's connector in place of the app's connectors; createPortico(…) before it")
  return { created: isTopLevel(statement), handled: new Set() }
}

export const onchainkit: Anchor = {
  name: "onchainkit",
  packages: ["@coinbase/onchainkit"],
  owns: (specifier) => specifier === "@coinbase/onchainkit" || specifier.startsWith("@coinbase/onchainkit/"),
  roleOf: (_specifier, exported) => roles[exported],
  elements: {},
  configure
}
