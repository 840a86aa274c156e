/**
 * A local WalletConnect v2 relay: enough of the relay JSON-RPC over WebSocket for real
 * WalletConnect v2 dapps and wallets (ours, and other implementations) to pair, settle sessions and exchange requests offline.
 *
 * Frames are decoded in RelayFrame.ts, messages kept in TopicStore.ts, tokens checked in RelayAuth.ts; this
 * module owns the sockets: who listens to which topic, pushing messages, acknowledgements and liveness.
 */
import { createHash } from "node:crypto"
import { createServer } from "node:http"
import * as Result from "effect/Result"
import { WebSocketServer, type WebSocket } from "ws"
import { listen } from "../Listen.ts"
import { authenticate } from "./RelayAuth.ts"
import * as Frame from "./RelayFrame.ts"
import * as TopicStore from "./TopicStore.ts"

export interface RelayOptions {
  readonly host?: string
  /** 0 (the default) picks a free port. */
  readonly port?: number
  /** Milliseconds since the epoch, for message TTLs and token expiry; tests pass a hand-driven clock. */
  readonly now?: () => number
  /** How often sockets are pinged (and dead ones, which missed the previous ping, terminated). */
  readonly pingIntervalMs?: number
  readonly maxMessagesPerTopic?: number
}

export interface Relay {
  /** ws://host:port */
  readonly url: string
  readonly stop: () => Promise<void>
}

/** Clients stall their transport after 35 s without a frame or ping; the real relay pings about every 10 s. */
export const defaultPingIntervalMs = 10_000
/** Largest frame accepted: a message plus its envelope. */
const maxFrameBytes = Frame.maxMessageLength + 16 * 1024

/** Tags of the messages that wc_proposeSession / wc_approveSession publish (sign-client's RPC options). */
const tags = { sessionPropose: 1100, sessionProposeResponse: 1101, sessionSettle: 1102 } as const

interface Connection {
  readonly socket: WebSocket
  readonly clientId: string
  /** subscription id -> topic */
  readonly subscriptions: Map<string, string>
  /** push id -> the message awaiting the client's `true` */
  readonly inFlight: Map<number, TopicStore.StoredMessage>
  alive: boolean
}

/** The id the real relay uses too: sha256(topic + client id), so the client's own computation matches. */
const subscriptionId = (topic: string, clientId: string): string =>
  createHash("sha256").update(topic + clientId).digest("hex")

/** The `auth` query parameter of the upgrade request, null when absent or the URL is unreadable. */
const authToken = (url: string | undefined): string | null => {
  try {
    return new URL(url ?? "/", "ws://relay").searchParams.get("auth")
  } catch {
    return null
  }
}

const publishOptions = (params: { readonly ttl: number; readonly attestation?: string }) => ({
  ttl: params.ttl,
  ...(params.attestation === undefined ? {} : { attestation: params.attestation })
})

export const startRelay = async (options: RelayOptions = {}): Promise<Relay> => {
  const now = options.now ?? Date.now
  const store = TopicStore.make({
    now,
    ...(options.maxMessagesPerTopic === undefined ? {} : { maxMessagesPerTopic: options.maxMessagesPerTopic })
  })
  const listeners = new Map<string, Set<Connection>>()
  let nextPushId = 1

  const send = (connection: Connection, text: string): void => {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(text)
  }

  const deliver = (connection: Connection, stored: TopicStore.StoredMessage): void => {
    if (stored.receivedBy.has(connection.clientId)) return
    for (const pending of connection.inFlight.values()) if (pending === stored) return
    const subscription = subscriptionId(stored.topic, connection.clientId)
    const pushId = nextPushId++
    connection.inFlight.set(pushId, stored)
    const { topic, message, publishedAt, tag, attestation } = stored
    send(
      connection,
      Frame.subscription(pushId, subscription, {
        topic,
        message,
        publishedAt,
        tag,
        ...(attestation === undefined ? {} : { attestation })
      })
    )
  }

  const subscribe = (connection: Connection, topic: string): string => {
    const id = subscriptionId(topic, connection.clientId)
    connection.subscriptions.set(id, topic)
    const set = listeners.get(topic) ?? new Set()
    set.add(connection)
    listeners.set(topic, set)
    // Hand over what is waiting once the subscribe answer has gone out, as a remote relay's order would be.
    queueMicrotask(() => {
      for (const stored of store.pendingFor(topic, connection.clientId)) deliver(connection, stored)
    })
    return id
  }

  const unsubscribe = (connection: Connection, topic: string, id: string): void => {
    if (connection.subscriptions.get(id) !== topic) return
    connection.subscriptions.delete(id)
    // One id per (topic, client): dropping it means this connection no longer listens to the topic.
    const set = listeners.get(topic)
    set?.delete(connection)
    if (set?.size === 0) listeners.delete(topic)
  }

  const publish = (connection: Connection, message: TopicStore.Publish): void => {
    const stored = store.publish(message, connection.clientId)
    for (const listener of listeners.get(message.topic) ?? []) deliver(listener, stored)
  }

  const fetchMessages = (connection: Connection, topics: ReadonlyArray<string>) => {
    const messages = topics.flatMap((topic) => store.pendingFor(topic, connection.clientId))
    for (const stored of messages) store.markReceived(stored.topic, stored.message, connection.clientId)
    return {
      messages: messages.map(({ topic, message, publishedAt, tag, attestation }) => ({
        topic,
        message,
        publishedAt,
        tag,
        ...(attestation === undefined ? {} : { attestation })
      })),
      hasMore: false
    }
  }

  type Handler = (connection: Connection, params: unknown) => Result.Result<unknown, string>
  const method =
    <S extends Parameters<typeof Frame.decodeParams>[0]>(
      schema: S,
      run: (connection: Connection, params: S["Type"]) => unknown
    ): Handler =>
    (connection, params) => {
      const decoded = Frame.decodeParams(schema)(params)
      return Result.map(decoded, (value) => run(connection, value))
    }

  const handlers: Record<string, Handler> = {
    irn_subscribe: method(Frame.SubscribeParams, (connection, { topic }) => subscribe(connection, topic)),
    irn_batchSubscribe: method(Frame.BatchSubscribeParams, (connection, { topics }) =>
      topics.map((topic) => subscribe(connection, topic))
    ),
    irn_unsubscribe: method(Frame.UnsubscribeParams, (connection, { topic, id }) => {
      unsubscribe(connection, topic, id)
      return true
    }),
    irn_batchUnsubscribe: method(Frame.BatchUnsubscribeParams, (connection, { subscriptions }) => {
      for (const { topic, id } of subscriptions) unsubscribe(connection, topic, id)
      return true
    }),
    irn_publish: method(Frame.PublishParams, (connection, params) => {
      publish(connection, params)
      return true
    }),
    irn_batchPublish: method(Frame.BatchPublishParams, (connection, { messages }) => {
      for (const params of messages) publish(connection, params)
      return true
    }),
    irn_batchFetchMessages: method(Frame.BatchFetchMessagesParams, (connection, { topics }) =>
      fetchMessages(connection, topics)
    ),
    // The sender listens on the topic it publishes to: the client skips its own subscribe for these.
    wc_proposeSession: method(Frame.ProposeSessionParams, (connection, params) => {
      subscribe(connection, params.pairingTopic)
      publish(connection, {
        topic: params.pairingTopic,
        message: params.sessionProposal,
        tag: params.tag ?? tags.sessionPropose,
        ...publishOptions(params)
      })
      return true
    }),
    wc_approveSession: method(Frame.ApproveSessionParams, (connection, params) => {
      subscribe(connection, params.sessionTopic)
      publish(connection, {
        topic: params.pairingTopic,
        message: params.sessionProposalResponse,
        tag: tags.sessionProposeResponse,
        ...publishOptions(params)
      })
      publish(connection, {
        topic: params.sessionTopic,
        message: params.sessionSettlementRequest,
        tag: tags.sessionSettle,
        ...publishOptions(params)
      })
      return true
    })
  }

  const onFrame = (connection: Connection, text: string): void => {
    const frame = Frame.decodeFrame(text)
    switch (frame._tag) {
      case "Invalid":
        return send(connection, Frame.error(frame.id, frame.code, frame.message))
      case "Response": {
        const stored = typeof frame.id === "number" ? connection.inFlight.get(frame.id) : undefined
        if (stored === undefined) return
        connection.inFlight.delete(frame.id as number)
        if (frame.ok) store.markReceived(stored.topic, stored.message, connection.clientId)
        return
      }
      case "Request": {
        const handler = Object.hasOwn(handlers, frame.method) ? handlers[frame.method] : undefined
        if (handler === undefined) {
          return send(connection, Frame.error(frame.id, Frame.ErrorCode.methodNotFound, `Unknown method ${frame.method}`))
        }
        const outcome = handler(connection, frame.params)
        return send(
          connection,
          Result.isSuccess(outcome)
            ? Frame.result(frame.id, outcome.success)
            : Frame.error(frame.id, Frame.ErrorCode.invalidParams, `Invalid params: ${outcome.failure}`)
        )
      }
    }
  }

  const connections = new Set<Connection>()
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes })

  const onConnection = (socket: WebSocket, clientId: string): void => {
    const connection: Connection = { socket, clientId, subscriptions: new Map(), inFlight: new Map(), alive: true }
    connections.add(connection)
    socket.on("pong", () => {
      connection.alive = true
    })
    socket.on("message", (data, isBinary) => {
      connection.alive = true
      if (isBinary) return send(connection, Frame.error(null, Frame.ErrorCode.invalidRequest, "Binary frames are not supported"))
      try {
        onFrame(connection, data.toString())
      } catch (error) {
        // A bug in a handler costs one answer, never the relay (a throw here would end the process).
        send(connection, Frame.error(null, Frame.ErrorCode.internalError, error instanceof Error ? error.message : "Internal error"))
      }
    })
    socket.on("error", () => socket.terminate())
    socket.on("close", () => {
      connections.delete(connection)
      for (const [id, topic] of connection.subscriptions) unsubscribe(connection, topic, id)
    })
  }

  const server = createServer((_request, response) => {
    response.writeHead(426, { "content-type": "text/plain" }).end("WalletConnect relay: connect with a WebSocket\n")
  })

  server.on("upgrade", (request, socket, head) => {
    socket.on("error", () => socket.destroy())
    const outcome = authenticate(authToken(request.url), now())
    if (Result.isFailure(outcome)) {
      socket.end(`HTTP/1.1 401 Unauthorized\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${outcome.failure}\n`)
      return
    }
    wss.handleUpgrade(request, socket, head, (ws) => onConnection(ws, outcome.success))
  })

  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) {
        connection.socket.terminate()
        continue
      }
      connection.alive = false
      connection.socket.ping()
    }
    store.sweep()
  }, options.pingIntervalMs ?? defaultPingIntervalMs)
  heartbeat.unref()

  const host = options.host ?? "127.0.0.1"
  const port = await listen(server, options.port ?? 0, host)

  const stop = async (): Promise<void> => {
    clearInterval(heartbeat)
    for (const connection of connections) connection.socket.terminate()
    wss.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  return { url: `ws://${host.includes(":") ? `[${host}]` : host}:${port}`, stop }
}
