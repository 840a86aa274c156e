/**
 * The ids of the requests a Sign client acted on lately, kept with its state through core's Storage: a
 * message the relay delivers again — twice in a row, or after a reload, when the relay hands over what
 * waited for the topic — is acted on once. Bounded: the oldest ids go first.
 */
export const windowSize = 500

export interface ReplayWindow {
  /** True the first time `id` is seen (it is then remembered), false for a replay. */
  readonly admit: (id: number) => boolean
  /** The ids to keep, oldest first. */
  readonly ids: () => ReadonlyArray<number>
}

export const make = (kept: ReadonlyArray<number> = []): ReplayWindow => {
  const seen = new Set(kept.slice(-windowSize))
  return {
    admit: (id) => {
      if (seen.has(id)) return false
      seen.add(id)
      for (const oldest of seen) {
        if (seen.size <= windowSize) break
        seen.delete(oldest)
      }
      return true
    },
    ids: () => [...seen]
  }
}
