/**
 * The accounts a wallet exposes in one namespace (spec §3 `allAccounts`): kept in the order the wallet
 * gives them, each address once, and the active one always among them. An EVM address is the same
 * account whatever its letter case (a wallet may answer lower case once and checksummed the next time);
 * a Solana address is compared as written. Imports no Effect module: the host's first chunk lists
 * accounts with it.
 */
import type * as Caip from "./Caip.ts"
import type * as Session from "./Session.ts"

/** Whether two addresses of `namespace` name the same account. */
export const same = (namespace: Caip.ChainNamespace, a: string, b: string): boolean =>
  namespace === "eip155" ? a.toLowerCase() === b.toLowerCase() : a === b

/** The wallet's list, each account once (its first spelling), in the wallet's order. */
export const ordered = (namespace: Caip.ChainNamespace, addresses: ReadonlyArray<string>): ReadonlyArray<string> =>
  addresses.filter((address, index) => addresses.findIndex((other) => same(namespace, address, other)) === index)

/** The listed spelling of `address`, when the list holds that account. */
export const find = (namespace: Caip.ChainNamespace, addresses: ReadonlyArray<string>, address: string): string | undefined =>
  addresses.find((candidate) => same(namespace, candidate, address))

/**
 * The active account of a list: `preferred` when the list holds it (the visitor's earlier choice), else
 * the wallet's first (EIP-1193 and the Wallet Standard put the wallet's selected account first).
 */
export const active = (
  namespace: Caip.ChainNamespace,
  addresses: ReadonlyArray<string>,
  preferred?: string
): string | undefined => (preferred === undefined ? undefined : find(namespace, addresses, preferred)) ?? addresses[0]

/** An address as a list shows it when it has no name: 0x1234…abcd (short ones unchanged). */
export const shortAddress = (address: string): string =>
  address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address

/** How an account is labelled: its registered (profile or ENS) name when known, else its short address. */
export const label = (address: string, name: string | undefined): string =>
  name === undefined || name === "" ? shortAddress(address) : name

/** The account list with the active one first: what a host's `eth_accounts` answers (EIP-1193). */
export const activeFirst = (namespace: Caip.ChainNamespace, addresses: ReadonlyArray<string>, current: string): ReadonlyArray<string> => [
  current,
  ...addresses.filter((address) => !same(namespace, address, current))
]

/** One account a wallet exposes, as a list shows it. */
export interface ListedAccount {
  readonly namespace: Session.SessionNamespace
  readonly address: string
  /** Its registered name when known (`names`, by address), else its short address (`label`). */
  readonly label: string
  /** Whether it is its namespace's active account. */
  readonly active: boolean
}

/** Every account of the session, EVM then Solana, each namespace in its wallet's order. */
export const listed = (state: Session.SessionState, names: Readonly<Record<string, string>>): ReadonlyArray<ListedAccount> =>
  [state.eip155, state.solana].flatMap((account) =>
    account === undefined
      ? []
      : account.allAccounts.map((address) => ({
        namespace: account.namespace,
        address,
        label: label(address, names[address]),
        active: address === account.address
      }))
  )
