/**
 * WalletConnect end to end in Chromium: the host page's modal (our own Sign client) and wallets in Node (our
 * Sign client in the wallet role) through a relay this suite owns, so it can restart it. The URI is read
 * from the QR view; EVM and Solana settle in one session; the session survives a page reload and a relay
 * restart; a wallet that approves with a malformed account or a network that was not offered is refused
 * with the typed error shown in the modal.
 */
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromium, type Browser, type Page } from "playwright-core"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { WebSocket } from "ws"
import * as Storage from "../../core/Storage.ts"
import type * as RelayClient from "../../core/walletconnect/RelayClient.ts"
import * as SignClient from "../../core/walletconnect/SignClient.ts"
import { accountAt } from "../../sandbox/evm/DemoAccounts.ts"
import { startRelay, type Relay } from "../../http/relay/Relay.ts"
import { en } from "../../ui/i18n/en.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"
import { buildPage, serve, type Served } from "./fixtures/Build.ts"
import { offlineNetwork } from "./fixtures/OfflineNetwork.ts"

const evm = privateKeyToAccount(accountAt(1).privateKey)
const solanaSecret = ed25519.utils.randomPrivateKey()
const solanaAddress = base58.encode(ed25519.getPublicKey(solanaSecret))
const solanaChain = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"

let relay: Relay
let relayPort: number
let browser: Browser
let work: string
let host: Served
const wallets: Array<SignClient.SignClient> = []

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "portico-wc-e2e-"))
  relay = await startRelay()
  relayPort = Number(new URL(relay.url).port)
  const built = await buildPage({
    page: "host",
    outDir: join(work, "host"),
    config: {
      projectId: "portico-e2e",
      relayUrl: relay.url,
      networks: [offlineNetwork("eip155:31337", "eip155"), offlineNetwork(solanaChain, "solana")],
      metadata: { name: "Portico WalletConnect host", description: "e2e", url: "http://127.0.0.1", icons: [] }
    }
  })
  host = await serve(built.dir, { csp: true })
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
}, 120_000)

afterEach(() => {
  for (const wallet of wallets.splice(0)) wallet.close()
})

afterAll(async () => {
  await browser?.close()
  await host?.close()
  await relay?.stop()
  if (work !== undefined) await rm(work, { recursive: true, force: true })
})

type Approval = (proposal: SignClient.Proposal) => Parameters<SignClient.SignClient["approve"]>[1]

const honest: Approval = () => ({
  eip155: { chains: ["eip155:31337"], accounts: [`eip155:31337:${evm.address}`], methods: ["personal_sign"], events: ["chainChanged", "accountsChanged"] },
  solana: { chains: [solanaChain], accounts: [`${solanaChain}:${solanaAddress}`], methods: ["solana_signMessage"], events: [] }
})

/** A wallet in Node that approves every proposal with `approval` and signs every request. */
const startWallet = async (approval: Approval) => {
  const wallet = await SignClient.make({
    role: "wallet",
    relayUrl: relay.url,
    projectId: "portico-e2e",
    metadata: { name: "Node Test Wallet", description: "e2e", url: "https://wallet.example", icons: [] },
    storage: Storage.serviceOf(Storage.layerMemory),
    openSocket: (url) => new WebSocket(url) as unknown as RelayClient.Socket
  })
  wallets.push(wallet)
  wallet.subscribe((event) => {
    // The dapp may refuse the settlement (the tests that approve what was not offered): its answer is the test's to read, not an unhandled rejection.
    if (event._tag === "SessionProposal") void wallet.approve(event.proposal.id, approval(event.proposal)).then(({ acknowledged }) => acknowledged).catch(() => undefined)
    if (event._tag !== "SessionRequest") return
    const { method, params } = event.params.request
    const answer = async () =>
      method === "personal_sign"
        ? evm.signMessage({ message: { raw: (params as ReadonlyArray<`0x${string}`>)[0] ?? "0x" } })
        : { signature: base58.encode(ed25519.sign(base58.decode((params as { readonly message: string }).message), solanaSecret)) }
    void answer().then((result) => wallet.respond(event.topic, event.id, { result })).catch(() => undefined)
  })
  return wallet
}

const dialog = (page: Page) => page.locator("portico-modal [role='dialog']")
const hostStatus = (page: Page) => page.getByTestId("host-status")

/** Opens the modal, picks WalletConnect and returns the URI the QR view carries. */
const pairingUri = async (page: Page): Promise<string> => {
  await page.locator("[data-portico-button]").click()
  await dialog(page).getByRole("button", { name: /^WalletConnect/ }).click()
  const qr = dialog(page).locator("[data-wc-uri]")
  await expect.poll(() => qr.getAttribute("data-wc-uri"), { timeout: 20_000 }).toMatch(/^wc:/)
  return (await qr.getAttribute("data-wc-uri")) ?? ""
}

describe("WalletConnect in Chromium", () => {
  it("connects EVM and Solana at once, stays connected across a reload and a relay restart, and signs on both", { timeout: 90_000 }, async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(host.url)
    const wallet = await startWallet(honest)
    await wallet.pair(await pairingUri(page))
    await expect.poll(() => hostStatus(page).textContent(), { timeout: 20_000 }).toContain(`eip155 ${evm.address} eip155:31337`)

    await page.reload()
    await expect.poll(() => hostStatus(page).textContent(), { timeout: 20_000 }).toContain(`eip155 ${evm.address}`)
    await page.getByTestId("sign-evm").click()
    await expect.poll(() => page.getByTestId("evm-signature").textContent(), { timeout: 20_000 }).toMatch(/^0x[0-9a-f]{130}$/)
    await page.getByTestId("sign-solana").click()
    await expect.poll(() => page.getByTestId("solana-signature").textContent(), { timeout: 20_000 }).toBe("64 bytes")

    // The relay goes away and comes back on the same address: the next request completes.
    await relay.stop()
    relay = await startRelay({ port: relayPort })
    await page.getByTestId("sign-evm").click()
    await expect.poll(() => page.getByTestId("evm-signature").textContent(), { timeout: 30_000 }).toMatch(/^0x[0-9a-f]{130}$/)
    await context.close()
  })

  for (const [name, approval] of [
    [
      "a malformed account",
      () => ({ eip155: { chains: ["eip155:31337"], accounts: ["eip155:31337:0x1234"], methods: ["personal_sign"], events: [] } })
    ],
    [
      "a network that was not offered",
      () => ({ eip155: { chains: ["eip155:1"], accounts: [`eip155:1:${evm.address}`], methods: ["personal_sign"], events: [] } })
    ]
  ] as const) {
    it(`refuses a wallet that approves with ${name}, showing why`, { timeout: 60_000 }, async () => {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(host.url)
      const wallet = await startWallet(approval)
      const ended = new Promise((resolve) => wallet.subscribe((event) => event._tag === "SessionDelete" && resolve(event)))
      await wallet.pair(await pairingUri(page))
      const alert = dialog(page).locator("[role='alert']")
      // InvalidAccountError, in the visitor's language (the connector's checks are connectionsOf's tests).
      await expect.poll(() => alert.textContent(), { timeout: 20_000 }).toContain(en.errorInvalidAccount)
      expect(await hostStatus(page).textContent()).toBe("disconnected")
      // The refused session is ended on the wallet's side too.
      await ended
      await context.close()
    })
  }
})
