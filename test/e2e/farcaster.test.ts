/**
 * Sign In With Farcaster end to end, in Debian's Chromium against the sandbox: a host that lists Farcaster
 * in its socials shows the button; ConnectingFarcaster shows the link as a QR code and as an Open Farcaster
 * link; the sandbox's Farcaster client, opened at that link (as a phone would), approves by signing with the
 * custody key of the demo fid, which the IdRegistry stand-in on the devnet says it owns; our server checks it
 * and the visitor sets up the embedded wallet and is connected. Back from ConnectingFarcaster clears the link.
 */
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoFarcasterAccount } from "../../sandbox/farcaster/DemoClient.ts"
import type { Sandbox } from "../../sandbox/Sandbox.ts"
import { en } from "../../ui/i18n/en.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import type { Served } from "./fixtures/Build.ts"
import { connectedAddress, dialog, expectView, setUpWithCode, timeout } from "./fixtures/EmbeddedLogin.ts"
import { startHostWorld, type HostWorld } from "./fixtures/HostWorld.ts"

let world: HostWorld | undefined
let sandbox: Sandbox
let browser: Browser
let host: Served

beforeAll(async () => {
  world = await startHostWorld("farcaster", { socials: ["farcaster", "google"] })
  ;({ sandbox, browser, host } = world)
}, 240_000)

afterAll(() => world?.stop())

const farcasterButton = (page: Page) => dialog(page).getByRole("button", { name: en.socialContinueWith.replace("{provider}", "Farcaster") })

const chooseFarcaster = async (page: Page): Promise<string> => {
  await page.locator("[data-portico-button]").click()
  await expectView(page, "Connect")
  await farcasterButton(page).click()
  await expectView(page, "ConnectingFarcaster")
  const link = dialog(page).locator("[data-farcaster-link]")
  await link.waitFor(timeout)
  await dialog(page).locator("img[data-farcaster-qr]").waitFor(timeout)
  return (await link.getAttribute("href")) ?? ""
}

describe("Sign In With Farcaster", () => {
  it("signs in through the sandbox's Farcaster client and connects the embedded wallet", async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 900 } })
    const page = await context.newPage()
    await page.goto(host.url)
    await page.locator("[data-portico-button]").waitFor()
    const link = await chooseFarcaster(page)
    expect(new URL(link).origin).toBe(sandbox.farcasterRelayUrl)
    await expectNoAxeViolations(page)
    // The visitor's phone opens the link in the Farcaster client and approves there.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
    const client = await phone.newPage()
    await client.goto(link)
    await client.getByText(`@${demoFarcasterAccount.username}`).waitFor(timeout)
    await client.getByRole("button", { name: "Approve" }).click()
    await client.getByRole("status").waitFor(timeout)
    await setUpWithCode(page)
    expect(await connectedAddress(page)).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await phone.close()
    await context.close()
  })

  it("going back from ConnectingFarcaster clears the link, and choosing Farcaster again opens a new one", async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 900 } })
    const page = await context.newPage()
    await page.goto(host.url)
    await page.locator("[data-portico-button]").waitFor()
    const first = await chooseFarcaster(page)
    await dialog(page).getByRole("button", { name: en.back }).click()
    await expectView(page, "Connect")
    await farcasterButton(page).click()
    await expectView(page, "ConnectingFarcaster")
    await expect.poll(() => dialog(page).locator("[data-farcaster-link]").getAttribute("href"), timeout).not.toBe(first)
    await context.close()
  })
})
