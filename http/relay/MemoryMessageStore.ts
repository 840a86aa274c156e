/**
 * The mailbox in this process's memory: for tests and throwaway sandboxes, where nothing needs to
 * survive a restart and no other process shares it. Same rules as the database store
 * (SqlMessageStore.ts), the same bounds; messages of one topic and all messages are kept in publish order,
 * so the oldest is the first entry of each Map.
 */
import * as Effect from "effect/Effect"
import { byteSize, type MessageStore, type Publish, type StoreBounds, type StoredMessage } from "./MessageStore.ts"

interface Entry {
  readonly stored: StoredMessage
  readonly bytes: number
  /** Client ids that acknowledged or fetched it. */
  readonly receivedBy: Set<string>
}

export const make = (bounds: StoreBounds): MessageStore => {
  const all = new Map<number, Entry>()
  const topics = new Map<string, Map<number, Entry>>()
  let bytes = 0
  let nextId = 1

  const remove = (entry: Entry): void => {
    if (!all.delete(entry.stored.id)) return
    bytes -= entry.bytes
    const held = topics.get(entry.stored.topic)
    held?.delete(entry.stored.id)
    if (held?.size === 0) topics.delete(entry.stored.topic)
  }

  const live = (topic: string, now: number): ReadonlyArray<Entry> => {
    const held = [...(topics.get(topic)?.values() ?? [])]
    for (const entry of held) if (entry.stored.expiresAt <= now) remove(entry)
    return held.filter((entry) => entry.stored.expiresAt > now)
  }

  /** Drops the topic's oldest until it holds no more than its bounds, keeping the newest always. */
  const trim = (topic: string): void => {
    const held = topics.get(topic)
    if (held === undefined) return
    let topicBytes = 0
    for (const entry of held.values()) topicBytes += entry.bytes
    for (const entry of held.values()) {
      if (held.size <= 1 || (held.size <= bounds.maxMessagesPerTopic && topicBytes <= bounds.maxBytesPerTopic)) break
      topicBytes -= entry.bytes
      remove(entry)
    }
  }

  const publish = (incoming: Publish, publisher: string, now: number) =>
    Effect.sync(() => {
      const existing = live(incoming.topic, now).find((entry) => entry.stored.message === incoming.message)
      if (existing !== undefined) return { stored: existing.stored, fresh: false }
      const stored: StoredMessage = {
        id: nextId++,
        topic: incoming.topic,
        message: incoming.message,
        publishedAt: now,
        tag: incoming.tag ?? 0,
        ...(incoming.attestation === undefined ? {} : { attestation: incoming.attestation }),
        publisher,
        expiresAt: now + incoming.ttl * 1000
      }
      const entry: Entry = { stored, bytes: byteSize(incoming.message), receivedBy: new Set() }
      all.set(stored.id, entry)
      const held = topics.get(stored.topic) ?? new Map<number, Entry>()
      held.set(stored.id, entry)
      topics.set(stored.topic, held)
      bytes += entry.bytes
      trim(stored.topic)
      return { stored, fresh: true }
    })

  const pendingFor = (wanted: ReadonlyArray<string>, clientId: string, now: number) =>
    Effect.sync(() =>
      wanted
        .flatMap((topic) => live(topic, now))
        .filter((entry) => entry.stored.publisher !== clientId && !entry.receivedBy.has(clientId))
        .map((entry) => entry.stored)
        .toSorted((a, b) => a.id - b.id)
    )

  const byId = (id: number, now: number) =>
    Effect.sync(() => {
      const entry = all.get(id)
      return entry !== undefined && entry.stored.expiresAt > now ? entry.stored : undefined
    })

  const markReceived = (ids: ReadonlyArray<number>, clientId: string) =>
    Effect.sync(() => {
      for (const id of ids) all.get(id)?.receivedBy.add(clientId)
    })

  const sweep = (now: number) =>
    Effect.sync(() => {
      for (const entry of all.values()) if (entry.stored.expiresAt <= now) remove(entry)
      for (const entry of all.values()) {
        if (bytes <= bounds.maxStoredBytes) break
        remove(entry)
      }
    })

  return {
    publish,
    pendingFor,
    byId,
    markReceived,
    sweep,
    size: Effect.sync(() => ({ messages: all.size, bytes })),
    close: Effect.sync(() => {
      all.clear()
      topics.clear()
      bytes = 0
    })
  }
}
