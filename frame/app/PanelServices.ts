/**
 * What the setup, recover and export panels work with, in the panel's own document: the server API,
 * the session (the frame's, from the vault this origin shares), the device vault and the custody
 * library. The seed a panel opens lives in the panel's memory only, and goes with it.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { Custody } from "../custody/Custody.ts"
import { DeviceVault } from "../custody/DeviceVault.ts"
import { ServerApi, type ServerApiOptions } from "./ServerApi.ts"
import { Session } from "./Session.ts"

export const make = (options: ServerApiOptions & { readonly onExpired: () => void }) =>
  ManagedRuntime.make(
    Session.layer(Effect.sync(options.onExpired)).pipe(
      Layer.provideMerge(Custody.layer),
      Layer.provideMerge(Layer.mergeAll(DeviceVault.layer, ServerApi.layer(options))),
      Layer.provide(FetchHttpClient.layer)
    )
  )

export type PanelRuntime = ReturnType<typeof make>
