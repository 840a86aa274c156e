/**
 * The connecting state as a host's own UI reads it (headless use), made from the modal's own facts: the
 * connect attempt (features/ConnectAttempt), WalletConnect's pairing (ConnectionState: its URI and
 * expiry), the connector's kind and the session. Which wallet the host picked is the one fact of its own.
 */
import type * as Caip from "./Caip.ts"
import type * as Connector from "./Connector.ts"
import * as WalletDeepLink from "./WalletDeepLink.ts"
import type * as ConnectionState from "./ConnectionState.ts"
import type * as ConnectAttempt from "./features/ConnectAttempt.ts"
import type * as HostWallet from "./HostWallet.ts"
import * as Session from "./Session.ts"
import type { UserRejectedRequestError } from "./WalletError.ts"

/** The wallet an attempt is for, as the host shows it. */
export interface AttemptWallet {
  readonly id: string
  readonly name: string
  readonly icon: string | undefined
}

/** A pairing URI opened in a wallet's app or site. */
export interface PairingLink {
  readonly kind: "mobile" | "desktop" | "web"
  readonly href: string
}

/** A connect failure other than the visitor declining. */
export type ConnectFailureReason = Exclude<ConnectAttempt.ConnectFailure, UserRejectedRequestError>

export type ConnectionStatus =
  | { readonly status: "idle" }
  /** WalletConnect is preparing its pairing (reaching the relay). */
  | { readonly status: "connecting"; readonly wallet: AttemptWallet }
  /** The browser wallet is asking the visitor. */
  | { readonly status: "waitingForApproval"; readonly wallet: AttemptWallet }
  /** Show `uri` as a QR code (or open one of `links`) until the wallet answers; `expiresAt` in epoch ms. */
  | {
    readonly status: "pairing"
    readonly wallet: AttemptWallet
    readonly uri: string
    readonly expiresAt: number | undefined
    readonly links: ReadonlyArray<PairingLink>
  }
  | { readonly status: "declined"; readonly wallet: AttemptWallet; readonly error: UserRejectedRequestError }
  | { readonly status: "failed"; readonly wallet: AttemptWallet; readonly error: ConnectFailureReason }
  | { readonly status: "connected"; readonly account: Session.SessionAccount }

/** What the host picked: a wallet of its list and the connector that connects it. */
export interface Picked {
  readonly wallet: HostWallet.HostWallet
  readonly connectorId: string
}

export interface StatusInput {
  readonly attempt: ConnectAttempt.Attempt
  readonly connection: ConnectionState.ConnectionState
  readonly clients: ReadonlyArray<Connector.ConnectorClient>
  readonly session: Session.SessionState
  readonly picked: Picked | undefined
}

const isDeclined = (error: ConnectAttempt.ConnectFailure): error is UserRejectedRequestError => error._tag === "UserRejectedRequestError"

const walletOf = (input: StatusInput, connectorId: string): AttemptWallet => {
  if (input.picked?.connectorId === connectorId) {
    const { id, name, icon } = input.picked.wallet
    return { id, name, icon }
  }
  const connector = input.clients.find((client) => client.connector.id === connectorId)?.connector
  return { id: connectorId, name: connector?.name ?? connectorId, icon: undefined }
}

/** The pairing URI in each of the picked registry wallet's links. */
export const pairingLinks = (links: HostWallet.WalletLinks, uri: string): ReadonlyArray<PairingLink> =>
  (["mobile", "desktop", "web"] as const).flatMap((kind) => {
    const base = links[kind]
    const href = base === undefined ? undefined : WalletDeepLink.deepLink(base, uri)
    return href === undefined ? [] : [{ kind, href }]
  })

export const statusOf = (input: StatusInput): ConnectionStatus => {
  const { attempt, connection } = input
  switch (attempt._tag) {
    case "Idle": {
      const account = Session.activeAccount(input.session)
      return account === undefined ? { status: "idle" } : { status: "connected", account }
    }
    case "Failed": {
      const wallet = walletOf(input, attempt.connectorId)
      return isDeclined(attempt.error) ? { status: "declined", wallet, error: attempt.error } : { status: "failed", wallet, error: attempt.error }
    }
    case "Pending": {
      const wallet = walletOf(input, attempt.connectorId)
      const type = input.clients.find((client) => client.connector.id === attempt.connectorId)?.connector.type
      if (type !== "WALLET_CONNECT") return { status: "waitingForApproval", wallet }
      if (connection.wcUri === undefined) return { status: "connecting", wallet }
      const links = input.picked?.connectorId === attempt.connectorId ? pairingLinks(input.picked.wallet.links, connection.wcUri) : []
      return { status: "pairing", wallet, uri: connection.wcUri, expiresAt: connection.wcPairingExpiry, links }
    }
  }
}

/** How `connect` ended, for the host to switch on. */
export type ConnectResult =
  | {
    readonly status: "connected"
    readonly namespace: Caip.ChainNamespace
    readonly address: string
    readonly caipNetworkId: Caip.CaipNetworkId
  }
  | { readonly status: "declined"; readonly error: UserRejectedRequestError }
  | { readonly status: "failed"; readonly error: ConnectFailureReason }
  /** Cancelled, or replaced by a newer attempt. */
  | { readonly status: "cancelled" }

export const resultOf = (outcome: ConnectAttempt.Outcome): ConnectResult => {
  switch (outcome._tag) {
    case "Connected":
      return {
        status: "connected",
        namespace: outcome.connected.namespace,
        address: outcome.connected.accounts[0] ?? "",
        caipNetworkId: outcome.connected.caipNetworkId
      }
    case "Failed":
      return isDeclined(outcome.error) ? { status: "declined", error: outcome.error } : { status: "failed", error: outcome.error }
    case "Stopped":
      return { status: "cancelled" }
  }
}
