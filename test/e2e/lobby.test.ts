/**
 * The lobby (app/Lobby.ts) in Debian's Chromium, on a top-level host page built as the other end-to-end
 * suites build it and served with a strict CSP: a visitor who is not connected opens the dialog before any
 * of the engine's code has loaded, and the engine comes when the visitor heads for a choice, taking the same
 * dialog over in place. The visitor's wallet is a minimal EIP-6963 provider announced by the page's
 * browser (as an extension would), whose connection prompt stays open; no sandbox is needed.
 */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { PorticoConfig } from "../../core/Config.ts"
import { en } from "../../ui/i18n/en.ts"
import { networks } from "../core/support/Wallets.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"
import { buildPage, serve, type Served } from "./fixtures/Build.ts"
import type { HostHandle } from "./fixtures/HostHandle.ts"

const config: PorticoConfig = {
  projectId: "",
  networks: networks.slice(0, 1),
  metadata: { name: "Lobby host", description: "The lobby's suite", url: "http://127.0.0.1", icons: [] }
}

/** A wallet extension's announcement (EIP-6963) whose connection prompt the visitor never answers. */
const wallet = (rdns = "test.lobby.wallet") => `(() => {
  const provider = {
    request: ({ method }) => method === "eth_requestAccounts" ? new Promise(() => undefined)
      : method === "eth_accounts" ? Promise.resolve([]) : method === "eth_chainId" ? Promise.resolve("0x1")
      : Promise.reject({ code: 4200, message: "Unsupported" }),
    on: () => undefined,
    removeListener: () => undefined
  }
  const info = Object.freeze({ uuid: "6c1c5e7e-3d6e-4f0a-9b2a-1f2e3d4c5b6a", name: "Lobby Wallet", icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E", rdns: ${JSON.stringify(rdns)} })
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }))
  window.addEventListener("eip6963:requestProvider", announce)
  announce()
})()`

let browser: Browser
let work: string
/** The host pages, by their configuration: served once for the suite. */
const pages: Partial<Record<"plain" | "email" | "legal", Served>> = {}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "portico-lobby-"))
  const servePage = async (name: string, pageConfig: PorticoConfig) =>
    serve((await buildPage({ page: "host", outDir: join(work, name), config: pageConfig })).dir, { csp: true })
  ;[pages.plain, pages.email, pages.legal] = await Promise.all([
    servePage("plain", config),
    // Email login needs our server's origin; nothing is sent there before the visitor submits.
    servePage("email", { ...config, apiUrl: "http://127.0.0.1:9", features: { socials: false } }),
    servePage("legal", {
      ...config,
      features: { legalCheckbox: true },
      termsConditionsUrl: "https://host.invalid/terms",
      privacyPolicyUrl: "https://host.invalid/privacy"
    })
  ])
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await Promise.all(Object.values(pages).map((served) => served.close()))
  await rm(work, { recursive: true, force: true })
})

interface Visit {
  readonly page: Page
  /** The scripts the page requested, by file name. */
  readonly scripts: ReadonlyArray<string>
  readonly close: () => Promise<void>
}

/** A test on a fresh visit of a page (empty storage), closed whatever the test's outcome. */
const visiting = (name: keyof typeof pages, test: (visit: Visit) => Promise<void>, rdns?: string) => async () => {
  const served = pages[name]
  if (served === undefined) throw new Error(`The ${name} page is not served`)
  const opened = await visit(served, rdns)
  try {
    await test(opened)
  } finally {
    await opened.close()
  }
}

const visit = async (served: Served, rdns?: string): Promise<Visit> => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 800 } })
  await context.addInitScript(wallet(rdns))
  const page = await context.newPage()
  const scripts: Array<string> = []
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname.split("/").at(-1) ?? "")
  })
  await page.goto(served.url)
  return { page, scripts, close: () => context.close() }
}

const dialog = (page: Page) => page.locator("portico-modal [role='dialog']")

/** Opens the modal with the keyboard (focus, then Enter): no pointer moves over the dialog. */
const openWithKeyboard = async (page: Page) => {
  await page.locator("[data-portico-button]").focus()
  await page.keyboard.press("Enter")
  await expect.poll(() => dialog(page).getAttribute("data-view")).toBe("Connect")
}

const loadedEngine = (scripts: ReadonlyArray<string>) => scripts.some((name) => /^(?:Engine|ModalRoot)-/.test(name))

describe("the lobby", () => {
  it("draws Connect from the page's announcements on the first open, fetching none of the engine's code until the visitor heads for a choice", visiting("plain", async ({ page, scripts }) => {
    await openWithKeyboard(page)
    await expect.poll(() => dialog(page).getByRole("button", { name: /Lobby Wallet/ }).isVisible()).toBe(true)
    expect(await dialog(page).getAttribute("data-stage")).toBe("lobby")
    expect(loadedEngine(scripts)).toBe(false)
    // The pointer moves over the list: the engine comes and takes the dialog over.
    await dialog(page).getByRole("button", { name: /Lobby Wallet/ }).hover()
    await expect.poll(() => dialog(page).getAttribute("data-stage"), { timeout: 15_000 }).toBe("engine")
    expect(loadedEngine(scripts)).toBe(true)
    expect(await dialog(page).getAttribute("data-view")).toBe("Connect")
  }))

  it("draws Connect hidden and out of reach once the visitor points at the button; the click shows that very dialog, and a closed one leaves nothing", visiting("plain", async ({ page, scripts }) => {
    await page.locator("[data-portico-button]").hover()
    await expect.poll(() => dialog(page).getByText("Lobby Wallet").count()).toBe(1)
    // Drawn with the wallet listed, but neither shown nor in the accessibility tree, and nothing in it takes focus.
    expect(await dialog(page).isVisible()).toBe(false)
    expect(await page.getByRole("dialog").count()).toBe(0)
    expect(await page.locator("portico-modal .backdrop").getAttribute("inert")).toBe("")
    const drawn = await dialog(page).elementHandle()
    await page.locator("[data-portico-button]").click()
    await expect.poll(() => dialog(page).isVisible()).toBe(true)
    expect(await dialog(page).evaluate((shown, before) => shown === before, drawn)).toBe(true)
    expect(await page.getByRole("dialog").count()).toBe(1)
    await expect.poll(() => page.evaluate(() => document.querySelector("portico-modal")?.shadowRoot?.activeElement?.textContent ?? "")).toContain("Lobby Wallet")
    expect(loadedEngine(scripts)).toBe(false)
    // Closed, it leaves nothing behind, though focus went back to the button.
    await page.keyboard.press("Escape")
    await expect.poll(() => dialog(page).count()).toBe(0)
    await page.locator("[data-portico-button]").hover()
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)))
    expect(await dialog(page).count()).toBe(0)
  }))

  it("brings the engine for a wallet only it lists rightly as the modal opens, not when the visitor only points at the button", visiting("plain", async ({ page, scripts }) => {
    await page.locator("[data-portico-button]").hover()
    await expect.poll(() => dialog(page).getByText("Lobby Wallet").count()).toBe(1)
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)))
    expect(loadedEngine(scripts)).toBe(false)
    await page.locator("[data-portico-button]").click()
    await expect.poll(() => loadedEngine(scripts), { timeout: 15_000 }).toBe(true)
    await expect.poll(() => dialog(page).getAttribute("data-stage"), { timeout: 15_000 }).toBe("engine")
  }, "io.metamask"))

  it("runs a wallet chosen before the engine arrived on the engine: the connecting view asks the wallet", visiting("plain", async ({ page }) => {
    await openWithKeyboard(page)
    // Tab to the wallet and press Enter: the choice waits for the engine, which then connects.
    const row = dialog(page).getByRole("button", { name: /Lobby Wallet/ })
    await expect.poll(() => row.evaluate((element) => element.getRootNode() instanceof ShadowRoot && (element.getRootNode() as ShadowRoot).activeElement === element)).toBe(true)
    await page.keyboard.press("Enter")
    await expect.poll(() => dialog(page).getAttribute("data-view"), { timeout: 15_000 }).toBe("ConnectingExternal")
    expect(await dialog(page).getAttribute("data-stage")).toBe("engine")
    await expect.poll(() => dialog(page).locator("#portico-title").textContent()).toBe("Lobby Wallet")
  }))

  it("is taken over in place while the visitor types: the field keeps its text and its focus", visiting("email", async ({ page }) => {
    await openWithKeyboard(page)
    const field = dialog(page).locator("[data-email-input]")
    await field.focus()
    await page.keyboard.type("visitor@")
    await expect.poll(() => dialog(page).getAttribute("data-stage"), { timeout: 15_000 }).toBe("engine")
    await page.keyboard.type("example.com")
    expect(await field.inputValue()).toBe("visitor@example.com")
    expect(await field.evaluate((element) => (element.getRootNode() as ShadowRoot).activeElement === element)).toBe(true)
  }))

  it("hands the visitor's legal tick to the engine, whose gate then lets the wallet through", visiting("legal", async ({ page }) => {
    await openWithKeyboard(page)
    const checkbox = dialog(page).locator("[data-legal-checkbox]")
    const gate = dialog(page).getByRole("button", { name: /Lobby Wallet/ })
    expect(await gate.isDisabled()).toBe(true)
    // Ticked without a key or a pointer moving over the dialog (a screen reader's activation): the lobby
    // holds the tick until the engine comes, and hands it over then.
    await checkbox.dispatchEvent("click")
    expect(await dialog(page).getAttribute("data-stage")).toBe("lobby")
    await expect.poll(() => gate.isDisabled()).toBe(false)
    await dialog(page).getByRole("button", { name: /Lobby Wallet/ }).hover()
    await expect.poll(() => dialog(page).getAttribute("data-stage"), { timeout: 15_000 }).toBe("engine")
    expect(await checkbox.isChecked()).toBe(true)
    await dialog(page).getByRole("button", { name: /Lobby Wallet/ }).click()
    await expect.poll(() => dialog(page).getAttribute("data-view")).toBe("ConnectingExternal")
  }))

  it("keeps a modal the visitor opened again at once after closing it while the engine was on its way", visiting("plain", async ({ page }) => {
    await openWithKeyboard(page)
    // The pointer heads for the close button (the engine starts coming) and closes; focus is back on the
    // button, and Enter opens the modal again before the engine is here.
    await dialog(page).getByRole("button", { name: en.close }).click()
    await expect.poll(() => dialog(page).count()).toBe(0)
    await page.keyboard.press("Enter")
    await expect.poll(() => dialog(page).getAttribute("data-stage"), { timeout: 15_000 }).toBe("engine")
    // The first close, passed on to the engine, does not undo the second open.
    await page.evaluate(() => (globalThis as unknown as { porticoHost: HostHandle }).porticoHost.supportedPermissions())
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)))
    expect(await dialog(page).isVisible()).toBe(true)
    expect(await dialog(page).getAttribute("data-view")).toBe("Connect")
  }))

  it("leaves the dialog closed when the visitor closed it while the engine was on its way; the next open is the engine's", visiting("plain", async ({ page, scripts }) => {
    await openWithKeyboard(page)
    // The pointer heads for the close button: the engine starts coming, and the dialog closes before it is here.
    await dialog(page).getByRole("button", { name: en.close }).click()
    await expect.poll(() => dialog(page).count()).toBe(0)
    await expect.poll(() => loadedEngine(scripts), { timeout: 15_000 }).toBe(true)
    // The host's own request goes to the engine and waits for it to be built: once it answered, the
    // engine had taken over, and the dialog stayed closed.
    await page.evaluate(() => (globalThis as unknown as { porticoHost: HostHandle }).porticoHost.supportedPermissions())
    expect(await dialog(page).count()).toBe(0)
    await page.locator("[data-portico-button]").click()
    await expect.poll(() => dialog(page).getAttribute("data-stage")).toBe("engine")
    await expect.poll(() => dialog(page).getByRole("button", { name: /Lobby Wallet/ }).isVisible()).toBe(true)
  }))
})
