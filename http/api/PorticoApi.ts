/**
 * The whole Portico HTTP contract: one group per service of the spec's section 7. The server serves
 * it (and its OpenAPI document at /openapi.json); the clients are derived from it.
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as OpenApi from "effect/http-api/OpenApi"
import { AnalyticsApi } from "./AnalyticsApi.ts"
import { BlockchainApi } from "./BlockchainApi.ts"
import { EmbeddedApi, EmbeddedApprovalApi } from "./EmbeddedApi.ts"
import { ImageApi } from "./ImageApi.ts"
import { SessionsApi } from "./SessionsApi.ts"
import { SignInApi } from "./SignInApi.ts"
import { SocialApi, SocialCallbackApi } from "./SocialApi.ts"
import { WalletApi } from "./WalletApi.ts"

export class PorticoApi extends HttpApi.make("portico")
  .add(BlockchainApi)
  .add(SessionsApi)
  .add(SignInApi)
  .add(AnalyticsApi)
  .add(WalletApi)
  .add(ImageApi)
  .add(EmbeddedApi)
  .add(EmbeddedApprovalApi)
  .add(SocialApi)
  .add(SocialCallbackApi)
  .annotateMerge(OpenApi.annotations({
    title: "Portico API",
    description: "Balances, names, wallet registry, project origins and analytics for the Portico modal."
  }))
{}

/** Where the server serves the OpenAPI document generated from `PorticoApi`. */
export const openApiPath = "/openapi.json"
