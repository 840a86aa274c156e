/**
 * What the modal tells a frame before the visitor's first step in it (spec §7 `SYNC_DAPP_DATA`,
 * `SYNC_THEME`): who the host is, its networks, its locale and its look. Each frame hears it once; the
 * wallet's own window is a frame of its own and hears it again.
 */
import * as Effect from "effect/Effect"
import { namespaceOf } from "../Caip.ts"
import type { HostConfig } from "../HostConfig.ts"
import * as Locale from "../Locale.ts"
import type { EmbeddedFrame } from "./FrameChannel.ts"

/**
 * Once per frame: who the host is, its networks and its look. Told again after a failure, and to the
 * wallet's window (a frame of its own) once the wallet moved there (`reset`).
 */
export const syncOnce = (frame: EmbeddedFrame["Service"], config: HostConfig["Service"]) => {
  let synced = false
  const sync = Effect.suspend(() => {
    if (synced) return Effect.void
    const networks = config.networks.map((network) => network.caipNetworkId).filter((id) => namespaceOf(id) === "eip155" || namespaceOf(id) === "solana")
    return frame.request("SYNC_DAPP_DATA", {
      name: config.metadata.name,
      url: config.metadata.url,
      locale: Locale.negotiate([config.locale]),
      networks
    }).pipe(
      Effect.andThen(frame.request("SYNC_THEME", { themeMode: config.themeMode ?? "dark" })),
      Effect.andThen(Effect.sync(() => {
        synced = true
      }))
    )
  })
  return { sync, reset: Effect.sync(() => {
    synced = false
  }) }
}
