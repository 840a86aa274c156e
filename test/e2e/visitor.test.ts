/**
 * What a visitor met in the modal, end to end in Debian's Chromium against the sandbox: the Account view
 * shows the tokens without scrolling on a 1280×900 desktop and a 390×844 phone, with the features as one
 * row and the networks under a heading with the current one marked; a Solana account is not offered Buy;
 * an unknown name is said as such with no 404 in the console, and a bad address in German; a social login
 * whose window was closed, or whose provider said Cancel, offers Try again; and the same email through two
 * providers gives two wallets, each naming its provider. Screenshots go to test-results/screenshots/.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import de from "../../ui/i18n/locales/de.ts"
import { en } from "../../ui/i18n/en.ts"
import { type Sandbox, startSandbox } from "../../sandbox/Sandbox.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"
import { buildPage, serve, type Served } from "./fixtures/Build.ts"
import { connectedAddress, dialog, expectView, panel, timeout } from "./fixtures/EmbeddedLogin.ts"
import { sandboxPorticoConfig } from "./fixtures/SandboxHost.ts"

const screenshots = join(process.cwd(), "test-results", "screenshots")
const clientId = "portico-e2e-client"

let sandbox: Sandbox
let browser: Browser
let work: string
let host: Served
let hostDe: Served

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "portico-visitor-"))
  await mkdir(screenshots, { recursive: true })
  sandbox = await startSandbox({ ports: "ephemeral", stateDir: join(work, "sandbox") })
  // The host names a client id (spec: "A clientId query param is added when configured").
  const served = (name: string, locale?: string) =>
    buildPage({ page: "host", outDir: join(work, name), config: { ...sandboxPorticoConfig(sandbox.config, locale === undefined ? {} : { locale }), clientId }, wallets: true })
      .then((built) => serve(built.dir, { csp: true, json: { "/sandbox-config.json": sandbox.config } }))
  ;[host, hostDe] = await Promise.all([served("host"), served("host-de", "de")])
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await Promise.all([host?.close(), hostDe?.close()])
  await sandbox?.stop()
  if (work !== undefined) await rm(work, { recursive: true, force: true })
})

interface Opened {
  readonly context: BrowserContext
  readonly page: Page
  readonly consoleErrors: Array<string>
}

const open = async (url: string, device: { readonly width: number; readonly height: number; readonly phone?: boolean } = { width: 1280, height: 900 }): Promise<Opened> => {
  const context = await browser.newContext({
    viewport: { width: device.width, height: device.height },
    ...(device.phone === true ? { isMobile: true, hasTouch: true } : {})
  })
  const page = await context.newPage()
  const consoleErrors: Array<string> = []
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text())
  })
  await page.goto(url)
  await page.locator("[data-portico-button]").waitFor()
  return { context, page, consoleErrors }
}

/** The demo wallet's own prompt (in the page, outside Portico). */
const approveInWallet = (page: Page) => page.getByRole("button", { name: "Approve", exact: true }).click(timeout)

/** Connects one of the sandbox's injected demo wallets from Connect, then opens Account. */
const connectAndOpenAccount = async (page: Page, wallet: string) => {
  await page.locator("[data-portico-button]").click()
  await expectView(page, "Connect")
  await dialog(page).getByRole("button", { name: new RegExp(wallet) }).click()
  await approveInWallet(page)
  await expect.poll(() => page.getByTestId("host-status").textContent(), timeout).not.toBe("disconnected")
  await dialog(page).waitFor({ state: "detached", ...timeout })
  await page.locator("[data-portico-button]").click()
  await expectView(page, "Account")
}

/** Whether `selector`'s first element shows whole inside the modal's scrolled view and the window, the view unscrolled. */
const shownWithoutScrolling = (page: Page, selector: string) =>
  page.evaluate((target) => {
    const root = document.querySelector("portico-modal")?.shadowRoot
    const view = root?.querySelector<HTMLElement>(".view")
    const element = root?.querySelector<HTMLElement>(target)
    if (view === null || view === undefined || element === null || element === undefined) return "missing"
    const box = element.getBoundingClientRect()
    const frame = view.getBoundingClientRect()
    return view.scrollTop === 0 && box.top >= frame.top && box.bottom <= frame.bottom && box.bottom <= window.innerHeight ? "shown" : `below (${Math.round(box.bottom)} > ${Math.round(Math.min(frame.bottom, window.innerHeight))})`
  }, selector)

describe("what a visitor meets in the modal", () => {
  for (const device of [{ name: "desktop", width: 1280, height: 900 }, { name: "phone", width: 390, height: 844, phone: true }] as const) {
    it(`shows the tokens without scrolling on a ${device.width}×${device.height} ${device.name}, the features in one row and the current network marked`, async () => {
      const { context, page } = await open(host.url, device)
      await connectAndOpenAccount(page, "Portico Demo Wallet")
      const tokens = dialog(page).locator("[data-token]")
      await tokens.first().waitFor(timeout)
      expect(await shownWithoutScrolling(page, "[data-token]")).toBe("shown")
      // Buy, Swap, Receive and Send side by side: one row, each an icon and a short label.
      const features = dialog(page).getByRole("group", { name: en.walletFeatures }).getByRole("button")
      expect(await features.allTextContents()).toEqual([en.buy, en.swap, en.receive, en.send])
      const tops = await features.evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)))
      expect(new Set(tops).size).toBe(1)
      // The network picker has a heading, and the network the account is on is marked as current.
      const current = sandbox.config.evm.chains[0]?.name ?? ""
      const networks = dialog(page).getByRole("region", { name: en.network })
      await networks.getByRole("heading", { name: en.network }).waitFor(timeout)
      const marked = networks.locator("[aria-current='true']")
      // The sandbox's devnets are testnets (sandbox/site/porticoConfig.ts): tagged so beside their name.
      expect(await marked.textContent()).toBe(`${current}${en.testnet}${en.networkCurrent}`)
      expect(await networks.getByRole("button").count()).toBe(sandbox.config.evm.chains.length)
      await dialog(page).screenshot({ path: join(screenshots, `Account-${device.name}.png`) })
      await expectNoAxeViolations(page)
      await context.close()
    })
  }

  it("sends the host's clientId with every call to our server, and after a reload shows the account from the kept caches", async () => {
    const { context, page } = await open(host.url)
    const api = new URL(sandbox.apiUrl).origin
    const calls: Array<{ readonly url: URL; readonly status: number }> = []
    // The HTTP helper's calls (spec §7), not the images the views load by URL.
    page.on("response", (response) => {
      const url = new URL(response.url())
      const kind = response.request().resourceType()
      if (url.origin === api && (kind === "fetch" || kind === "xhr")) calls.push({ url, status: response.status() })
    })
    const identityCalls = () => calls.filter(({ url }) => url.pathname.startsWith("/v1/identity/"))
    try {
      await connectAndOpenAccount(page, "Portico Demo Wallet")
      await dialog(page).locator("[data-token]").first().waitFor(timeout)
      await expect.poll(() => identityCalls().length, timeout).toBeGreaterThan(0)
      // Every call carried it, and the server took it.
      expect(calls.length).toBeGreaterThan(0)
      expect(calls.filter(({ url, status }) => url.searchParams.get("clientId") !== clientId || status >= 400).map(({ url }) => url.pathname)).toEqual([])
      // Identities are kept five minutes in localStorage (spec §3's identity cache): a reload asks again for none.
      calls.length = 0
      await page.reload()
      await expect.poll(() => page.getByTestId("host-status").textContent(), timeout).not.toBe("disconnected")
      await page.locator("[data-portico-button]").click()
      await expectView(page, "Account")
      await dialog(page).locator("[data-token]").first().waitFor(timeout)
      expect(identityCalls().map(({ url }) => url.pathname)).toEqual([])
    } finally {
      await context.close()
    }
  })

  it("offers a Solana account only what works for it: Swap (through Jupiter), Receive and Send, no Buy", async () => {
    const { context, page } = await open(host.url)
    await connectAndOpenAccount(page, "Portico Demo Solana")
    const features = dialog(page).getByRole("group", { name: en.walletFeatures }).getByRole("button")
    await features.first().waitFor(timeout)
    expect(await features.allTextContents()).toEqual([en.swap, en.receive, en.send])
    await context.close()
  })

  it("says an unknown name is not registered, with no 404 in the console, and a bad address in German", async () => {
    const { context, page, consoleErrors } = await open(host.url)
    await connectAndOpenAccount(page, "Portico Demo Wallet")
    await dialog(page).getByRole("button", { name: en.send, exact: true }).click()
    await expectView(page, "Send")
    await dialog(page).locator("[data-send-token='USDC'] input").check(timeout)
    await dialog(page).locator("[data-send-amount-input]").fill("1")
    const unknown = `nobody-${Date.now().toString(36)}.portico.id`
    await dialog(page).locator("[data-send-receiver-input]").fill(unknown)
    await dialog(page).getByRole("button", { name: en.sendReview }).click()
    await expect.poll(() => dialog(page).getByRole("alert").textContent(), timeout).toBe(en.errorNameNotFound.replace("{name}", unknown))
    expect(consoleErrors.filter((text) => text.includes("404"))).toEqual([])
    await context.close()

    const german = await open(hostDe.url)
    await connectAndOpenAccount(german.page, "Portico Demo Wallet")
    await dialog(german.page).getByRole("button", { name: de.send, exact: true }).click()
    await expectView(german.page, "Send")
    await dialog(german.page).locator("[data-send-token='USDC'] input").check(timeout)
    await dialog(german.page).locator("[data-send-amount-input]").fill("1")
    await dialog(german.page).locator("[data-send-receiver-input]").fill("0x1234")
    await dialog(german.page).getByRole("button", { name: de.sendReview }).click()
    await expect.poll(() => dialog(german.page).getByRole("alert").textContent(), timeout).toBe(de.errorReceiverAddress)
    await german.context.close()
  })
})

/** Clicks what starts the login and waits for the provider's page in the popup it opened. */
const startSocial = async (page: Page, click: () => Promise<void>) => {
  const popupOpened = page.context().waitForEvent("page")
  await click()
  const popup = await popupOpened
  await expectView(page, "ConnectingSocial")
  await popup.getByLabel("Another account").waitFor(timeout)
  return popup
}
const google = (page: Page) => () => dialog(page).getByRole("button", { name: en.socialContinueWith.replace("{provider}", "Google") }).click()

describe("a social login that does not finish", () => {
  it("ends when the window is closed, and after the provider's Cancel, each time with Try again", async () => {
    const { context, page } = await open(host.url)
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Connect")
    const first = await startSocial(page, google(page))
    await first.close()
    const problem = dialog(page).locator("[data-social-problem]")
    await expect.poll(() => problem.textContent(), { timeout: 20_000 }).toBe(en.errorSocialWindowClosed)
    await expectNoAxeViolations(page)
    const again = await startSocial(page, () => dialog(page).locator("[data-social-retry]").click())
    // A new try clears the last failure while the provider is asked.
    expect(await problem.count()).toBe(0)
    const closed = again.waitForEvent("close", timeout)
    await again.getByRole("button", { name: "Cancel", exact: true }).click()
    await closed
    await expect.poll(() => problem.textContent(), { timeout: 20_000 }).toBe(en.errorSocialFailed)
    await dialog(page).locator("[data-social-retry]").waitFor(timeout)
    await context.close()
  })

  it("through two providers, the same email gives two wallets, each saying which provider it is", { timeout: 120_000 }, async () => {
    const email = `eve-${Date.now()}@example.test`
    const wallets: Array<string> = []
    for (const provider of ["Google", "GitHub"] as const) {
      const { context, page } = await open(host.url)
      await page.locator("[data-portico-button]").click()
      await expectView(page, "Connect")
      const social = dialog(page).getByRole("button", { name: en.socialContinueWith.replace("{provider}", provider) })
      if (!(await social.isVisible())) await dialog(page).locator("[data-social-more]").click()
      const popup = await startSocial(page, () => social.click())
      await popup.getByLabel("Another account").fill(`Eve <${email}>`)
      const closed = popup.waitForEvent("close", timeout)
      await popup.getByRole("button", { name: "Sign in", exact: true }).click()
      await closed
      await expectView(page, "EmbeddedWalletPanel")
      const setup = panel(page)
      await setup.getByRole("button", { name: "Use a recovery code instead" }).click()
      await setup.getByLabel("I saved my recovery code").check()
      await setup.getByRole("button", { name: "Create my wallet" }).click()
      wallets.push(await connectedAddress(page))
      await page.locator("[data-portico-button]").click()
      await expectView(page, "Account")
      const identity = dialog(page).locator("[data-embedded-identity]")
      await expect.poll(() => identity.locator("[data-embedded-email]").textContent(), timeout).toBe(email)
      expect(await identity.locator("[data-embedded-provider]").textContent()).toBe(en.signedInWithProvider.replace("{provider}", provider))
      await context.close()
    }
    expect(new Set(wallets).size).toBe(2)
  })
})
