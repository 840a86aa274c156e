/**
 * Who listens to which topic on this process: the sockets to push a topic's messages to, and how many
 * topics each client (over all its sockets) listens to, for the per-client bound. A subscription lives
 * and dies with its socket; other processes reach these sockets through the database (PostgresFeed.ts).
 */
import { createHash } from "node:crypto"
import type { Connection } from "./Connection.ts"
import { TooManySubscriptionsError } from "./RelayRefusal.ts"

/** The id the WalletConnect relay uses too: sha256(topic + client id), so the client's own computation matches. */
export const subscriptionId = (topic: string, clientId: string): string => createHash("sha256").update(topic + clientId).digest("hex")

export interface Subscriptions {
  /** Adds `connection` to the topic's listeners; refuses a client already listening to its maximum of topics. */
  readonly add: (connection: Connection, topic: string) => string | TooManySubscriptionsError
  readonly remove: (connection: Connection, topic: string, id: string) => void
  /** Drops every subscription of a closed socket. */
  readonly removeAll: (connection: Connection) => void
  readonly listeners: (topic: string) => Iterable<Connection>
  /** Topics with at least one listener on this process. */
  readonly topics: () => number
}

export const make = (maxPerClient: number): Subscriptions => {
  const byTopic = new Map<string, Set<Connection>>()
  /** client id -> topic -> how many of the client's sockets listen to it */
  const byClient = new Map<string, Map<string, number>>()

  const add = (connection: Connection, topic: string): string | TooManySubscriptionsError => {
    const id = subscriptionId(topic, connection.clientId)
    if (connection.subscriptions.has(id)) return id
    const counts = byClient.get(connection.clientId) ?? new Map<string, number>()
    if (!counts.has(topic) && counts.size >= maxPerClient) return TooManySubscriptionsError.of(maxPerClient)
    counts.set(topic, (counts.get(topic) ?? 0) + 1)
    byClient.set(connection.clientId, counts)
    connection.subscriptions.set(id, topic)
    const listening = byTopic.get(topic) ?? new Set()
    listening.add(connection)
    byTopic.set(topic, listening)
    return id
  }

  const remove = (connection: Connection, topic: string, id: string): void => {
    if (connection.subscriptions.get(id) !== topic) return
    connection.subscriptions.delete(id)
    // One id per (topic, client): dropping it means this socket no longer listens to the topic.
    const listening = byTopic.get(topic)
    listening?.delete(connection)
    if (listening?.size === 0) byTopic.delete(topic)
    const counts = byClient.get(connection.clientId)
    const count = (counts?.get(topic) ?? 1) - 1
    if (count > 0) counts?.set(topic, count)
    else counts?.delete(topic)
    if (counts?.size === 0) byClient.delete(connection.clientId)
  }

  return {
    add,
    remove,
    removeAll: (connection) => {
      for (const [id, topic] of connection.subscriptions) remove(connection, topic, id)
    },
    listeners: (topic) => byTopic.get(topic) ?? [],
    topics: () => byTopic.size
  }
}
