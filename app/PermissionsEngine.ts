/**
 * The Permissions view's part of the engine, loaded the first time the Account view asks the wallet for
 * its permissions (spec §2: feature areas load on demand): the Permissions feature over the running
 * engine's features.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Features from "../core/features/Features.ts"
import { Permissions } from "../core/features/Permissions.ts"

export const make = (context: Context.Context<Features.Features | Features.Environment>): Permissions["Service"] =>
  Effect.runSync(Effect.provide(Effect.service(Permissions), Permissions.layer.pipe(Layer.provide(Layer.succeedContext(context)))))
