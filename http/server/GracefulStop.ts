/**
 * The API server's graceful stop, on its Node `http.Server`, as a rolling deployment needs it: when the
 * stop begins the listener closes (the load balancer's next connection is refused and goes to another
 * process) and idle keep-alive connections close at once; every request already received is answered in
 * full, with `Connection: close`, and its connection closed after it. Whatever is still unanswered at the
 * deadline is cut. Node alone would keep answering a busy keep-alive connection after `close()`, with
 * keep-alive, until its client stopped asking.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http"
import { Server as NetServer, type Socket } from "node:net"

export interface StopOutcome {
  /** Requests still unanswered at the deadline, whose connections were cut. */
  readonly cut: number
}

/** The log line of a finished stop (RequestLog's shape): `warn` when requests were cut. */
export const stoppedLine = (at: number, deadlineMs: number, outcome: StopOutcome): string =>
  JSON.stringify({
    time: new Date(at).toISOString(),
    level: outcome.cut > 0 ? "warn" : "info",
    event: "stopped",
    deadlineMs,
    cut: outcome.cut
  })

export interface GracefulStop {
  /** Whether a stop has begun (`/readyz` answers 503 `stopping` from then on). */
  readonly stopping: () => boolean
  /**
   * Follows `server`'s requests. Install it after everything else in front of the application (kept
   * answers, the request observer): it must see every answer, those written at once too.
   */
  readonly watch: (server: Server) => void
  /** Stops the watched server as above, cutting what is left after `deadlineMs` of elapsed time. */
  readonly drain: (deadlineMs: number) => Promise<StopOutcome>
}

/** An answer not yet begun says the connection closes after it; one already begun promised keep-alive. */
const lastOnItsConnection = (response: ServerResponse): void => {
  if (!response.headersSent) response.setHeader("connection", "close")
}

/** After the current turn's check phase and the next turn's poll (where sockets are read). */
const nextTurn = async (): Promise<void> => {
  await new Promise((resolve) => setImmediate(resolve))
  await new Promise((resolve) => setImmediate(resolve))
}

export const make = (): GracefulStop => {
  let stopping = false
  let watched: Server | undefined
  /** The answers being written on each connection (several only when a client pipelines). */
  const inFlight = new Map<Socket, Set<ServerResponse>>()
  /** Every connection, those Node no longer counts as HTTP (an upgrade) too: all are cut at the deadline. */
  const sockets = new Set<Socket>()

  const settled = (socket: Socket, response: ServerResponse): void => {
    const answers = inFlight.get(socket)
    answers?.delete(response)
    if (answers?.size !== 0) return
    inFlight.delete(socket)
    // Node closes a connection after an answer that said `Connection: close`; this one may have promised
    // keep-alive before the stop began, so it closes here (after what was written).
    if (stopping) socket.end()
  }

  const track = (request: IncomingMessage, response: ServerResponse): void => {
    const socket = request.socket
    const answers = inFlight.get(socket) ?? new Set<ServerResponse>()
    answers.add(response)
    inFlight.set(socket, answers)
    if (stopping) lastOnItsConnection(response)
    response.once("close", () => settled(socket, response))
  }

  const drain = async (deadlineMs: number): Promise<StopOutcome> => {
    stopping = true
    const server = watched
    if (server === undefined) return { cut: 0 }
    for (const answers of inFlight.values()) for (const response of answers) lastOnItsConnection(response)
    // The listener closes now: a connection the kernel had not handed over is refused or reset unread.
    // Node's own `close` would also close the idle connections at once, but under load the next request of
    // many a kept-alive connection already waits in the kernel, unread: such a connection looks idle, and
    // closing it resets it, so its client cannot tell that nothing was begun. So `net.Server`'s close
    // first; one turn of the event loop reads those requests (answered, with the others); then the idle
    // connections close (HTTP's `close` again, which also stops Node's timeout checks).
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()))
    await nextTurn()
    server.close(() => undefined)
    let timer: ReturnType<typeof setTimeout> | undefined
    const deadline = new Promise<"deadline">((resolve) => {
      timer = setTimeout(() => resolve("deadline"), deadlineMs)
    })
    const first = await Promise.race([closed, deadline])
    clearTimeout(timer)
    if (first !== "deadline") return { cut: 0 }
    let cut = 0
    for (const answers of inFlight.values()) cut += answers.size
    server.closeAllConnections()
    for (const socket of sockets) socket.destroy()
    await closed
    return { cut }
  }

  return {
    stopping: () => stopping,
    watch: (server) => {
      watched = server
      server.prependListener("request", track)
      server.on("connection", (socket: Socket) => {
        sockets.add(socket)
        socket.once("close", () => sockets.delete(socket))
      })
    },
    drain
  }
}
