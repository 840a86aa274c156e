/**
 * Why the sandbox did not start, in words a test author can act on. The parts fail with their own errors
 * (Node's listen errors, RpcServerError, the API server's ServeError…), some wrapping the real cause;
 * a port somebody else holds is the usual one (a second sandbox, `npm start`, the app under test).
 */

interface PortTaken {
  readonly address: string
  readonly port: number
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined

/** The port a failure could not bind, looking through `cause` and an AggregateError's `errors`. */
export const portTakenOf = (error: unknown, depth = 0): PortTaken | undefined => {
  const fields = record(error)
  if (fields === undefined || depth > 8) return undefined
  if (fields["code"] === "EADDRINUSE" && typeof fields["port"] === "number") {
    return { address: typeof fields["address"] === "string" ? fields["address"] : "", port: fields["port"] }
  }
  const inner = [fields["cause"], ...(error instanceof AggregateError ? error.errors : [])]
  for (const nested of inner) {
    const found = portTakenOf(nested, depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}

const describe = (error: unknown): string => {
  const taken = portTakenOf(error)
  return taken === undefined
    ? String(error)
    : `port ${taken.port} on ${taken.address} is taken (EADDRINUSE): another sandbox or server holds it; stop it, or start with { ports: "ephemeral" }`
}

/** The message for every part that failed, each cause once (a part waiting on another fails with its error too). */
export const startFailureMessage = (failures: ReadonlyArray<unknown>): string =>
  `The sandbox failed to start: ${[...new Set(failures.map(describe))].join("; ")}`
