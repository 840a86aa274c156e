/**
 * What the modal knows about the account on one chain namespace (spec §3 "Account state") and
 * its reset (spec §4 "Account").
 */
import * as Schema from "effect/Schema"
import { Account, AccountType } from "./Account.ts"
import { CaipAddress } from "./Caip.ts"
import { ConnectionStatus } from "./ConnectionState.ts"
import { SocialProvider } from "./SocialProvider.ts"
import { TokenBalance } from "./TokenBalance.ts"

export const AccountTab = Schema.Literals(["tokens", "nfts", "activity"])
export type AccountTab = typeof AccountTab.Type

export const AccountUser = Schema.Struct({
  email: Schema.optionalKey(Schema.String),
  username: Schema.optionalKey(Schema.String)
})

export const ConnectedWalletInfo = Schema.Struct({
  name: Schema.String,
  icon: Schema.optionalKey(Schema.String),
  type: Schema.optionalKey(Schema.String)
})

/** Preferred account type per namespace; a namespace without an entry uses its default. */
export const PreferredAccountTypes = Schema.Struct({
  eip155: Schema.optionalKey(AccountType),
  solana: Schema.optionalKey(AccountType),
  polkadot: Schema.optionalKey(AccountType),
  bip122: Schema.optionalKey(AccountType),
  cosmos: Schema.optionalKey(AccountType)
})
export type PreferredAccountTypes = typeof PreferredAccountTypes.Type

export const AccountState = Schema.Struct({
  caipAddress: Schema.optionalKey(CaipAddress),
  address: Schema.optionalKey(Schema.String),
  status: ConnectionStatus,
  allAccounts: Schema.Array(Account),
  user: Schema.optionalKey(AccountUser),
  /** Native balance as a decimal string in currency units. */
  balance: Schema.optionalKey(Schema.String),
  balanceSymbol: Schema.optionalKey(Schema.String),
  tokenBalance: Schema.Array(TokenBalance),
  profileName: Schema.optionalKey(Schema.String),
  profileImage: Schema.optionalKey(Schema.String),
  addressExplorerUrl: Schema.optionalKey(Schema.String),
  preferredAccountTypes: PreferredAccountTypes,
  socialProvider: Schema.optionalKey(SocialProvider),
  connectedWalletInfo: Schema.optionalKey(ConnectedWalletInfo),
  /** Human labels keyed by address. */
  addressLabels: Schema.Record(Schema.String, Schema.String),
  smartAccountDeployed: Schema.Boolean,
  currentTab: AccountTab,
  farcasterUrl: Schema.optionalKey(Schema.String)
})
export type AccountState = typeof AccountState.Type

export const initial: AccountState = {
  status: "disconnected",
  allAccounts: [],
  tokenBalance: [],
  preferredAccountTypes: {},
  addressLabels: {},
  smartAccountDeployed: false,
  currentTab: "tokens"
}

/**
 * Spec §4: reset sets disconnected and clears the address, balances and profile. The visitor's
 * account type preferences survive a disconnect.
 */
export const reset = (state: AccountState): AccountState => ({
  ...initial,
  preferredAccountTypes: state.preferredAccountTypes
})
