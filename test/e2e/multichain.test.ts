/**
 * One wallet for EVM and Solana through the CAIP-25 Multichain API, end to end in Debian's Chromium
 * against the sandbox, over both transports: the demo wallet announcing itself over CAIP-294, and the
 * demo wallet carrying the API as MetaMask does (its content script's window stream, found through its
 * EIP-6963 announcement and one silent `wallet_getSession` once the modal opens, nothing before). Either
 * way it is listed once; one approval gives an EVM and a Solana account; a send on each chain goes through
 * `wallet_invokeMethod` (the demo wallet's log says so); a reload restores both with `wallet_getSession`,
 * without a prompt; and a malformed session (the wallet's test switch) is refused with the
 * InvalidAccountError text.
 */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { en } from "../../ui/i18n/en.ts"
import { type Sandbox, startSandbox } from "../../sandbox/Sandbox.ts"
import type { LogEntry, MalformedSession } from "../../sandbox/wallets/MultichainWallet.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"
import { buildPage, serve, type Served } from "./fixtures/Build.ts"
import { dialog, expectView, hostStatus, timeout } from "./fixtures/EmbeddedLogin.ts"
import { sandboxPorticoConfig } from "./fixtures/SandboxHost.ts"

let sandbox: Sandbox
let browser: Browser
let work: string
let hosts: Record<Transport, Served>

type Transport = "multichain" | "multichain-metamask"
/** What each transport asks the wallet before the visitor picks it: MetaMask's one silent question. */
const probe: Record<Transport, ReadonlyArray<string>> = { multichain: [], "multichain-metamask": ["wallet_getSession"] }

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "portico-multichain-"))
  sandbox = await startSandbox({ ports: "ephemeral", stateDir: join(work, "sandbox") })
  const served = async (wallets: Transport) => {
    const built = await buildPage({ page: "host", outDir: join(work, wallets), config: sandboxPorticoConfig(sandbox.config), wallets })
    return serve(built.dir, { csp: true, json: { "/sandbox-config.json": sandbox.config } })
  }
  hosts = { multichain: await served("multichain"), "multichain-metamask": await served("multichain-metamask") }
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await hosts?.multichain.close()
  await hosts?.["multichain-metamask"].close()
  await sandbox?.stop()
  if (work !== undefined) await rm(work, { recursive: true, force: true })
})

/** What the demo wallet served on this page load, read as a person reads an extension's activity. */
const walletLog = (page: Page) =>
  page.evaluate(() =>
    new Promise<ReadonlyArray<LogEntry>>((resolve) => window.dispatchEvent(new CustomEvent("portico-demo-wallet:log", { detail: resolve })))
  )

const malform = (page: Page, kind: MalformedSession) =>
  page.evaluate((detail) => window.dispatchEvent(new CustomEvent("portico-demo-wallet:malformed-session", { detail })), kind)

const approve = (page: Page) => page.getByRole("button", { name: "Approve", exact: true }).click(timeout)

const connect = async (page: Page) => {
  await page.locator("[data-portico-button]").click()
  await expectView(page, "Connect")
  // One entry for the wallet, though it also announces an EIP-6963 provider and a Wallet Standard wallet
  // (MetaMask's two show until it answered whether it offers the Multichain API).
  const entries = dialog(page).getByRole("button", { name: /Portico Demo/ })
  await entries.first().waitFor(timeout)
  await expect.poll(() => entries.count(), timeout).toBe(1)
  await entries.click()
  await approve(page)
}

describe.each(["multichain", "multichain-metamask"] as const)("one multichain session (%s)", (transport) => {
  it("one approval gives EVM and Solana accounts; sends on each chain go through wallet_invokeMethod; a reload restores the session without a prompt", async () => {
    const host = hosts[transport]
    const evm = sandbox.config.evm.accounts[0]?.address ?? ""
    const solana = sandbox.config.solana.accounts[0]?.address ?? ""
    const cluster = sandbox.config.solana.cluster.caipNetworkId
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await page.goto(host.url)
    await expect.poll(() => hostStatus(page).textContent(), timeout).toBe("disconnected")
    // Nothing reaches the wallet before the visitor opens the modal.
    expect(await walletLog(page)).toEqual([])
    await connect(page)
    await expect.poll(() => hostStatus(page).textContent(), timeout).toContain(`eip155 ${evm}`)
    await dialog(page).waitFor({ state: "detached", ...timeout })
    expect(await page.locator("[data-demo-wallet-prompt]").count()).toBe(0)
    expect((await walletLog(page)).map((entry) => entry.method)).toEqual([...probe[transport], "wallet_createSession"])

    // A send on the EVM chain, then one on Solana: each the wallet's own prompt, no second connection.
    await page.getByTestId("send-transaction").click()
    await approve(page)
    await expect.poll(() => page.getByTestId("transaction-hash").textContent(), timeout).toMatch(/^0x[0-9a-f]{64}$/)
    await page.getByTestId("send-sol").click()
    await approve(page)
    await expect.poll(() => page.getByTestId("sol-transfer").textContent(), timeout).toBe("64 bytes")
    const invoked = (await walletLog(page)).filter((entry) => entry.method === "wallet_invokeMethod")
    expect(invoked).toContainEqual({ method: "wallet_invokeMethod", scope: "eip155:31337", request: "eth_sendTransaction" })
    expect(invoked).toContainEqual({ method: "wallet_invokeMethod", scope: cluster, request: "signAndSendTransaction" })
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    await expectNoAxeViolations(page)
    await page.keyboard.press("Escape")

    // A reload: the session is read back, both accounts without a prompt.
    await page.reload()
    await expect.poll(() => hostStatus(page).textContent(), timeout).toContain(`eip155 ${evm}`)
    const methods = (await walletLog(page)).map((entry) => entry.method)
    expect(methods).toContain("wallet_getSession")
    expect(methods).not.toContain("wallet_createSession")
    expect(await page.locator("[data-demo-wallet-prompt]").count()).toBe(0)
    await page.getByTestId("sign-solana").click()
    await approve(page)
    await expect.poll(() => page.getByTestId("solana-signature").textContent(), timeout).toBe("64 bytes")
    expect((await walletLog(page)).at(-1)).toEqual({ method: "wallet_invokeMethod", scope: cluster, request: "signMessage" })
    expect(solana).not.toBe("")
    await context.close()
  })

  it.each(["unknown-scope", "unrequested-chain", "foreign-account"] as const)("refuses a session with %s with the InvalidAccountError text", async (kind) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await page.goto(hosts[transport].url)
    await malform(page, kind)
    await connect(page)
    await expect.poll(() => dialog(page).textContent(), timeout).toContain(en.errorInvalidAccount)
    expect(await hostStatus(page).textContent()).toBe("disconnected")
    expect((await walletLog(page)).map((entry) => entry.method)).toEqual([...probe[transport], "wallet_createSession", "wallet_revokeSession"])
    await context.close()
  })
})
