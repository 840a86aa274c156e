/**
 * One JSON line per answered request: when, how bad, which request (its `x-request-id`), what was
 * asked (method and route template) and how it went (status, duration). The template rather than the
 * path, and never the query or a header: paths carry visitors' addresses, queries carry one-time tokens
 * and codes, headers carry bearer tokens and cookies. With `logAddresses` the path (without its query)
 * and the client's address are added, for an operator who must trace one visitor and may.
 */

/** Where the lines go (`portico-server`: stdout); a server without one logs nothing. */
export type LogSink = (line: string) => void

export interface RequestRecord {
  /** Epoch ms the answer ended at. */
  readonly at: number
  readonly requestId: string
  readonly method: string
  readonly route: string
  readonly status: number
  readonly durationMs: number
  /** Only with `logAddresses`. */
  readonly path?: string
  readonly client?: string
}

const levelOf = (status: number): "info" | "warn" | "error" => (status >= 500 ? "error" : status === 429 ? "warn" : "info")

export const line = (record: RequestRecord): string =>
  JSON.stringify({
    time: new Date(record.at).toISOString(),
    level: levelOf(record.status),
    requestId: record.requestId,
    method: record.method,
    route: record.route,
    status: record.status,
    durationMs: Math.round(record.durationMs * 1000) / 1000,
    ...(record.path === undefined ? {} : { path: record.path }),
    ...(record.client === undefined ? {} : { client: record.client })
  })
