/**
 * Portico's chain RPC endpoint (spec §7 "Chain RPC"): `GET|POST /v1/?chainId={caip id}&projectId={id}`.
 * A plain route, not an HttpApi endpoint (http/server/ChainRpc.ts says why), described here once so the
 * server serves it and the clients reach it at the same place.
 */
import * as Schema from "effect/Schema"

export const path = "/v1/"

/** Its query: the network's CAIP-2 id and the project. */
export const Query = Schema.Struct({ chainId: Schema.String, projectId: Schema.String })
export type Query = typeof Query.Type
