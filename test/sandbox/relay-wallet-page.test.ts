/**
 * The WalletConnect demo wallet page in Chromium, built and served as the sandbox does (Vite build, its own
 * origin, strict Content-Security-Policy): a Node dapp's `wc:` URI is pasted and paired, the proposal
 * approved, a personal_sign approved and verified, another rejected with 4001, and the session disconnected.
 */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { crc32, deflateSync } from "node:zlib"
import { SignClient } from "@walletconnect/sign-client"
import { chromium, type Browser, type Page } from "playwright-core"
import { encode } from "uqr"
import { stringToHex, verifyMessage } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { accountAt } from "../../sandbox/evm/DemoAccounts.ts"
import { startRelay, type Relay } from "../../http/relay/Relay.ts"
import type { SandboxConfig } from "../../sandbox/SandboxConfig.ts"
import { buildPages, pages } from "../../sandbox/web/Build.ts"
import { startStaticServer, strictCsp, type StaticServer } from "../../sandbox/web/StaticServer.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"

// Hardhat's default accounts 0 and 1 (public test keys); the page signs with the second.
const accounts = [accountAt(0), accountAt(1)].map(({ address, privateKey }) => ({ address, privateKey }))
const walletAccount = privateKeyToAccount(accountAt(1).privateKey)
const chain = "eip155:31337"

const sandboxConfig = (relayUrl: string): SandboxConfig => ({
  projectId: "portico-sandbox",
  relayUrl,
  apiUrl: "http://127.0.0.1:9",
  siteUrl: "http://127.0.0.1:9",
  walletConnectWalletUrl: "http://127.0.0.1:9",
  evm: { chains: [{ chainId: 31337, name: "Portico Local", rpcUrl: "http://127.0.0.1:9" }], accounts },
  solana: {
    cluster: { rpcUrl: "http://127.0.0.1:9", wsUrl: "ws://127.0.0.1:9", genesisHash: "x", caipNetworkId: "solana:x" },
    mints: {},
    accounts: []
  }
})

const pngChunk = (type: string, body: Buffer): Buffer => {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(body.length)
  const checksum = Buffer.alloc(4)
  checksum.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), body])))
  return Buffer.concat([length, Buffer.from(type), body, checksum])
}

/** A QR code as a grayscale PNG (4 px per module, 4-module quiet zone), as a screenshot of a dapp's QR would be. */
const qrPng = (text: string): Buffer => {
  const { data } = encode(text, { border: 0 })
  const scale = 4
  const quiet = 4
  const side = (data.length + 2 * quiet) * scale
  const dark = (x: number, y: number) =>
    data[Math.floor(y / scale) - quiet]?.[Math.floor(x / scale) - quiet] === true
  // Each row: filter byte 0, then one byte per pixel.
  const rows = Buffer.alloc(side * (side + 1))
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) rows[y * (side + 1) + 1 + x] = dark(x, y) ? 0 : 255
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header.writeUInt8(8, 8) // bit depth
  header.writeUInt8(0, 9) // grayscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows)),
    pngChunk("IEND", Buffer.alloc(0))
  ])
}

describe("the WalletConnect demo wallet page in Chromium", () => {
  let relay: Relay
  let server: StaticServer
  let browser: Browser
  let page: Page
  let outDir: string
  let dapp: Awaited<ReturnType<typeof SignClient.init>>
  let topic: string

  const region = (name: string) => page.getByRole("region", { name })

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), "portico-wc-wallet-"))
    const wcWallet = pages.filter((candidate) => candidate.name === "wc-wallet")
    const [built, startedRelay] = await Promise.all([buildPages(outDir, wcWallet), startRelay({})])
    relay = startedRelay
    const root = built.get("wc-wallet")
    if (root === undefined) throw new Error("the wallet page was not built")
    const config = sandboxConfig(relay.url)
    server = await startStaticServer({ host: "127.0.0.1", port: 0, root, config: () => config, csp: strictCsp })
    browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
    page = await browser.newPage()
    dapp = await SignClient.init({
      projectId: "portico-test",
      relayUrl: relay.url,
      customStoragePrefix: `page-dapp-${Math.random()}`,
      telemetryEnabled: false,
      logger: "silent",
      metadata: { name: "Page Test Dapp", description: "dapp", url: "http://dapp.localhost", icons: [] }
    })
  })

  afterAll(async () => {
    await browser?.close()
    await dapp?.core.relayer.transportClose()
    await Promise.allSettled([server?.stop(), relay?.stop()])
    if (outDir !== undefined) await rm(outDir, { recursive: true, force: true })
  })

  it("pairs from a pasted URI and approves the session proposal", async () => {
    await page.goto(server.url)
    await page.getByText(walletAccount.address).waitFor()

    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: [chain], methods: ["personal_sign"], events: ["chainChanged"] } }
    })
    if (uri === undefined) throw new Error("no pairing URI")
    // approval() is called now: sign-client drops a settlement that arrives before it is called.
    const settled = approval()
    await page.getByLabel("WalletConnect URI").fill(uri)
    await page.getByRole("button", { name: "Pair" }).click()

    const proposal = page.getByRole("article", { name: "Session proposal from Page Test Dapp" })
    await proposal.waitFor()
    expect(await proposal.textContent()).toContain(chain)
    await proposal.getByRole("button", { name: "Approve" }).click()
    const session = await settled
    topic = session.topic
    expect(session.namespaces["eip155"]?.accounts).toEqual([`${chain}:${walletAccount.address}`])
    await region("Active sessions").getByRole("article", { name: "Page Test Dapp" }).waitFor()
  })

  it("shows a personal_sign request with its text and signs it on Approve", async () => {
    const message = "Sign in to the Portico demo"
    const signature = dapp.request<`0x${string}`>({
      topic,
      chainId: chain,
      request: { method: "personal_sign", params: [stringToHex(message), walletAccount.address] }
    })
    const request = region("Requests").getByRole("article", { name: "Sign a message for Page Test Dapp" })
    await request.getByText(`Message: ${message}`).waitFor()
    await request.getByRole("button", { name: "Approve" }).click()
    expect(await verifyMessage({ address: walletAccount.address, message, signature: await signature })).toBe(true)
  })

  it("answers Reject with the 4001 user-rejected error", async () => {
    const signature = dapp
      .request({ topic, chainId: chain, request: { method: "personal_sign", params: [stringToHex("no"), walletAccount.address] } })
      .then(() => undefined, (error: unknown) => error)
    await region("Requests").getByRole("button", { name: "Reject" }).click()
    expect(await signature).toMatchObject({ code: 4001 })
  })

  it("ends the session on both sides with Disconnect", async () => {
    const deleted = new Promise<string>((resolve) => dapp.on("session_delete", ({ topic: ended }) => resolve(ended)))
    await region("Active sessions").getByRole("button", { name: "Disconnect" }).click()
    expect(await deleted).toBe(topic)
    await page.getByText("No active session.").waitFor()
  })

  it("reads the URI from a QR code image, and Reject refuses the proposal", async () => {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: [chain], methods: ["personal_sign"], events: [] } }
    })
    if (uri === undefined) throw new Error("no pairing URI")
    const settled = approval().then(
      () => undefined,
      (error: unknown) => error
    )
    await page.getByLabel("QR code image").setInputFiles({ name: "qr.png", mimeType: "image/png", buffer: qrPng(uri) })
    await expect.poll(() => page.getByLabel("WalletConnect URI").inputValue()).toBe(uri)
    await page.getByRole("button", { name: "Pair" }).click()
    await region("Session proposals").getByRole("button", { name: "Reject" }).click()
    expect(await settled).toMatchObject({ code: 5000 })
  })
})
