/**
 * The groups of the contract the modal's own client calls (http/client/PorticoClient.ts). The embedded
 * wallet's and social login's groups are the frame's to call, so the modal's chunk never carries their
 * schemas; `PorticoApi` is these and those.
 */
import * as HttpApi from "effect/http-api/HttpApi"
import { AnalyticsApi } from "./AnalyticsApi.ts"
import { BlockchainApi } from "./BlockchainApi.ts"
import { ImageApi } from "./ImageApi.ts"
import { SessionsApi } from "./SessionsApi.ts"
import { SignInApi } from "./SignInApi.ts"
import { WalletApi } from "./WalletApi.ts"

export const ModalApi = HttpApi.make("portico")
  .add(BlockchainApi)
  .add(SessionsApi)
  .add(SignInApi)
  .add(AnalyticsApi)
  .add(WalletApi)
  .add(ImageApi)
