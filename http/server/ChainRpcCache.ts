/**
 * The chain RPC endpoint's memory of immutable answers (core/rpc/ImmutableAnswer.ts), bounded: past
 * `capacity` entries the least recently used one goes, so a flood of distinct hashes cannot grow it.
 */
export interface ChainRpcCache {
  readonly get: (key: string) => unknown
  readonly set: (key: string, value: unknown) => void
  readonly size: () => number
}

/** Entries kept by default: a few MB at most for blocks and receipts. */
export const defaultCapacity = 2_048

export const makeChainRpcCache = (capacity: number = defaultCapacity): ChainRpcCache => {
  // A Map iterates in insertion order: re-inserting on read makes its first key the least recently used.
  const entries = new Map<string, unknown>()
  return {
    get: (key) => {
      if (!entries.has(key)) return undefined
      const value = entries.get(key)
      entries.delete(key)
      entries.set(key, value)
      return value
    },
    set: (key, value) => {
      entries.delete(key)
      entries.set(key, value)
      if (entries.size > capacity) {
        const oldest = entries.keys().next()
        if (oldest.done !== true) entries.delete(oldest.value)
      }
    },
    size: () => entries.size
  }
}

/** The cache key of a call on a network: the same method and params on the same chain. */
export const keyOf = (network: string, method: string, params: unknown): string =>
  `${network}|${method}|${JSON.stringify(params ?? [])}`
