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
  webapp_link: OptionalLink,
  /** The wallet's universal link (an https address its app claims), preferred on phones to `mobile_link`'s scheme. */
  link_mode: OptionalLink
})
export type WalletListEntry = typeof WalletListEntry.Type

/**
 * A registry entry as the wallet service answers it: the list entry plus `image_url` (relative to
 * the wallet service), the homepage, the badge and `recommended` (the 4 shown first, spec §9).
 */
export const WalletEntry = Schema.Struct({
  ...WalletListEntry.fields,
  image_url: Schema.String,
  homepage: Schema.NullOr(Schema.String),
  badge_type: Schema.Literals(["none", "certified"]),
  recommended: Schema.Boolean
})
export type WalletEntry = typeof WalletEntry.Type

/** One page of `GET /getWallets`: `count` is the size of the whole filtered list. */
export class WalletPage extends Schema.Class<WalletPage>("WalletPage")({
  count: Schema.Finite,
  data: Schema.Array(WalletEntry)
}) {}
