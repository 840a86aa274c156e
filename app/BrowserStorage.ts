/**
 * core's Storage in a browser: `localStorage` when it exists and can be touched, and otherwise
 * (SSR, workers, blocked storage) memory, so a browser refusing to persist never breaks the modal.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import * as Predicate from "effect/Predicate"
import * as Storage from "../core/Storage.ts"

/** Storage over a Web Storage object (localStorage, or a fake in tests). */
export const layerWebStorage = (webStorage: globalThis.Storage): Layer.Layer<Storage.Storage> =>
  Layer.effect(Storage.Storage, Storage.fromContext).pipe(
    Layer.provide(KeyValueStore.layerStorage(() => webStorage))
  )

/** `localStorage` if present and usable; merely reading the property throws in some sandboxes. */
const browserStorage = (): globalThis.Storage | undefined => {
  try {
    const candidate: unknown = Reflect.get(globalThis, "localStorage")
    return Predicate.hasProperty(candidate, "getItem") && Predicate.hasProperty(candidate, "setItem")
      ? globalThis.localStorage
      : undefined
  } catch {
    return undefined
  }
}

/** localStorage in a browser; memory where there is none (SSR, workers) or it is blocked. */
export const layerBrowser: Layer.Layer<Storage.Storage> = Layer.unwrap(
  Effect.sync(() => {
    const webStorage = browserStorage()
    return webStorage === undefined ? Storage.layerMemory : layerWebStorage(webStorage)
  })
)

