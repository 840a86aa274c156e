/**
 * Sign-in with a wallet on the demo dapp, in Chromium under its strict CSP: after connecting, Portico
 * asks the wallet to sign a CAIP-122 message, the demo's own backend verifies it with `portico/server`
 * and says "signed in as <address>"; a reload keeps it, disconnect ends it; required mode cannot be
 * closed and its cancel disconnects. The injected EVM wallet, the Solana wallet and WalletConnect. With the
 * demo wallet's ERC-7846 setting on, one prompt connects and signs in; every prompt it shows is counted. The
 * WalletConnect wallet signs in with its one approval (One-Click Auth), or, switched off, is asked twice.
 */
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/Sandbox.ts"
import { en } from "../../ui/i18n/en.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"

const evmAddress = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"

const poll = <T,>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 })
const prompt = (page: Page) => page.getByRole("alertdialog")
const modal = (page: Page) => page.locator("portico-modal [role='dialog']")
const walletRow = (page: Page, name: string) => modal(page).getByRole("button", { name: new RegExp(name) })
const status = (page: Page) => page.getByTestId("signin-status")
const promptsShown = (page: Page) => page.evaluate(() => Number(Reflect.get(window, "__demoWalletPrompts") ?? 0))

/** Connect through the modal and approve in the injected wallet: the sign view follows. */
const connectInjected = async (page: Page, wallet: string) => {
  await page.getByRole("button", { name: en.connectWallet }).click()
  await walletRow(page, wallet).click()
  await prompt(page).getByText("Connect to this site").waitFor()
  await prompt(page).getByRole("button", { name: "Approve" }).click()
  await poll(() => modal(page).getAttribute("data-view")).toBe("SIWXSignMessage")
}

describe("sign-in on the demo dapp", () => {
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

  const fresh = async (search = "", oneStep = false): Promise<{ context: BrowserContext; page: Page }> => {
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
    }, oneStep)
    await context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP: ${event.violatedDirective} ${event.blockedURI}`))
    })
    const page = await context.newPage()
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`))
    page.on("console", (message) => {
      if (message.text().startsWith("CSP:")) problems.push(message.text())
    })
    await page.goto(`${sandbox.siteUrl}/${search}`)
    await page.getByRole("heading", { name: "Portico demo dapp" }).waitFor()
    return { context, page }
  }

  it("signs in with the injected EVM wallet; the backend verifies it; a reload keeps it; disconnect ends it", async () => {
    const { context, page } = await fresh()
    await connectInjected(page, "Portico Demo Wallet")
    await modal(page).getByRole("status").getByText(en.signInAuthenticating).waitFor()
    await expectNoAxeViolations(page)
    // The wallet shows the EIP-4361 text it is asked to sign.
    await prompt(page).getByText(`wants you to sign in with your Ethereum account:`).waitFor()
    expect(await prompt(page).textContent()).toContain(new URL(sandbox.siteUrl).host)
    await prompt(page).getByRole("button", { name: "Approve" }).click()
    await modal(page).waitFor({ state: "detached", timeout: 20_000 })
    await poll(() => status(page).textContent()).toBe(`signed in as ${evmAddress}`)

    await page.reload()
    await poll(() => status(page).textContent()).toBe(`signed in as ${evmAddress}`)
    expect(await page.locator("portico-modal [role='dialog']").count()).toBe(0)

    await page.locator("[data-portico-button]").click()
    await poll(() => modal(page).getAttribute("data-view")).toBe("Account")
    await modal(page).getByRole("button", { name: en.disconnect }).last().click()
    await page.getByRole("button", { name: en.connectWallet }).waitFor()
    const me = await page.evaluate(async () => (await fetch("/demo/me")).status)
    expect(me).toBe(401)
    expect(problems).toEqual([])
    await context.close()
  })

  it("stays signed in across a network switch and a reload on the second network, on that network, with no new prompt", async () => {
    const { context, page } = await fresh()
    await connectInjected(page, "Portico Demo Wallet")
    await prompt(page).getByRole("button", { name: "Approve" }).click()
    await poll(() => status(page).textContent()).toBe(`signed in as ${evmAddress}`)
    const second = sandbox.config.evm.chains[1]
    if (second === undefined) throw new Error("the sandbox has one EVM chain")
    await page.getByTestId("account-network").getByRole("combobox", { name: "Network" }).selectOption(`eip155:${second.chainId}`)
    await poll(() => page.getByTestId("account-network").getByRole("combobox").inputValue()).toBe(`eip155:${second.chainId}`)
    await page.reload()
    await poll(() => status(page).textContent()).toBe(`signed in as ${evmAddress}`)
    await poll(() => page.getByTestId("account-network").getByRole("combobox").inputValue()).toBe(`eip155:${second.chainId}`)
    // Neither the switch nor the reload asked the wallet for another signature.
    expect(await prompt(page).count()).toBe(0)
    expect(await modal(page).count()).toBe(0)
    expect(problems).toEqual([])
    await context.close()
  })

  it("one approval (ERC-7846) connects and signs in; the backend verified it; a reload keeps it", async () => {
    const { context, page } = await fresh("", true)
    await page.getByRole("button", { name: en.connectWallet }).click()
    await walletRow(page, "Portico Demo Wallet").click()
    await prompt(page).getByText("Connect and sign in").waitFor()
    // The one prompt shows the EIP-4361 message for this site, with the dapp's statement.
    const shown = (await prompt(page).textContent()) ?? ""
    expect(shown).toContain(`${new URL(sandbox.siteUrl).host} wants you to sign in with your Ethereum account:`)
    expect(shown).toContain("Sign in to the Portico demo dapp.")
    await prompt(page).getByRole("button", { name: "Approve" }).click()
    await modal(page).waitFor({ state: "detached", timeout: 20_000 })
    await poll(() => status(page).textContent()).toBe(`signed in as ${evmAddress}`)
    expect(await promptsShown(page)).toBe(1)
    await page.reload()
    await poll(() => status(page).textContent()).toBe(`signed in as ${evmAddress}`)
    expect(await promptsShown(page)).toBe(0)
    expect(problems).toEqual([])
    await context.close()
  })

  it("a wallet without wallet_connect is asked twice: connect, then the sign view's signature", async () => {
    const { context, page } = await fresh()
    await connectInjected(page, "Portico Demo Wallet")
    await prompt(page).getByRole("button", { name: "Approve" }).click()
    await poll(() => status(page).textContent()).toBe(`signed in as ${evmAddress}`)
    expect(await promptsShown(page)).toBe(2)
    await context.close()
  })

  it("a declined signature is shown with Try again; optional sign-in closes and stays connected", async () => {
    const { context, page } = await fresh()
    await connectInjected(page, "Portico Demo Wallet")
    await prompt(page).getByRole("button", { name: "Reject" }).click()
    await poll(() => modal(page).getByRole("alert").textContent()).toBe(en.errorSignatureDeclined)
    await modal(page).getByRole("button", { name: en.tryAgain }).waitFor()
    await expectNoAxeViolations(page)
    await modal(page).getByRole("button", { name: en.signInCancel }).click()
    await modal(page).waitFor({ state: "detached" })
    await poll(() => page.getByTestId("account-address").textContent()).toBe(evmAddress)
    await poll(() => status(page).textContent()).toBe("Not signed in")
    // Signing in later needs no reload: the Account view offers it.
    await page.locator("[data-portico-button]").click()
    await modal(page).getByRole("button", { name: en.signInAgain }).click()
    await poll(() => modal(page).getAttribute("data-view")).toBe("SIWXSignMessage")
    await prompt(page).getByRole("button", { name: "Approve" }).click()
    await poll(() => status(page).textContent()).toBe(`signed in as ${evmAddress}`)
    await context.close()
  })

  it("required: the sign view cannot be closed (no close button, Escape, backdrop) and cancel disconnects", async () => {
    const { context, page } = await fresh("?signin=required")
    await connectInjected(page, "Portico Demo Wallet")
    await prompt(page).getByRole("button", { name: "Reject" }).click()
    await poll(() => modal(page).getByRole("alert").textContent()).toBe(en.errorSignatureDeclined)
    expect(await modal(page).getByRole("button", { name: en.close }).count()).toBe(0)
    await page.keyboard.press("Escape")
    await page.mouse.click(5, 5)
    await page.waitForTimeout(300)
    expect(await modal(page).getAttribute("data-view")).toBe("SIWXSignMessage")
    await modal(page).getByRole("button", { name: en.signInCancelDisconnect }).click()
    await page.getByRole("button", { name: en.connectWallet }).waitFor()
    await page.getByRole("heading", { name: "Connect a wallet" }).waitFor()
    await context.close()
  })

  it("signs in with the Solana demo wallet (Sign-In With Solana)", async () => {
    const solana = sandbox.config.solana.accounts[0]?.address ?? ""
    const { context, page } = await fresh()
    await connectInjected(page, "Portico Demo Solana")
    await prompt(page).getByText("wants you to sign in with your Solana account:").waitFor()
    await prompt(page).getByRole("button", { name: "Approve" }).click()
    await modal(page).waitFor({ state: "detached", timeout: 20_000 })
    await poll(() => status(page).textContent()).toBe(`signed in as ${solana}`)
    await context.close()
  })

  /** Opens the WalletConnect QR code and pairs the sandbox WalletConnect wallet's page with it (One-Click Auth on or off). */
  const pairWalletConnect = async (context: BrowserContext, page: Page, oneClickAuth: boolean) => {
    await page.getByRole("button", { name: en.connectWallet }).click()
    await modal(page).getByRole("button", { name: new RegExp(`^${en.walletConnect}`) }).click()
    const qr = modal(page).locator("[data-wc-uri]")
    await poll(() => qr.getAttribute("data-wc-uri")).toMatch(/^wc:/)
    const wallet = await context.newPage()
    await wallet.goto(sandbox.walletConnectWalletUrl)
    const walletAddress = sandbox.config.evm.accounts[1]?.address ?? ""
    await poll(() => wallet.getByText(walletAddress).count()).toBe(1)
    const oneClick = wallet.getByRole("checkbox", { name: /One-Click Auth/ })
    if (!oneClickAuth) await oneClick.uncheck()
    expect(await oneClick.isChecked()).toBe(oneClickAuth)
    await wallet.getByLabel("WalletConnect URI").fill((await qr.getAttribute("data-wc-uri")) ?? "")
    await wallet.getByRole("button", { name: "Pair" }).click()
    return { wallet, walletAddress }
  }

  it("one approval in the WalletConnect wallet (One-Click Auth) connects and signs in; the backend verified it; a reload keeps it", async () => {
    const { context, page } = await fresh()
    const { wallet, walletAddress } = await pairWalletConnect(context, page, true)
    const request = wallet.getByRole("article", { name: /Sign-in request from Portico demo dapp/ })
    // The one approval shows the CAIP-122 message in words: this site, the dapp's statement, the methods granted.
    const shown = (await request.textContent()) ?? ""
    expect(shown).toContain(`${new URL(sandbox.siteUrl).host} wants you to sign in with your Ethereum account:`)
    expect(shown).toContain("Sign in to the Portico demo dapp. I further authorize the stated URI to perform the following actions on my behalf:")
    await request.getByRole("button", { name: "Approve" }).click()
    await page.bringToFront()
    await modal(page).waitFor({ state: "detached", timeout: 20_000 })
    await poll(() => status(page).textContent()).toBe(`signed in as ${walletAddress}`)
    // Nothing else was asked of the wallet: no proposal, no signature request.
    expect(await wallet.getByRole("article").filter({ hasText: /Session proposal|for Portico demo dapp/ }).count()).toBe(0)
    await page.reload()
    await poll(() => status(page).textContent()).toBe(`signed in as ${walletAddress}`)
    expect(problems).toEqual([])
    await context.close()
  })

  it("a WalletConnect wallet without One-Click Auth is asked twice: the proposal, then the sign view's signature", async () => {
    const { context, page } = await fresh()
    const { wallet, walletAddress } = await pairWalletConnect(context, page, false)
    await wallet.getByRole("article", { name: /Session proposal from Portico demo dapp/ }).getByRole("button", { name: "Approve" }).click()
    await wallet.getByRole("article", { name: /for Portico demo dapp/ }).getByRole("button", { name: "Approve" }).click()
    await page.bringToFront()
    await poll(() => status(page).textContent()).toBe(`signed in as ${walletAddress}`)
    expect(await wallet.getByRole("article", { name: /Sign-in request from/ }).count()).toBe(0)
    await context.close()
  })
})
