/**
 * Right to left in Chromium against the sandbox: Connect, Account and Send in English (the reference,
 * left to right), Arabic (chosen from the browser's languages, the host sets none) and Hebrew (the
 * host's option, over a German browser). For each view: the modal's root carries the locale's `lang`
 * and `dir`; Back sits at the header's start and Close at its end (right and left in Arabic and
 * Hebrew, the opposite in English); rows put their icon at the inline start and amounts at the end;
 * labels are set against the start edge; the back chevron points back; addresses (shown or typed)
 * run left to right; zero axe violations; and a screenshot in test-results/rtl/<locale>-<view>.png.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Locale from "../../core/Locale.ts"
import { en, type Messages } from "../../ui/i18n/en.ts"
import { buttonLabels } from "../../ui/i18n/buttonLabel.ts"
import ar from "../../ui/i18n/locales/ar.ts"
import he from "../../ui/i18n/locales/he.ts"
import { type Sandbox, startSandbox } from "../../sandbox/Sandbox.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"
import { buildPage, serve, type Served } from "./fixtures/Build.ts"
import {
  type Direction,
  expectBefore,
  expectInEndHalf,
  expectInStartHalf,
  expectPointsBack,
  expectRuns,
  expectTextAtEnd,
  expectTextAtStart
} from "./fixtures/Mirroring.ts"
import { sandboxPorticoConfig } from "./fixtures/SandboxHost.ts"

const screenshots = join(process.cwd(), "test-results", "rtl")

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

type Shown = "en" | "ar" | "he"

const dialog = (page: Page) => page.locator("portico-modal [role='dialog']")
const within = { timeout: 15_000 }

const expectView = (page: Page, view: string) => expect.poll(() => dialog(page).getAttribute("data-view"), within).toBe(view)

/** The modal's root speaks the locale: its `lang`, and `dir` from it. */
const expectRoot = async (page: Page, locale: Shown) => {
  const root = page.locator("portico-modal .backdrop")
  expect(await root.getAttribute("lang")).toBe(locale)
  expect(await root.getAttribute("dir")).toBe(Locale.direction(locale))
  await expectRuns(dialog(page).locator("#portico-title"), Locale.direction(locale))
}

/** Close at the header's end, after the title; Back (when there is one) at its start, its chevron pointing back. */
const expectHeader = async (page: Page, messages: Messages, direction: Direction, back: boolean) => {
  const header = dialog(page).locator(".header")
  const title = header.locator("#portico-title")
  const close = header.getByRole("button", { name: messages.close, exact: true })
  await expectInEndHalf(close, header, direction)
  await expectBefore(title, close, direction)
  if (!back) return
  const backButton = header.getByRole("button", { name: messages.back, exact: true })
  await expectInStartHalf(backButton, header, direction)
  await expectBefore(backButton, title, direction)
  await expectPointsBack(backButton.locator(".flip"), direction)
}

/** A screenshot of the view (test-results/rtl/<locale>-<view>.png) and an axe-core check of it. */
const shoot = async (page: Page, locale: Shown, view: string) => {
  await dialog(page).screenshot({ path: join(screenshots, `${locale}-${view}.png`) })
  await expectNoAxeViolations(page)
}

const walkThrough = async (page: Page, locale: Shown, messages: Messages) => {
  const direction = Locale.direction(locale)
  const button = page.locator("[data-portico-button]")
  await expect.poll(() => button.textContent(), within).toBe(buttonLabels[locale])
  await button.click()
  await expectView(page, "Connect")
  await expect.poll(() => dialog(page).locator("#portico-title").textContent(), within).toBe(messages.modalTitleConnect)
  await expectRoot(page, locale)
  await expectHeader(page, messages, direction, false)
  // A wallet row: its icon at the inline start, then its name set against the icon.
  const row = dialog(page).getByRole("button", { name: /Portico Demo Wallet/ })
  await expectBefore(row.locator("img"), row.locator(".name"), direction)
  await expectTextAtStart(row.locator(".name"), direction)
  await shoot(page, locale, "connect")

  await row.click()
  await page.getByRole("button", { name: "Approve", exact: true }).click(within)
  await dialog(page).waitFor({ state: "detached", ...within })
  await button.click()
  await expectView(page, "Account")
  await dialog(page).locator(".address").waitFor(within)
  await expectRoot(page, locale)
  await expectHeader(page, messages, direction, false)
  await expectRuns(dialog(page).locator(".address"), "ltr")
  // A token row: icon, then name, then the amounts at the row's end.
  const token = dialog(page).locator("[data-token]").first()
  await token.waitFor(within)
  await expectBefore(token.locator(".token > :first-child"), token.locator(".token > span:not(.placeholder)").first(), direction)
  await expectBefore(token.locator(".token"), token.locator(".amounts"), direction)
  await expectTextAtEnd(token, direction)
  await shoot(page, locale, "account")

  await dialog(page).getByRole("button", { name: messages.send, exact: true }).click()
  await expectView(page, "Send")
  const choice = dialog(page).locator("[data-send-token]").first()
  await choice.waitFor(within)
  await expectRoot(page, locale)
  await expectHeader(page, messages, direction, true)
  // The radio, the token's icon and its symbol in reading order; the field's label against the start edge.
  await expectBefore(choice.locator("input"), choice.locator(".token > :is(img, .placeholder)"), direction)
  await expectBefore(choice.locator(".token > :is(img, .placeholder)"), choice.locator(".token > span:not(.placeholder)"), direction)
  await expectTextAtStart(dialog(page).locator(".field > span").first(), direction)
  await expectRuns(dialog(page).locator("[data-send-receiver-input]"), "ltr")
  await shoot(page, locale, "send")
}

/** A new visitor whose browser prefers `browserLocale`, through the three views on `url`. */
const visit = async (browserLocale: string, url: string, locale: Shown, messages: Messages) => {
  const context = await browser.newContext({ locale: browserLocale, viewport: { width: 1024, height: 800 } })
  const page = await context.newPage()
  await page.goto(url)
  await walkThrough(page, locale, messages)
  await context.close()
}

describe("right to left in Chromium", () => {
  it("English, the reference: Connect, Account and Send left to right, axe clean", () =>
    visit("en-US", followsBrowser.url, "en", en))

  it("Arabic from the browser's languages: Connect, Account and Send mirrored, axe clean", () =>
    visit("ar-EG", followsBrowser.url, "ar", ar))

  it("Hebrew from the host's option, over a German browser: Connect, Account and Send mirrored, axe clean", () =>
    visit("de-DE", hebrewHost.url, "he", he))
})
