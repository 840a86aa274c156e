/**
 * The server refuses, before it opens anything, the configurations that would put visitors' keys at risk
 * (SafeConfiguration.ts): each refusal is an `UnsafeConfigurationError` naming the key and the fix, and
 * the CLI prints it (no stack, no secret) and exits 1. A safe configuration, and the sandbox's local one
 * with `allowUnsafeLocalOrigins`, start.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import type { EmbeddedOptions, ServerOptions } from "../../../http/server/ServerOptions.ts"
import { startApiServer, UnsafeConfigurationError } from "../../../http/server/start.ts"
import { randomKey } from "../support/embedded.ts"
import { runServerProcess } from "../support/serverProcess.ts"

const dir = mkdtempSync(join(tmpdir(), "portico-safe-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const walletUrl = "https://wallet.example.com"
const embedded: EmbeddedOptions = {
  sessionKey: randomKey(),
  shareKey: randomKey(),
  smtp: { host: "127.0.0.1", port: 9, from: "Portico <login@example.com>" },
  publicUrl: walletUrl
}
/** A production-shaped configuration: the wallet on its own origin, each project naming its pages. */
const safe: ServerOptions = { port: 0, projects: { shop: { allowedOrigins: ["https://shop.example.com", "https://*.shop.example.com"] } }, embedded }

/** Starts `options` expecting a refusal; the data folder it names must never have been created. */
const refusal = async (options: ServerOptions): Promise<UnsafeConfigurationError> => {
  const dataDir = join(dir, `never-${Math.random().toString(36).slice(2)}`)
  const outcome = await startApiServer({ ...options, dataDir }).then(
    async (server) => {
      await server.stop()
      return undefined
    },
    (error: unknown) => error
  )
  expect(outcome).toBeInstanceOf(UnsafeConfigurationError)
  expect(existsSync(dataDir)).toBe(false)
  return outcome as UnsafeConfigurationError
}

const withEmbedded = (changes: Partial<Record<keyof EmbeddedOptions, unknown>>): ServerOptions => ({ ...safe, embedded: { ...embedded, ...changes } as EmbeddedOptions })

describe("startApiServer refuses", () => {
  it("a project allowing '*' while the embedded wallet is on", async () => {
    const refused = await refusal({ ...safe, projects: { ...safe.projects, open: { allowedOrigins: ["https://a.example", "*"] } } })
    expect(refused).toMatchObject({ _tag: "UnsafeConfigurationError", key: "projects.open.allowedOrigins" })
    expect(refused.message).toMatch(/holds '\*' while the embedded wallet is on.*list the host's origins/)
  })

  it("allowUnsafeLocalOrigins on a server reached on anything but loopback", async () => {
    const local: ServerOptions = { ...safe, projects: { open: { allowedOrigins: ["*"] } }, allowUnsafeLocalOrigins: true }
    expect(await refusal(local)).toMatchObject({ key: "allowUnsafeLocalOrigins", message: expect.stringMatching(/embedded\.publicUrl is not loopback/) })
    const loopbackWallet = { ...local, embedded: { ...embedded, publicUrl: "http://127.0.0.1:8790" } }
    expect(await refusal({ ...loopbackWallet, host: "0.0.0.0" })).toMatchObject({ key: "allowUnsafeLocalOrigins", message: expect.stringMatching(/host is not loopback/) })
    expect(await refusal({ ...loopbackWallet, publicUrl: "https://api.example.com" })).toMatchObject({ key: "allowUnsafeLocalOrigins", message: expect.stringMatching(/publicUrl is not loopback/) })
  })

  it("a project whose allowlist admits the wallet's own origin", async () => {
    for (const allowed of [walletUrl, "https://*.example.com"]) {
      const refused = await refusal({ ...safe, projects: { shop: { allowedOrigins: ["https://shop.example.com", allowed] } } })
      expect(refused).toMatchObject({ key: "projects.shop.allowedOrigins" })
      expect(refused.message).toContain(`admits ${walletUrl}, the embedded wallet's own origin (embedded.publicUrl)`)
    }
    const behindProxy = await refusal({ ...safe, publicUrl: "https://api.shop.example.com" })
    expect(behindProxy).toMatchObject({ key: "projects.shop.allowedOrigins", message: expect.stringContaining("(publicUrl)") })
  })

  it("a missing, malformed or weak embedded key, or one key for both uses", async () => {
    const cases: ReadonlyArray<readonly [Partial<Record<keyof EmbeddedOptions, unknown>>, string, RegExp]> = [
      [{ shareKey: undefined }, "embedded.shareKey", /is missing: set it to 32 random bytes in hex \(openssl rand -hex 32\)/],
      [{ shareKey: "" }, "embedded.shareKey", /is missing/],
      [{ shareKey: randomKey().slice(2) }, "embedded.shareKey", /must be 32 bytes as 64 hex digits/],
      [{ shareKey: `${randomKey().slice(2)}zz` }, "embedded.shareKey", /must be 32 bytes as 64 hex digits/],
      [{ shareKey: "22".repeat(32) }, "embedded.shareKey", /is not a random key/],
      [{ shareKey: "0123456789abcdef".repeat(4) }, "embedded.shareKey", /is not a random key/],
      [{ sessionKey: "00".repeat(32) }, "embedded.sessionKey", /is not a random key/],
      [{ shareKey: embedded.sessionKey.toUpperCase() }, "embedded.shareKey", /equals embedded\.sessionKey/]
    ]
    for (const [changes, key, message] of cases) {
      const refused = await refusal(withEmbedded(changes))
      expect(refused).toMatchObject({ key })
      expect(refused.message).toMatch(message)
    }
  })

  it("a provider's secret left empty", async () => {
    const social = { github: { clientId: "id", clientSecret: " ", authorizationEndpoint: "https://github.com/login/oauth/authorize", tokenEndpoint: "https://github.com/login/oauth/access_token", userinfoEndpoint: "https://api.github.com/user" } }
    expect(await refusal(withEmbedded({ social }))).toMatchObject({ key: "embedded.social.github.clientSecret" })
    expect(await refusal(withEmbedded({ smtp: { ...embedded.smtp, auth: { user: "login", pass: "" } } }))).toMatchObject({ key: "embedded.smtp.auth.pass" })
    const moonpay = { kind: "moonpay", publishableKey: "pk_test", secretKey: "sk_test", webhookKey: "" } as const
    expect(await refusal({ ...safe, onramp: { providers: [moonpay] } })).toMatchObject({ key: "onramp.providers.0.webhookKey" })
    const coinbase = { kind: "coinbase", keyName: "organizations/o/apiKeys/k", keySecret: "" } as const
    expect(await refusal({ port: 0, onramp: { providers: [coinbase] } })).toMatchObject({ key: "onramp.providers.0.keySecret" })
  })

  it("a sessions relayer key that is not a random secp256k1 key, without ever printing it", async () => {
    const order = "0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"
    for (const relayerKey of ["", randomKey(), `0x${randomKey().slice(2)}`, `0x${"0".repeat(64)}`, order, `0x${"ab".repeat(32)}`]) {
      const error = await refusal({ ...safe, sessions: { relayerKey } })
      expect(error).toMatchObject({ key: "sessions.relayerKey" })
      if (relayerKey !== "") expect(error.message).not.toContain(relayerKey.replace(/^0x/, ""))
    }
  })
})

describe("startApiServer starts", () => {
  it("a safe configuration (with a sessions relayer), and a local one with allowUnsafeLocalOrigins", async () => {
    const local: ServerOptions = {
      port: 0,
      projects: { sandbox: { allowedOrigins: ["*"] } },
      allowUnsafeLocalOrigins: true,
      embedded: { ...embedded, publicUrl: "http://127.0.0.1:8790" }
    }
    for (const options of [{ ...safe, sessions: { relayerKey: `0x${randomKey()}` } }, local]) {
      const server = await startApiServer(options)
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      await server.stop()
    }
  })
})

describe("the CLI", () => {
  it("prints a refusal's message, without stack or secret, and exits 1", async () => {
    const weak = "22".repeat(32)
    const malformed = `${randomKey().slice(4)}`
    for (const [shareKey, expected] of [[weak, /Unsafe configuration: embedded\.shareKey is not a random key/], [malformed, /embedded\.shareKey: must be 32 random bytes as 64 hex digits/]] as const) {
      const exit = await runServerProcess({ api: { projects: safe.projects, embedded: { ...embedded, shareKey } }, dataDir: join(dir, "cli") })
      expect(exit.code).toBe(1)
      expect(exit.output).toMatch(expected)
      expect(exit.output).not.toContain(shareKey)
      expect(exit.output).not.toMatch(/\n\s+at /)
    }
    expect(existsSync(join(dir, "cli"))).toBe(false)
  }, 60_000)
})
