/**
 * The profile of an address (spec §3 "profileName", "profileImage"): its primary name and avatar,
 * null when it has none. The wire shape of `GET /v1/identity/{address}` and of the identity cache.
 */
import * as Schema from "effect/Schema"

export class Identity extends Schema.Class<Identity>("Identity")({
  name: Schema.NullOr(Schema.String),
  avatar: Schema.NullOr(Schema.String)
}) {}
