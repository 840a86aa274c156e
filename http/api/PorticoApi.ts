/**
 * The whole Portico HTTP contract: one group per service of the spec's section 7. The server serves
 * it (and its OpenAPI document at /openapi.json); the clients are derived from it.
 */
import * as OpenApi from "effect/http-api/OpenApi"
import { EmbeddedApi, EmbeddedApprovalApi } from "./EmbeddedApi.ts"
import { FarcasterApi } from "./FarcasterApi.ts"
import { ModalApi } from "./ModalApi.ts"
import { SocialApi, SocialCallbackApi } from "./SocialApi.ts"

export class PorticoApi extends ModalApi
  .add(EmbeddedApi)
  .add(EmbeddedApprovalApi)
  .add(SocialApi)
  .add(SocialCallbackApi)
  .add(FarcasterApi)
  .annotateMerge(OpenApi.annotations({
    title: "Portico API",
    description: "Balances, names, wallet registry, project origins and analytics for the Portico modal."
  }))
{}

/** Where the server serves the OpenAPI document generated from `PorticoApi`. */
export const openApiPath = "/openapi.json"
