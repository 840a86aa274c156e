/**
 * WalletConnect as the wallet list names it, with its client behind LazyClient.ts: the connector's code
 * (WalletConnect.ts, and through it the Sign client) loads when the visitor points at or picks
 * WalletConnect, when a stored session names it, or when storage says a connection the page asked for
 * before a phone discarded it is waiting. A page that never meets WalletConnect never fetches it.
 */
import * as Effect from "effect/Effect"
import * as Connector from "../Connector.ts"
import * as LazyClient from "./LazyClient.ts"
import type * as WalletConnect from "./WalletConnect.ts"
import * as WalletConnectResume from "./WalletConnectResume.ts"

export const connector: Connector.Connector = {
  id: "walletConnect",
  name: "WalletConnect",
  chain: "eip155",
  type: "WALLET_CONNECT"
}

export const make = (
  options: WalletConnect.Options,
  /** Tests: an implementation other than WalletConnect.ts. */
  implement: () => Promise<Connector.ConnectorClient> = () => import("./WalletConnect.ts").then((module) => module.make(options))
): Connector.ConnectorClient => {
  const { client, load, loaded, current } = LazyClient.lazy(connector, implement)
  return {
    ...client,
    // The visitor leans toward WalletConnect: the connector's code, then the Sign client's (no relay yet).
    prepare: () => void load().then((implementation) => implementation.prepare?.(), () => undefined),
    preparePairing: (pairingOptions) =>
      Effect.flatMap(loaded, (implementation) =>
        implementation.preparePairing === undefined
          ? Effect.fail(new Connector.ConnectorError({ connectorId: connector.id, message: "The connector makes no pairing ahead" }))
          : implementation.preparePairing(pairingOptions)),
    // Only a loaded client has a relay socket to make again.
    wake: () => current()?.wake?.(),
    resume: Effect.flatMap(WalletConnectResume.waiting(options.storage), (waiting) =>
      waiting ? Effect.flatMap(loaded, (implementation) => implementation.resume ?? Effect.succeed(undefined)) : Effect.succeed(undefined))
  }
}
