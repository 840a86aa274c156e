/**
 * Connect and sign in with one prompt (ERC-7846 `wallet_connect` with `signInWithEthereum`) on the demo
 * dapp, in Chromium under its strict CSP: with the demo wallet's setting on, one prompt shows the message,
 * and after it the dapp's own backend says "signed in as <address>"; with it off, the wallet is asked
 * twice (connect, then sign), as a wallet without the method must be. Every prompt the wallet shows is
 * counted in the page.
 */
import { type Browser, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/Sandbox.ts"
import { en } from "../../ui/i18n/en.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"

const evmAddress = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"

const poll = <T,>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 })
const prompt = (page: Page) => page.getByRole("alertdialog")
const modal = (page: Page) => page.locator("portico-modal [role='dialog']")
const status = (page: Page) => page.getByTestId("signin-status")
const promptsShown = (page: Page) => page.evaluate(() => Number(Reflect.get(window, "__demoWalletPrompts") ?? 0))

describe("connect and sign in with one prompt on the demo dapp", () => {
  let sandbox: Sandbox
  let browser: Browser
  const problems: Array<string> = []

  beforeAll(async () => {
    ;[sandbox, browser] = await Promise.all([
      startSandbox({ ports: "ephemeral", csp: true }),
      chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
    ])
  })

  afterAll(async () => {
    await browser?.close()
    await sandbox?.stop()
  })

  const fresh = async (oneStep: boolean) => {
    const context = await browser.newContext()
    await context.addInitScript((on: boolean) => {
      // The wallet's own setting (as on an extension's settings page), set before its content script reads it.
      if (on) localStorage.setItem("portico-demo-wallet:wallet_connect", "on")
      const seen = new WeakSet<Element>()
      Reflect.set(window, "__demoWalletPrompts", 0)
      new MutationObserver(() => {
        for (const panel of document.querySelectorAll("[data-demo-wallet-prompt]")) {
          if (seen.has(panel)) continue
          seen.add(panel)
          Reflect.set(window, "__demoWalletPrompts", Number(Reflect.get(window, "__demoWalletPrompts")) + 1)
        }
      }).observe(document, { childList: true, subtree: true })
      document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP: ${event.violatedDirective} ${event.blockedURI}`))
    }, oneStep)
    const page = await context.newPage()
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`))
    page.on("console", (message) => {
      if (message.text().startsWith("CSP:")) problems.push(message.text())
    })
    await page.goto(`${sandbox.siteUrl}/`)
    await page.getByRole("heading", { name: "Portico demo dapp" }).waitFor()
    await page.getByRole("button", { name: en.connectWallet }).click()
    await modal(page).getByRole("button", { name: /Portico Demo Wallet/ }).click()
    return { context, page }
  }

  it("one approval connects and signs in; the backend verified it; a reload keeps it", async () => {
    const { context, page } = await fresh(true)
    await prompt(page).getByText("Connect and sign in").waitFor()
    // The one prompt shows the EIP-4361 message for this site, with the dapp's statement.
    const shown = (await prompt(page).textContent()) ?? ""
    expect(shown).toContain(`${new URL(sandbox.siteUrl).host} wants you to sign in with your Ethereum account:`)
    expect(shown).toContain("Sign in to the Portico demo dapp.")
    await prompt(page).getByRole("button", { name: "Approve" }).click()
    await modal(page).waitFor({ state: "detached", timeout: 20_000 })
    await poll(() => status(page).textContent()).toBe(`signed in as ${evmAddress}`)
    expect(await promptsShown(page)).toBe(1)
    expect(await prompt(page).count()).toBe(0)

    await page.reload()
    await poll(() => status(page).textContent()).toBe(`signed in as ${evmAddress}`)
    expect(await promptsShown(page)).toBe(0)
    expect(problems).toEqual([])
    await context.close()
  })

  it("a wallet without wallet_connect is asked twice: connect, then the sign view's signature", async () => {
    const { context, page } = await fresh(false)
    await prompt(page).getByText("Connect to this site").waitFor()
    await prompt(page).getByRole("button", { name: "Approve" }).click()
    await poll(() => modal(page).getAttribute("data-view")).toBe("SIWXSignMessage")
    await prompt(page).getByText("wants you to sign in with your Ethereum account:").waitFor()
    await prompt(page).getByRole("button", { name: "Approve" }).click()
    await poll(() => status(page).textContent()).toBe(`signed in as ${evmAddress}`)
    expect(await promptsShown(page)).toBe(2)
    expect(problems).toEqual([])
    await context.close()
  })
})
