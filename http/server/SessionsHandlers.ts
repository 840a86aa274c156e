/**
 * Handlers of the smart-sessions group (spec section 7): the session a pci names, read from the chain,
 * and its revocation by the account's signature (SmartSessions.ts). The path's id and the body's pci
 * must name the same permission.
 */
import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { BadRequest } from "../api/ApiError.ts"
import { PorticoApi } from "../api/PorticoApi.ts"
import { RevokeSessionResult } from "../../core/permissions/SmartSession.ts"
import { SmartSessions } from "./SmartSessions.ts"

export const SessionsHandlers = HttpApiBuilder.group(PorticoApi, "sessions", (handlers) =>
  Effect.gen(function*() {
    const sessions = yield* SmartSessions
    return handlers
      .handle("get", ({ params, query }) => sessions.get(params.id, query.chainId))
      .handle("revoke", ({ params, query, payload }) =>
        params.id.toLowerCase() !== payload.pci.toLowerCase()
          ? Effect.fail(new BadRequest({ message: "pci: the body's pci is not the path's session id" }))
          : Effect.map(sessions.revoke(payload, query.chainId), (transactionHash) => new RevokeSessionResult({ success: true, transactionHash })))
  }))
