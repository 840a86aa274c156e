/**
 * How relay clients came back after losing their link: each client's status listener (core's relay client
 * reports `waiting` when its socket is lost and `open` when a new one is up) adds to one tally of reconnects
 * and the longest time a client spent without a link, to compare with the client's backoff.
 */
import type * as RelayClient from "../../core/walletconnect/RelayClient.ts"

export interface ReconnectTally {
  /** A status listener for one more client. */
  readonly listener: () => (status: RelayClient.Status) => void
  readonly reconnects: () => number
  /** The longest wait from a lost link to the next open one, in milliseconds. */
  readonly longestMs: () => number
}

export const reconnectTally = (): ReconnectTally => {
  let reconnects = 0
  let longestMs = 0
  return {
    listener: () => {
      let lostAt: number | undefined
      return (status) => {
        if (status === "waiting") lostAt ??= performance.now()
        if (status !== "open" || lostAt === undefined) return
        reconnects += 1
        longestMs = Math.max(longestMs, performance.now() - lostAt)
        lostAt = undefined
      }
    },
    reconnects: () => reconnects,
    longestMs: () => longestMs
  }
}
