/**
 * Reown's AppKit (`@reown/appkit` with `@reown/appkit-adapter-wagmi`): `createAppKit` and `WagmiAdapter`,
 * `<appkit-button>`, `useAppKit`, `useAppKitAccount` and `useAppKitNetwork`. Portico's options follow
 * AppKit's names (projectId, networks, metadata, features, themeMode…), so they carry over as written.
 */
import { isIdentifier, isVariableStatement, type NewExpression } from "typescript/unstable/ast"
import type { Anchor, Configured, Role } from "../Anchor.ts"
import type { FileRewrite } from "../FileRewrite.ts"
import type { Usage } from "../Usages.ts"
import { connectorEntries, importPortico, isTopLevel, objectArgument, objectText, porticoLines, propertiesOf, transportsText } from "../WagmiConfig.ts"

const roles: Readonly<Record<string, Role>> = {
  createAppKit: { kind: "config" },
  WagmiAdapter: { kind: "config" },
  useAppKit: { kind: "hook", members: { open: "portico.open", close: "portico.close" } },
  useAppKitAccount: { kind: "wagmiHook", name: "useAccount", members: ["address", "isConnected", "status"] },
  useDisconnect: { kind: "wagmiHook", name: "useDisconnect", members: ["disconnect"] },
  useAppKitNetwork: { kind: "todo", hint: "use wagmi's useChainId() for the network and useSwitchChain() to switch" },
  useAppKitState: { kind: "todo", hint: "read portico.getState() and follow it with portico.subscribe(listener)" },
  useAppKitTheme: { kind: "todo", hint: "set themeMode and themeVariables in createPortico's options" },
  useAppKitEvents: { kind: "todo", hint: "follow portico.subscribe(listener) for the modal's and the account's changes" },
  AppKitNetwork: { kind: "moved", module: "viem", name: "type Chain" }
}

/** AppKit's Solana presets are Portico's; every other network is viem's chain of that name. */
const solanaNetworks: Readonly<Record<string, string>> = { solana: "solanaMainnet", solanaDevnet: "solanaDevnet", solanaTestnet: "solanaTestnet" }

/** createAppKit's options Portico reads under the same name. */
const porticoOptions = new Set([
  "projectId", "networks", "metadata", "features", "themeMode", "themeVariables", "enableNetworkSwitch", "allowUnsupportedChain", "basicMode", "siwx", "siweConfig"
])

/** The wagmi adapter's statement, its `new WagmiAdapter` now `{ wagmiConfig: createConfig({…}) }`: `wagmiAdapter.wagmiConfig` reads on. */
const adapterStatement = (file: FileRewrite, adapter: NewExpression): string | undefined => {
  const object = objectArgument(adapter.arguments ?? [])
  const statement = file.statementOf(adapter)
  const { values, nodes } = object === undefined ? { values: new Map<string, string>(), nodes: new Map() } : propertiesOf(file, object)
  const networks = nodes.get("networks")
  if (networks === undefined) return undefined
  const entries: ReadonlyArray<readonly [string, string]> = [
    ["chains", values.get("networks") ?? ""],
    ["transports", values.get("transports") ?? transportsText(file, networks, adapter)],
    ...connectorEntries,
    ...["ssr", "storage"].flatMap((key) => { const value = values.get(key); return value === undefined ? [] : [[key, value] as const] })
  ]
  file.addImport("wagmi", "createConfig")
  const replacement = `{ wagmiConfig: createConfig(${objectText(entries, "")}) }`
  return file.text.slice(file.start(statement), file.start(adapter)) + replacement + file.text.slice(adapter.end, statement.end)
}

const configure = (file: FileRewrite, usages: ReadonlyArray<Usage>): Configured => {
  const handled = new Set<Usage>()
  const create = usages.find((usage) => usage.form === "call" && usage.binding.exported === "createAppKit")
  const adapter = usages.find((usage) => usage.form === "new" && usage.binding.exported === "WagmiAdapter")
  const object = create?.form === "call" ? objectArgument(create.node.arguments) : undefined
  if (create === undefined || object === undefined) {
    if (create !== undefined) file.todo(create.node, "create Portico's instance with createPortico({ projectId, networks, metadata }) here by hand (docs/migrate/appkit.md)")
    if (adapter !== undefined) file.todo(adapter.node, "createAppKit is not in this file: build wagmi's config with createConfig({ chains, transports, connectors: [porticoConnector(portico)] }) (docs/migrate/appkit.md)")
    return { created: false, handled }
  }
  const { values, unreadable } = propertiesOf(file, object)
  if (unreadable.length > 0) file.todo(create.node, "spread or computed options of createAppKit were not carried over: add them to createPortico's")
  const dropped = [...values.keys()].filter((key) => key !== "adapters" && !porticoOptions.has(key))
  if (dropped.length > 0) file.todo(create.node, `createAppKit's ${dropped.join(", ")} ${dropped.length === 1 ? "has no counterpart in Portico and was" : "have no counterpart in Portico and were"} dropped (docs/migrate/appkit.md)`)
  const statement = file.statementOf(create.node)
  const exported = isTopLevel(statement)
  const aliased = isVariableStatement(statement) ? statement.declarationList.declarations[0]?.name : undefined
  // \`const modal = createAppKit(…)\` goes on as \`const modal = portico\`, exported if it was.
  const alias = aliased !== undefined && isIdentifier(aliased) && aliased.text !== "portico"
    ? [`${file.text.slice(file.start(statement), file.start(aliased))}${aliased.text} = portico`]
    : []
  const wagmi = adapter?.form === "new" ? adapterStatement(file, adapter.node) : undefined
  importPortico(file)
  file.insertLinesBefore(statement, [
    ...porticoLines([...values].filter(([key]) => porticoOptions.has(key)), exported),
    ...alias,
    ...(wagmi === undefined ? [] : wagmi.split("\n"))
  ])
  file.remove(statement)
  handled.add(create)
  file.changes.push("createAppKit(…) → createPortico(…), its options as they were")
  if (adapter !== undefined && wagmi !== undefined) {
    file.remove(file.statementOf(adapter.node), true)
    handled.add(adapter)
    file.changes.push("new WagmiAdapter(…) → wagmi's createConfig with porticoConnector(portico), after createPortico")
  } else if (adapter !== undefined) file.todo(adapter.node, "WagmiAdapter has no networks: build wagmi's config with createConfig({ chains, transports, connectors: [porticoConnector(portico)] })")
  return { created: exported, handled }
}

export const appkit: Anchor = {
  name: "appkit",
  packages: ["@reown/appkit", "@reown/appkit-adapter-wagmi"],
  owns: (specifier) => specifier === "@reown/appkit" || specifier.startsWith("@reown/appkit/") || specifier.startsWith("@reown/appkit-"),
  roleOf: (specifier, exported) => {
    if (specifier === "@reown/appkit/networks" && exported === "defineChain") return { kind: "moved", module: "viem", name: "defineChain" }
    if (specifier === "@reown/appkit/networks" && exported !== "AppKitNetwork") {
      const solana = solanaNetworks[exported]
      return solana === undefined ? { kind: "moved", module: "viem/chains", name: exported } : { kind: "moved", module: "portico", name: solana }
    }
    return roles[exported]
  },
  elements: {
    "appkit-button": { kind: "button" },
    "appkit-connect-button": { kind: "button" },
    "appkit-account-button": { kind: "button" },
    "w3m-button": { kind: "button" },
    "appkit-network-button": { kind: "todo", hint: "Portico's account view switches networks: open it from <portico-connect-button> or with portico.open({ view: \"Account\" })" }
  },
  configure
}
