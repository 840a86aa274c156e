/**
 * The JSON-RPC channel of a wallet found by its CAIP-294 announcement: `CustomEvent`s named
 * `caip294:<uuid>` on the window, in both directions (our own requests come back on the same event and
 * are ignored as requests). Loaded with the session (MultichainClient.ts).
 */
import * as MultichainChannel from "./MultichainChannel.ts"

/** The exchange over `caip294:<uuid>`, the channel the wallet announced. */
export const channel = (target: EventTarget, uuid: string, connectorId: string): MultichainChannel.Channel => {
  const name = `caip294:${uuid}`
  const exchange = MultichainChannel.make(connectorId, (request) => target.dispatchEvent(new CustomEvent(name, { detail: request })))
  target.addEventListener(name, (event) => exchange.receive((event as CustomEvent<unknown>).detail))
  return exchange.channel
}
