/**
 * How the multi-process run places a relay client on one relay process while still going through the
 * balancer: the balancer routes a WebSocket upgrade carrying this header to that process alone
 * (LoadBalancerSite.ts), and to any process without it. Only the run needs this: a deployment balances
 * every client freely, since a message waits in the shared database for whichever process its reader is on.
 */
import { WebSocket } from "ws"
import type * as RelayClient from "../../core/walletconnect/RelayClient.ts"

export const pinHeader = "x-portico-relay-process"

/** A socket factory for core's relay client that asks the balancer for relay process `index`, or for any. */
export const pinnedSocket = (index: number | undefined) => (url: string): RelayClient.Socket =>
  new WebSocket(url, index === undefined ? {} : { headers: { [pinHeader]: String(index) } }) as unknown as RelayClient.Socket
