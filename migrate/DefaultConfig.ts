/**
 * RainbowKit's and ConnectKit's `getDefaultConfig({ appName, projectId, chains, … })`: the app's name
 * and WalletConnect project become Portico's options, the chains and transports stay wagmi's, and the
 * library's own connectors give way to Portico's.
 */
import { isCallExpression, isIdentifier } from "typescript/unstable/ast"
import type { AnchorName, Configured } from "./Anchor.ts"
import type { FileRewrite } from "./FileRewrite.ts"
import type { Usage } from "./Usages.ts"
import { connectorEntries, importPortico, isTopLevel, metadataText, objectArgument, objectText, porticoLines, propertiesOf, transportsText } from "./WagmiConfig.ts"

export interface DefaultConfigOptions {
  readonly anchor: AnchorName
  readonly library: string
  /** The option holding the WalletConnect project id. */
  readonly projectId: string
  /** Options with no counterpart, and what the TODO says about each. */
  readonly dropped: Readonly<Record<string, string>>
}

/** wagmi's own options, passed through as they were. */
const wagmiOptions = ["ssr", "storage", "pollingInterval", "batch", "cacheTime", "syncConnectedChain"]
const appOptions = ["appName", "appDescription", "appUrl", "appIcon"]

export const configureDefaultConfig = (options: DefaultConfigOptions) => (file: FileRewrite, usages: ReadonlyArray<Usage>): Configured => {
  const handled = new Set<Usage>()
  let created = false
  for (const usage of usages) {
    if (usage.form !== "call" || usage.binding.role?.kind !== "config") continue
    const call = usage.node
    const object = objectArgument(call.arguments)
    // One instance per project: a second config is the developer's to merge.
    if (object === undefined || handled.size > 0) {
      file.todo(call, `create Portico's instance with createPortico and wagmi's config with porticoConnector(portico) here by hand (docs/migrate/${options.anchor}.md)`)
      continue
    }
    const { values, nodes, unreadable } = propertiesOf(file, object)
    const chains = nodes.get("chains")
    if (chains === undefined) {
      file.todo(call, `${usage.binding.local} has no chains: create Portico with createPortico({ networks }) by hand (docs/migrate/${options.anchor}.md)`)
      continue
    }
    if (unreadable.length > 0) file.todo(call, `spread or computed options of ${usage.binding.local} were not carried over: add them to createConfig or createPortico`)
    const known = new Set([options.projectId, "chains", "transports", ...appOptions, ...wagmiOptions])
    for (const key of values.keys()) {
      if (!known.has(key)) file.todo(call, options.dropped[key] ?? `${options.library}'s ${key} option has no counterpart in Portico (docs/migrate/${options.anchor}.md)`)
    }
    const statement = file.statementOf(call)
    importPortico(file)
    const metadata = metadataText({ name: values.get("appName"), description: values.get("appDescription"), url: values.get("appUrl"), icon: values.get("appIcon") })
    file.insertLinesBefore(statement, [
      ...porticoLines([["projectId", values.get(options.projectId) ?? `""`], ["networks", values.get("chains") ?? ""], ["metadata", metadata]], isTopLevel(statement)),
      ""
    ])
    const entries: ReadonlyArray<readonly [string, string]> = [
      ["chains", values.get("chains") ?? ""],
      ["transports", values.get("transports") ?? transportsText(file, chains, call)],
      ...connectorEntries,
      ...wagmiOptions.flatMap((key) => { const value = values.get(key); return value === undefined ? [] : [[key, value] as const] })
    ]
    const wagmiObject = objectText(entries, file.indentOf(call))
    const inCreateConfig = isCallExpression(call.parent) && isIdentifier(call.parent.expression) && call.parent.expression.text === "createConfig"
    if (!inCreateConfig) file.addImport("wagmi", "createConfig")
    file.replace(call, inCreateConfig ? wagmiObject : `createConfig(${wagmiObject})`)
    file.changes.push(`${usage.binding.local}(…) → createPortico(…) and wagmi's createConfig with porticoConnector(portico)`)
    handled.add(usage)
    created = isTopLevel(statement)
  }
  return { created, handled }
}
