/**
 * WalletConnect's Solana requests name no account: the session's first Solana account signs (the
 * `pubkey`). Making another granted one active puts it first; EVM requests name theirs (`from`).
 */
import * as Effect from "effect/Effect"
import type * as Caip from "../Caip.ts"
import type * as Connector from "../Connector.ts"

export const select = (
  connections: Map<string, Connector.Connected> | undefined,
  namespace: Caip.ChainNamespace,
  address: string,
  fail: (message: string) => Connector.ConnectorError
): Effect.Effect<void, Connector.ConnectorError> =>
  Effect.suspend(() => {
    const connection = connections?.get(namespace)
    if (connection === undefined || !connection.accounts.includes(address)) return Effect.fail(fail("The wallet did not grant that account"))
    if (namespace === "solana") connections?.set(namespace, { ...connection, accounts: [address, ...connection.accounts.filter((account) => account !== address)] })
    return Effect.void
  })
