/**
 * Benchmark (a script, not a test): `node test/bench/relay.ts [--messages 2000] [--clients 16]`.
 * Publishes `--messages` messages of 1 KiB to one subscriber through the relay from `--clients` publishing
 * clients (each socket's requests are served in order, so each waits for its previous answer), and prints
 * the publish rate and the latency from sending a publish to its push reaching the subscriber (p50, p99),
 * for each store: memory, PGlite in a temporary folder,
 * and, when Debian's postgresql is installed, Postgres with the publisher on one relay process and the
 * subscriber on another (the push crosses processes through NOTIFY). Relays run in this process.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { parseArgs } from "node:util"
import { startRelay, type Relay } from "../../http/relay/Relay.ts"
import type { RelayOptions } from "../../http/relay/RelayOptions.ts"
import { startPostgres } from "../http/support/postgres.ts"
import * as Raw from "../http/relay/support/RawClient.ts"

const { values } = parseArgs({ options: { messages: { type: "string", default: "2000" }, clients: { type: "string", default: "16" } } })
const messages = Number(values.messages)
const clients = Number(values.clients)
const body = "x".repeat(1024)

const percentile = (sorted: ReadonlyArray<number>, p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0

const measure = async (label: string, publishOn: Relay, subscribeOn: Relay) => {
  const topic = Raw.topic(`bench-${label}`)
  // The bench publishes far above the default rate: its clients are its own.
  const subscriber = await Raw.connect(subscribeOn.url, Raw.token({ audience: subscribeOn.publicUrl }))
  const publishers = await Promise.all(Array.from({ length: clients }, () => Raw.connect(publishOn.url, Raw.token({ audience: publishOn.publicUrl }))))
  await subscriber.request("irn_subscribe", { topic })
  const sentAt = new Map<string, number>()
  const latencies: Array<number> = []
  // A refused publish is never pushed: the run ends when every publish was pushed or refused.
  const refusals: Array<string> = []
  let done: (() => void) | undefined
  const all = new Promise<void>((resolve) => {
    done = resolve
  })
  subscriber.socket.on("message", (data) => {
    const frame = JSON.parse(data.toString()) as Raw.Frame
    if (frame.method !== "irn_subscription") return
    subscriber.ack(frame)
    const id = String(frame.params?.data["message"]).slice(0, 12)
    const started = sentAt.get(id)
    if (started !== undefined) latencies.push(performance.now() - started)
    if (latencies.length + refusals.length === messages) done?.()
  })
  const started = performance.now()
  let next = 0
  const worker = async (publisher: Raw.RawClient) => {
    while (next < messages) {
      const id = String(next++).padStart(12, "0")
      sentAt.set(id, performance.now())
      const answer = await publisher.request("irn_publish", { topic, message: `${id}${body}`, ttl: 300 })
      if (answer.error !== undefined) refusals.push(answer.error.message)
      if (latencies.length + refusals.length === messages) done?.()
    }
  }
  await Promise.all(publishers.map(worker))
  const published = performance.now() - started
  await all
  const sorted = latencies.toSorted((a, b) => a - b)
  console.log(
    `${label.padEnd(28)} ${Math.round((messages / published) * 1000)} publishes/s   push latency p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms   refused ${refusals.length}`
  )
  for (const client of [...publishers, subscriber]) client.socket.close()
}

const limits: RelayOptions["limits"] = { publishRate: { requests: 1_000_000, perSeconds: 1 } }
const folder = mkdtempSync(join(tmpdir(), "portico-relay-bench-"))
try {
  const memory = await startRelay({ limits })
  await measure("memory", memory, memory)
  await memory.stop()

  const pglite = await startRelay({ dataDir: join(folder, "db"), limits })
  await measure("PGlite", pglite, pglite)
  await pglite.stop()

  const postgres = await startPostgres()
  if (postgres === undefined) console.log("Postgres: skipped (apt-get install postgresql)")
  else {
    try {
      const [a, b] = await Promise.all([startRelay({ databaseUrl: postgres.url, limits }), startRelay({ databaseUrl: postgres.url, limits })])
      await measure("Postgres, one process", a, a)
      await measure("Postgres, across processes", a, b)
      await Promise.all([a.stop(), b.stop()])
    } finally {
      postgres.stop()
    }
  }
} finally {
  rmSync(folder, { recursive: true, force: true })
}
