/**
 * The user the embedded wallet (email or social login) reports (spec §3 "Embedded-wallet user").
 */
import * as Schema from "effect/Schema"

export const EmbeddedAccountType = Schema.Literals(["eoa", "smartAccount"])
export type EmbeddedAccountType = typeof EmbeddedAccountType.Type

export const EmbeddedAccount = Schema.Struct({
  address: Schema.String,
  type: EmbeddedAccountType
})

export const EmbeddedUser = Schema.Struct({
  email: Schema.optionalKey(Schema.String),
  address: Schema.String,
  chainId: Schema.Union([Schema.Int, Schema.String]),
  userName: Schema.optionalKey(Schema.String),
  accounts: Schema.optionalKey(Schema.Array(EmbeddedAccount)),
  smartAccountDeployed: Schema.optionalKey(Schema.Boolean),
  preferredAccountType: Schema.optionalKey(EmbeddedAccountType)
})
export type EmbeddedUser = typeof EmbeddedUser.Type
