/**
 * The middleware contract of the embedded wallet's own endpoints (`/v1/embedded/*` but the pages a person
 * opens): only the wallet's pages — this server's own origins — may call them, never a host page and never
 * a request that names no page. A host that could call them could run its own login for the visitor's
 * address and hold the session (docs/embedded-wallet.md "Trust model"). The server implements it
 * (http/server/embedded/WalletOriginGuardLive.ts).
 */
import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import { OriginNotAllowed } from "./ApiError.ts"

export class WalletOriginGuard extends HttpApiMiddleware.Service<WalletOriginGuard>()("portico/http/api/WalletOriginGuard", {
  error: OriginNotAllowed
}) {}
