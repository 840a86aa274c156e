/**
 * The frame's page as the wallet's own window (frame/app/WalletWindow.ts) in Chromium, served by the real
 * API server and opened as a popup by a host page, as the modal opens it where the hidden frame is refused
 * its storage: it answers the page that opened it, from that page's exact origin, held to the project's
 * allowlist as a parent is; it draws the code and setup panels itself, naming the site; and a stranger's
 * page that opens it — telling its own origin, or claiming an allowed one — hears nothing.
 */
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { chromiumArgs, chromiumPath } from "../../support/chromium.ts"
import { startFrameWorld, type FrameWorld } from "./support/FrameWorld.ts"
import * as Host from "./support/HostPage.ts"

let world: FrameWorld
let browser: Browser

beforeAll(async () => {
  ;[world, browser] = await Promise.all([startFrameWorld(), chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })])
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await world?.stop()
})

/** `site`'s page, which opens the wallet's window (telling `told` as its origin); the window once loaded. */
const openFrom = async (site: string, told?: string): Promise<{ context: BrowserContext; page: Page; popup: Page; logs: Array<string> }> => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${site}/`)
  const logs: Array<string> = []
  // Heard from the window's first line on (its refusal may come before the test waits for it).
  context.on("page", (opened) => opened.on("console", (message) => logs.push(message.text())))
  const opened = context.waitForEvent("page", { timeout: 20_000 })
  await Host.openWindow(page, world.frameUrl({ enableLogger: true }), told)
  const popup = await opened
  await popup.waitForLoadState("networkidle")
  return { context, page, popup, logs }
}

const mailed = async (email: string): Promise<string> => {
  let found: string | undefined
  await expect.poll(() => {
    found = world.mail.mailbox.list(email).map((message) => /\b(\d{6})\b/.exec(message.text)?.[1]).find((match) => match !== undefined)
    return found
  }, { timeout: 20_000 }).toBeDefined()
  return found ?? ""
}

describe("the wallet's window", () => {
  it("says FRAME_READY to the page that opened it, answers it, and draws the code and setup panels itself, naming the site", async () => {
    const { context, page, popup } = await openFrom(world.hostUrl)
    expect(await Host.waitFor(page, { event: "FRAME_READY" })).toEqual({ channel: "portico-embedded/1", kind: "event", event: { type: "FRAME_READY" } })
    await popup.locator("[data-wallet-window-idle]").waitFor({ timeout: 20_000 })
    expect(await popup.locator("[data-site]").textContent()).toBe(world.hostUrl)

    const email = `window-${Date.now()}@example.com`
    const connected = await Host.request(page, "CONNECT_EMAIL", { email })
    expect(connected).toMatchObject({ type: "CONNECT_EMAIL_SUCCESS", payload: { action: "VERIFY_OTP" } })
    const { panelId } = connected.payload as { panelId: string }
    // The code panel is the window's own (first-party) frame: the host's page draws no panel.
    const codePanel = popup.frameLocator(`iframe[data-embedded-panel="${panelId}"]`)
    expect(await codePanel.locator("[data-site]").textContent()).toBe(world.hostUrl)
    const before = (await Host.inbox(page)).length
    await codePanel.getByLabel("Code").fill(await mailed(email))
    expect(await Host.waitFor(page, { event: "PANEL_DONE", after: before })).toMatchObject({ event: { panelId, outcome: "completed" } })
    await expect.poll(() => popup.locator(`iframe[data-embedded-panel="${panelId}"]`).count(), { timeout: 20_000 }).toBe(0)

    const setup = await Host.request(page, "GET_KEY_STATE", {})
    expect(setup).toMatchObject({ type: "GET_KEY_STATE_SUCCESS", payload: { state: "setup" } })
    const setupPanel = popup.frameLocator(`iframe[data-embedded-panel="${(setup.payload as { panelId: string }).panelId}"]`)
    await setupPanel.getByRole("heading", { name: "Secure your wallet" }).waitFor({ timeout: 20_000 })
    await context.close()
  })

  it("answers nothing to an opener off the project's allowlist", async () => {
    const { context, page, logs } = await openFrom(world.strangerUrl)
    await expect.poll(() => logs.some((line) => /not among the project's allowed origins/.test(line)), { timeout: 20_000 }).toBe(true)
    await Host.send(page, "GET_CHAIN_ID", {})
    await page.waitForTimeout(3_000)
    expect(await Host.inbox(page)).toEqual([])
    await context.close()
  })

  it("attack: a stranger's page that opens it claiming an allowed site's origin hears nothing", async () => {
    const { context, page, popup } = await openFrom(world.strangerUrl, world.hostUrl)
    await Host.send(page, "GET_CHAIN_ID", {})
    await page.waitForTimeout(3_000)
    expect(await Host.inbox(page)).toEqual([])
    // Nor does it draw anything for anyone.
    expect(await popup.locator("[data-wallet-window-idle]").count()).toBe(0)
    await context.close()
  })
})
