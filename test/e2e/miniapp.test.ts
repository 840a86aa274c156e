/**
 * Mini apps end to end, in Debian's Chromium against the sandbox under its strict Content-Security-Policy:
 * the sandbox's Farcaster client frames the demo site as a mini app, and the site shows the client's wallet
 * connected without any click (then signs in with it, as the demo site asks of every wallet); the dapp's own personal_sign goes through Portico to the host's wallet, whose
 * prompt shows in the host's page, and the signature is the host account's; a network switch lands through
 * the host; disconnect works. Opened on its own, the same site is not connected and never loads the
 * mini-app connector's code.
 */
import type { Browser } from "playwright-core"
import { verifyMessage, type Hex } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Sandbox } from "../../sandbox/Sandbox.ts"
import { en } from "../../ui/i18n/en.ts"
import { startSandboxInChromium, type SandboxInChromium } from "./fixtures/SandboxInChromium.ts"

// expect.poll waits 1 s by default: too short on a machine shared by parallel test runs.
const poll = <T,>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 })

/** Requests for the mini-app connector's chunk (Vite names a chunk after its module). */
const miniAppChunks = (urls: ReadonlyArray<string>) => urls.filter((url) => /\/MiniApp-[\w-]+\.js$/.test(url))

describe("a Farcaster mini-app host", () => {
  let world: SandboxInChromium | undefined
  let sandbox: Sandbox
  let browser: Browser
  const problems: Array<string> = []

  beforeAll(async () => {
    world = await startSandboxInChromium()
    ;({ sandbox, browser } = world)
  }, 240_000)

  afterAll(() => world?.stop())

  const open = async (url: string) => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 1000 } })
    const requested: Array<string> = []
    context.on("request", (request) => requested.push(request.url()))
    const page = await context.newPage()
    page.on("pageerror", (error) => problems.push(error.message))
    page.on("console", (message) => {
      if (message.type() === "error" && message.text().includes("Content-Security-Policy")) problems.push(message.text())
    })
    await page.goto(url)
    return { context, page, requested }
  }

  const hostAccount = () => {
    const account = sandbox.config.evm.accounts[2]
    if (account === undefined) throw new Error("the sandbox has no third EVM account")
    return account.address
  }

  it("connects the host's wallet with no click, signs and switches networks through it, and disconnects", async () => {
    const { context, page, requested } = await open(sandbox.miniAppHostUrl)
    const app = page.frameLocator("iframe[title='Mini app']")
    await poll(() => app.getByTestId("account-address").textContent()).toBe(hostAccount())
    expect(miniAppChunks(requested)).toHaveLength(1)
    // The demo site asks a connected wallet to sign in (siwx): the host's wallet asks in the host's page.
    const prompt = page.getByRole("alertdialog")
    await prompt.getByText("wants you to sign in with your Ethereum account").waitFor({ timeout: 20_000 })
    expect(await prompt.textContent()).toContain(`Account: ${hostAccount()}`)
    await prompt.getByRole("button", { name: "Approve" }).click()
    await app.locator("portico-modal [role='dialog']").waitFor({ state: "detached", timeout: 20_000 })

    // The dapp's viem client signs through Portico's provider, so through the host's wallet: its prompt is the host's.
    await app.getByRole("button", { name: "Sign message" }).click()
    await prompt.getByText("Message: Hello from the Portico demo dapp").waitFor({ timeout: 20_000 })
    expect(await prompt.textContent()).toContain(`Site: ${new URL(sandbox.siteUrl).origin}`)
    await prompt.getByRole("button", { name: "Approve" }).click()
    await app.getByTestId("signature").waitFor({ timeout: 20_000 })
    const signature = (await app.getByTestId("signature").textContent()) as Hex
    expect(await verifyMessage({ address: hostAccount(), message: "Hello from the Portico demo dapp", signature })).toBe(true)

    // The switch is asked of the host's wallet, and its chainChanged event is followed.
    await app.getByRole("combobox", { name: "Network" }).selectOption({ label: "Portico Local 2" })
    await poll(() => app.getByRole("combobox", { name: "Network" }).inputValue()).toBe("eip155:31338")

    await app.locator("[data-portico-button]").click()
    const modal = app.locator("portico-modal [role='dialog']")
    await poll(() => modal.getAttribute("data-view")).toBe("Account")
    await modal.getByRole("button", { name: en.disconnect }).last().click()
    await app.getByRole("button", { name: en.connectWallet }).waitFor({ timeout: 20_000 })
    expect(problems).toEqual([])
    await context.close()
  })

  it("leaves the same site opened on its own disconnected, without loading the mini-app code", async () => {
    const { context, page, requested } = await open(sandbox.siteUrl)
    await page.getByRole("button", { name: en.connectWallet }).waitFor({ timeout: 20_000 })
    // What would connect is the engine's restore on load: wait until the page is idle, then look again.
    await page.waitForLoadState("networkidle")
    expect(await page.getByTestId("account-address").count()).toBe(0)
    expect(await page.getByRole("button", { name: en.connectWallet }).count()).toBe(1)
    expect(miniAppChunks(requested)).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })
})
