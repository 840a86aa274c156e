/**
 * The relay's Prometheus metrics (prom-client, a registry of its own), read from its figures
 * (RelayFigures.ts) when scraped: open sockets, topics with subscribers, messages and bytes stored, and
 * the messages published, delivered and refused since it started. Served on a port of its own
 * (`RelayOptions.metricsPort`, through the server's MetricsEndpoint), never on the relay's public one.
 */
import { collectDefaultMetrics, Counter, Gauge, Registry } from "prom-client"
import type { RelayFigures } from "./RelayFigures.ts"

export const make = (figures: () => Promise<RelayFigures>): Registry => {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: "portico_relay_" })
  // One read of the figures per scrape: every metric's collect runs in the same turn and shares it.
  let reading: Promise<RelayFigures> | undefined
  const current = () => (reading ??= figures().finally(() => {
    reading = undefined
  }))
  const gauge = (name: string, help: string, read: (figures: RelayFigures) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(read(await current()))
      }
    })
  gauge("portico_relay_open_sockets", "WebSockets open on this process.", (now) => now.openSockets)
  gauge("portico_relay_topics_with_subscribers", "Topics with at least one listening socket on this process.", (now) => now.topicsWithSubscribers)
  gauge("portico_relay_messages_stored", "Messages kept for their TTL (with Postgres, every process's).", (now) => now.messagesStored)
  gauge("portico_relay_stored_bytes", "Bytes of the messages kept.", (now) => now.bytesStored)

  // The figures count from the start; a counter is raised by what they grew since the last scrape.
  const counter = (name: string, help: string, read: (figures: RelayFigures) => Readonly<Record<string, number>>, label?: string) => {
    const seen = new Map<string, number>()
    return new Counter({
      name,
      help,
      labelNames: label === undefined ? [] : [label],
      registers: [registry],
      async collect() {
        for (const [key, total] of Object.entries(read(await current()))) {
          const grown = total - (seen.get(key) ?? 0)
          seen.set(key, total)
          if (grown <= 0) continue
          if (label === undefined) this.inc(grown)
          else this.inc({ [label]: key }, grown)
        }
      }
    })
  }
  counter("portico_relay_messages_published_total", "New messages accepted from this process's clients.", (now) => ({ all: now.published }))
  counter("portico_relay_messages_delivered_total", "Messages a client confirmed: pushes acknowledged and messages fetched.", (now) => ({ all: now.delivered }))
  counter("portico_relay_refusals_total", "Requests and connections refused, by reason (a refusal's tag or the upgrade's status).", (now) => now.refusedByReason, "reason")
  return registry
}
