/**
 * The wallet service (spec section 7): the wallet registry, the project's allowed origins and its
 * analytics switch. Image endpoints live in ImageApi.ts because <img> requests carry no query or Origin.
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { WalletPage } from "../../core/WalletListEntry.ts"
import { BadRequest } from "./ApiError.ts"
import { InputErrors } from "./InputErrors.ts"
import { ProjectGuard } from "./ProjectGuard.ts"
import { SdkQuery } from "./SdkQuery.ts"

export class AllowedOrigins extends Schema.Class<AllowedOrigins>("AllowedOrigins")({
  allowedOrigins: Schema.Array(Schema.String)
}) {}

export class AnalyticsConfig extends Schema.Class<AnalyticsConfig>("AnalyticsConfig")({
  isAnalyticsEnabled: Schema.Boolean
}) {}

/**
 * `page` starts at 1; `entries` defaults to and is capped at 40 (spec section 9); `include`, `exclude`
 * and `chains` are comma-separated lists (wallet ids, CAIP-2 ids); `search` matches name or rdns.
 */
export const GetWalletsQuery = {
  ...SdkQuery,
  page: Schema.optionalKey(Schema.String),
  entries: Schema.optionalKey(Schema.String),
  include: Schema.optionalKey(Schema.String),
  exclude: Schema.optionalKey(Schema.String),
  chains: Schema.optionalKey(Schema.String),
  search: Schema.optionalKey(Schema.String),
  badge_type: Schema.optionalKey(Schema.Literals(["none", "certified"]))
} as const

export class WalletApi extends HttpApiGroup.make("wallets")
  .add(
    HttpApiEndpoint.get("getWallets", "/getWallets", {
      query: GetWalletsQuery,
      success: WalletPage,
      error: BadRequest
    }),
    HttpApiEndpoint.get("origins", "/projects/v1/origins", {
      query: SdkQuery,
      success: AllowedOrigins
    }),
    HttpApiEndpoint.get("analyticsConfig", "/getAnalyticsConfig", {
      query: SdkQuery,
      success: AnalyticsConfig
    })
  )
  .middleware(InputErrors)
  .middleware(ProjectGuard)
{}
