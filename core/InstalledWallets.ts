/**
 * The wallets the page itself has (spec §9's installed and recent rows), without Effect: the Connect view
 * lists them before the engine has loaded, and `WalletList` arranges the full list on these rows.
 */
import type * as Connector from "./Connector.ts"

export interface InstalledRow {
  readonly _tag: "Installed"
  readonly connector: Connector.Connector
  readonly label: "recent" | "installed"
}

/**
 * The wallets the page has: announced and Wallet Standard ones, not WalletConnect (its own row) nor the
 * embedded wallet (reached through email and social login).
 */
export const installedWallets = (clients: ReadonlyArray<Pick<Connector.ConnectorClient, "connector">>): ReadonlyArray<Connector.Connector> =>
  clients.filter((client) => client.connector.type !== "WALLET_CONNECT" && client.connector.type !== "AUTH").map((client) => client.connector)

/** Installed wallets, the recent ones first (newest first), each labelled. */
export const arrangeInstalled = (
  installed: ReadonlyArray<Connector.Connector>,
  recent: ReadonlyArray<{ readonly id: string }>
): ReadonlyArray<InstalledRow> => {
  const recentIds = recent.map((entry) => entry.id)
  const recentFirst = [
    ...recentIds.flatMap((id) => installed.filter((connector) => connector.id === id)),
    ...installed.filter((connector) => !recentIds.includes(connector.id))
  ]
  return recentFirst.map((connector) => ({
    _tag: "Installed",
    connector,
    label: recentIds.includes(connector.id) ? "recent" : "installed"
  }))
}
