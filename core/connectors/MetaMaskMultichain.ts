/**
 * MetaMask as one wallet for EVM and Solana. MetaMask offers the Multichain API (CAIP-25 sessions)
 * through its extension's own transport (MetaMaskChannel.ts) and announces it nowhere: once discovery
 * has started (the visitor opened the modal, or a stored session is being restored), MetaMask's EIP-6963
 * announcement (rdns `io.metamask`, or Flask's) is the sign it may be there, and one `wallet_getSession`
 * on its stream, which prompts nothing, tells whether it offers the API. Then it is listed once, as a
 * multichain wallet named and drawn as its announcement says; otherwise its EIP-6963 and Wallet Standard
 * entries stay. The transport loads only then, the session's code when the visitor picks it.
 */
import * as Schema from "effect/Schema"
import { requestProviders } from "mipd"
import type * as Caip from "../Caip.ts"
import type * as Connector from "../Connector.ts"
import * as Caip294 from "./Caip294.ts"
import * as Eip6963 from "./Eip6963.ts"
import * as LazyClient from "./LazyClient.ts"
import { metaMaskRdns } from "./MultichainSigns.ts"


const decodeAnnouncement = Schema.decodeUnknownOption(Schema.Struct({ info: Eip6963.ProviderInfo }))

/**
 * Calls `onChange` with MetaMask's multichain client: unconfirmed once MetaMask announced itself (a stored
 * session restores through it at once), listed once MetaMask answered. Returns the function that stops listening.
 */
export const watch = (networks: ReadonlyArray<Caip.CaipNetworkId>) => (
  onChange: (clients: ReadonlyArray<Connector.ConnectorClient>, unconfirmed?: ReadonlyArray<Connector.ConnectorClient>) => void
): () => void => {
  const page = globalThis.window as Window | undefined
  if (page === undefined) return () => undefined
  let asked = false
  let stopped = false
  const stop = requestProviders((detail) => {
    const announced = decodeAnnouncement(detail)
    if (asked || announced._tag === "None" || !metaMaskRdns.includes(announced.value.info.rdns)) return
    asked = true
    const connector = Caip294.connectorOf(announced.value.info)
    const transport = import("./MetaMaskChannel.ts").then((module) => ({ module, channel: module.channel(page, connector.id) }))
    const client = LazyClient.make(connector, () =>
      Promise.all([import("./MultichainClient.ts"), transport]).then(([module, { channel }]) => module.make(connector, channel, networks)))
    onChange([], [client])
    transport.then(({ module, channel }) => module.offers(channel)).then((offers) => {
      if (!stopped && offers) onChange([client])
    }, () => {
      // The transport's chunk did not load: the next announcement tries again.
      asked = false
    })
  })
  return () => {
    stopped = true
    stop?.()
  }
}
