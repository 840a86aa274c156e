/**
 * The Sign In With Farcaster endpoints (http/api/FarcasterApi.ts) over the FarcasterLogin service, which
 * exists only when `ServerOptions.embedded.farcaster` is set; without it every endpoint answers 501.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { NotImplemented } from "../../api/ApiError.ts"
import { PorticoApi } from "../../api/PorticoApi.ts"
import { CurrentProject } from "../../api/ProjectGuard.ts"
import { FarcasterLogin } from "./FarcasterLogin.ts"

const notConfigured = () =>
  Effect.fail(new NotImplemented({ message: "Sign In With Farcaster is not configured on this server (ServerOptions.embedded.farcaster)" }))

export const FarcasterHandlers = HttpApiBuilder.group(PorticoApi, "embeddedFarcaster", (handlers) =>
  Effect.gen(function*() {
    const found = yield* Effect.serviceOption(FarcasterLogin)
    if (Option.isNone(found)) return handlers.handle("start", notConfigured).handle("complete", notConfigured)
    const farcaster = found.value
    return handlers
      .handle("start", ({ payload }) => Effect.flatMap(Effect.service(CurrentProject), (project) => farcaster.start(project.projectId, payload)))
      .handle("complete", ({ payload }) => Effect.flatMap(Effect.service(CurrentProject), (project) => farcaster.complete(project.projectId, payload)))
  }))
