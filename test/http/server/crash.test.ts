/**
 * Nothing committed is lost across a crash: write through a server process (the CLI entry on a PGlite
 * data directory), kill -9 it, restart it on the same directory and read everything back.
 */
import type { ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import * as Effect from "effect/Effect"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, expect, it } from "vitest"
import { migrations as schemaMigrations } from "../../../http/server/Migrations.ts"
import { withClient } from "../support/client.ts"
import { startServerProcess } from "../support/serverProcess.ts"

const schemaVersions = schemaMigrations.map((migration) => migration.version)

const dir = mkdtempSync(join(tmpdir(), "portico-crash-"))
const dataDir = join(dir, "db")
const api = { projects: { "test-project": { allowedOrigins: ["*"], analyticsEnabled: true } } }
const children: Array<ChildProcess> = []
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL")
  rmSync(dir, { recursive: true, force: true })
})

const startProcess = async () => {
  const server = await startServerProcess({ api, dataDir })
  children.push(server.child)
  return server
}

const killHard = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve())
    child.kill("SIGKILL")
  })

it("keeps every committed write across kill -9", async () => {
  const account = privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a")
  const first = await startProcess()
  const names = ["crash-one.portico.id", "crash-two.portico.id", "crash-three.portico.id"]
  for (const [i, name] of names.entries()) {
    const message = JSON.stringify({ name, timestamp: Date.now(), nonce: `crash-${i}` })
    const signature = await account.signMessage({ message })
    await withClient({ url: first.url }, (c) =>
      c.blockchain.registerName({ query: {}, payload: { coin_type: 60, address: account.address, message, signature } }))
  }
  for (let i = 0; i < 5; i++) {
    await withClient({ url: first.url }, (c) =>
      c.analytics.send({ query: {}, payload: { eventId: `crash-${i}`, url: "https://a.example.com/", domain: "a.example.com", timestamp: Date.now(), props: { event: "MODAL_OPEN" } } }))
  }
  await killHard(first.child)

  const second = await startProcess()
  const reverse = await withClient({ url: second.url }, (c) => c.blockchain.profileReverse({ params: { address: account.address }, query: {} }))
  expect(reverse.map((entry) => entry.name).toSorted()).toEqual(names.toSorted())
  const message = JSON.stringify({ name: names[0], timestamp: Date.now(), nonce: "crash-again" })
  const signature = await account.signMessage({ message })
  const taken = await withClient({ url: second.url }, (c) =>
    Effect.flip(c.blockchain.registerName({ query: {}, payload: { coin_type: 60, address: account.address, message, signature } })))
  expect(taken).toMatchObject({ _tag: "Conflict", message: `name: ${names[0]} is already taken` })
  await killHard(second.child)

  // portico-server keeps the API's PGlite data in <dataDir>/api.
  const db = await PGlite.create(join(dataDir, "api"))
  try {
    const events = await db.query<{ count: number }>("SELECT count(*)::int AS count FROM analytics_events WHERE project_id = 'test-project'")
    expect(events.rows[0]?.count).toBe(5)
    const migrations = await db.query<{ version: number }>("SELECT version FROM portico_migrations ORDER BY version")
    expect(migrations.rows.map((row) => row.version)).toEqual(schemaVersions)
  } finally {
    await db.close()
  }
})
