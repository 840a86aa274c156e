/**
 * The calls the frame and its panels make to Portico's server, on their own origin (no CORS, no
 * third-party cookie): the embedded wallet's login, session and share endpoints, social login, Sign In With Farcaster, the
 * project's allowed origins and the account's balances. Derived from the contracts with HttpApiClient,
 * every answer decoded by their schemas.
 *
 * Nothing is retried at the transport: a login call mails a code, and sending it twice is not the same.
 * One attempt may take 30 s, the longest a long poll of the server (25 s) plus the way there and back.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiClient from "effect/http-api/HttpApiClient"
import { BlockchainApi } from "../../http/api/BlockchainApi.ts"
import { EmbeddedApi } from "../../http/api/EmbeddedApi.ts"
import { FarcasterApi } from "../../http/api/FarcasterApi.ts"
import { SocialApi } from "../../http/api/SocialApi.ts"
import { WalletApi } from "../../http/api/WalletApi.ts"
import { transport } from "../../http/client/ServerTransport.ts"

/** Only the groups the frame calls, so its bundle carries no other contract. */
export class FrameApi extends HttpApi.make("portico-frame").add(EmbeddedApi).add(SocialApi).add(FarcasterApi).add(WalletApi).add(BlockchainApi) {}

export interface ServerApiOptions {
  /** This frame's origin: the server that served it. */
  readonly origin: string
  readonly projectId: string
  /** The modal's version, sent as `sv`. */
  readonly version: string
}

const attemptMillis = 30_000

export const make = (options: ServerApiOptions) =>
  Effect.gen(function*() {
    const httpClient = yield* transport({
      apiUrl: options.origin,
      projectId: options.projectId,
      sdkVersion: options.version,
      retry: false,
      timeoutMillis: attemptMillis
    })
    const group = <const G extends "embedded" | "embeddedSocial" | "embeddedFarcaster" | "wallets" | "blockchain">(name: G) =>
      HttpApiClient.group(FrameApi, { group: name, httpClient, baseUrl: options.origin })
    return {
      embedded: yield* group("embedded"),
      social: yield* group("embeddedSocial"),
      farcaster: yield* group("embeddedFarcaster"),
      wallets: yield* group("wallets"),
      blockchain: yield* group("blockchain")
    }
  })

export class ServerApi extends Context.Service<ServerApi, Effect.Success<ReturnType<typeof make>>>()("portico/frame/app/ServerApi") {
  static readonly layer = (options: ServerApiOptions) => Layer.effect(ServerApi, make(options))
}
