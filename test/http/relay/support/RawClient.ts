/**
 * A bare relay client for the relay's tests: a socket whose token is signed with core/walletconnect/RelayAuth.ts,
 * every frame it received, JSON-RPC requests that await their answer, and acknowledgements sent by hand.
 */
import { WebSocket, type ClientOptions } from "ws"
import { generateSeed, sign } from "../../../../core/walletconnect/RelayAuth.ts"

export interface Frame {
  readonly id: number | string | null
  readonly method?: string
  readonly params?: { readonly id: string; readonly data: Record<string, unknown> }
  readonly result?: unknown
  readonly error?: { readonly code: number; readonly message: string }
}

export interface TokenOptions {
  readonly seed?: string
  readonly audience: string
  readonly ttlSeconds?: number
  /** Seconds since the epoch; default now. */
  readonly issuedAt?: number
}

export const token = (options: TokenOptions): string =>
  sign({
    seed: options.seed ?? generateSeed(),
    audience: options.audience,
    ttlSeconds: options.ttlSeconds ?? 86_400,
    issuedAt: options.issuedAt ?? Math.floor(Date.now() / 1000)
  })

export type RawClient = Awaited<ReturnType<typeof connect>>

/** Connects to `url` (a relay, or a proxy in front of some) with `auth`. */
export const connect = async (url: string, auth: string, options: ClientOptions = {}) => {
  const socket = new WebSocket(`${url}/?auth=${auth}&projectId=test`, options)
  const frames: Array<Frame> = []
  const waiters: Array<() => void> = []
  socket.on("message", (data) => {
    frames.push(JSON.parse(data.toString()) as Frame)
    for (const wake of waiters.splice(0)) wake()
  })
  const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)))
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve())
    socket.once("error", reject)
  })
  let nextId = 1
  const waitFor = async (match: (frame: Frame) => boolean): Promise<Frame> => {
    for (;;) {
      const found = frames.find(match)
      if (found !== undefined) return found
      await new Promise<void>((wake) => waiters.push(wake))
    }
  }
  const request = (method: string, params: unknown): Promise<Frame> => {
    const id = nextId++
    socket.send(JSON.stringify({ id, jsonrpc: "2.0", method, params }))
    return waitFor((frame) => frame.id === id && frame.method === undefined)
  }
  // Frames arrive in order: once a later request is answered, every push sent before it has arrived.
  const pushes = async () => {
    await request("irn_unsubscribe", { topic: "sync", id: "none" })
    return frames.filter((frame) => frame.method === "irn_subscription")
  }
  const ack = (push: Frame) => socket.send(JSON.stringify({ id: push.id, jsonrpc: "2.0", result: true }))
  return { socket, frames, request, waitFor, pushes, ack, closed }
}

/** Why the relay refused an upgrade: the HTTP status of its answer. */
export const refusedStatus = (url: string, query: string) =>
  new Promise<number>((resolve, reject) => {
    const socket = new WebSocket(`${url}/${query}`)
    socket.on("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0)
      socket.terminate()
    })
    socket.on("open", () => reject(new Error("the relay accepted the connection")))
    socket.on("error", () => undefined)
  })

export const topic = (name: string) => name.padEnd(64, "0")
