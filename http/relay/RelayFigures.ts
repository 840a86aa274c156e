/**
 * The relay's figures for an operator's metrics (another module turns them into Prometheus gauges and
 * counters): what is open and stored now, and what this process has published, delivered and refused
 * since it started. Counters only grow.
 */
export interface RelayFigures {
  readonly openSockets: number
  /** Topics with at least one listening socket on this process. */
  readonly topicsWithSubscribers: number
  /** Messages (and their bytes) in the store: with Postgres, those of every process sharing it. */
  readonly messagesStored: number
  readonly bytesStored: number
  /** New messages accepted from this process's clients. */
  readonly published: number
  /** Messages a client confirmed: pushes it acknowledged, and messages it fetched. */
  readonly delivered: number
  /** Requests and connections refused, in all and by reason (a refusal's tag, or the upgrade's HTTP status). */
  readonly refused: number
  readonly refusedByReason: Readonly<Record<string, number>>
}

export interface Counters {
  published: number
  delivered: number
  readonly refused: Map<string, number>
}

export const makeCounters = (): Counters => ({ published: 0, delivered: 0, refused: new Map() })

export const countRefusal = (counters: Counters, reason: string): void => {
  counters.refused.set(reason, (counters.refused.get(reason) ?? 0) + 1)
}

export const refusedFigures = (counters: Counters): Pick<RelayFigures, "refused" | "refusedByReason"> => ({
  refused: [...counters.refused.values()].reduce((sum, count) => sum + count, 0),
  refusedByReason: Object.fromEntries(counters.refused)
})
