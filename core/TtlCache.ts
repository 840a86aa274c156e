/**
 * Caches with a time-to-live, keyed by address (spec sections 3 and 9): balance and native balance
 * 30 s, name and identity 5 min. Each entry carries the time it was stored (`timestamp`, epoch ms
 * from Clock) so it can be persisted and judged again after a reload.
 *
 * Boundary: an entry is fresh while `0 <= now - timestamp < ttl`. At exactly `ttl` it is expired,
 * and so is an entry stamped in the future (a corrupt or foreign persisted value must not live on).
 *
 * Keys: an EVM hex address is compared case-insensitively (checksummed and lower-case forms are
 * the same account); any other key (Solana base58, CAIP-10…) exactly.
 *
 * Bounded: keys come from outside (addresses, names), so at most `capacity` entries are kept and the
 * least recently used goes first; an expired entry goes when it is read or evicted. Each operation
 * costs O(1): the entries live in one mutable Map whose insertion order is the recency order.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Constants from "./Constants.ts"
import * as Storage from "./Storage.ts"
import type { StorageKey } from "./StorageKey.ts"
import * as StorageKeys from "./StorageKey.ts"

/** An entry; `CachedItem.CachedItem(schema)` is its persisted Schema. */
export interface Entry<A> {
  readonly value: A
  readonly timestamp: number
}

export const isFresh = (entry: { readonly timestamp: number }, now: number, ttlMillis: number): boolean => {
  const age = now - entry.timestamp
  return age >= 0 && age < ttlMillis
}

const evmAddress = /^0x[0-9a-fA-F]{40}$/

/** The key an address is stored under. */
export const keyOf = (address: string): string => (evmAddress.test(address) ? address.toLowerCase() : address)

export interface TtlCache<A> {
  readonly ttlMillis: number
  /** The most entries it keeps. */
  readonly capacity: number
  /** Entries held now, expired ones not yet dropped included. */
  readonly size: Effect.Effect<number>
  /** The value if present and fresh (expired entries are dropped on read). */
  readonly get: (address: string) => Effect.Effect<Option.Option<A>>
  /** The entry (value and timestamp) if present and fresh. */
  readonly getEntry: (address: string) => Effect.Effect<Option.Option<Entry<A>>>
  readonly set: (address: string, value: A) => Effect.Effect<void>
  readonly invalidate: (address: string) => Effect.Effect<void>
  readonly clear: Effect.Effect<void>
  /** The cached value, or runs `fetch` and caches its success (failures are not cached). */
  readonly getOrFetch: <E, R>(address: string, fetch: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /** The fresh entries by key, to persist. */
  readonly entries: Effect.Effect<ReadonlyMap<string, Entry<A>>>
}

export interface Options<A> {
  /** Entries to start from (persisted ones); stale entries are ignored on read. */
  readonly initial?: Iterable<readonly [string, Entry<A>]>
  /** Called with the fresh entries after every change (to persist them). */
  readonly onChange?: (entries: ReadonlyMap<string, Entry<A>>) => Effect.Effect<void>
  /** At most this many entries (default 1,000); past it the least recently used is dropped. */
  readonly capacity?: number
}

export const defaultCapacity = 1_000

/** A cache with the given TTL. */
export const make = <A>(ttlMillis: number, options: Options<A> = {}): Effect.Effect<TtlCache<A>> =>
  Effect.sync(() => {
    const capacity = Math.max(1, options.capacity ?? defaultCapacity)
    // Insertion order is recency order: a read or write moves its key to the end, eviction takes the first.
    const store = new Map<string, Entry<A>>()
    const put = (key: string, entry: Entry<A>) => {
      store.delete(key)
      store.set(key, entry)
      for (const oldest of store.keys()) {
        if (store.size <= capacity) break
        store.delete(oldest)
      }
    }
    for (const [address, entry] of options.initial ?? []) put(keyOf(address), entry)

    const onChange = options.onChange
    const entries = Effect.map(
      Clock.currentTimeMillis,
      (now): ReadonlyMap<string, Entry<A>> => new Map(Array.from(store).filter(([, entry]) => isFresh(entry, now, ttlMillis)))
    )
    const changed = (update: Effect.Effect<void>): Effect.Effect<void> =>
      onChange === undefined ? update : Effect.andThen(update, Effect.flatMap(entries, onChange))

    const getEntry = (address: string): Effect.Effect<Option.Option<Entry<A>>> =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        const key = keyOf(address)
        const entry = store.get(key)
        if (entry === undefined) return Option.none()
        if (!isFresh(entry, now, ttlMillis)) {
          store.delete(key)
          return Option.none()
        }
        put(key, entry)
        return Option.some(entry)
      })

    const set = (address: string, value: A): Effect.Effect<void> =>
      changed(Effect.map(Clock.currentTimeMillis, (timestamp) => put(keyOf(address), { value, timestamp })))

    const get = (address: string) => Effect.map(getEntry(address), Option.map((entry) => entry.value))

    return {
      ttlMillis,
      capacity,
      get,
      getEntry,
      set,
      invalidate: (address) => changed(Effect.sync(() => void store.delete(keyOf(address)))),
      clear: changed(Effect.sync(() => store.clear())),
      getOrFetch: <E, R>(address: string, fetch: Effect.Effect<A, E, R>) =>
        Effect.flatMap(
          get(address),
          Option.match({
            onSome: Effect.succeed,
            onNone: () => Effect.tap(fetch, (value) => set(address, value))
          })
        ),
      entries,
      size: Effect.sync(() => store.size)
    }
  })

/** The persisted form of a cache: entries by address (see CachedItem.CachedByAddress). */
export type Persisted<A> = { readonly [address: string]: Entry<A> }

/**
 * A cache loaded from a storage key and written back after every change. A failed write (quota…)
 * only costs persistence: the in-memory cache keeps working.
 */
export const makePersisted = <A>(
  ttlMillis: number,
  key: StorageKey<Persisted<A>>
): Effect.Effect<TtlCache<A>, never, Storage.Storage> =>
  Effect.gen(function*() {
    const storage = yield* Storage.Storage
    const stored = yield* storage.get(key)
    return yield* make<A>(ttlMillis, {
      initial: Object.entries(stored),
      onChange: (entries) => Effect.ignore(storage.set(key, Object.fromEntries(entries)))
    })
  })

/** Portfolio balance cache, 30 s. */
export const makeBalance = <A>(options?: Options<A>) => make<A>(Constants.balanceCacheTtlMillis, options)

/** Native balance cache, 30 s. */
export const makeNativeBalance = <A>(options?: Options<A>) => make<A>(Constants.nativeBalanceCacheTtlMillis, options)

/** Name lookup cache, 5 min. */
export const makeName = <A>(options?: Options<A>) => make<A>(Constants.nameCacheTtlMillis, options)

/** Identity cache, 5 min. */
export const makeIdentity = <A>(options?: Options<A>) => make<A>(Constants.identityCacheTtlMillis, options)

/** The four caches of the spec, persisted under their storage keys. */
export const persistedPortfolio = makePersisted(Constants.balanceCacheTtlMillis, StorageKeys.portfolioCache)
export const persistedNativeBalance = makePersisted(
  Constants.nativeBalanceCacheTtlMillis,
  StorageKeys.nativeBalanceCache
)
export const persistedName = makePersisted(Constants.nameCacheTtlMillis, StorageKeys.ensCache)
export const persistedIdentity = makePersisted(Constants.identityCacheTtlMillis, StorageKeys.identityCache)
