/**
 * The relay's Prometheus metrics on their own port: what is open and stored now, and what was published,
 * delivered and refused, as a scraper reads them; nothing on the relay's public port.
 */
import { afterEach, describe, expect, it } from "vitest"
import { startRelay, type Relay } from "../../../http/relay/Relay.ts"
import * as Raw from "./support/RawClient.ts"

const scrape = async (relay: Relay): Promise<string> => {
  const response = await fetch(relay.metricsUrl ?? "")
  expect(response.status).toBe(200)
  return response.text()
}

const value = (text: string, series: string): number => {
  const line = text.split("\n").find((entry) => entry.startsWith(`${series} `))
  return line === undefined ? Number.NaN : Number(line.slice(series.length + 1))
}

describe("relay metrics", () => {
  const relays: Array<Relay> = []
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((relay) => relay.stop()))
  })

  it("counts sockets, topics, stored messages, publishes, deliveries and refusals, on the metrics port only", async () => {
    const relay = await startRelay({ metricsPort: 0 })
    relays.push(relay)
    const before = await scrape(relay)
    expect(value(before, "portico_relay_open_sockets")).toBe(0)
    expect(value(before, "portico_relay_messages_published_total")).toBe(0)

    const topic = Raw.topic("metrics")
    const publisher = await Raw.connect(relay.url, Raw.token({ audience: relay.publicUrl }))
    const reader = await Raw.connect(relay.url, Raw.token({ audience: relay.publicUrl }))
    await reader.request("irn_subscribe", { topic })
    for (const message of ["one", "two"]) expect((await publisher.request("irn_publish", { topic, message, ttl: 300 })).result).toBe(true)
    const pushes = await reader.pushes()
    for (const push of pushes) reader.ack(push)
    await reader.pushes()
    expect(await Raw.refusedStatus(relay.url, "?auth=forged&projectId=test")).toBe(401)

    const after = await scrape(relay)
    expect(value(after, "portico_relay_open_sockets")).toBe(2)
    expect(value(after, "portico_relay_topics_with_subscribers")).toBe(1)
    expect(value(after, "portico_relay_messages_stored")).toBe(2)
    expect(value(after, "portico_relay_stored_bytes")).toBeGreaterThan(0)
    expect(value(after, "portico_relay_messages_published_total")).toBe(2)
    expect(value(after, "portico_relay_messages_delivered_total")).toBe(2)
    expect(after).toMatch(/^portico_relay_refusals_total\{reason="[^"]+"\} 1$/m)
    // A scrape again counts nothing twice.
    expect(value(await scrape(relay), "portico_relay_messages_published_total")).toBe(2)

    expect((await fetch(`${relay.url.replace("ws:", "http:")}/metrics`)).status).toBe(426)
    publisher.socket.close()
    reader.socket.close()
  })

  it("serves none without a metrics port", async () => {
    const relay = await startRelay()
    relays.push(relay)
    expect(relay.metricsUrl).toBeUndefined()
  })
})
