/**
 * One client socket: who it is (the token's issuer), what it listens to, which pushes await its
 * acknowledgement, and its requests, served one after another in the order they arrived (a subscribe's
 * waiting messages reach the client before the answer to its next request).
 */
import type { WebSocket } from "ws"

export interface Connection {
  readonly socket: WebSocket
  readonly clientId: string
  /** subscription id -> topic */
  readonly subscriptions: Map<string, string>
  /** push id -> id of the message awaiting the client's `true` */
  readonly inFlight: Map<number, number>
  /** Answered a ping (or sent anything) since the last heartbeat. */
  alive: boolean
  /** The relay is stopping: requests are no longer read (the client sends them again after reconnecting). */
  closing: boolean
  /** Requests queued or being served. */
  queued: number
  /** Settles once every queued request has been served. */
  tail: Promise<void>
}

export const make = (socket: WebSocket, clientId: string): Connection => ({
  socket,
  clientId,
  subscriptions: new Map(),
  inFlight: new Map(),
  alive: true,
  closing: false,
  queued: 0,
  tail: Promise.resolve()
})

/**
 * Sends a frame, unless the socket is closed; a client that has left more than `maxBufferedBytes`
 * unread is cut off rather than buffered for without end.
 */
export const send = (connection: Connection, text: string, maxBufferedBytes: number): void => {
  const { socket } = connection
  if (socket.readyState !== socket.OPEN) return
  if (socket.bufferedAmount > maxBufferedBytes) return void socket.terminate()
  socket.send(text)
}

/** Serves `task` after every request queued before it; it never rejects (tasks answer their own failures). */
export const enqueue = (connection: Connection, task: () => Promise<void>): void => {
  connection.queued += 1
  connection.tail = connection.tail.then(task).finally(() => {
    connection.queued -= 1
  })
}
