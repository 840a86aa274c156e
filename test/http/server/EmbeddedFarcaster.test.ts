/**
 * Sign In With Farcaster on our server, against a real API server, the sandbox's Farcaster Auth relay and
 * its Farcaster client, and the IdRegistry stand-in at its real address on a devnet: the client's approval
 * signs the visitor of the demo fid in, once, for the holder of the poll secret; what a rogue Farcaster
 * client hands the relay — a message with another nonce or domain, signed by an address that does not own
 * the fid, signed by another key than its own address, or expired — signs nobody in and ends the attempt.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { startAuthRelay, type AuthRelay } from "../../../sandbox/farcaster/AuthRelay.ts"
import * as DemoClient from "../../../sandbox/farcaster/DemoClient.ts"
import { placeIdRegistry } from "../../../sandbox/farcaster/IdRegistrySeed.ts"
import { startEvmDevnets, type EvmDevnets } from "../../../sandbox/evm/EvmDevnet.ts"
import { randomKey } from "../support/embedded.ts"

const host = "127.0.0.1"
const deviceId = "device-0123456789abcdef"
const stranger = privateKeyToAccount("0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e")

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, host, () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })

let evm: EvmDevnets
let relay: AuthRelay
let server: ApiServer
let apiUrl: string

beforeAll(async () => {
  ;[evm, relay] = await Promise.all([startEvmDevnets({ ports: [0, 0] }), startAuthRelay({ host, port: 0 })])
  const rpcUrl = evm.chains[0]?.rpcUrl ?? ""
  await placeIdRegistry(rpcUrl)
  const port = await freePort()
  apiUrl = `http://${host}:${port}`
  server = await startApiServer({
    port,
    projects: { "test-project": { allowedOrigins: ["https://app.example.com"] } },
    embedded: {
      sessionKey: randomKey(),
      shareKey: randomKey(),
      smtp: { host, port: 9, from: "Portico <login@example.test>" },
      publicUrl: apiUrl,
      farcaster: { relayUrl: relay.url, idRegistry: { rpcUrl } }
    }
  })
}, 180_000)
afterAll(async () => {
  await server?.stop()
  await Promise.all([relay?.stop(), evm?.stop()])
})

/** A call of the frame: from the API server's own origin, with the project's query. */
const call = (path: string, body: unknown) =>
  fetch(`${apiUrl}${path}?projectId=test-project&st=portico&sv=portico-test-0.1.0`, {
    method: "POST",
    headers: { origin: apiUrl, "content-type": "application/json" },
    body: JSON.stringify(body)
  })

interface Started {
  readonly url: string
  readonly attemptId: string
  readonly pollSecret: string
}

const start = async (): Promise<Started> => {
  const response = await call("/v1/embedded/farcaster/start", { deviceId })
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as Started
}

const complete = (attempt: Started, pollSecret: string = attempt.pollSecret) =>
  call("/v1/embedded/farcaster/complete", { attemptId: attempt.attemptId, pollSecret })

const requestOf = (attempt: Started): DemoClient.SiwfRequest => {
  const request = DemoClient.requestOf(new URL(attempt.url).searchParams)
  if (request === undefined) throw new Error(`not a SIWF link: ${attempt.url}`)
  return request
}

/** What a (rogue) Farcaster client hands the relay for this attempt. */
const authenticate = async (attempt: Started, body: { readonly message: string; readonly signature: string; readonly fid: number }) => {
  const response = await fetch(`${relay.url}/v1/channel/authenticate`, {
    method: "POST",
    headers: { authorization: `Bearer ${requestOf(attempt).channelToken}`, "content-type": "application/json" },
    body: JSON.stringify({ ...body, username: "rogue" })
  })
  expect(response.status).toBe(201)
}

const refusedWith = async (attempt: Started, reason: string) => {
  const response = await complete(attempt)
  const body = (await response.json()) as { readonly _tag?: string; readonly reason?: string }
  expect(response.status, JSON.stringify(body)).toBe(401)
  expect(body).toMatchObject({ _tag: "FarcasterSignInFailed", reason })
  // The attempt is gone: a second answer cannot be tried on it.
  expect((await complete(attempt)).status).toBe(404)
}

describe("Sign In With Farcaster", () => {
  it("opens a relay channel for this server's domain and signs in the demo fid once the client approves, once", async () => {
    const attempt = await start()
    const request = requestOf(attempt)
    expect(new URL(attempt.url).origin).toBe(relay.url)
    expect(request.domain).toBe(new URL(apiUrl).host)
    expect(request.siweUri).toBe(apiUrl)
    // The client's page shows the request; its Approve posts the same parameters back.
    const page = await fetch(attempt.url)
    expect(await page.text()).toContain(request.domain)
    const approved = await fetch(`${relay.url}/~/siwf`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...request }).toString()
    })
    expect(approved.status).toBe(200)
    const response = await complete(attempt)
    const body = (await response.json()) as { status: string; fid: number; userName: string; grant: { accessToken: string } }
    expect(response.status, JSON.stringify(body)).toBe(200)
    expect(body).toMatchObject({ status: "signedIn", fid: DemoClient.demoFarcasterAccount.fid, userName: DemoClient.demoFarcasterAccount.username })
    const user = await fetch(`${apiUrl}/v1/embedded/user?projectId=test-project&st=portico&sv=portico-test-0.1.0`, {
      headers: { origin: apiUrl, authorization: `Bearer ${body.grant.accessToken}` }
    })
    expect(await user.json()).toMatchObject({ socialProvider: "farcaster", userName: DemoClient.demoFarcasterAccount.username })
    expect((await complete(attempt)).status).toBe(404)
  })

  it("refuses a poll secret that is not the attempt's", async () => {
    const attempt = await start()
    const response = await complete(attempt, "A".repeat(43))
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ _tag: "PollSecretRefused" })
  })

  it("refuses a message signed for another nonce", async () => {
    const attempt = await start()
    const message = DemoClient.messageFor({ ...requestOf(attempt), nonce: "ffffffffffffffffffffffffffffffff" }, DemoClient.custodyAccount.address, DemoClient.demoFarcasterAccount.fid, new Date())
    await authenticate(attempt, { message, signature: await DemoClient.custodyAccount.signMessage({ message }), fid: DemoClient.demoFarcasterAccount.fid })
    await refusedWith(attempt, "nonce")
  })

  it("refuses a message signed for another domain", async () => {
    const attempt = await start()
    const message = DemoClient.messageFor({ ...requestOf(attempt), domain: "evil.example.com" }, DemoClient.custodyAccount.address, DemoClient.demoFarcasterAccount.fid, new Date())
    await authenticate(attempt, { message, signature: await DemoClient.custodyAccount.signMessage({ message }), fid: DemoClient.demoFarcasterAccount.fid })
    await refusedWith(attempt, "domain")
  })

  it("refuses an address that does not own the fid, though its own signature is valid", async () => {
    const attempt = await start()
    const message = DemoClient.messageFor(requestOf(attempt), stranger.address, DemoClient.demoFarcasterAccount.fid, new Date())
    await authenticate(attempt, { message, signature: await stranger.signMessage({ message }), fid: DemoClient.demoFarcasterAccount.fid })
    await refusedWith(attempt, "custody")
  })

  it("refuses a custody address's message signed by another key", async () => {
    const attempt = await start()
    const message = DemoClient.messageFor(requestOf(attempt), DemoClient.custodyAccount.address, DemoClient.demoFarcasterAccount.fid, new Date())
    await authenticate(attempt, { message, signature: await stranger.signMessage({ message }), fid: DemoClient.demoFarcasterAccount.fid })
    await refusedWith(attempt, "signature")
  })

  it("refuses an expired message", async () => {
    const attempt = await start()
    const past = new Date(Date.now() - 120_000)
    const message = DemoClient.messageFor({ ...requestOf(attempt), expirationTime: new Date(Date.now() - 60_000).toISOString() }, DemoClient.custodyAccount.address, DemoClient.demoFarcasterAccount.fid, past)
    await authenticate(attempt, { message, signature: await DemoClient.custodyAccount.signMessage({ message }), fid: DemoClient.demoFarcasterAccount.fid })
    await refusedWith(attempt, "expired")
  })
})
