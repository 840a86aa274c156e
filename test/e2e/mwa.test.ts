/**
 * Solana's Mobile Wallet Adapter end to end in Chromium, as far as a desktop browser goes: a phone's
 * viewport with touch and Android Chrome's user agent. The "Mobile Wallet Adapter" wallet is listed; a tap
 * opens the association URI with the tap's user activation (recorded from the page's `window.open`), the test hands the URI
 * to the sandbox's MWA wallet as Android would hand it to the wallet app, and the page connects over the
 * loopback socket with the demo key and has a message signed. With no wallet app, the visitor is told so,
 * in their language, after the spec's 30 s.
 */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, chromium, type Page } from "playwright-core"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { type MwaWalletSession, associate } from "../../sandbox/mwa/MwaWallet.ts"
import { type Sandbox, startSandbox } from "../../sandbox/Sandbox.ts"
import { en } from "../../ui/i18n/en.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"
import { buildPage, serve, type Served } from "./fixtures/Build.ts"
import { openings, recordOpenings } from "./fixtures/Openings.ts"
import { sandboxPorticoConfig } from "./fixtures/SandboxHost.ts"

const androidChrome = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"
const desktopChrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"

let sandbox: Sandbox
let browser: Browser
let work: string
let host: Served
const wallets: Array<MwaWalletSession> = []

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "portico-mwa-e2e-"))
  sandbox = await startSandbox({ ports: "ephemeral", stateDir: join(work, "sandbox") })
  const built = await buildPage({ page: "host", outDir: join(work, "host"), config: sandboxPorticoConfig(sandbox.config) })
  host = await serve(built.dir, { csp: true, json: { "/sandbox-config.json": sandbox.config } })
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
}, 180_000)

afterEach(async () => {
  await Promise.all(wallets.splice(0).map((wallet) => wallet.close()))
})

afterAll(async () => {
  await browser?.close()
  await host?.close()
  await sandbox?.stop()
  if (work !== undefined) await rm(work, { recursive: true, force: true })
})

const dialog = (page: Page) => page.locator("portico-modal [role='dialog']")
const expectView = (page: Page, view: string) => expect.poll(() => dialog(page).getAttribute("data-view"), { timeout: 15_000 }).toBe(view)
const mwaUris = async (page: Page) => (await openings(page)).filter((opening) => opening.url.startsWith("solana-wallet:"))

const phone = async (userAgent = androidChrome) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent })
  const page = await context.newPage()
  await recordOpenings(page)
  await page.goto(host.url)
  return { context, page }
}

/** The sandbox's MWA wallet answers the `index`-th association URI the page opened, as the wallet app would. */
const walletAnswers = async (page: Page, index: number) => {
  await expect.poll(async () => (await mwaUris(page)).length, { timeout: 15_000 }).toBeGreaterThan(index)
  const opening = (await mwaUris(page))[index]
  const account = sandbox.config.solana.accounts[0]
  if (opening === undefined || account === undefined) throw new Error("no association URI or no demo account")
  wallets.push(await associate(opening.url, { account, chains: [sandbox.config.solana.cluster.caipNetworkId], rpcUrl: sandbox.config.solana.cluster.rpcUrl }))
  return opening
}

/** The Connect view's "Mobile Wallet Adapter" entry, wherever the phone's modal lists it. */
const mwaEntry = async (page: Page) => {
  await page.locator("[data-portico-button]").tap()
  await expectView(page, "Connect")
  return dialog(page).getByRole("button", { name: /Mobile Wallet Adapter/ })
}

describe("the Mobile Wallet Adapter on Android Chrome", () => {
  it("a tap opens the association URI; the wallet app connects with the demo key and signs a message", async () => {
    const { context, page } = await phone()
    const entry = await mwaEntry(page)
    await entry.tap()
    const opening = await walletAnswers(page, 0)
    // Opened while the tap's user activation holds (what Chrome requires to hand a scheme to an app); the
    // engine's connect attempt runs as its own fiber, so the call comes just after the click's task.
    expect(opening).toMatchObject({ target: "_self", active: true })
    expect(opening.url).toMatch(/^solana-wallet:\/v1\/associate\/local\?association=[A-Za-z0-9_-]+&port=\d+&v=v1$/)
    const address = sandbox.config.solana.accounts[0]?.address ?? ""
    await expect.poll(async () => await page.getByTestId("host-status").textContent(), { timeout: 30_000 }).toContain(address)
    // The host signs through Portico's Solana signer: the wallet app is opened again for it.
    await page.getByTestId("sign-solana").tap()
    await walletAnswers(page, 1)
    // Portico checked the signature against the account before handing it over (core/mwa/MwaCalls.ts).
    await expect.poll(async () => await page.getByTestId("solana-signature").textContent(), { timeout: 30_000 }).toBe("64 bytes")
    expect(wallets.at(-1)?.calls).toEqual(["authorize", "sign_messages"])
    await context.close()
  }, 120_000)

  it("with no wallet app on the phone, the visitor is told no wallet app answered, after the spec's 30 s", async () => {
    const { context, page } = await phone()
    const entry = await mwaEntry(page)
    await entry.tap()
    await expect.poll(async () => (await mwaUris(page)).length, { timeout: 15_000 }).toBe(1)
    await dialog(page).getByText(en.errorWalletAppNotAnswered).waitFor({ timeout: 60_000 })
    await context.close()
  }, 120_000)

  it("is not offered in a desktop browser", async () => {
    const context = await browser.newContext({ userAgent: desktopChrome })
    const page = await context.newPage()
    await page.goto(host.url)
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Connect")
    await dialog(page).getByRole("button").first().waitFor()
    expect(await dialog(page).getByRole("button", { name: /Mobile Wallet Adapter/ }).count()).toBe(0)
    await context.close()
  }, 60_000)
})
