/**
 * docs/deploy.md as an operator follows it: every file block is the file it names (docs/deploy/), every
 * shell block is run here in order, its `/opt`, `/etc` and `/var` paths moved into a temporary folder and
 * the package's name replaced by the packed tarball (nothing is published), and every configuration key
 * the server reads is described. The guide's own server runs from the installed package, as the
 * systemd unit starts it, and stops on SIGTERM with 0; its backups restore, on PGlite and on Postgres.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createServer, type AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PorticoServerConfig } from "../../http/cli/PorticoServerConfig.ts"
import { openDatabase, rows } from "../../http/server/Database.ts"
import { postgresAvailable, startPostgres, type Postgres } from "../http/support/postgres.ts"
import { repository, tarball } from "../support/Tarballs.ts"
import * as Schema from "effect/Schema"

const guide = readFileSync(join(repository, "docs/deploy.md"), "utf8")

interface Block {
  readonly lang: string
  readonly attributes: Readonly<Record<string, string>>
  readonly body: string
}

const blocks: ReadonlyArray<Block> = [...guide.matchAll(/^```(\w+)([^\n]*)\n([\s\S]*?)^```$/gm)].map((match) => ({
  lang: match[1] ?? "",
  attributes: Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)=(\S+)/g)].map((pair) => [pair[1] ?? "", pair[2] ?? ""])),
  body: match[3] ?? ""
}))
const shell = (name: string): string => blocks.find((block) => block.lang === "sh" && block.attributes["test"] === name)?.body ?? ""

/** Every key of the configuration's schema, however deep (struct fields, through optional keys, arrays, unions, records). */
const keysOf = (schema: unknown, found = new Set<string>(), seen = new Set<unknown>()): ReadonlySet<string> => {
  if (typeof schema !== "object" && typeof schema !== "function" || schema === null || seen.has(schema)) return found
  seen.add(schema)
  const node = schema as { fields?: Record<string, unknown>; schema?: unknown; members?: ReadonlyArray<unknown>; value?: unknown }
  for (const [key, field] of Object.entries(node.fields ?? {})) {
    found.add(key)
    keysOf(field, found, seen)
  }
  for (const inner of [node.schema, node.value, ...(node.members ?? [])]) keysOf(inner, found, seen)
  return found
}

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => done(port))
    })
  })

/** A database's tables, by name. */
const tables = async (databaseUrl: string) => {
  const db = await openDatabase({ databaseUrl })
  const found = await rows(db, Schema.Struct({ name: Schema.String }), "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1")
  await db.close()
  return found.map((row) => row.name)
}

describe("docs/deploy.md", () => {
  it("describes every configuration key portico-server reads", () => {
    const keys = [...keysOf(PorticoServerConfig)]
    expect(keys.length).toBeGreaterThan(100)
    const undescribed = keys.filter((key) => !new RegExp(`\`(?:[\\w.\\[\\]]*\\.)?${key}(?:\\[\\])?\``).test(guide))
    expect(undescribed).toEqual([])
  })

  it("shows the files it names, each as committed, and runs every shell block it shows", () => {
    const files = blocks.filter((block) => block.attributes["file"] !== undefined)
    expect(files.map((block) => block.attributes["file"])).toEqual(["docs/deploy/portico.json", "docs/deploy/portico-server.service", "docs/deploy/nginx.conf"])
    for (const block of files) expect(block.body).toBe(readFileSync(join(repository, block.attributes["file"] ?? ""), "utf8"))
    const named = blocks.filter((block) => block.lang === "sh").map((block) => block.attributes["test"])
    expect(named).toEqual(["install", "keys", "run", "systemd", "backup-pglite", "restore-pglite", "backup-postgres", "restore-postgres", "upgrade"])
  })

  it("its example configuration is accepted once its keys are in, and refused, naming them, before", () => {
    const decode = Schema.decodeUnknownSync(Schema.fromJsonString(PorticoServerConfig))
    const example = readFileSync(join(repository, "docs/deploy/portico.json"), "utf8")
    expect(() => decode(example)).toThrow(/sessionKey/)
    expect(() => decode(example.replace("SESSION_KEY", "a".repeat(64)).replace("SHARE_KEY", "b".repeat(64)))).not.toThrow()
  })

  describe("followed on this machine", () => {
    let root: string
    /** Every server started here: a test that fails midway leaves none running. */
    const children: Array<ChildProcess> = []
    /** The guide's absolute paths, moved under `root`; the package's name, the tarball. */
    const moved = (text: string) =>
      text.replaceAll(/(?<![\w.-])\/(opt|etc|var)\//g, `${root}/$1/`).replaceAll("portico-server@0.1.0", tarball("portico-server"))
    const run = (name: string, env: Readonly<Record<string, string>> = {}) =>
      execFileSync("bash", ["-euo", "pipefail", "-c", moved(shell(name))], { cwd: root, encoding: "utf8", env: { ...process.env, ...env } })

    /** The server as the unit starts it: its ExecStart, in its WorkingDirectory, with its Environment. */
    const unit = () => readFileSync(join(root, "etc/systemd/system/portico-server.service"), "utf8")
    const unitValue = (key: string) => (unit().match(new RegExp(`^${key}=(.*)$`, "m"))?.[1] ?? "")
    const startService = (env: Readonly<Record<string, string>> = {}) => {
      const [, ...args] = unitValue("ExecStart").split(" ")
      const [name = "", value = ""] = unitValue("Environment").split("=")
      const child = spawn(process.execPath, args, { cwd: unitValue("WorkingDirectory"), env: { ...process.env, [name]: value, ...env }, stdio: ["ignore", "pipe", "pipe"] })
      children.push(child)
      const printed: Array<string> = []
      child.stdout.on("data", (chunk: Buffer) => printed.push(chunk.toString()))
      child.stderr.on("data", (chunk: Buffer) => printed.push(chunk.toString()))
      const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)))
      const listening = new Promise<string>((resolve, reject) => {
        child.stdout.on("data", () => {
          const api = /API listening on (\S+)/.exec(printed.join(""))?.[1]
          if (api !== undefined && (/relay listening/.test(printed.join("")) || env["ONLY_API"] !== undefined)) resolve(api)
        })
        void exited.then((code) => reject(new Error(`portico-server exited with ${code}: ${printed.join("")}`)))
      })
      return { listening, stop: () => (child.kill("SIGTERM"), exited) }
    }

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), "portico-deploy-"))
      for (const folder of ["etc/portico", "etc/systemd/system", "var/lib/portico"]) mkdirSync(join(root, folder), { recursive: true })
      writeFileSync(join(root, "etc/systemd/system/portico-server.service"), moved(readFileSync(join(repository, "docs/deploy/portico-server.service"), "utf8")))
    })
    afterAll(() => {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
      rmSync(root, { recursive: true, force: true })
    })

    it("installs the package, makes its keys, runs it by hand and as the unit says; SIGTERM exits 0", async () => {
      run("install")
      expect(existsSync(join(root, "opt/portico/node_modules/.bin/portico-server"))).toBe(true)
      const keys = run("keys").trim().split("\n")
      expect(keys).toHaveLength(2)
      for (const key of keys) expect(key).toMatch(/^[0-9a-f]{64}$/)

      // The example configuration with its keys, on free ports, its chain node one that answers nothing.
      const config = JSON.parse(moved(readFileSync(join(repository, "docs/deploy/portico.json"), "utf8"))) as {
        api: { port: number; metricsPort: number; evm: Array<{ rpcUrl: string }>; embedded: { sessionKey: string; shareKey: string } }
        relay: { port: number }
      }
      config.api.port = await freePort()
      config.api.metricsPort = await freePort()
      config.relay.port = await freePort()
      config.api.embedded.sessionKey = keys[0] ?? ""
      config.api.embedded.shareKey = keys[1] ?? ""
      for (const chain of config.api.evm) chain.rpcUrl = `http://127.0.0.1:${await freePort()}`
      writeFileSync(join(root, "etc/portico/portico.json"), JSON.stringify(config))

      // By hand: the guide's command, the shell replaced by it (exec) so the signal reaches the server.
      const lines = moved(shell("run")).trim().split("\n")
      const byHand = spawn("bash", ["-c", [...lines.slice(0, -1), `exec ${lines.at(-1) ?? ""}`].join("\n")], { cwd: root, stdio: ["ignore", "pipe", "pipe"] })
      children.push(byHand)
      let printed = ""
      byHand.stdout.on("data", (chunk: Buffer) => printed += chunk.toString())
      const byHandExit = new Promise<number | null>((done) => byHand.once("exit", (code) => done(code)))
      await expect.poll(() => printed, { timeout: 60_000 }).toMatch(/relay listening/)
      expect((await fetch(`http://127.0.0.1:${config.api.port}/healthz`)).status).toBe(200)
      // Not ready: the configured chain node answers nothing, and /readyz says so.
      expect((await fetch(`http://127.0.0.1:${config.api.port}/readyz`)).status).toBe(503)
      byHand.kill("SIGTERM")
      expect(await byHandExit).toBe(0)

      // The unit: verified by systemd, then its ExecStart run as systemd runs it.
      execFileSync("bash", ["-c", moved(shell("systemd"))], { stdio: "pipe" })
      const service = startService()
      const api = await service.listening
      expect((await fetch(`${api}/healthz`)).status).toBe(200)
      expect(await service.stop()).toBe(0)
    }, 420_000)

    it("restores a PGlite backup the server starts on, and upgrades in place", async () => {
      const data = join(root, "var/lib/portico/data")
      const before = readdirSync(data).toSorted()
      run("backup-pglite")
      run("restore-pglite")
      expect(readdirSync(data).toSorted()).toEqual(before)
      run("upgrade")
      const service = startService()
      expect((await fetch(`${await service.listening}/healthz`)).status).toBe(200)
      expect(await service.stop()).toBe(0)
    }, 420_000)

    describe.skipIf(!postgresAvailable)("on Postgres", () => {
      let postgres: Postgres | undefined
      beforeAll(async () => {
        postgres = await startPostgres()
      }, 300_000)
      afterAll(() => postgres?.stop())

      it("backs up a running server's database and restores it into an empty one it starts on", async () => {
        const url = postgres?.url ?? ""
        const admin = await openDatabase({ databaseUrl: url })
        await admin.query("CREATE DATABASE portico_live")
        await admin.query("CREATE DATABASE portico_restored")
        await admin.close()
        const live = url.replace(/\/postgres$/, "/portico_live")
        const restored = url.replace(/\/postgres$/, "/portico_restored")
        const binaries = readdirSync("/usr/lib/postgresql").map((version) => `/usr/lib/postgresql/${version}/bin`)
        const path = [...binaries, process.env["PATH"] ?? ""].join(":")

        const service = startService({ DATABASE_URL: live })
        await service.listening
        run("backup-postgres", { DATABASE_URL: live, PATH: path })
        expect(await service.stop()).toBe(0)
        run("restore-postgres", { DATABASE_URL: restored, PATH: path })

        expect((await tables(live)).length).toBeGreaterThan(5)
        expect(await tables(restored)).toEqual(await tables(live))
        const again = startService({ DATABASE_URL: restored })
        expect((await fetch(`${await again.listening}/healthz`)).status).toBe(200)
        expect(await again.stop()).toBe(0)
      }, 420_000)
    })
  })
})
