/**
 * An account as the wallet SDK reports it (spec §3 "Account") and the account types of spec §6.
 */
import * as Schema from "effect/Schema"
import { ChainNamespace } from "./Caip.ts"

/** EOA and smart account (spec §6); bip122 wallets report payment accounts. */
export const AccountType = Schema.Literals(["eoa", "smartAccount", "payment"])
export type AccountType = typeof AccountType.Type

export const Account = Schema.Struct({
  namespace: ChainNamespace,
  address: Schema.String,
  type: AccountType,
  publicKey: Schema.optionalKey(Schema.String),
  path: Schema.optionalKey(Schema.String)
})
export type Account = typeof Account.Type

/** Spec §6 defaults per chain. The spec names none for cosmos. */
export const defaultAccountTypes = {
  eip155: "smartAccount",
  solana: "eoa",
  polkadot: "eoa",
  bip122: "payment"
} as const satisfies Partial<Record<ChainNamespace, AccountType>>

export const defaultAccountType = (namespace: ChainNamespace): AccountType | undefined =>
  namespace === "cosmos" ? undefined : defaultAccountTypes[namespace]

/** Spec §4: an error setting the preferred account type falls back to EOA. */
export const fallbackAccountType: AccountType = "eoa"
