/**
 * Restart loses nothing: messages and receipts live in the relay's database (PGlite in a data folder here),
 * so a message published while its subscriber is offline survives a stop and start, and a relay process
 * killed with SIGKILL; it is delivered on subscribe, an unacknowledged push is delivered again, and what
 * the client acknowledged or what outlived its TTL on the relay's clock is not.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { generateSeed } from "../../../core/walletconnect/RelayAuth.ts"
import { startRelay } from "../../../http/relay/Relay.ts"
import { manualClock } from "./support/ManualClock.ts"
import * as Raw from "./support/RawClient.ts"
import { startRelayProcess } from "./support/RelayProcess.ts"

const folders: Array<string> = []
const dataDir = () => {
  const folder = mkdtempSync(join(tmpdir(), "portico-relay-"))
  folders.push(folder)
  return join(folder, "db")
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

const messagesOf = (pushes: ReadonlyArray<Raw.Frame>) => pushes.map((push) => push.params?.data["message"])

describe("the relay's messages across a restart", () => {
  it("delivers after a stop and start what waited, again what was not acknowledged, and nothing expired", async () => {
    const time = manualClock()
    const folder = dataDir()
    const topic = Raw.topic("restart")
    const reader = generateSeed()
    const first = await startRelay({ dataDir: folder }, { clock: time.clock })
    const auth = (seed = generateSeed()) => Raw.token({ seed, audience: first.publicUrl, issuedAt: time.seconds() })
    try {
      const publisher = await Raw.connect(first.url, auth())
      for (const [message, ttl] of [["acknowledged", 300], ["short-lived", 30], ["unacknowledged", 300]] as const) {
        expect((await publisher.request("irn_publish", { topic, message, ttl })).result).toBe(true)
      }
      const online = await Raw.connect(first.url, auth(reader))
      await online.request("irn_subscribe", { topic })
      const pushes = await online.pushes()
      expect(messagesOf(pushes)).toEqual(["acknowledged", "short-lived", "unacknowledged"])
      online.ack(pushes[0] as Raw.Frame)
      // The acknowledgement reaches the relay before it stops (a later request is answered after it).
      await online.pushes()
    } finally {
      await first.stop()
    }

    time.advance(31_000)
    const second = await startRelay({ dataDir: folder }, { clock: time.clock })
    try {
      const again = await Raw.connect(second.url, Raw.token({ seed: reader, audience: second.publicUrl, issuedAt: time.seconds() }))
      await again.request("irn_subscribe", { topic })
      expect(messagesOf(await again.pushes())).toEqual(["unacknowledged"])
      const offline = await Raw.connect(second.url, Raw.token({ audience: second.publicUrl, issuedAt: time.seconds() }))
      await offline.request("irn_subscribe", { topic })
      expect(messagesOf(await offline.pushes())).toEqual(["acknowledged", "unacknowledged"])
    } finally {
      await second.stop()
    }
  }, 180_000)

  it("loses no answered publish when the relay process is killed with SIGKILL", async () => {
    const folder = dataDir()
    const topic = Raw.topic("crash")
    const reader = generateSeed()
    const crashed = await startRelayProcess({ PORTICO_DATA_DIR: folder })
    try {
      const publisher = await Raw.connect(crashed.url, Raw.token({ audience: crashed.url }))
      const published = await Promise.all(["one", "two", "three"].map((message) => publisher.request("irn_publish", { topic, message, ttl: 300 })))
      expect(published.map((answer) => answer.result)).toEqual([true, true, true])
      const online = await Raw.connect(crashed.url, Raw.token({ seed: reader, audience: crashed.url }))
      await online.request("irn_subscribe", { topic })
      const pushes = await online.pushes()
      expect(messagesOf(pushes)).toEqual(["one", "two", "three"])
    } finally {
      expect(await crashed.kill("SIGKILL")).toBeNull()
    }

    // The dead process's lock on the folder is taken over.
    const restarted = await startRelayProcess({ PORTICO_DATA_DIR: folder })
    try {
      const again = await Raw.connect(restarted.url, Raw.token({ seed: reader, audience: restarted.url }))
      await again.request("irn_subscribe", { topic })
      expect(messagesOf(await again.pushes())).toEqual(["one", "two", "three"])
    } finally {
      expect(await restarted.kill("SIGTERM")).toBe(0)
    }
  }, 180_000)
})
