/**
 * Phones, end to end in Chromium against the sandbox, at a phone's viewport with touch and a phone's user
 * agent: a tap on a registry wallet opens its link inside the tap (recorded from the page: the call to
 * `window.open` happens while the tap's click is being dispatched, with the user activation it needs), the
 * universal link when the wallet has one beside its scheme; the sandbox's WalletConnect wallet approves and
 * sends the visitor back with the return link the dapp proposed, and the page it returns to finds the
 * visitor connected, even when the phone discarded the page meanwhile (the page loaded again takes the wallet's
 * answer to the proposal it kept). In-app browsers (an Instagram user agent) are offered the way out to the browser.
 * Solana's Mobile Wallet Adapter, as far as a desktop browser goes: listed on Android Chrome only; a tap opens the
 * association URI, which the test hands to the sandbox's MWA wallet as Android hands it to the wallet app; the
 * page connects over the loopback socket and has a message signed; with no wallet app, the visitor is told so.
 */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { en } from "../../ui/i18n/en.ts"
import { type MwaWalletSession, associate } from "../../sandbox/mwa/MwaWallet.ts"
import { type Sandbox, startSandbox } from "../../sandbox/Sandbox.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"
import { buildPage, serve, type Served } from "./fixtures/Build.ts"
import { openings, recordOpenings } from "./fixtures/Openings.ts"
import { sandboxPorticoConfig } from "./fixtures/SandboxHost.ts"

const instagramAndroid = "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A.240305.019; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.105 Mobile Safari/537.36 Instagram 321.0.0.39.106 Android (34/14; 420dpi; 1080x2205; Google/google; Pixel 8; shiba; shiba; en_US; 580117000)"
const instagramOldIos = "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 300.0.0.11.109 (iPhone14,5; iOS 16_6; en_US; en; scale=3.00; 1170x2532; 520846018)"
const desktopChrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
const androidChrome = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"

let sandbox: Sandbox
let browser: Browser
let work: string
let host: Served
/** The sandbox MWA wallets a test started, as the wallet app does when the association URI launches it. */
const mwaWallets: Array<MwaWalletSession> = []

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "portico-mobile-e2e-"))
  sandbox = await startSandbox({ ports: "ephemeral", stateDir: join(work, "sandbox") })
  const built = await buildPage({ page: "host", outDir: join(work, "host"), config: sandboxPorticoConfig(sandbox.config) })
  host = await serve(built.dir, { csp: true, json: { "/sandbox-config.json": sandbox.config } })
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
}, 180_000)

afterEach(async () => {
  await Promise.all(mwaWallets.splice(0).map((wallet) => wallet.close()))
})

afterAll(async () => {
  await browser?.close()
  await host?.close()
  await sandbox?.stop()
  if (work !== undefined) await rm(work, { recursive: true, force: true })
})

const dialog = (page: Page) => page.locator("portico-modal [role='dialog']")
const expectView = (page: Page, view: string) => expect.poll(() => dialog(page).getAttribute("data-view"), { timeout: 15_000 }).toBe(view)
const hostStatus = (page: Page) => page.getByTestId("host-status")

const phone = async (userAgent = androidChrome): Promise<{ readonly context: BrowserContext; readonly page: Page }> => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent })
  const page = await context.newPage()
  await recordOpenings(page)
  await page.goto(host.url)
  return { context, page }
}

/** The registry on a phone, searched for `name`, with the pairing made ahead of the tap. */
const findWallet = async (page: Page, name: string) => {
  await page.locator("[data-portico-button]").tap()
  await expectView(page, "Connect")
  await dialog(page).getByRole("button", { name: new RegExp(en.allWallets) }).tap()
  await expectView(page, "AllWallets")
  await dialog(page).getByRole("searchbox").fill(name)
  await dialog(page).locator("[data-pairing='ready']").waitFor({ timeout: 20_000 })
  return dialog(page).getByRole("button", { name: new RegExp(name) })
}

describe("on a phone", () => {
  it("a tap on a wallet opens its universal link inside the tap; it approves, sends the visitor back, and the page finds them connected", async () => {
    const { context, page } = await phone()
    const row = await findWallet(page, "Portico WalletConnect Demo Wallet")
    const opened = context.waitForEvent("page")
    await row.tap()
    await expectView(page, "ConnectingWalletConnect")
    const uri = (await dialog(page).locator("[data-wc-uri]").getAttribute("data-wc-uri")) ?? ""
    const link = `${sandbox.walletConnectWalletUrl}/wc?uri=${encodeURIComponent(uri)}`
    // Its universal link (the web page), not its scheme (portico-wc-demo://), within the tap.
    expect(await openings(page)).toEqual([{ url: link, target: "portico-wallet", active: true, inTap: true }])
    const wallet = await opened
    expect(wallet.url()).toBe(link)
    await wallet.getByRole("article", { name: /Session proposal from Portico test host/ }).getByRole("button", { name: "Approve" }).click()
    // The wallet returns to the page the visitor connected on, which finds the session.
    await wallet.waitForURL(host.url, { timeout: 20_000 })
    const address = (sandbox.config.evm.accounts[1]?.address ?? "").toLowerCase()
    await expect.poll(async () => (await hostStatus(wallet).textContent())?.toLowerCase(), { timeout: 20_000 }).toContain(address)
    // And the page the visitor left is connected, its modal closed.
    await expect.poll(async () => (await hostStatus(page).textContent())?.toLowerCase(), { timeout: 20_000 }).toContain(address)
    await dialog(page).waitFor({ state: "detached", timeout: 15_000 })
    await context.close()
  })

  it("a page the phone discarded while the visitor approved in the wallet: the page loaded again takes the wallet's answer and is connected", async () => {
    const { context, page } = await phone()
    const row = await findWallet(page, "Portico WalletConnect Demo Wallet")
    const opened = context.waitForEvent("page")
    await row.tap()
    await expectView(page, "ConnectingWalletConnect")
    const wallet = await opened
    // The phone discards the dapp's page while the visitor is in the wallet.
    await page.close()
    await wallet.getByRole("article", { name: /Session proposal from Portico test host/ }).getByRole("button", { name: "Approve" }).click()
    // The wallet sends the visitor back to a fresh load of the page, which resumes the proposal it kept.
    await wallet.waitForURL(host.url, { timeout: 20_000 })
    const address = (sandbox.config.evm.accounts[1]?.address ?? "").toLowerCase()
    await expect.poll(async () => (await hostStatus(wallet).textContent())?.toLowerCase(), { timeout: 20_000 }).toContain(address)
    await context.close()
  })

  it("a wallet with only a custom scheme is opened on the page itself, inside the tap", async () => {
    const { context, page } = await phone()
    const row = await findWallet(page, "Sandbox Beacon Wallet 001")
    await row.tap()
    await expectView(page, "ConnectingWalletConnect")
    const uri = (await dialog(page).locator("[data-wc-uri]").getAttribute("data-wc-uri")) ?? ""
    expect(await openings(page)).toEqual([{ url: `portico-sandbox-001://wc?uri=${encodeURIComponent(uri)}`, target: "_self", active: true, inTap: true }])
    await context.close()
  })

  it("in Instagram's in-app browser, the Connect view offers the way out to the browser instead of the wallet list", async () => {
    const { context, page } = await phone(instagramAndroid)
    await page.locator("[data-portico-button]").tap()
    await expectView(page, "Connect")
    const notice = en.inAppBrowserNotice.replace("{app}", "Instagram")
    await dialog(page).getByText(notice).waitFor({ timeout: 15_000 })
    const site = new URL(host.url)
    // Android: an intent URL that hands the page to the default browser.
    expect(await dialog(page).getByRole("link", { name: en.openInBrowser }).getAttribute("href"))
      .toBe(`intent://${site.host}${site.pathname}${site.search}#Intent;scheme=http;action=android.intent.action.VIEW;end`)
    expect(await dialog(page).getByRole("button", { name: new RegExp(en.allWallets) }).count()).toBe(0)
    await expectNoAxeViolations(page)
    await context.close()
  })

  it("in Instagram on iOS before 17 (no x-safari-https), the Connect view offers the page's link to copy with instructions", async () => {
    const { context, page } = await phone(instagramOldIos)
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: host.url })
    await page.locator("[data-portico-button]").tap()
    await expectView(page, "Connect")
    await dialog(page).getByText(en.inAppBrowserCopyHint).waitFor({ timeout: 15_000 })
    await dialog(page).getByRole("button", { name: en.copyLink }).tap()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: 15_000 }).toBe(new URL(host.url).href)
    await context.close()
  })
})

const mwaUris = async (page: Page) => (await openings(page)).filter((opening) => opening.url.startsWith("solana-wallet:"))

/** The sandbox's MWA wallet answers the `index`-th association URI the page opened, as the wallet app would. */
const walletAnswers = async (page: Page, index: number) => {
  await expect.poll(async () => (await mwaUris(page)).length, { timeout: 15_000 }).toBeGreaterThan(index)
  const opening = (await mwaUris(page))[index]
  const account = sandbox.config.solana.accounts[0]
  if (opening === undefined || account === undefined) throw new Error("no association URI or no demo account")
  mwaWallets.push(await associate(opening.url, { account, chains: [sandbox.config.solana.cluster.caipNetworkId], rpcUrl: sandbox.config.solana.cluster.rpcUrl }))
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
    expect(mwaWallets.at(-1)?.calls).toEqual(["authorize", "sign_messages"])
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
