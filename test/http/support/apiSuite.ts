/**
 * The API suite: the derived clients against the real server on loopback (port 0) for every
 * implemented endpoint and its error cases, project guard (origins with wildcards, unknown project,
 * missing sdk query, rate limit), names with signature checks, wallet paging and search. Run on
 * in-memory PGlite (test/http/server/start.test.ts) and on Postgres (test/http/server/Postgres.test.ts).
 */
import { getAddressFromPublicKey, getBase58Decoder } from "@solana/kit"
import * as Effect from "effect/Effect"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { NameNotRegistered } from "../../../core/Name.ts"
import type { ServerOptions } from "../../../http/server/ServerOptions.ts"
import { walletSeed } from "../../../http/server/WalletSeed.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { registeredName, withClient } from "./client.ts"

const alice = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80")
const bob = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
const usdc = "0x5FbDB2315678afecb367f032d93F642f64180aa3"

const registrationMessage = (name: string, nonce: string, timestamp = Date.now()) =>
  JSON.stringify({ name, attributes: { avatar: "https://example.com/a.png" }, timestamp, nonce })

/** `database` is read when the suite starts, so a database started in an outer beforeAll can be used. */
export const apiSuite = (database: () => Pick<ServerOptions, "databaseUrl" | "dataDir">) => {
  let server: ApiServer
  beforeAll(async () => {
    server = await startApiServer({
      ...database(),
      port: 0,
      projects: {
        "test-project": { allowedOrigins: ["https://*.example.com", "http://localhost:5173"], analyticsEnabled: true },
        "quiet-project": { allowedOrigins: ["*"] }
      },
      evm: [{
        chainId: 31337,
        rpcUrl: "http://127.0.0.1:9/unused",
        tokens: [{ address: usdc, symbol: "USDC", name: "USD Coin", decimals: 6 }],
        explorer: { url: "http://127.0.0.1:9/api", kind: "blockscout" }
      }],
      prices: { "eip155:31337:native": 3000, [`eip155:31337:${usdc}`]: 1 }
    })
  })
  afterAll(() => server.stop())

  const setup = () => ({ url: server.url })

  describe("project guard", () => {
    it("answers calls from an origin matching a wildcard, and calls without an Origin", async () => {
      const chains = await withClient({ ...setup(), origin: "https://app.example.com" }, (c) => c.blockchain.supportedChains({ query: {} }))
      expect(chains.http).toEqual(["eip155:31337"])
      const deep = await withClient({ ...setup(), origin: "https://a.b.example.com" }, (c) => c.wallets.analyticsConfig({ query: {} }))
      expect(deep.isAnalyticsEnabled).toBe(true)
      const none = await withClient(setup(), (c) => c.wallets.origins({ query: {} }))
      expect(none.allowedOrigins).toEqual(["https://*.example.com", "http://localhost:5173"])
    })

    it("refuses origins off the allowlist with 403 'Unauthorized: origin not allowed'", async () => {
      for (const origin of ["https://example.com", "https://evil-example.com", "http://app.example.com", "http://localhost:5174"]) {
        const error = await withClient({ ...setup(), origin }, (c) => Effect.flip(c.wallets.getWallets({ query: {} })))
        expect(error).toMatchObject({ _tag: "OriginNotAllowed", message: "Unauthorized: origin not allowed", status: 403 })
      }
    })

    it("opens a project listing * to every origin", async () => {
      const config = await withClient({ ...setup(), projectId: "quiet-project", origin: "https://anything.test" }, (c) =>
        c.wallets.analyticsConfig({ query: {} }))
      expect(config.isAnalyticsEnabled).toBe(false)
    })

    it("lets browsers read every answer (CORS), refusals included, and preflights JSON posts", async () => {
      const preflight = await fetch(`${server.url}/e?projectId=test-project&st=x&sv=1`, {
        method: "OPTIONS",
        headers: { origin: "https://app.example.com", "access-control-request-method": "POST", "access-control-request-headers": "content-type" }
      })
      expect(preflight.status).toBe(204)
      expect(preflight.headers.get("access-control-allow-origin")).toBe("*")
      expect(preflight.headers.get("access-control-allow-headers")).toContain("content-type")
      const refused = await fetch(`${server.url}/getAnalyticsConfig?projectId=test-project&st=x&sv=1`, { headers: { origin: "https://evil.test" } })
      expect(refused.status).toBe(403)
      expect(refused.headers.get("access-control-allow-origin")).toBe("*")
    })

    it("answers an unknown projectId with 401 'Unauthorized: invalid key'", async () => {
      const error = await withClient({ ...setup(), projectId: "nobody" }, (c) => Effect.flip(c.blockchain.supportedChains({ query: {} })))
      expect(error).toMatchObject({ _tag: "InvalidProjectId", message: "Unauthorized: invalid key", status: 401 })
    })

    it("answers a call without st, sv or projectId with 400 naming it", async () => {
      for (const [missing, query] of [["st", "projectId=test-project&sv=1"], ["sv", "projectId=test-project&st=x"], ["projectId", "st=x&sv=1"]] as const) {
        const response = await fetch(`${server.url}/v1/supported-chains?${query}`)
        expect(response.status).toBe(400)
        expect(await response.json()).toEqual({ _tag: "BadRequest", message: `${missing}: the ${missing} query parameter is required` })
      }
    })

    it("rate limits per project and client address with 429 and Retry-After", async () => {
      // A project of its own: on Postgres the buckets are shared by every server on the database.
      const limited = await startApiServer({ ...database(), port: 0, projects: { "limited-project": { allowedOrigins: ["*"] } }, rateLimit: { requests: 3, perSeconds: 60 } })
      try {
        const statuses: Array<number> = []
        let last: Response | undefined
        for (let i = 0; i < 5; i++) {
          last = await fetch(`${limited.url}/getAnalyticsConfig?projectId=limited-project&st=x&sv=1`)
          statuses.push(last.status)
        }
        expect(statuses).toEqual([200, 200, 200, 429, 429])
        expect(Number(last?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
        const error = await withClient({ url: limited.url, projectId: "limited-project" }, (c) => Effect.flip(c.wallets.analyticsConfig({ query: {} })))
        expect(error).toMatchObject({ _tag: "RateLimited", status: 429 })
        expect(error._tag === "RateLimited" && error.retryAfter).toBeGreaterThanOrEqual(1)
      } finally {
        await limited.stop()
      }
    })
  })

  describe("wallet registry", () => {
    it("pages 40 at a time with the total count", async () => {
      const [first, second] = await withClient(setup(), (c) =>
        Effect.all([c.wallets.getWallets({ query: {} }), c.wallets.getWallets({ query: { page: "2", entries: "20" } })]))
      expect(first.count).toBe(walletSeed.length)
      expect(first.data.map((wallet) => wallet.id)).toEqual(walletSeed.slice(0, 40).map((wallet) => wallet.id))
      expect(second.data.map((wallet) => wallet.id)).toEqual(walletSeed.slice(20, 40).map((wallet) => wallet.id))
      expect(first.data[0]).toMatchObject({ name: "Portico Demo Wallet", rdns: "dev.portico.demo" })
      expect(first.data.filter((wallet) => wallet.recommended)).toHaveLength(4)
    })

    it("searches by name or rdns, case-insensitively", async () => {
      const page = await withClient(setup(), (c) => c.wallets.getWallets({ query: { search: "MASK" } }))
      expect(page.data.map((wallet) => wallet.id)).toEqual(["metamask"])
      const byRdns = await withClient(setup(), (c) => c.wallets.getWallets({ query: { search: "app.phantom" } }))
      expect(byRdns.data.map((wallet) => wallet.id)).toEqual(["phantom"])
      const none = await withClient(setup(), (c) => c.wallets.getWallets({ query: { search: "%" } }))
      expect(none.count).toBe(0)
    })

    it("filters by include, exclude, chains and badge", async () => {
      const included = await withClient(setup(), (c) => c.wallets.getWallets({ query: { include: "rainbow,metamask" } }))
      expect(included.data.map((wallet) => wallet.id)).toEqual(["metamask", "rainbow"])
      const excluded = await withClient(setup(), (c) => c.wallets.getWallets({ query: { exclude: "portico-demo,portico-demo-solana" } }))
      expect(excluded.count).toBe(walletSeed.length - 2)
      const local = await withClient(setup(), (c) => c.wallets.getWallets({ query: { chains: "eip155:31337" } }))
      expect(local.data.map((wallet) => wallet.id)).toEqual(["portico-demo"])
      const sandboxSolana = await withClient(setup(), (c) => c.wallets.getWallets({ query: { chains: "solana:J9Lv6quX2x5LmewmhGm2uPGJ1UDE4oBy" } }))
      expect(sandboxSolana.data.map((wallet) => wallet.id)).toEqual(["portico-demo-solana"])
      const either = await withClient(setup(), (c) => c.wallets.getWallets({ query: { chains: "eip155:31338,solana:J9Lv6quX2x5LmewmhGm2uPGJ1UDE4oBy" } }))
      expect(either.data.map((wallet) => wallet.id)).toEqual(["portico-demo", "portico-demo-solana"])
      const certified = await withClient(setup(), (c) => c.wallets.getWallets({ query: { badge_type: "certified" } }))
      expect(certified.data.every((wallet) => wallet.badge_type === "certified")).toBe(true)
      expect(certified.count).toBe(walletSeed.filter((wallet) => wallet.certified).length)
    })

    it("answers bad paging with 400 naming the field", async () => {
      const error = await withClient(setup(), (c) => Effect.flip(c.wallets.getWallets({ query: { entries: "-3" } })))
      expect(error).toMatchObject({ _tag: "BadRequest", message: "entries: must be a whole number from 1 to 1000000", status: 400 })
    })

    it("serves wallet and token images as SVG, 404 for unknown wallets", async () => {
      const svg = await withClient(setup(), (c) => c.images.walletImage({ params: { id: "metamask" } }))
      expect(svg).toMatch(/^<svg[^>]*>.*MM<\/text><\/svg>$/)
      const response = await fetch(`${server.url}/public/getTokenImage/USDC`)
      expect(response.headers.get("content-type")).toBe("image/svg+xml")
      const error = await withClient(setup(), (c) => Effect.flip(c.images.walletImage({ params: { id: "nope" } })))
      expect(error).toMatchObject({ _tag: "NotFound", status: 404 })
    })
  })

  describe("prices and balances input", () => {
    it("prices configured assets and leaves unknown ones out", async () => {
      const unknown = "eip155:31337:0x0000000000000000000000000000000000000bad"
      const result = await withClient(setup(), (c) =>
        c.blockchain.fungiblePrice({
          query: {},
          payload: { currency: "usd", projectId: "test-project", addresses: [`eip155:31337:${usdc}`, "eip155:31337:native", unknown] }
        }))
      expect(result.fungibles.map((fungible) => [fungible.symbol, fungible.price])).toEqual([["USDC", 1], ["ETH", 3000]])
    })

    it("answers unsupported networks and malformed addresses with 400 naming the field", async () => {
      const address = alice.address
      const network = await withClient(setup(), (c) =>
        Effect.flip(c.blockchain.balance({ params: { address }, query: { currency: "usd", chainId: "eip155:1" } })))
      expect(network).toMatchObject({ _tag: "BadRequest", message: "chainId: network eip155:1 is not supported" })
      const malformed = await withClient(setup(), (c) =>
        Effect.flip(c.blockchain.balance({ params: { address: "0x123" }, query: { currency: "usd" } })))
      expect(malformed).toMatchObject({ _tag: "BadRequest", message: "address: 0x123 is not an eip155 or solana address" })
      const currency = await fetch(`${server.url}/v1/account/${address}/balance?projectId=test-project&st=x&sv=1&currency=eur`)
      expect(currency.status).toBe(400)
      expect(((await currency.json()) as { message: string }).message).toMatch(/^query: .*currency/)
    })

    it("answers 502 when the chain's RPC cannot be reached", async () => {
      const error = await withClient(setup(), (c) =>
        Effect.flip(c.blockchain.balance({ params: { address: alice.address }, query: { currency: "usd", chainId: "eip155:31337" } })))
      expect(error).toMatchObject({ _tag: "UpstreamUnavailable", status: 502 })
    })
  })

  describe("names", () => {
    it("registers a name signed by its eip155 address, then resolves it every way", async () => {
      const message = registrationMessage("alice.portico.id", "n1")
      const signature = await alice.signMessage({ message })
      const result = await withClient(setup(), (c) =>
        c.blockchain.registerName({ query: {}, payload: { coin_type: 60, address: alice.address, message, signature } }))
      expect(result).toMatchObject({ success: true, name: "alice.portico.id" })

      const account = registeredName(await withClient(setup(), (c) => c.blockchain.profileAccount({ params: { name: "alice.portico.id" }, query: { apiVersion: "2" } })))
      expect(account.addresses["60"]?.address).toBe(alice.address)
      expect(account.attributes).toEqual({ avatar: "https://example.com/a.png" })
      const reverse = await withClient(setup(), (c) => c.blockchain.profileReverse({ params: { address: alice.address.toLowerCase() }, query: {} }))
      expect(reverse.map((entry) => entry.name)).toEqual(["alice.portico.id"])
      const identity = await withClient(setup(), (c) => c.blockchain.identity({ params: { address: alice.address }, query: {} }))
      expect(identity).toMatchObject({ name: "alice.portico.id", avatar: "https://example.com/a.png" })
      const suggestions = await withClient(setup(), (c) => c.blockchain.profileSuggestions({ params: { name: "alice" }, query: {} }))
      expect(suggestions.suggestions[0]).toEqual({ name: "alice.portico.id", registered: true })
      expect(suggestions.suggestions.slice(1).every((suggestion) => !suggestion.registered)).toBe(true)
    })

    it("a retried registration (the answer was lost) succeeds again and registers once", async () => {
      const message = registrationMessage("replayed.portico.id", "n2")
      const signature = await alice.signMessage({ message })
      const payload = { coin_type: 60 as const, address: alice.address, message, signature }
      const first = await withClient(setup(), (c) => c.blockchain.registerName({ query: {}, payload }))
      const again = await withClient(setup(), (c) => c.blockchain.registerName({ query: {}, payload }))
      expect(again).toMatchObject({ success: true, name: first.name })
      const account = registeredName(await withClient(setup(), (c) => c.blockchain.profileAccount({ params: { name: "replayed.portico.id" }, query: {} })))
      expect(Object.keys(account.addresses)).toEqual(["60"])
    })

    it("refuses a wrong signer and a changed message before storing anything", async () => {
      const message = registrationMessage("mallory.portico.id", "n3")
      const wrongSigner = await bob.signMessage({ message })
      const error = await withClient(setup(), (c) =>
        Effect.flip(c.blockchain.registerName({ query: {}, payload: { coin_type: 60, address: alice.address, message, signature: wrongSigner } })))
      expect(error).toMatchObject({ _tag: "InvalidSignature", status: 401 })
      const signature = await alice.signMessage({ message })
      const changed = message.replace("mallory", "malloryx")
      const changedError = await withClient(setup(), (c) =>
        Effect.flip(c.blockchain.registerName({ query: {}, payload: { coin_type: 60, address: alice.address, message: changed, signature } })))
      expect(changedError).toMatchObject({ _tag: "InvalidSignature" })
      // Nothing was stored: the lookup answers, typed, that nobody registered the name (not a 404).
      const lookup = await withClient(setup(), (c) => c.blockchain.profileAccount({ params: { name: "mallory.portico.id" }, query: {} }))
      expect(lookup).toEqual(new NameNotRegistered({ name: "mallory.portico.id" }))
    })

    it("refuses a name already taken by another address, whatever its case", async () => {
      for (const [name, nonce] of [["alice.portico.id", "n4"], ["ALICE.portico.id", "n5"]] as const) {
        const message = registrationMessage(name, nonce)
        const signature = await bob.signMessage({ message })
        const error = await withClient(setup(), (c) =>
          Effect.flip(c.blockchain.registerName({ query: {}, payload: { coin_type: 60, address: bob.address, message, signature } })))
        expect(error).toMatchObject({ _tag: "Conflict", message: "name: alice.portico.id is already taken" })
      }
      const lookup = await withClient(setup(), (c) => c.blockchain.profileAccount({ params: { name: "Alice.Portico.ID" }, query: {} }))
      expect(lookup.name).toBe("alice.portico.id")
    })

    it("enforces the name rules, the zone and the message age", async () => {
      const cases = [
        ["abc.portico.id", Date.now(), "name: Name must be at least 4 characters"],
        ["bad_name.portico.id", Date.now(), "name: Only letters, digits and hyphens are allowed"],
        ["goodname.other.id", Date.now(), "name: must end with .portico.id"],
        ["goodname.portico.id", Date.now() - 3_600_000, "message.timestamp: the signed message is too old or in the future"]
      ] as const
      for (const [name, timestamp, expected] of cases) {
        const message = registrationMessage(name, `rule-${name}`, timestamp)
        const signature = await bob.signMessage({ message })
        const error = await withClient(setup(), (c) =>
          Effect.flip(c.blockchain.registerName({ query: {}, payload: { coin_type: 60, address: bob.address, message, signature } })))
        expect(error).toMatchObject({ _tag: "BadRequest", message: expected, status: 400 })
      }
      const notJson = await withClient(setup(), (c) =>
        Effect.flip(c.blockchain.registerName({ query: {}, payload: { coin_type: 60, address: bob.address, message: "hello", signature: "0x00" } })))
      expect(notJson).toMatchObject({ _tag: "BadRequest" })
      expect(notJson.message.startsWith("message:")).toBe(true)
    })

    it("registers a solana name signed with ed25519 and refuses another key's signature", async () => {
      const keys = await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])
      const other = await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])
      const address = await getAddressFromPublicKey(keys.publicKey)
      const message = registrationMessage("solana-sam.portico.id", "s1")
      const sign = async (key: CryptoKey) =>
        getBase58Decoder().decode(new Uint8Array(await crypto.subtle.sign("Ed25519", key, new TextEncoder().encode(message))))
      const forged = await withClient(setup(), (c) =>
        Effect.flip(c.blockchain.registerName({ query: {}, payload: { coin_type: 501, address, message, signature: "1111" } })))
      expect(forged).toMatchObject({ _tag: "InvalidSignature" })
      const otherSignature = await sign(other.privateKey)
      const wrong = await withClient(setup(), (c) =>
        Effect.flip(c.blockchain.registerName({ query: {}, payload: { coin_type: 501, address, message, signature: otherSignature } })))
      expect(wrong).toMatchObject({ _tag: "InvalidSignature" })
      const signature = await sign(keys.privateKey)
      const result = await withClient(setup(), (c) =>
        c.blockchain.registerName({ query: {}, payload: { coin_type: 501, address, message, signature } }))
      expect(result.name).toBe("solana-sam.portico.id")
      const account = registeredName(await withClient(setup(), (c) => c.blockchain.profileAccount({ params: { name: "solana-sam.portico.id" }, query: {} })))
      expect(account.addresses["501"]?.address).toBe(address)
    })

    it("answers lookups of malformed names with 400", async () => {
      const error = await withClient(setup(), (c) => Effect.flip(c.blockchain.profileSuggestions({ params: { name: "a!" }, query: {} })))
      expect(error).toMatchObject({ _tag: "BadRequest", status: 400 })
    })
  })

  describe("analytics and later features", () => {
    it("accepts analytics events", async () => {
      const result = await withClient(setup(), (c) =>
        c.analytics.send({
          query: {},
          payload: { eventId: "e1", url: "https://app.example.com/", domain: "app.example.com", timestamp: Date.now(), props: { event: "MODAL_OPEN" } }
        }))
      expect(result).toBeUndefined()
      const invalid = await fetch(`${server.url}/e?projectId=test-project&st=x&sv=1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ eventId: "e2", url: "u", domain: "d", timestamp: 1, props: { event: "NOT_AN_EVENT" } })
      })
      expect(invalid.status).toBe(400)
      const body = (await invalid.json()) as { _tag: string; message: string }
      expect(body._tag).toBe("BadRequest")
      expect(body.message).toMatch(/^payload: .*"props".*"event"/)
    })

    it("refuses request bodies over 64 KiB with 413", async () => {
      const response = await fetch(`${server.url}/e?projectId=test-project&st=x&sv=1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ eventId: "x".repeat(70_000), url: "u", domain: "d", timestamp: 1, props: { event: "MODAL_OPEN" } })
      })
      expect(response.status).toBe(413)
    })

    it("answers 502 for history when the chain's explorer cannot be reached", async () => {
      const error = await withClient(setup(), (c) => Effect.flip(c.blockchain.history({ params: { address: alice.address }, query: {} })))
      expect(error).toMatchObject({ _tag: "UpstreamUnavailable", status: 502, message: "The explorer of eip155:31337 could not be reached" })
    })

    it("answers 400 for Solana history when no Solana network is configured", async () => {
      const error = await withClient(setup(), (c) =>
        Effect.flip(c.blockchain.history({ params: { address: "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV" }, query: {} })))
      expect(error).toMatchObject({ _tag: "BadRequest", message: "chainId: network solana is not supported" })
    })

    it("refuses swaps on a network without a swap router with the spec's messages", async () => {
      const errors = await withClient(setup(), (c) =>
        Effect.all([
          Effect.flip(c.blockchain.convertTokens({ query: { chainId: "eip155:1" } })),
          Effect.flip(c.blockchain.convertGasPrice({ query: { chainId: "eip155:1" } }))
        ]))
      expect(errors).toMatchObject([
        { _tag: "BadRequest", message: "Network not supported for Swaps" },
        { _tag: "BadRequest", message: "Network not supported for Gas Price" }
      ])
    })

    it("answers 501 for onramp and for revocations without a relayer, naming the key", async () => {
      const errors = await withClient(setup(), (c) =>
        Effect.all([
          Effect.flip(c.blockchain.onrampOptions({ query: {} })),
          Effect.flip(c.sessions.revoke({ params: { id: "s1" }, query: {}, payload: { pci: "s1", signature: "0x", deadline: 0 } }))
        ]))
      for (const error of errors) expect(error).toMatchObject({ _tag: "NotImplemented", status: 501 })
      expect(errors[1]?.message).toMatch(/sessions\.relayerKey/)
    })

    it("answers 400 for a session id that is not a permission context", async () => {
      const error = await withClient(setup(), (c) => Effect.flip(c.sessions.get({ params: { id: "s1" }, query: {} })))
      expect(error).toMatchObject({ _tag: "BadRequest", message: expect.stringMatching(/^pci: /) })
    })

    it("serves the OpenAPI document generated from the contracts", async () => {
      const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, unknown> }
      expect(Object.keys(document.paths)).toEqual(expect.arrayContaining([
        "/v1/account/{address}/balance", "/v1/profile/account", "/getWallets", "/e", "/projects/v1/origins", "/v1/sessions/{id}/revoke"
      ]))
    })
  })
}
