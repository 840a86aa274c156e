/** What the Sign client tests share: peers on the sandbox relay, and their end after each test. */
import { WebSocket } from "ws"
import type * as RelayClient from "../../../core/walletconnect/RelayClient.ts"
import type * as SignClient from "../../../core/walletconnect/SignClient.ts"
import type { Relay } from "../../../http/relay/Relay.ts"

export const openSocket = (url: string) => new WebSocket(url) as unknown as RelayClient.Socket

export const metadata = (name: string) => ({ name, description: `${name} test peer`, url: `https://${name}.test`, icons: [] })

/** Closes the test's clients and stops its relay, leaving the list empty for the next test. */
export const stopPeers = async (clients: Array<SignClient.SignClient>, relay: Relay | undefined): Promise<void> => {
  for (const client of clients.splice(0)) client.close()
  await relay?.stop()
}
