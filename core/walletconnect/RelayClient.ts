/**
 * The client side of the relay's JSON-RPC over WebSocket: subscribe, publish and receive pushes on
 * topics. It authenticates with a token signed by the client's key, acknowledges every push, and keeps
 * the link alive by itself: a closed socket, or one that leaves a request unanswered too long, is
 * replaced with bounded exponential backoff, its topics are subscribed again (the relay then hands over
 * what arrived meanwhile), and requests made while offline go out once it is back.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as RelayAuth from "./RelayAuth.ts"

export interface Push {
  readonly topic: string
  readonly message: string
  readonly publishedAt: number
  readonly tag: number
}

/** The part of the WebSocket API used here; the browser's and Node's global WebSocket both fit. */
export interface Socket {
  readonly readyState: number
  send(data: string): void
  close(): void
  addEventListener(type: "open" | "close" | "error", listener: () => void): void
  addEventListener(type: "message", listener: (event: { readonly data: unknown }) => void): void
}

export interface Options {
  readonly relayUrl: string
  readonly projectId: string
  /** The client's ed25519 seed (hex): its identity towards the relay. */
  readonly seed: string
  readonly onPush: (push: Push) => void
  readonly openSocket?: (url: string) => Socket
  readonly now?: () => number
  /** First and largest wait before reconnecting, in milliseconds. */
  readonly backoff?: { readonly initialMillis: number; readonly maxMillis: number }
  /** A request unanswered this long means the link is dead. */
  readonly requestTimeoutMillis?: number
  /** Called with each link state, for status lines and tests. */
  readonly onStatus?: (status: Status) => void
}

export type Status = "connecting" | "open" | "waiting" | "closed"

export interface RelayClient {
  readonly subscribe: (topic: string) => Promise<void>
  readonly unsubscribe: (topic: string) => Promise<void>
  readonly publish: (topic: string, message: string, options: { readonly ttl: number; readonly tag: number; readonly prompt?: boolean }) => Promise<void>
  /** Closes the link for good; pending requests fail. */
  /**
   * The page is back (visible again, or restored from the back-forward cache): a socket that died while it
   * was away is replaced now instead of after the backoff, so a wallet's answer that waited arrives at once.
   */
  readonly wake: () => void
  readonly close: () => void
}

const open = 1

/**
 * The wait before reconnect attempt `attempt` (0-based): doubling from `initialMillis`, capped at
 * `maxMillis`, then jittered into its upper half so many clients of one restarted relay do not return in step.
 */
export const backoffDelay = (attempt: number, backoff: { readonly initialMillis: number; readonly maxMillis: number }, random: number): number => {
  const ceiling = Math.min(backoff.maxMillis, backoff.initialMillis * 2 ** Math.min(attempt, 30))
  return ceiling / 2 + random * (ceiling / 2)
}
const tokenTtlSeconds = 86_400

const Incoming = Schema.Union([
  Schema.Struct({
    id: Schema.Number,
    jsonrpc: Schema.Literal("2.0"),
    method: Schema.Literal("irn_subscription"),
    params: Schema.Struct({
      id: Schema.String,
      data: Schema.Struct({ topic: Schema.String, message: Schema.String, publishedAt: Schema.Number, tag: Schema.Number })
    })
  }),
  Schema.Struct({ id: Schema.Number, jsonrpc: Schema.Literal("2.0"), result: Schema.Unknown }),
  Schema.Struct({ id: Schema.Number, jsonrpc: Schema.Literal("2.0"), error: Schema.Struct({ message: Schema.String }) })
])
const decodeIncoming = Schema.decodeUnknownOption(Schema.fromJsonString(Incoming))

interface Pending {
  readonly frame: string
  /** The topic, for a subscribe: re-following topics after a reconnect skips those already on their way. */
  readonly subscribes: string | undefined
  readonly resolve: (result: unknown) => void
  readonly reject: (error: RelayError) => void
  sentAt: number | undefined
}

/**
 * The relay's URL with a token issued at the second given (each connection gets a fresh one). The client's
 * identity is worked out here, as the client is made: see RelayAuth.signer.
 */
const connectionUrl = (options: Pick<Options, "relayUrl" | "projectId" | "seed">): ((issuedAt: number) => string) => {
  const sign = RelayAuth.signer(options.seed)
  const separator = options.relayUrl.includes("?") ? "&" : "?"
  return (issuedAt) => {
    const auth = sign({ audience: options.relayUrl, issuedAt, ttlSeconds: tokenTtlSeconds })
    return `${options.relayUrl}${separator}auth=${encodeURIComponent(auth)}&projectId=${encodeURIComponent(options.projectId)}&ua=portico`
  }
}

export const make = (options: Options): RelayClient => {
  const now = options.now ?? Date.now
  const backoff = options.backoff ?? { initialMillis: 500, maxMillis: 15_000 }
  const requestTimeout = options.requestTimeoutMillis ?? 10_000
  const openSocket = options.openSocket ?? ((url: string) => new WebSocket(url) as unknown as Socket)
  /** Followed topics and the relay's subscription id for each (needed to unsubscribe). */
  const topics = new Map<string, string>()
  const pending = new Map<number, Pending>()
  let socket: Socket | undefined
  let attempts = 0
  let closed = false
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let watchdog: ReturnType<typeof setInterval> | undefined
  let nextId = 0
  const url = connectionUrl(options)

  const status = (value: Status) => options.onStatus?.(value)

  const isOpen = () => socket !== undefined && socket.readyState === open

  const transmit = (entry: Pending): void => {
    if (!isOpen()) return
    entry.sentAt = now()
    socket?.send(entry.frame)
  }

  const request = (method: string, params: unknown): Promise<unknown> =>
    new Promise((resolve, reject) => {
      if (closed) return reject(new RelayError({ message: "The relay client is closed" }))
      nextId = Math.max(nextId + 1, now() * 1000)
      const subscribes = method === "irn_subscribe" && typeof params === "object" && params !== null && "topic" in params && typeof params.topic === "string" ? params.topic : undefined
      const entry: Pending = { frame: JSON.stringify({ id: nextId, jsonrpc: "2.0", method, params }), subscribes, resolve, reject, sentAt: undefined }
      pending.set(nextId, entry)
      connect()
      transmit(entry)
    })

  /** Replaces a dead socket; its late events are ignored (every handler checks it is still the current one). */
  const drop = (dead: Socket): void => {
    if (socket !== dead) return
    try {
      dead.close()
    } catch {
      // Already closed: nothing to release.
    }
    socket = undefined
    for (const entry of pending.values()) entry.sentAt = undefined
    if (closed) return
    status("waiting")
    retryTimer = setTimeout(connect, backoffDelay(attempts, backoff, Math.random()))
    attempts += 1
  }

  const onIncoming = (current: Socket, text: string): void => {
    const frame = decodeIncoming(text)
    if (Option.isNone(frame)) return
    const value = frame.value
    if ("method" in value) {
      current.send(JSON.stringify({ id: value.id, jsonrpc: "2.0", result: true }))
      // Pushes for topics no longer followed are acknowledged and ignored.
      if (topics.has(value.params.data.topic)) options.onPush(value.params.data)
      return
    }
    const entry = pending.get(value.id)
    if (entry === undefined) return
    pending.delete(value.id)
    if ("error" in value) entry.reject(new RelayError({ message: value.error.message }))
    else entry.resolve(value.result)
  }

  const follow = async (topic: string): Promise<void> => {
    const id = await request("irn_subscribe", { topic })
    if (typeof id === "string" && topics.has(topic)) topics.set(topic, id)
  }

  function connect(): void {
    if (closed || socket !== undefined) return
    if (retryTimer !== undefined) clearTimeout(retryTimer)
    retryTimer = undefined
    status("connecting")
    let current: Socket
    try {
      current = openSocket(url(Math.floor(now() / 1000)))
    } catch {
      retryTimer = setTimeout(connect, backoffDelay(attempts, backoff, Math.random()))
      attempts += 1
      return
    }
    socket = current
    current.addEventListener("open", () => {
      if (socket !== current) return
      attempts = 0
      status("open")
      // Topics first: the relay then delivers what waited for this client while it was away.
      const waiting = [...pending.values()].filter((entry) => entry.sentAt === undefined)
      for (const entry of waiting) if (entry.subscribes !== undefined) transmit(entry)
      const covered = new Set(waiting.map((entry) => entry.subscribes))
      for (const topic of topics.keys()) if (!covered.has(topic)) void follow(topic).catch(() => undefined)
      for (const entry of waiting) if (entry.subscribes === undefined) transmit(entry)
    })
    current.addEventListener("message", (event) => {
      if (socket === current && typeof event.data === "string") onIncoming(current, event.data)
    })
    current.addEventListener("close", () => drop(current))
    current.addEventListener("error", () => drop(current))
    watchdog ??= setInterval(() => {
      const stalled = [...pending.values()].some((entry) => entry.sentAt !== undefined && now() - entry.sentAt > requestTimeout)
      if (stalled && socket !== undefined) drop(socket)
    }, Math.max(250, requestTimeout / 4))
  }

  return {
    subscribe: (topic) => {
      topics.set(topic, topics.get(topic) ?? "")
      return follow(topic)
    },
    unsubscribe: async (topic) => {
      const id = topics.get(topic)
      if (id === undefined) return
      topics.delete(topic)
      // The relay forgets a closed socket's subscriptions anyway; an offline unsubscribe need not wait.
      if (isOpen() && id !== "") await request("irn_unsubscribe", { topic, id })
    },
    publish: async (topic, message, publishOptions) => {
      await request("irn_publish", { topic, message, ttl: publishOptions.ttl, tag: publishOptions.tag, ...(publishOptions.prompt === true ? { prompt: true } : {}) })
    },
    wake: () => {
      // A socket the browser closed while the page was frozen may not have said so yet.
      if (socket !== undefined && socket.readyState > open) drop(socket)
      attempts = socket === undefined ? 0 : attempts
      connect()
    },
    close: () => {
      closed = true
      if (retryTimer !== undefined) clearTimeout(retryTimer)
      if (watchdog !== undefined) clearInterval(watchdog)
      const current = socket
      socket = undefined
      current?.close()
      for (const entry of pending.values()) entry.reject(new RelayError({ message: "The relay client is closed" }))
      pending.clear()
      status("closed")
    }
  }
}

export class RelayError extends Schema.TaggedError<RelayError>()("RelayError", {
  message: Schema.String
}) {}
