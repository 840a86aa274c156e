/** The probes' handlers (api/OperationsApi.ts): alive while it answers at all, ready per `Readiness`. */
import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Alive, NotReady, Ready } from "../api/OperationsApi.ts"
import { ServedApi } from "../api/ServedApi.ts"
import { Readiness } from "./Readiness.ts"

export const OperationsHandlers = HttpApiBuilder.group(ServedApi, "operations", (handlers) =>
  Effect.gen(function*() {
    const readiness = yield* Readiness
    return handlers
      .handle("healthz", () => Effect.succeed(new Alive({ status: "ok" })))
      .handle("readyz", () =>
        Effect.flatMap(readiness.check, ({ checked, failing }) =>
          failing.length === 0
            ? Effect.succeed(new Ready({ status: "ok", checked }))
            : Effect.fail(new NotReady({ message: `not ready: ${failing.join(", ")}`, failing }))))
  }))
