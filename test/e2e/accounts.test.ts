/**
 * Several accounts per namespace (issue 28), end to end in Debian's Chromium against the sandbox: the
 * demo wallet exposes two EVM accounts; the Account view lists the second one by its ENS name, switching
 * to it (from the keyboard) updates the view's address and balance and the host's EIP-1193 provider
 * (`accountsChanged`, the new account first), the host's signature comes from it, and the wallet's own
 * account change is followed. Screenshots go to test-results/screenshots/.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, chromium, type Page } from "playwright-core"
import { createPublicClient, formatEther, type Hex, http, recoverMessageAddress } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Format from "../../core/Format.ts"
import { en } from "../../ui/i18n/en.ts"
import { type Sandbox, startSandbox } from "../../sandbox/Sandbox.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"
import { buildPage, serve, type Served } from "./fixtures/Build.ts"
import { dialog, expectView, hostStatus, timeout } from "./fixtures/EmbeddedLogin.ts"
import { sandboxPorticoConfig } from "./fixtures/SandboxHost.ts"

const screenshots = join(process.cwd(), "test-results", "screenshots")

let sandbox: Sandbox
let browser: Browser
let work: string
let host: Served

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "portico-accounts-"))
  await mkdir(screenshots, { recursive: true })
  sandbox = await startSandbox({ ports: "ephemeral", stateDir: join(work, "sandbox") })
  const built = await buildPage({ page: "host", outDir: join(work, "host"), config: sandboxPorticoConfig(sandbox.config), wallets: true })
  host = await serve(built.dir, { csp: true, json: { "/sandbox-config.json": sandbox.config } })
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await host?.close()
  await sandbox?.stop()
  if (work !== undefined) await rm(work, { recursive: true, force: true })
})

const demoAccounts = () => {
  const [first, second] = sandbox.config.evm.accounts
  if (first === undefined || second === undefined) throw new Error("the sandbox has fewer than two EVM accounts")
  return { first: first.address, second: second.address }
}

/** The native balance as the Account view writes it, read from the devnet the account is on. */
const shownBalance = async (address: string) => {
  const chain = sandbox.config.evm.chains[0]!
  const balance = await createPublicClient({ transport: http(chain.rpcUrl) }).getBalance({ address: address as Hex })
  return en.balanceOf.replace("{amount}", Format.formatBalance(formatEther(balance), "en")).replace("{symbol}", "ETH")
}

/** The demo wallet's own account menu, as a person uses it in an extension: reached through its EIP-6963 announcement. */
const selectInWallet = (page: Page, address: string) =>
  page.evaluate((target) => {
    const found = (event: Event) => {
      const detail = (event as CustomEvent<{ info: { rdns: string }; provider: { selectAccount?: (address: string) => void } }>).detail
      if (detail.info.rdns === "dev.portico.demo") detail.provider.selectAccount?.(target)
    }
    window.addEventListener("eip6963:announceProvider", found)
    window.dispatchEvent(new Event("eip6963:requestProvider"))
    window.removeEventListener("eip6963:announceProvider", found)
  }, address)

const headerAddress = (page: Page) => dialog(page).locator(".account-header [data-address]").getAttribute("data-address")
const accountsChanged = (page: Page) => page.getByTestId("evm-accounts-changed").textContent().then((text) => JSON.parse(text ?? "[]") as ReadonlyArray<ReadonlyArray<string>>)

describe("several accounts of one wallet", () => {
  it("lists the wallet's second account by its name; switching moves the view, its balance and the host's provider; the wallet's own change is followed", async () => {
    const { first, second } = demoAccounts()
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await page.goto(host.url)
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Connect")
    await dialog(page).getByRole("button", { name: /Portico Demo Wallet/ }).click()
    await page.getByRole("button", { name: "Approve", exact: true }).click(timeout)
    await expect.poll(() => hostStatus(page).textContent(), timeout).toContain(`eip155 ${first}`)
    await dialog(page).waitFor({ state: "detached", ...timeout })

    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    expect(await headerAddress(page)).toBe(first)
    await expect.poll(() => dialog(page).locator("[data-balance]").textContent(), timeout).toBe(await shownBalance(first))
    // The second account, labelled by its ENS name (bob.eth on the Ethereum-shaped devnet).
    const other = dialog(page).getByRole("button", { name: en.switchToAccount.replace("{account}", "bob.eth") })
    await other.waitFor(timeout)
    expect(await other.getAttribute("data-other-account")).toBe(second)
    await dialog(page).screenshot({ path: join(screenshots, "account-other-accounts.png") })
    await expectNoAxeViolations(page)

    // From the keyboard: the button takes focus and Enter switches.
    await other.focus()
    await page.keyboard.press("Enter")
    await expect.poll(() => headerAddress(page), timeout).toBe(second)
    await expect.poll(() => dialog(page).locator("[data-balance]").textContent(), timeout).toBe(await shownBalance(second))
    await expect.poll(() => hostStatus(page).textContent(), timeout).toContain(`eip155 ${second}`)
    await expect.poll(() => accountsChanged(page), timeout).toContainEqual([second, first])
    expect((await accountsChanged(page)).at(-1)).toEqual([second, first])
    // Now the first account is the other one.
    await dialog(page).locator(`.other-accounts [data-other-account='${first}']`).waitFor(timeout)

    // The host's own signature comes from the account the visitor chose.
    await page.keyboard.press("Escape")
    await dialog(page).waitFor({ state: "detached", ...timeout })
    await page.getByTestId("sign-evm").click()
    await page.getByRole("button", { name: "Approve", exact: true }).click(timeout)
    await expect.poll(() => page.getByTestId("evm-signature").textContent(), timeout).toMatch(/^0x[0-9a-f]+$/)
    const signature = (await page.getByTestId("evm-signature").textContent()) as Hex
    expect(await recoverMessageAddress({ message: { raw: "0x706f727469636f" }, signature })).toBe(second)

    // The person picks accounts in the wallet itself (its selection was still the first): the second,
    // then the first again. Portico and the host follow the wallet's last pick.
    await selectInWallet(page, second)
    await selectInWallet(page, first)
    await expect.poll(() => hostStatus(page).textContent(), timeout).toContain(`eip155 ${first}`)
    await expect.poll(() => accountsChanged(page).then((events) => events.at(-1)), timeout).toEqual([first, second])
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    await expect.poll(() => headerAddress(page), timeout).toBe(first)
    await context.close()
  }, 180_000)
})
