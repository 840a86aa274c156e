/**
 * Where Portico's own diagnostics go (spec §9: default log level error): developer alerts, failed
 * requests to our server (method, path with long identifiers hidden, status; never a query, a header, a
 * body or a token) and bugs an action met. A host passes `logger` (any of debug, info, warn, error) and
 * `logLevel`; by default warnings and errors go to the console. Types only plus the level rule: the
 * first chunk's configuration module imports it.
 */

export type LogLevel = "debug" | "info" | "warn" | "error"

/** What a host hands Portico: any of the four methods (console itself fits). */
export interface Logger {
  readonly debug?: (message: string, details?: Readonly<Record<string, unknown>>) => void
  readonly info?: (message: string, details?: Readonly<Record<string, unknown>>) => void
  readonly warn?: (message: string, details?: Readonly<Record<string, unknown>>) => void
  readonly error?: (message: string, details?: Readonly<Record<string, unknown>>) => void
}

export type Log = (level: LogLevel, message: string, details?: Readonly<Record<string, unknown>>) => void

const order: ReadonlyArray<LogLevel> = ["debug", "info", "warn", "error"]

/** The default: warnings and errors, to the console. */
export const defaultLevel: LogLevel = "warn"

/** One function that passes an entry at or above `level` to the host's logger (the console by default). */
export const make = (logger: Logger | undefined, level: LogLevel = defaultLevel): Log => {
  const sink: Logger = logger ?? globalThis.console
  const lowest = order.indexOf(level)
  return (entryLevel, message, details) => {
    if (order.indexOf(entryLevel) < lowest) return
    const method = sink[entryLevel]
    if (method === undefined) return
    if (details === undefined) method.call(sink, message)
    else method.call(sink, message, details)
  }
}

/** A path as it may be logged: any segment of 32 characters or more (an address, a session id, a signature) hidden. */
export const loggablePath = (url: string): string => {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "").replace(/[?#].*$/, "")
  return path.split("/").map((segment) => (segment.length >= 32 ? "…" : segment)).join("/")
}
