/**
 * Right to left in Chromium against the sandbox: Connect, Account and Send in Arabic (chosen from the
 * browser's languages, the host sets none) and Hebrew (the host's option, over a German browser).
 * Each view mirrored (the Back button's box on the right, headings and rows starting on the right,
 * the address left to right), its screenshot in test-results/screenshots/, and zero axe violations.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, chromium, type Locator, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Messages } from "../../ui/i18n/en.ts"
import { buttonLabels } from "../../ui/i18n/buttonLabel.ts"
import ar from "../../ui/i18n/locales/ar.ts"
import he from "../../ui/i18n/locales/he.ts"
import { type Sandbox, startSandbox } from "../../sandbox/Sandbox.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"
import { buildPage, serve, type Served } from "./fixtures/Build.ts"
import { sandboxPorticoConfig } from "./fixtures/SandboxHost.ts"

const screenshots = join(process.cwd(), "test-results", "screenshots")

let sandbox: Sandbox
let browser: Browser
let work: string
let followsBrowser: Served
let hebrewHost: Served

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "portico-locales-"))
  await mkdir(screenshots, { recursive: true })
  sandbox = await startSandbox({ ports: "ephemeral", stateDir: join(work, "sandbox") })
  const servePage = async (name: string, locale: string | undefined) => {
    const config = sandboxPorticoConfig(sandbox.config, locale === undefined ? {} : { locale })
    const built = await buildPage({ page: "host", outDir: join(work, name), config, wallets: true })
    return serve(built.dir, { csp: true, json: { "/sandbox-config.json": sandbox.config } })
  }
  ;[followsBrowser, hebrewHost] = await Promise.all([servePage("host", undefined), servePage("host-he", "he")])
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await Promise.all([followsBrowser?.close(), hebrewHost?.close()])
  await sandbox?.stop()
  if (work !== undefined) await rm(work, { recursive: true, force: true })
})

const dialog = (page: Page) => page.locator("portico-modal [role='dialog']")
const within = { timeout: 15_000 }

const expectView = (page: Page, view: string) => expect.poll(() => dialog(page).getAttribute("data-view"), within).toBe(view)

const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox(within)
  if (box === null) throw new Error("Not laid out")
  return box
}

/** The view is mirrored: the first header control (Back) on the right half, the title set right to left. */
const expectMirrored = async (page: Page, messages: Messages) => {
  expect(await page.locator("portico-modal .backdrop").getAttribute("dir")).toBe("rtl")
  const dialogBox = await boxOf(dialog(page))
  const back = dialog(page).getByRole("button", { name: messages.back, exact: true })
  expect((await boxOf(back)).x).toBeGreaterThan(dialogBox.x + dialogBox.width / 2)
  expect(await dialog(page).locator("#portico-title").evaluate((title) => getComputedStyle(title).direction)).toBe("rtl")
}

/** A screenshot of the view (test-results/screenshots/) and an axe-core check of it. */
const shoot = async (page: Page, name: string) => {
  await dialog(page).screenshot({ path: join(screenshots, `${name}.png`) })
  await expectNoAxeViolations(page)
}

const walkThrough = async (page: Page, locale: "ar" | "he", messages: Messages) => {
  const button = page.locator("[data-portico-button]")
  await expect.poll(() => button.textContent(), within).toBe(buttonLabels[locale])
  await button.click()
  await expectView(page, "Connect")
  await expect.poll(() => dialog(page).locator("#portico-title").textContent(), within).toBe(messages.modalTitleConnect)
  expect(await page.locator("portico-modal .backdrop").getAttribute("dir")).toBe("rtl")
  // A wallet row starts on the right: its icon right of its name.
  const row = dialog(page).getByRole("button", { name: /Portico Demo Wallet/ })
  expect((await boxOf(row.locator("img"))).x).toBeGreaterThan((await boxOf(row.locator(".name"))).x)
  await shoot(page, `Connect-${locale}`)

  await row.click()
  const approve = page.getByRole("button", { name: "Approve", exact: true })
  await approve.click(within)
  await dialog(page).waitFor({ state: "detached", ...within })
  await button.click()
  await expectView(page, "Account")
  await dialog(page).locator(".address").waitFor(within)
  expect(await dialog(page).locator(".address").evaluate((address) => getComputedStyle(address).direction)).toBe("ltr")
  await shoot(page, `Account-${locale}`)

  await dialog(page).getByRole("button", { name: messages.send, exact: true }).click()
  await expectView(page, "Send")
  await dialog(page).locator("[data-send-token]").first().waitFor(within)
  await expectMirrored(page, messages)
  await shoot(page, `Send-${locale}`)
}

/** A new visitor whose browser prefers `browserLocale`, through the three views on `url`. */
const visit = async (browserLocale: string, url: string, locale: "ar" | "he", messages: Messages) => {
  const context = await browser.newContext({ locale: browserLocale, viewport: { width: 1024, height: 800 } })
  const page = await context.newPage()
  await page.goto(url)
  await walkThrough(page, locale, messages)
  await context.close()
}

describe("right to left in Chromium", () => {
  it("Arabic from the browser's languages: Connect, Account and Send mirrored, axe clean", () =>
    visit("ar-EG", followsBrowser.url, "ar", ar))

  it("Hebrew from the host's option, over a German browser: Connect, Account and Send mirrored, axe clean", () =>
    visit("de-DE", hebrewHost.url, "he", he))
})
