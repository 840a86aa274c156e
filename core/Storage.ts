/**
 * Persisted state (spec section 3, local storage keys) behind one service.
 *
 * - `get` never fails: a missing key, corrupt JSON, a value of the wrong shape, or a storage that
 *   throws on read (SecurityError in a sandboxed frame, disabled storage) all give the key's
 *   default.
 * - `set` and `remove` report a `StorageWriteError` (quota exceeded, security, encoding) that
 *   callers may ignore: nothing crashes because the browser refused to persist.
 * - `layerMemory` is for tests and servers; `app/BrowserStorage.ts` has the browser's (localStorage,
 *   with memory where it is missing or blocked).
 *
 * Built on effect's KeyValueStore, so any of its backends can serve as the store.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import * as Predicate from "effect/Predicate"
import * as Schema from "effect/Schema"
import type { StorageKey } from "./StorageKey.ts"
import * as StorageKeys from "./StorageKey.ts"

export class Storage extends Context.Service<
  Storage,
  {
    readonly get: <A>(key: StorageKey<A>) => Effect.Effect<A>
    readonly set: <A>(key: StorageKey<A>, value: A) => Effect.Effect<void, StorageWriteError>
    readonly remove: <A>(key: StorageKey<A>) => Effect.Effect<void, StorageWriteError>
    /** Removes every Portico key (never the host site's). */
    readonly clear: Effect.Effect<void, StorageWriteError>
  }
>()("portico/core/Storage") {}

export type Reason = "quota" | "security" | "encode" | "unavailable"

const reasonOf = (cause: unknown): Reason => {
  const name = Predicate.hasProperty(cause, "name") && Predicate.isString(cause.name) ? cause.name : ""
  if (name === "QuotaExceededError" || name === "NS_ERROR_DOM_QUOTA_REACHED") return "quota"
  if (name === "SecurityError") return "security"
  return "unavailable"
}

const writeError = (key: string, cause: unknown): StorageWriteError => {
  const inner = Predicate.hasProperty(cause, "cause") ? cause.cause : cause
  const reason = Schema.isSchemaError(cause) ? "encode" : reasonOf(inner)
  return new StorageWriteError({ key, reason, message: `Could not write ${key} (${reason})` })
}

/** The Storage service over any KeyValueStore. */
export const fromKeyValueStore = (store: KeyValueStore.KeyValueStore): Storage["Service"] => {
  const remove = <A>(key: StorageKey<A>) =>
    store.remove(key.name).pipe(Effect.mapError((cause) => writeError(key.name, cause)))
  return Storage.of({
    get: <A>(key: StorageKey<A>) =>
      store.get(key.name).pipe(
        Effect.flatMap((raw) =>
          raw === undefined ? Effect.succeed(key.defaultValue) : Schema.decodeEffect(key.codec)(raw)
        ),
        Effect.orElseSucceed(() => key.defaultValue)
      ),
    set: <A>(key: StorageKey<A>, value: A) =>
      Schema.encodeEffect(key.codec)(value).pipe(
        Effect.flatMap((encoded) => store.set(key.name, encoded)),
        Effect.mapError((cause) => writeError(key.name, cause))
      ),
    remove,
    clear: Effect.forEach(StorageKeys.all, remove, { discard: true })
  })
}

/** Storage over whichever KeyValueStore the context holds. */
export const fromContext = Effect.map(Effect.service(KeyValueStore.KeyValueStore), fromKeyValueStore)

/** In-memory storage. */
export const layerMemory: Layer.Layer<Storage> = Layer.effect(Storage, fromContext).pipe(
  Layer.provide(KeyValueStore.layerMemory)
)

/** The service a synchronous storage layer builds, for code that runs outside a runtime (WalletConnect's client). */
export const serviceOf = (layer: Layer.Layer<Storage>): Storage["Service"] =>
  Effect.runSync(Effect.provide(Effect.service(Storage), layer))

export class StorageWriteError extends Schema.TaggedError<StorageWriteError>()("StorageWriteError", {
  key: Schema.String,
  reason: Schema.Literals(["quota", "security", "encode", "unavailable"]),
  message: Schema.String
}) {}
