/**
 * The embedded wallet as the wallet list names it. Apart from its client (Embedded.ts), which loads when
 * the visitor logs in or a stored login is restored (LazyClient.ts).
 */
import type * as Connector from "../Connector.ts"

export const connectorId = "portico-embedded"

export const connector: Connector.Connector = { id: connectorId, name: "Email & social", chain: "eip155", type: "AUTH" }
