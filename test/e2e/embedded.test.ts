/**
 * The embedded wallet end to end, in Debian's Chromium against the sandbox (its mail server, identity
 * providers, devnets and Portico's API server serving the frame): a visitor with no wallet logs in by
 * email with the code read from the mailbox, sets the wallet up in the frame's own panel (a recovery
 * code), signs and sends with approvals given in that panel, is refused what they reject, stays signed in
 * across a reload, and on a fresh browser recovers the same addresses with the code; social logins go
 * through the sandbox's OpenID Connect and plain OAuth 2.0 providers in a popup. The host page runs under
 * a strict CSP whose only addition is the API origin in frame-src.
 */
import type { Browser, BrowserContext, Page } from "playwright-core"
import { createPublicClient, createWalletClient, http as viemHttp, parseEther, verifyMessage, type PublicClient } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as SmartAccount7702 from "../../core/SmartAccount7702.ts"
import { en } from "../../ui/i18n/en.ts"
import type { Sandbox } from "../../sandbox/Sandbox.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { steadyClick } from "../support/steadyClick.ts"
import type { Served } from "./fixtures/Build.ts"
import { startHostWorld, type HostWorld } from "./fixtures/HostWorld.ts"
import { connectedAddress, dialog, expectView, mailbox, panel, setUpWithCode, timeout } from "./fixtures/EmbeddedLogin.ts"

let world: HostWorld | undefined
let sandbox: Sandbox
let browser: Browser
let host: Served

beforeAll(async () => {
  world = await startHostWorld("embedded")
  ;({ sandbox, browser, host } = world)
}, 240_000)

afterAll(() => world?.stop())


interface Opened {
  readonly context: BrowserContext
  readonly page: Page
  readonly violations: () => Promise<ReadonlyArray<string>>
}

const open = async (context?: BrowserContext): Promise<Opened> => {
  const own = context ?? await browser.newContext({ viewport: { width: 1024, height: 900 } })
  const page = await own.newPage()
  await page.addInitScript(() => {
    const seen: Array<string> = []
    Object.assign(globalThis, { __cspViolations: seen })
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`), true)
  })
  await page.goto(host.url)
  await page.locator("[data-portico-button]").waitFor()
  return { context: own, page, violations: () => page.evaluate(() => (globalThis as unknown as { __cspViolations: Array<string> }).__cspViolations) }
}

const emailLogin: ReturnType<typeof mailbox>["emailLogin"] = (page, email, options) => mailbox(sandbox.mailboxUrl).emailLogin(page, email, options)

/** The approval panel the modal opened for a host request, answered there. */
const answerInPanel = async (page: Page, answer: "Approve" | "Reject") => {
  await expectView(page, "ApproveTransaction")
  // Approve acts only on a steady pointer over a panel proven visible; and Chromium drops any click on such
  // a panel that lands just after it moved (the modal's view slides in).
  await steadyClick(panel(page), panel(page).getByRole("button", { name: answer }))
}

/** Whether the Account view says the embedded account is a smart or a plain account. */
const shownAccountType = async (page: Page) => {
  await page.locator("[data-portico-button]").click()
  await expectView(page, "Account")
  const shown = dialog(page).locator("[data-account-type]")
  await shown.waitFor()
  return { type: await shown.getAttribute("data-account-type"), text: await shown.textContent() }
}

/**
 * The upgraded account: a batch the app's sponsor pays (the visitor's ether untouched, one operation), a
 * sponsor that declines (the host hears -32003, nothing is sent), then the visitor stays plain in the
 * wallet's own panel and the next batch is two transactions of its own.
 */
const smartThenPlain = async (page: Page, client: PublicClient, address: `0x${string}`) => {
  expect(await shownAccountType(page)).toEqual({ type: "smartAccount", text: en.smartAccountType })
  await page.keyboard.press("Escape")
  const ether = await client.getBalance({ address })
  const nonce = await client.getTransactionCount({ address })
  await page.getByTestId("send-sponsored-calls").click()
  await expectView(page, "ApproveTransaction")
  await panel(page).locator("[data-sponsored]").waitFor()
  await answerInPanel(page, "Approve")
  await expect.poll(() => page.getByTestId("calls-status").textContent(), { timeout: 40_000 }).toBe("success 1")
  expect(await client.getBalance({ address })).toBe(ether)
  expect(await client.getTransactionCount({ address })).toBe(nonce)

  await page.getByTestId("send-declined-calls").click()
  await expect.poll(() => page.getByTestId("calls-status").textContent(), { timeout: 40_000 }).toMatch(/^error -32003 /)
  expect(await client.getBalance({ address })).toBe(ether)

  await shownAccountType(page)
  await dialog(page).getByRole("button", { name: en.accountTypeSettings }).click()
  await expectView(page, "EmbeddedWalletPanel")
  await panel(page).getByRole("radio", { name: /^Plain account/ }).check()
  await panel(page).getByRole("button", { name: "Save" }).click()
  await expectView(page, "Account")
  await expect.poll(() => dialog(page).locator("[data-account-type]").getAttribute("data-account-type"), timeout).toBe("eoa")
  expect(await dialog(page).locator("[data-account-type]").textContent()).toBe(en.plainAccountType)
  await page.keyboard.press("Escape")

  const before = await client.getTransactionCount({ address })
  await page.getByTestId("send-calls").click()
  await expectView(page, "ApproveTransaction")
  expect(await panel(page).locator("[data-upgrade], [data-sponsored]").count()).toBe(0)
  await answerInPanel(page, "Approve")
  await expect.poll(() => page.getByTestId("calls-status").textContent(), { timeout: 40_000 }).toBe("success 2")
  expect(await client.getTransactionCount({ address })).toBe(before + 2)
}

describe("The embedded wallet in Chromium", () => {
  // Two browsers, two transactions mined and a reload: ~35 s here, so more than the default minute on a slower runner.
  it("logs in by email, sets up, signs and sends with approvals in the frame's panel, survives a reload, and recovers on a fresh browser", { timeout: 240_000 }, async () => {
    const email = `ada-${Date.now()}@example.test`
    const { context, page, violations } = await open()
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Connect")
    // Spec §2's default order: email, social, wallet.
    const methods = await dialog(page).locator("[data-email-input], [data-social], [data-wallet]").evaluateAll((nodes) =>
      nodes.map((node) => node.hasAttribute("data-email-input") ? "email" : node.hasAttribute("data-social") ? "social" : "wallet"))
    expect(methods.indexOf("email")).toBeLessThan(methods.indexOf("social"))
    expect(methods.indexOf("social")).toBeLessThan(methods.indexOf("wallet"))
    await expectNoAxeViolations(page)
    await dialog(page).locator("[data-email-input]").fill("not an email")
    await expect.poll(() => dialog(page).getByRole("alert").textContent(), timeout).toBe(en.errorInvalidEmail)
    await page.keyboard.press("Escape")

    await emailLogin(page, email, { wrongFirst: true })
    const recoveryCode = await setUpWithCode(page)
    const address = await connectedAddress(page)
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    await expect.poll(() => dialog(page).locator("[data-embedded-email]").textContent(), timeout).toBe(email)
    await expectNoAxeViolations(page)
    await page.keyboard.press("Escape")

    // personal_sign from the host's own code: approved in the panel, verified against the address.
    await page.getByTestId("sign-evm").click()
    await answerInPanel(page, "Approve")
    await expect.poll(() => page.getByTestId("evm-signature").textContent(), timeout).toMatch(/^0x[0-9a-f]{130}$/)
    const signature = (await page.getByTestId("evm-signature").textContent()) as `0x${string}`
    expect(await verifyMessage({ address: address as `0x${string}`, message: "portico", signature })).toBe(true)
    // Rejected in the panel: the host gets the wallet's refusal.
    await page.getByTestId("sign-evm").click()
    await answerInPanel(page, "Reject")
    await expect.poll(() => page.getByTestId("evm-signature").textContent(), timeout).toBe("error 4001")

    // Two calls through wallet_sendCalls, once a demo account gave the new wallet some Ether for the fees:
    // the sandbox's network has a bundler, so the panel offers the upgrade to a smart account and the calls
    // go as one atomic user operation — the account's code becomes the EIP-7702 designator to
    // Simple7702Account and its nonce moves once, for the authorization.
    const chain = sandbox.config.evm.chains[0]
    const client = createPublicClient({ transport: viemHttp(chain?.rpcUrl ?? "") })
    const funder = createWalletClient({ account: privateKeyToAccount(sandbox.config.evm.accounts[1]?.privateKey as `0x${string}`), transport: viemHttp(chain?.rpcUrl ?? "") })
    const funded = await funder.sendTransaction({ chain: null, to: address as `0x${string}`, value: parseEther("1") })
    await client.waitForTransactionReceipt({ hash: funded })
    const nonceBefore = await client.getTransactionCount({ address: address as `0x${string}` })
    await page.getByTestId("send-calls").click()
    await expectView(page, "ApproveTransaction")
    await panel(page).locator("[data-upgrade]").waitFor()
    expect(await panel(page).locator("[data-upgrade]").textContent()).toContain("Upgrade this account to a smart account")
    await answerInPanel(page, "Approve")
    await expect.poll(() => page.getByTestId("calls-status").textContent(), { timeout: 40_000 }).toBe("success 1")
    expect(await client.getTransactionCount({ address: address as `0x${string}` })).toBe(nonceBefore + 1)
    expect(await client.getCode({ address: address as `0x${string}` })).toBe(`0xef0100${SmartAccount7702.implementationAddress.slice(2).toLowerCase()}`)
    await smartThenPlain(page, client, address as `0x${string}`)

    // A reload keeps the visitor signed in, with the same address.
    await page.reload()
    expect(await connectedAddress(page)).toBe(address)
    expect(await violations()).toEqual([])
    // Signing out ends both accounts and the session: a reload stays signed out.
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    await dialog(page).getByRole("button", { name: en.disconnect, exact: true }).click()
    await expect.poll(() => page.getByTestId("host-status").textContent(), timeout).toBe("disconnected")
    await page.reload()
    await page.locator("[data-portico-button]").waitFor()
    await page.waitForTimeout(1_000)
    expect(await page.getByTestId("host-status").textContent()).toBe("disconnected")
    await context.close()

    // A fresh browser: the same email, the recovery code, the same wallet.
    const fresh = await open()
    await emailLogin(fresh.page, email, { newDevice: true })
    await expectView(fresh.page, "EmbeddedWalletPanel")
    const recover = panel(fresh.page)
    await recover.getByRole("heading", { name: "Recover your wallet" }).waitFor(timeout)
    await recover.getByLabel("Recovery code").fill(recoveryCode.toLowerCase().replaceAll("-", " "))
    await recover.getByRole("button", { name: "Recover" }).click()
    expect(await connectedAddress(fresh.page)).toBe(address)
    await fresh.context.close()
  })

  for (const provider of [{ name: "Google", kind: "OpenID Connect" }, { name: "GitHub", kind: "plain OAuth 2.0" }] as const) {
    it(`logs in with ${provider.name} (${provider.kind}) in a popup through the sandbox's provider`, async () => {
      const { context, page } = await open()
      await page.locator("[data-portico-button]").click()
      await expectView(page, "Connect")
      const social = dialog(page).getByRole("button", { name: en.socialContinueWith.replace("{provider}", provider.name) })
      if (!(await social.isVisible())) await dialog(page).locator("[data-social-more]").click()
      const popupOpened = context.waitForEvent("page")
      await social.click()
      const popup = await popupOpened
      await expectView(page, "ConnectingSocial")
      const account = `Eve ${provider.name} <eve-${provider.name.toLowerCase()}-${Date.now()}@example.test>`
      await popup.getByLabel("Another account").fill(account)
      // The provider's answer closes the popup by itself, possibly before this line would start waiting.
      const closed = popup.waitForEvent("close", timeout)
      await popup.getByRole("button", { name: "Sign in", exact: true }).click()
      await closed
      await setUpWithCode(page)
      await connectedAddress(page)
      await context.close()
    })
  }
})
