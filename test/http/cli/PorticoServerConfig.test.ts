import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { PorticoServerConfigError, resolve } from "../../../http/cli/PorticoServerConfig.ts"

const embedded = {
  sessionKey: "a".repeat(64),
  shareKey: "b".repeat(64),
  publicUrl: "https://wallet.example.com",
  smtp: { host: "mail.example.com", port: 587, from: "Portico <login@example.com>" }
}

describe("portico-server's configuration", () => {
  it("keeps each service's PGlite data in its own folder under dataDir, and the relay on 5555 by default", () => {
    const resolved = resolve({ dataDir: "/var/lib/portico" }, {}, ["api", "relay"], undefined)
    expect(resolved.api?.dataDir).toBe("/var/lib/portico/api")
    expect(resolved.relay).toMatchObject({ dataDir: "/var/lib/portico/relay", port: 5555 })
  })

  it("puts both services on Postgres when DATABASE_URL is set, over the file's dataDir", () => {
    const resolved = resolve({ dataDir: "here", databaseUrl: "postgres://file" }, { DATABASE_URL: "postgres://env" }, ["api", "relay"], undefined)
    expect(resolved.api).toMatchObject({ databaseUrl: "postgres://env" })
    expect(resolved.api?.dataDir).toBeUndefined()
    expect(resolved.relay).toMatchObject({ databaseUrl: "postgres://env" })
  })

  it("lets the environment say where each runs", () => {
    const resolved = resolve({ api: { port: 1 }, relay: { port: 2 } }, {
      PORTICO_API_HOST: "0.0.0.0",
      PORTICO_API_PORT: "8080",
      PORTICO_API_METRICS_PORT: "9100",
      PORTICO_RELAY_PORT: "8081",
      PORTICO_RELAY_PUBLIC_URL: "wss://relay.example.com"
    }, ["api", "relay"], undefined)
    expect(resolved.api).toMatchObject({ host: "0.0.0.0", port: 8080, metricsPort: 9100 })
    expect(resolved.relay).toMatchObject({ port: 8081, publicUrl: "wss://relay.example.com" })
  })

  it("refuses a port that is not one, naming the variable", () => {
    for (const value of ["80a", "-1", "65536", "", "0x50"]) {
      expect(() => resolve({}, { PORTICO_API_PORT: value }, ["api"], undefined)).toThrow(PorticoServerConfigError)
    }
    expect(() => resolve({}, { PORTICO_RELAY_PORT: "99999" }, ["relay"], undefined)).toThrow(/PORTICO_RELAY_PORT/)
  })

  it("runs only the services asked for, and no relay when the file says false", () => {
    expect(resolve({}, {}, ["api"], undefined).relay).toBeUndefined()
    expect(resolve({}, {}, ["relay"], undefined).api).toBeUndefined()
    expect(resolve({ relay: false }, {}, ["api", "relay"], undefined).relay).toBeUndefined()
  })

  it("serves the frame pages shipped beside the bin unless the file names its own", () => {
    const shipped = mkdtempSync(join(tmpdir(), "portico-frame-"))
    expect(resolve({ api: { embedded } }, {}, ["api"], shipped).api?.embedded?.frameAssets).toBe(shipped)
    expect(resolve({ api: { embedded: { ...embedded, frameAssets: "/srv/frame" } } }, {}, ["api"], shipped).api?.embedded?.frameAssets).toBe("/srv/frame")
    expect(resolve({ api: { embedded } }, {}, ["api"], join(shipped, "absent")).api?.embedded?.frameAssets).toBeUndefined()
  })
})
