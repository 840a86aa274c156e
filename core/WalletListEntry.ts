/**
 * A wallet from the wallet registry's `getWallets` list (spec §3 "Wallet list entry").
 * Field names follow the registry's JSON.
 */
import * as Schema from "effect/Schema"

const OptionalLink = Schema.optionalKey(Schema.NullOr(Schema.String))

export const WalletListEntry = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  image_id: Schema.optionalKey(Schema.String),
  /** EIP-6963 reverse-DNS id, used to match an announced (injected) wallet to its entry. */
  rdns: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** CAIP-2 network ids the wallet supports. */
  chains: Schema.optionalKey(Schema.Array(Schema.String)),
  mobile_link: OptionalLink,
  desktop_link: OptionalLink,
  webapp_link: OptionalLink
})
export type WalletListEntry = typeof WalletListEntry.Type
