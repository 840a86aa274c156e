/**
 * Smart sessions come with their feature in a later issue: both endpoints answer 501 for now.
 */
import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { NotImplemented } from "../api/ApiError.ts"
import { PorticoApi } from "../api/PorticoApi.ts"

const notYet = () => Effect.fail(new NotImplemented({ message: "Smart sessions are not served by this server yet" }))

export const SessionsHandlers = HttpApiBuilder.group(PorticoApi, "sessions", (handlers) =>
  Effect.succeed(handlers.handle("get", notYet).handle("revoke", notYet)))
