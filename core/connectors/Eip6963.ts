/**
 * EIP-6963 wallet discovery through `mipd`: each announcement passes `Eip6963Announcement`'s checks (the one
 * rule, also run by the first stage before the engine loads) before it becomes a connector with a client.
 */
import * as Schema from "effect/Schema"
import { requestProviders } from "mipd"
import type * as Connector from "../Connector.ts"
import * as ImageSource from "../ImageSource.ts"
import * as Eip1193 from "./Eip1193.ts"
import * as Announcement from "./Eip6963Announcement.ts"

const checked = (check: (text: string) => boolean, expected: string) =>
  Schema.String.check(Schema.makeFilter((text: string) => check(text) ? undefined : expected))

export const ProviderInfo = Schema.Struct({
  uuid: checked(Announcement.isUuidV4, "a version 4 UUID"),
  name: checked(Announcement.isWalletName, "a name of 1 to 100 characters"),
  icon: checked(ImageSource.isSafeImageSource, "icon must be a data:image, https: or blob: URL"),
  rdns: checked(Announcement.isRdns, "a reverse-DNS name")
})
export type ProviderInfo = typeof ProviderInfo.Type

export interface Announced extends Announcement.Announcement {
  readonly client: Connector.ConnectorClient
}

export type Rejected = Announcement.Rejected

export interface Discovery {
  readonly wallets: ReadonlyArray<Announced>
  readonly rejected: ReadonlyArray<Rejected>
}

export const empty: Discovery = { wallets: [], rejected: [] }

/** Folds one announcement into the discovery state, with a client for a new wallet. Re-announcing the same provider is a no-op. */
export const accept = (state: Discovery, detail: unknown): Discovery => {
  const next = Announcement.accept(state, detail)
  if (next === state) return state
  const added = next.wallets.slice(state.wallets.length).map((wallet) => ({
    ...wallet,
    client: Eip1193.make(Announcement.connectorOf(wallet.info), wallet.provider)
  }))
  return { wallets: [...state.wallets, ...added], rejected: next.rejected }
}

/**
 * Listens for announcements and asks wallets to announce. Calls `onChange` with each new state;
 * returns the function that stops listening. Does nothing outside a browser.
 */
export const watch = (onChange: (discovery: Discovery) => void): () => void => {
  let state = empty
  const stop = requestProviders((detail) => {
    const next = accept(state, detail)
    if (next !== state) {
      state = next
      onChange(state)
    }
  })
  return () => stop?.()
}
