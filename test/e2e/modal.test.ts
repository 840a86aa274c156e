/**
 * Portico's modal end to end, in Debian's Chromium against the sandbox (chains, Solana devnet,
 * relay, API) and its demo wallets. The host page is test/e2e/fixtures/host.tsx, served with a
 * strict Content-Security-Policy (no 'unsafe-inline', no 'unsafe-eval'). Each test starts from a
 * fresh browser context (empty storage). Screenshots of every view go to test-results/screenshots/.
 */
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core"
import { address, createSolanaRpc, generateKeyPairSigner } from "@solana/kit"
import { createPublicClient, erc20Abi, http as viemHttp } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { PorticoConfig } from "../../core/Config.ts"
import { en } from "../../ui/i18n/en.ts"
import de from "../../ui/i18n/locales/de.ts"
import { type Sandbox, startSandbox } from "../../sandbox/Sandbox.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"
import { buildPage, serve, type Served } from "./fixtures/Build.ts"
import { sandboxNetworks, sandboxPorticoConfig } from "./fixtures/SandboxHost.ts"

const screenshots = join(process.cwd(), "test-results", "screenshots")
const evmWallet = "Portico Demo Wallet"
const solanaWallet = "Portico Demo Solana"

let sandbox: Sandbox
let browser: Browser
let work: string
let host: Served
let hostDe: Served
let narrowHost: Served
let basicHost: Served
let noPrefetchHost: Served

const servePage = async (name: string, config: PorticoConfig) => {
  const built = await buildPage({ page: "host", outDir: join(work, name), config, wallets: true })
  return serve(built.dir, { csp: true, json: { "/sandbox-config.json": sandbox.config } })
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "portico-e2e-"))
  await mkdir(screenshots, { recursive: true })
  // A private state folder: this suite's sandbox shares no database or build folder with another run.
  sandbox = await startSandbox({ ports: "ephemeral", stateDir: join(work, "sandbox") })
  const networks = sandboxNetworks(sandbox.config)
  ;[host, hostDe, narrowHost, basicHost, noPrefetchHost] = await Promise.all([
    servePage("host", sandboxPorticoConfig(sandbox.config)),
    servePage("host-de", sandboxPorticoConfig(sandbox.config, { locale: "de" })),
    // Only the second EVM chain: the demo wallet starts on the first one, which this host did not request.
    servePage("host-narrow", sandboxPorticoConfig(sandbox.config, { networks: networks.slice(1) })),
    servePage("host-basic", { ...sandboxPorticoConfig(sandbox.config), basicMode: true }),
    servePage("host-no-prefetch", { ...sandboxPorticoConfig(sandbox.config), prefetch: false })
  ])
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await Promise.all([host?.close(), hostDe?.close(), narrowHost?.close(), basicHost?.close(), noPrefetchHost?.close()])
  await sandbox?.stop()
  if (work !== undefined) await rm(work, { recursive: true, force: true })
})

interface Opened {
  readonly context: BrowserContext
  readonly page: Page
  readonly violations: () => Promise<ReadonlyArray<string>>
  readonly consoleErrors: Array<string>
}

/** A fresh context on `url`; CSP violations are collected from the page's `securitypolicyviolation` events. */
const open = async (url: string): Promise<Opened> => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 800 } })
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: url })
  const page = await context.newPage()
  await page.addInitScript(() => {
    const seen: Array<string> = []
    Object.assign(globalThis, { __cspViolations: seen })
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`)
    }, true)
  })
  const consoleErrors: Array<string> = []
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text())
  })
  await page.goto(url)
  await page.locator("[data-portico-button]").waitFor()
  return {
    context,
    page,
    consoleErrors,
    violations: () => page.evaluate(() => (globalThis as unknown as { __cspViolations: Array<string> }).__cspViolations)
  }
}


const text = (locator: Locator) => locator.textContent({ timeout: 15_000 })
const expectText = (locator: Locator, expected: string | RegExp) =>
  expect.poll(() => text(locator), { timeout: 15_000 }).toMatch(typeof expected === "string" ? new RegExp(`^${escape(expected)}$`) : expected)
const expectContains = (locator: Locator, expected: string) => expect.poll(() => text(locator), { timeout: 15_000 }).toContain(expected)
const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
const visible = (locator: Locator) => locator.waitFor({ state: "visible", timeout: 15_000 })
const gone = (locator: Locator) => locator.waitFor({ state: "detached", timeout: 15_000 })
const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName.toLowerCase())
const isButtonFocused = (page: Page) => page.evaluate(() => document.activeElement?.hasAttribute("data-portico-button") === true)

const dialog = (page: Page) => page.locator("portico-modal [role='dialog']")

const expectView = async (page: Page, view: string) => {
  await expect.poll(() => dialog(page).getAttribute("data-view"), { timeout: 15_000 }).toBe(view)
}

const jsQrSource = readFile(createRequire(import.meta.url).resolve("jsqr/dist/jsQR.js"), "utf8")

/** Decodes the QR code <img> of the modal in the page (jsQR over a canvas), to prove it carries the URI. */
const decodeQr = async (page: Page, selector = "img[data-wc-uri]"): Promise<string | undefined> => {
  if (!(await page.evaluate(() => "jsQR" in globalThis))) await page.evaluate(await jsQrSource)
  return page.evaluate(async (qrSelector) => {
    const image = document.querySelector("portico-modal")?.shadowRoot?.querySelector<HTMLImageElement>(qrSelector)
    if (image === null || image === undefined) return undefined
    await image.decode()
    const size = 600
    const canvas = document.createElement("canvas")
    canvas.width = size
    canvas.height = size
    const context = canvas.getContext("2d")
    if (context === null) return undefined
    context.fillStyle = "#ffffff"
    context.fillRect(0, 0, size, size)
    context.drawImage(image, 40, 40, size - 80, size - 80)
    const pixels = context.getImageData(0, 0, size, size)
    const jsQR = (globalThis as unknown as { jsQR: (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null }).jsQR
    return jsQR(pixels.data, size, size)?.data
  }, selector)
}

/** A screenshot of the view (test-results/screenshots/) and an axe-core check of it. */
const shoot = async (page: Page, name: string) => {
  await dialog(page).screenshot({ path: join(screenshots, `${name}.png`) })
  await expectNoAxeViolations(page)
}

const walletRow = (page: Page, name: string) => dialog(page).getByRole("button", { name: new RegExp(name) })

/** The demo wallet's own prompt (in the page, outside Portico). */
const answerWallet = async (page: Page, answer: "Approve" | "Reject") => {
  const button = page.getByRole("button", { name: answer, exact: true })
  await button.waitFor({ timeout: 15_000 })
  await button.click()
}

const hostStatus = (page: Page) => page.getByTestId("host-status")

const connectEvm = async (page: Page, options: { readonly status?: boolean } = {}) => {
  await page.locator("[data-portico-button]").click()
  await expectView(page, "Connect")
  await walletRow(page, evmWallet).click()
  await expectView(page, "ConnectingExternal")
  await answerWallet(page, "Approve")
  if (options.status === false) return gone(dialog(page))
  await expect.poll(() => hostStatus(page).textContent(), { timeout: 15_000 }).toMatch(/^eip155 0x/)
}

/** Connects the Solana demo wallet from the Connect view (the modal then closes). */
const connectSolana = async (page: Page) => {
  await page.locator("[data-portico-button]").click()
  await expectView(page, "Connect")
  await walletRow(page, solanaWallet).click()
  await answerWallet(page, "Approve")
  await expect.poll(() => hostStatus(page).textContent(), { timeout: 15_000 }).toMatch(/^solana /)
}

const evmAddress = () => sandbox.config.evm.accounts[0]?.address.toLowerCase() ?? ""

/** Opens Send from Account, fills the form and confirms the preview (the wallet's prompt follows). */
const sendFromModal = async (page: Page, send: { readonly symbol: string; readonly amount: string; readonly receiver: string; readonly feeSymbol: string }) => {
  await page.locator("[data-portico-button]").click()
  await expectView(page, "Account")
  await dialog(page).getByRole("button", { name: en.send, exact: true }).click()
  await expectView(page, "Send")
  await dialog(page).locator(`[data-send-token='${send.symbol}'] input`).check()
  await dialog(page).locator("[data-send-amount-input]").fill(send.amount)
  await dialog(page).locator("[data-send-receiver-input]").fill(send.receiver)
  await dialog(page).getByRole("button", { name: en.sendReview }).click()
  await expectText(dialog(page).locator("[data-send-fee]"), new RegExp(`${send.feeSymbol}$`))
  await dialog(page).getByRole("button", { name: en.sendConfirm }).click()
}

describe("Portico modal in Chromium", () => {
  it("makes no request to another origin before the click; the modal's chunks come from the page's own, and only once the visitor points at the button", async () => {
    const { context, page } = await open(host.url)
    const requests: Array<string> = []
    page.on("request", (request) => requests.push(request.url()))
    await page.reload()
    await page.locator("[data-portico-button]").waitFor()
    await page.waitForLoadState("networkidle")
    const scripts = () => requests.filter((url) => new URL(url).pathname.endsWith(".js")).length
    const onLoad = scripts()
    // A page view alone: no chunk of the engine or the modal, however long the page stays idle.
    await page.waitForTimeout(1_000)
    expect(scripts()).toBe(onLoad)
    await page.locator("[data-portico-button]").hover()
    await expect.poll(scripts, { timeout: 15_000 }).toBeGreaterThan(onLoad)
    await page.waitForLoadState("networkidle")
    const origin = new URL(host.url).origin
    // Only the host's own files (the modal's chunks, fetched on the hover) and the demo wallet's
    // configuration: nothing to the API, relay or chains.
    expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([])
    expect(requests.filter((url) => !/\.(js|html)$|\/$|\/sandbox-config\.json$/.test(new URL(url).pathname))).toEqual([])
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Connect")
    await context.close()
  })

  it("with prefetching off, loads nothing of the modal before the click", async () => {
    const { context, page } = await open(noPrefetchHost.url)
    const requests: Array<string> = []
    page.on("request", (request) => requests.push(request.url()))
    await page.reload()
    await page.locator("[data-portico-button]").waitFor()
    await page.locator("[data-portico-button]").hover()
    await page.waitForLoadState("networkidle")
    await page.waitForTimeout(300)
    const scriptsBefore = requests.filter((url) => url.endsWith(".js")).length
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Connect")
    // The modal (views, engine, connectors) arrived as chunks loaded by the click.
    expect(requests.filter((url) => url.endsWith(".js")).length).toBeGreaterThan(scriptsBefore)
    await context.close()
  })

  it("connects the EIP-6963 demo wallet, shows the account, reloads connected and disconnects, with no CSP violation", async () => {
    const { context, page, violations } = await open(host.url)
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Connect")
    await visible(walletRow(page, evmWallet))
    await shoot(page, "Connect")
    await walletRow(page, evmWallet).click()
    await expectView(page, "ConnectingExternal")
    await visible(dialog(page).getByText(`Continue in ${evmWallet}`))
    await shoot(page, "ConnectingExternal")
    await answerWallet(page, "Approve")
    await expect.poll(async () => (await hostStatus(page).textContent())?.toLowerCase(), { timeout: 15_000 }).toContain(evmAddress())
    await expectText(page.locator("[data-portico-button]"), /^0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}$/)

    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    await expectContains(dialog(page).locator("[data-address]"), "0xf39F")
    await shoot(page, "Account")
    await page.keyboard.press("Escape")
    await gone(dialog(page))

    // Reload: the stored session is restored through the visitor's own wallet only (no API, no relay).
    const afterReload: Array<string> = []
    page.on("request", (request) => afterReload.push(request.url()))
    await page.reload()
    await expect.poll(() => hostStatus(page).textContent(), { timeout: 15_000 }).toMatch(/^eip155 0x/)
    expect(await page.getByRole("button", { name: "Approve", exact: true }).count()).toBe(0)
    await page.waitForLoadState("networkidle")
    expect(afterReload.filter((url) => new URL(url).origin !== new URL(host.url).origin)).toEqual([])

    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    await dialog(page).getByRole("button", { name: en.disconnect }).last().click()
    await expect.poll(() => hostStatus(page).textContent()).toBe("disconnected")
    await expectText(page.locator("[data-portico-button]"), en.connectWallet)
    expect(await violations()).toEqual([])
    await context.close()
  })

  it("shows the sandbox balance, truncated to 3 decimals, and the token list", async () => {
    const { context, page } = await open(host.url)
    await connectEvm(page)
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    await expectText(dialog(page).locator("[data-balance]"), /\d.* ETH$/)
    // Balances are truncated to 3 decimals: never more fraction digits than that.
    expect(await dialog(page).locator("[data-balance]").textContent()).not.toMatch(/[.,]\d{4,}/)
    await visible(dialog(page).locator("[data-token]").first())
    // The sandbox prices its tokens: the portfolio and the priced rows show a USD value.
    await expectText(dialog(page).locator("[data-portfolio]"), /\$[\d,]+\.\d{2}/)
    await visible(dialog(page).locator("[data-fiat]").first())
    await shoot(page, "Account-balances")
    await context.close()
  })

  it("opens Receive with the address as text and as a QR code that scans back to it", async () => {
    const { context, page } = await open(host.url)
    await connectEvm(page)
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    await dialog(page).getByRole("button", { name: en.receive, exact: true }).click()
    await expectView(page, "Receive")
    await visible(dialog(page).locator("img[data-receive-address]"))
    expect((await decodeQr(page, "img[data-receive-address]"))?.toLowerCase()).toBe(evmAddress())
    expect((await dialog(page).locator("[data-address]").textContent())?.toLowerCase()).toBe(evmAddress())
    await shoot(page, "Receive")
    await context.close()
  })

  it("sends 1.5 USDC to a Portico name and 0.5 USDC to an ENS name: checked on chain, pending in Activity, balances refreshed", async () => {
    // The receiver registers a Portico name with its own key, as any wallet would; it is bob.eth on ENS too.
    const receiver = privateKeyToAccount(sandbox.config.evm.accounts[1]?.privateKey ?? "0x")
    const label = `pay-${Date.now().toString(36)}`
    const message = JSON.stringify({ name: `${label}.portico.id`, attributes: {}, timestamp: Date.now(), nonce: "e2e" })
    const registered = await fetch(`${sandbox.config.apiUrl}/v1/profile/account?projectId=${sandbox.config.projectId}&st=e2e&sv=1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ coin_type: 60, address: receiver.address, message, signature: await receiver.signMessage({ message }) })
    })
    expect(registered.status).toBe(200)
    const chain = sandbox.config.evm.chains[0]
    const usdc = sandbox.config.evm.chains[0]?.contracts?.["usdc"] as `0x${string}`
    const client = createPublicClient({ transport: viemHttp(chain?.rpcUrl ?? "") })
    const balanceOf = () => client.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [receiver.address] })

    const { context, page } = await open(host.url)
    await connectEvm(page)
    /** Sends `amount` USDC to `name` through the Send view; resolves once it is mined. */
    const sendTo = async (name: string, amount: string, units: bigint, firstTime: boolean) => {
      const before = await balanceOf()
      await page.locator("[data-portico-button]").click()
      await expectView(page, "Account")
      await dialog(page).getByRole("button", { name: en.send, exact: true }).click()
      await expectView(page, "Send")
      await visible(dialog(page).locator("[data-send-token='USDC']"))
      if (firstTime) {
        // The form's rules first, in the spec's words.
        await dialog(page).getByRole("button", { name: en.sendReview }).click()
        await expectText(dialog(page).getByRole("alert"), en.errorSendAmountAndReceiver)
      }
      await dialog(page).locator("[data-send-token='USDC'] input").check()
      await dialog(page).locator("[data-send-amount-input]").fill(amount)
      await visible(dialog(page).locator("[data-send-fiat]"))
      await dialog(page).locator("[data-send-receiver-input]").fill(name)
      if (firstTime) await shoot(page, "Send")
      await dialog(page).getByRole("button", { name: en.sendReview }).click()
      await visible(dialog(page).locator("[data-send-step='preview']"))
      expect((await dialog(page).locator("[data-send-to]").getAttribute("data-send-to"))?.toLowerCase()).toBe(receiver.address.toLowerCase())
      await expectContains(dialog(page).locator("[data-send-to]"), name)
      await expectText(dialog(page).locator("[data-send-fee]"), /ETH$/)
      if (firstTime) await shoot(page, "Send-preview")
      await dialog(page).getByRole("button", { name: en.sendConfirm }).click()
      await answerWallet(page, "Approve")
      // An ERC20 send goes back to Account (spec §2), with the toast and its explorer link.
      await expectView(page, "Account")
      await expect.poll(async () => (await balanceOf()) - before, { timeout: 15_000 }).toBe(units)
    }
    await sendTo(`${label}.portico.id`, "1.5", 1_500_000n, true)
    await dialog(page).getByRole("tab", { name: en.activity }).click()
    await visible(dialog(page).locator("[data-transaction]").first())
    await expect.poll(() => dialog(page).locator("[data-pending]").count(), { timeout: 20_000 }).toBe(0)
    await page.keyboard.press("Escape")
    // ENS on the Ethereum-shaped devnet, resolved through the Universal Resolver at its mainnet address.
    await sendTo("bob.eth", "0.5", 500_000n, false)
    await context.close()
  })

  it("swaps 0.5 ETH to USDC, then USDC to DAI with the approval step, each mined, and returns to Account", async () => {
    const chain = sandbox.config.evm.chains[0]
    const client = createPublicClient({ transport: viemHttp(chain?.rpcUrl ?? "") })
    const owner = sandbox.config.evm.accounts[0]?.address as `0x${string}`
    const tokenBalance = (contract: string) =>
      client.readContract({ address: sandbox.config.evm.chains[0]?.contracts?.[contract] as `0x${string}`, abi: erc20Abi, functionName: "balanceOf", args: [owner] })
    const { context, page } = await open(host.url)
    await connectEvm(page)
    await page.locator("[data-portico-button]").click()
    // From the Account view (the modal returns there after a swap).
    const openSwap = async () => {
      await expectView(page, "Account")
      await dialog(page).getByRole("button", { name: en.swap, exact: true }).click()
      await expectView(page, "Swap")
      await visible(dialog(page).locator("[data-swap-token='from']"))
    }
    await openSwap()
    await expectNoAxeViolations(page)
    const usdcBefore = await tokenBalance("usdc")
    await dialog(page).locator("[data-swap-amount]").fill("0.5")
    const quote = dialog(page).locator("[data-swap-quote]")
    await expect.poll(() => quote.getAttribute("data-swap-quote"), { timeout: 15_000 }).toMatch(/^\d+$/)
    // More than the account holds, and a price impact that large, are said before anything is sent.
    await dialog(page).locator("[data-swap-amount]").fill("100000")
    await visible(dialog(page).locator("[data-swap-problem='balance']"))
    await visible(dialog(page).locator("[data-swap-problem='impact']"))
    await dialog(page).locator("[data-swap-amount]").fill("0.5")
    // The quote for 0.5 ETH at the sandbox's 3000 USDC per ETH: under 1500 USDC after fee and impact.
    const quotedNow = async () => BigInt((await quote.getAttribute("data-swap-quote")) || "0")
    await expect.poll(quotedNow, { timeout: 15_000 }).toBeLessThan(1_500_000_000n)
    await expect.poll(quotedNow, { timeout: 15_000 }).toBeGreaterThan(1_400_000_000n)
    const quoted = await quotedNow()
    await dialog(page).locator("[data-swap-submit]").click()
    // The preview: the minimum under the 1 % tolerance, then the wallet.
    await visible(dialog(page).locator("[data-swap-minimum]"))
    await expectNoAxeViolations(page)
    await dialog(page).locator("[data-swap-confirm]").click()
    await answerWallet(page, "Approve")
    await expectView(page, "Account")
    const received = (await tokenBalance("usdc")) - usdcBefore
    // Within the 1 % slippage of the quote (the pool did not move between quote and swap here).
    expect(received).toBeGreaterThanOrEqual((quoted * 99n) / 100n)

    await openSwap()
    const choose = async (side: "from" | "to", symbol: string) => {
      const select = dialog(page).locator(`[data-swap-token='${side}']`)
      const value = await select.locator("option", { hasText: new RegExp(`^${symbol} `) }).getAttribute("value")
      await select.selectOption(value ?? "")
    }
    await choose("from", "USDC")
    // The search narrows both lists; the chosen tokens stay.
    await dialog(page).locator("[data-swap-search]").fill("dai")
    await choose("to", "DAI")
    expect(await dialog(page).locator("[data-swap-token='to'] option").allTextContents()).toEqual([expect.stringMatching(/^DAI /)])
    await dialog(page).locator("[data-swap-amount]").fill("100")
    await expect.poll(() => quote.getAttribute("data-swap-quote"), { timeout: 15_000 }).toMatch(/^\d+$/)
    const daiBefore = await tokenBalance("dai")
    await dialog(page).locator("[data-swap-submit]").click()
    const confirm = dialog(page).locator("[data-swap-confirm]")
    await expectContains(confirm, "Approve USDC")
    await confirm.click()
    // The approval first, then the swap: two prompts in the wallet.
    await answerWallet(page, "Approve")
    await visible(dialog(page).locator("[data-swap-step='swapping']"))
    await answerWallet(page, "Approve")
    await expectView(page, "Account")
    expect((await tokenBalance("dai")) - daiBefore).toBeGreaterThan(99n * 10n ** 18n)
    // Activity shows the swap at once, then, once the history lists it, its two legs first: USDC out, DAI in.
    await dialog(page).getByRole("tab", { name: en.activity }).click()
    const panel = dialog(page).getByRole("tabpanel")
    // The panel is a chunk of its own: with no list drawn yet there is nothing pending either.
    await visible(panel.locator("[data-transaction]").first())
    await expect.poll(() => panel.locator("[data-pending]").count(), { timeout: 20_000 }).toBe(0)
    const newest = panel.locator("[data-transaction]").first()
    await expect.poll(() => newest.getAttribute("data-direction"), { timeout: 20_000 }).toBe("trade")
    await expect.poll(() => newest.locator("[data-amount]").allTextContents(), { timeout: 20_000 })
      .toEqual(["100.000 USDC", expect.stringMatching(/^→ 99\.\d{3} DAI$/)])
    await context.close()
  })

  it("sends ETH, an 18-decimal ERC20 and the USDT-style token, each mined; a refusal keeps the form; a network switch resets it", async () => {
    const chain = sandbox.config.evm.chains[0]
    const client = createPublicClient({ transport: viemHttp(chain?.rpcUrl ?? "") })
    const receiver = sandbox.config.evm.accounts[2]?.address ?? "0x"
    const tokenBalance = (contract: string) =>
      client.readContract({ address: sandbox.config.evm.chains[0]?.contracts?.[contract] as `0x${string}`, abi: erc20Abi, functionName: "balanceOf", args: [receiver] })
    const { context, page } = await open(host.url)
    await connectEvm(page)
    const fillSend = (symbol: string, amount: string) => sendFromModal(page, { symbol, amount, receiver, feeSymbol: "ETH" })
    // A refusal in the wallet: the reason in the visitor's words, and the form as it was.
    await fillSend("ETH", "0.5")
    await answerWallet(page, "Reject")
    await expectText(dialog(page).getByRole("alert"), en.errorUserRejected)
    await dialog(page).getByRole("button", { name: en.sendEdit }).click()
    expect(await dialog(page).locator("[data-send-amount-input]").inputValue()).toBe("0.5")
    expect(await dialog(page).locator("[data-send-receiver-input]").inputValue()).toBe(receiver)
    await page.keyboard.press("Escape")

    const ethBefore = await client.getBalance({ address: receiver })
    // To the receiver's ENS name: the server resolves carol.eth through the devnet's Universal Resolver.
    await sendFromModal(page, { symbol: "ETH", amount: "0.5", receiver: "carol.eth", feeSymbol: "ETH" })
    await answerWallet(page, "Approve")
    // A native send goes one step back (to Account, where it was opened).
    await expectView(page, "Account")
    await expect.poll(async () => (await client.getBalance({ address: receiver })) - ethBefore, { timeout: 15_000 }).toBe(500_000_000_000_000_000n)
    await page.keyboard.press("Escape")
    for (const [symbol, contract, amount, units] of [["DAI", "dai", "1.25", 1_250_000_000_000_000_000n], ["USDT", "usdt", "3", 3_000_000n]] as const) {
      const before = await tokenBalance(contract)
      await fillSend(symbol, amount)
      await answerWallet(page, "Approve")
      await expectView(page, "Account")
      await expect.poll(async () => (await tokenBalance(contract)) - before, { timeout: 15_000 }).toBe(units)
      await page.keyboard.press("Escape")
    }

    // A network switch resets the send form (spec §4): the typed amount is gone.
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    await dialog(page).getByRole("button", { name: en.send, exact: true }).click()
    await dialog(page).locator("[data-send-token='ETH'] input").check()
    await dialog(page).locator("[data-send-amount-input]").fill("0.1")
    await page.keyboard.press("Escape")
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    // The demo wallet switches chains without a prompt.
    await dialog(page).getByRole("group", { name: en.network }).getByRole("button", { name: sandbox.config.evm.chains[1]?.name ?? "" }).click()
    await expect.poll(() => hostStatus(page).textContent(), { timeout: 15_000 }).toContain(`eip155:${sandbox.config.evm.chains[1]?.chainId}`)
    await dialog(page).getByRole("button", { name: en.send, exact: true }).click()
    await expectView(page, "Send")
    expect(await dialog(page).locator("[data-send-amount-input]").inputValue()).toBe("")
    await context.close()
  })

  it("shows SOL priced by Pyth, and sends SOL and an SPL token to a receiver without a token account, from the Solana demo wallet", async () => {
    const rpc = createSolanaRpc(sandbox.config.solana.cluster.rpcUrl)
    const receiver = (await generateKeyPairSigner()).address
    const mint = address(sandbox.config.solana.mints["usdc"] ?? "")
    const { context, page } = await open(host.url)
    await connectSolana(page)
    // SOL's USD value comes from the devnet's Pyth feed (150 USD), read by our server through the cluster's RPC.
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    const solValue = dialog(page).locator("[data-token='SOL'] [data-fiat]")
    await visible(solValue)
    const owner = address(sandbox.config.solana.accounts[0]?.address ?? "")
    const sol = Number((await rpc.getBalance(owner).send()).value) / 1e9
    expect(Number((await solValue.textContent())?.replace(/[^\d.]/g, ""))).toBeCloseTo(sol * 150, 0)
    await page.keyboard.press("Escape")
    const sendOnce = async (symbol: string, amount: string) => {
      await sendFromModal(page, { symbol, amount, receiver, feeSymbol: "SOL" })
      await answerWallet(page, "Approve")
      // A Solana send goes back to Account (spec §2).
      await expectView(page, "Account")
      await page.keyboard.press("Escape")
    }
    await sendOnce("SOL", "0.25")
    await expect.poll(async () => (await rpc.getBalance(receiver).send()).value, { timeout: 15_000 }).toBe(250_000_000n)
    await sendOnce("USDC", "2")
    const tokenAmount = async () => {
      const { value } = await rpc.getTokenAccountsByOwner(receiver, { mint }, { encoding: "jsonParsed" }).send()
      return value[0]?.account.data.parsed.info.tokenAmount.amount
    }
    await expect.poll(tokenAmount, { timeout: 15_000 }).toBe("2000000")
    await context.close()
  })

  it("swaps 1 SOL to USDC on Solana through the sandbox's Jupiter, signed in the Solana demo wallet, and returns to Account", async () => {
    const rpc = createSolanaRpc(sandbox.config.solana.cluster.rpcUrl)
    const owner = address(sandbox.config.solana.accounts[0]?.address ?? "")
    const mint = address(sandbox.config.solana.mints["usdc"] ?? "")
    const usdcOf = async () => {
      const { value } = await rpc.getTokenAccountsByOwner(owner, { mint }, { encoding: "jsonParsed" }).send()
      return BigInt((value[0]?.account.data as { parsed: { info: { tokenAmount: { amount: string } } } } | undefined)?.parsed.info.tokenAmount.amount ?? "0")
    }
    const { context, page } = await open(host.url)
    await connectSolana(page)
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    await dialog(page).getByRole("button", { name: en.swap, exact: true }).click()
    await expectView(page, "Swap")
    await visible(dialog(page).locator("[data-swap-token='from']"))
    const before = await usdcOf()
    await dialog(page).locator("[data-swap-amount]").fill("1")
    const quote = dialog(page).locator("[data-swap-quote]")
    const quotedNow = async () => BigInt((await quote.getAttribute("data-swap-quote")) || "0")
    // The pool's price is Pyth's: 150 USDC a SOL, less its 0.25 % fee and the impact.
    await expect.poll(quotedNow, { timeout: 15_000 }).toBeGreaterThan(140_000_000n)
    expect(await quotedNow()).toBeLessThan(150_000_000n)
    const quoted = await quotedNow()
    await dialog(page).locator("[data-swap-submit]").click()
    await visible(dialog(page).locator("[data-swap-minimum]"))
    await expectNoAxeViolations(page)
    await dialog(page).locator("[data-swap-confirm]").click()
    await answerWallet(page, "Approve")
    await expectView(page, "Account")
    const received = (await usdcOf()) - before
    expect(received).toBeGreaterThanOrEqual((quoted * 99n) / 100n)
    await context.close()
  })

  it("registers a name with the demo wallet's signature and shows it on the account and in the host's header; says when suggestions cannot be fetched", async () => {
    const { context, page } = await open(host.url)
    await connectEvm(page)
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    await dialog(page).getByRole("button", { name: en.nameChooseOne }).click()
    await expectView(page, "RegisterAccountName")
    const label = `e2e-${Date.now().toString(36)}`
    const field = dialog(page).getByRole("textbox")
    await field.fill("ab")
    await expectText(dialog(page).locator("#portico-name-rule"), en.nameRuleLength)
    // The server out of reach while suggesting: spec §8's 'Error fetching name suggestions', and no suggestion.
    const suggestions = "**/v1/profile/suggestions/**"
    await page.route(suggestions, (route) => route.abort("connectionrefused"))
    await field.fill(`down-${label}`)
    await expectText(dialog(page).getByRole("alert"), en.nameSuggestionsFailed)
    await page.unroute(suggestions)
    await field.fill(label)
    await visible(dialog(page).locator(`[data-suggestion='${label}.portico.id']`))
    await shoot(page, "RegisterAccountName")
    await dialog(page).getByRole("button", { name: en.nameRegister }).click()
    await expectView(page, "RegisterAccountNameSuccess")
    await answerWallet(page, "Approve")
    await visible(dialog(page).locator(`[data-registered-name='${label}.portico.id']`))
    await shoot(page, "RegisterAccountNameSuccess")
    await dialog(page).getByRole("button", { name: en.nameBackToAccount }).click()
    await expectView(page, "Account")
    await expectText(dialog(page).locator("[data-profile-name]"), `${label}.portico.id`)
    // The host's header (its connect button) shows the name, not the address.
    await expectText(page.locator("[data-portico-button]"), `${label}.portico.id`)
    await context.close()
  })

  it("shows the sandbox history in Activity (grouped by month, 3-decimal amounts) and the NFTs", async () => {
    const { context, page } = await open(host.url)
    await connectEvm(page)
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    await dialog(page).getByRole("tab", { name: en.activity }).click()
    const panel = dialog(page).getByRole("tabpanel")
    await visible(panel.locator("[data-transaction]").first())
    // Month headings in the locale's month names ("November 2026"), rows with direction and time.
    await expectText(panel.locator("h3").first(), /^[A-Z][a-z]+ \d{4}$/)
    const amounts = await panel.locator("[data-amount]").allTextContents()
    expect(amounts.length).toBeGreaterThan(0)
    for (const amount of amounts.filter((candidate) => /^\d/.test(candidate))) expect(amount).toMatch(/^[\d,]+\.\d{3} \S+$/)
    await expectText(panel.locator("time").first(), /ago$|^now$/)
    await expectText(panel.locator("[data-direction]").first().locator("strong"), new RegExp(`^(${en.sent}|${en.received}|${en.self})$`))
    await shoot(page, "Account-activity")
    // Follow the cursor to the end of the history (each page appends rows); then every NFT in it
    // shows once on the NFTs tab (the sandbox API indexes only the collections it is given; with
    // none it is the empty state).
    const loadMore = panel.getByRole("button", { name: en.loadMore })
    let pages = 1
    for (; pages < 30 && (await loadMore.count()) > 0; pages++) {
      const rows = await panel.locator("[data-transaction]").count()
      await loadMore.click()
      await expect.poll(() => panel.locator("[data-transaction]").count(), { timeout: 15_000 }).toBeGreaterThan(rows)
      await panel.getByRole("status").waitFor({ state: "detached", timeout: 15_000 })
    }
    // The pages came through the sandbox explorer's API (Etherscan's v2 dialect on this chain): every
    // transaction the devnet seeded for the account is listed but the spam (airdropped NFTs, the
    // unlisted token it was sent), and its approvals show as approvals.
    expect(pages).toBeGreaterThan(2)
    const listed = await panel.locator("[data-transaction]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-transaction")))
    const [chain] = sandbox.evm.deployment.chains
    const shown = (chain?.history ?? []).filter((transaction) =>
      transaction.kind !== "airdrop-nft" && transaction.to !== chain?.contracts["points"] &&
      (transaction.from.toLowerCase() === evmAddress() || transaction.transfers.some((transfer) => [transfer.from, transfer.to].some((end) => end.toLowerCase() === evmAddress()))))
    expect(shown.length).toBeGreaterThan(40)
    expect(listed).toEqual(expect.arrayContaining(shown.map((transaction) => `eip155:${transaction.chainId}:${transaction.hash}`)))
    const approved = panel.locator("[data-direction='approve']")
    expect(await approved.count()).toBeGreaterThanOrEqual(2)
    await expectText(approved.first().locator("strong"), en.approved)
    // The seeded swaps approve exactly what they swap, as a careful wallet does: the allowance in token units.
    await expectText(approved.first().locator("[data-amount]"), /^\d[\d,]*(\.\d{1,3})? (USDC|USDT|DAI)$/)
    await dialog(page).getByRole("tab", { name: en.nfts }).click()
    const names = await panel.locator("[data-nft] .nft-name").allTextContents()
    expect(new Set(names).size).toBe(names.length)
    if (names.length === 0) await expectContains(panel, en.noNfts)
    await shoot(page, "Account-nfts")
    await context.close()
  })

  it("shows the spec's wording when the visitor rejects in the wallet, and retries", async () => {
    const { context, page } = await open(host.url)
    await page.locator("[data-portico-button]").click()
    await walletRow(page, evmWallet).click()
    await answerWallet(page, "Reject")
    await expectContains(dialog(page).getByRole("alert"), en.connectionDeclined)
    // The wallet's 4001, said in the visitor's language.
    await expectContains(dialog(page), en.errorUserRejected)
    // Declined: titled with the wallet's name, no "Continue in …" above the refusal.
    await expectText(dialog(page).locator("#portico-title"), evmWallet)
    expect(await dialog(page).getByText(/^Continue in/).count()).toBe(0)
    await shoot(page, "ConnectingExternal-declined")
    await dialog(page).getByRole("button", { name: en.tryAgain }).click()
    await answerWallet(page, "Approve")
    await expect.poll(() => hostStatus(page).textContent(), { timeout: 15_000 }).toMatch(/^eip155 0x/)
    await context.close()
  })

  it("connects the Solana demo wallet next to the EVM one", async () => {
    const { context, page } = await open(host.url)
    await connectEvm(page)
    // The host opens the modal at Connect (useModal().open({ view })) to add a second wallet.
    await page.getByTestId("open-connect").click()
    await expectView(page, "Connect")
    await walletRow(page, solanaWallet).click()
    await answerWallet(page, "Approve")
    const solanaAddress = sandbox.config.solana.accounts[0]?.address ?? ""
    await expect.poll(() => hostStatus(page).textContent(), { timeout: 15_000 }).toContain(`solana ${solanaAddress}`)
    // The EVM account stays: the host's EIP-1193 provider still signs through the demo wallet.
    await page.getByTestId("sign-evm").click()
    await answerWallet(page, "Approve")
    await expect.poll(() => page.getByTestId("evm-signature").textContent(), { timeout: 15_000 }).toMatch(/^0x[0-9a-f]{130}$/)
    // And the host's Solana signer signs through the Solana demo wallet.
    await page.getByTestId("sign-solana").click()
    await answerWallet(page, "Approve")
    await expect.poll(() => page.getByTestId("solana-signature").textContent(), { timeout: 15_000 }).toBe("64 bytes")
    await page.reload()
    // Both accounts come back; the Solana one stays active (the last connected).
    await expect.poll(() => hostStatus(page).textContent(), { timeout: 15_000 }).toContain(`solana ${solanaAddress}`)
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    await expect.poll(() => dialog(page).getByRole("button", { name: en.evmAccount }).count()).toBe(1)
    await shoot(page, "Account-two-accounts")
    await context.close()
  })

  it("opens UnsupportedChain on a network the host did not request and switches", async () => {
    const { context, page } = await open(narrowHost.url)
    const target = sandbox.config.evm.chains[1]
    await page.locator("[data-portico-button]").click()
    await walletRow(page, evmWallet).click()
    await answerWallet(page, "Approve")
    await expectView(page, "UnsupportedChain")
    await shoot(page, "UnsupportedChain")
    await dialog(page).getByRole("button", { name: `Switch to ${target?.name}` }).click()
    await expect.poll(() => hostStatus(page).textContent(), { timeout: 15_000 }).toContain(`eip155:${target?.chainId}`)
    await context.close()
  })

  it("connects with the keyboard alone, traps focus and closes on Escape", async () => {
    const { context, page } = await open(host.url)
    await page.keyboard.press("Tab")
    await expect.poll(() => isButtonFocused(page)).toBe(true)
    await page.keyboard.press("Enter")
    await expectView(page, "Connect")
    // Focus is inside the dialog and stays there however far Tab goes.
    for (let step = 0; step < 12; step++) {
      await page.keyboard.press("Tab")
      expect(await focusedTag(page)).toBe("portico-modal")
    }
    await page.keyboard.press("Escape")
    await gone(dialog(page))
    await expect.poll(() => isButtonFocused(page)).toBe(true)

    await page.keyboard.press("Enter")
    await expectView(page, "Connect")
    let reached = false
    for (let step = 0; step < 12 && !reached; step++) {
      const label = await page.evaluate(() => document.querySelector("portico-modal")?.shadowRoot?.activeElement?.textContent ?? "")
      if (label.includes(evmWallet)) reached = true
      else await page.keyboard.press("Tab")
    }
    expect(reached).toBe(true)
    await page.keyboard.press("Enter")
    await expectView(page, "ConnectingExternal")
    await answerWallet(page, "Approve")
    await expect.poll(() => hostStatus(page).textContent(), { timeout: 15_000 }).toMatch(/^eip155 0x/)
    await context.close()
  })

  it("lists the registry in AllWallets and shows a WalletConnect QR code", async () => {
    const { context, page } = await open(host.url)
    await page.locator("[data-portico-button]").click()
    const registry = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith("/getWallets"))
    await dialog(page).getByRole("button", { name: new RegExp(en.allWallets) }).click()
    await expectView(page, "AllWallets")
    await visible(dialog(page).getByRole("searchbox"))
    // The registry answers; on the sandbox chains it holds the two demo wallets, which are also installed:
    // each shows once (data-rows counts every row of the virtualised list).
    expect((await registry).status()).toBe(200)
    await expect.poll(async () => Number(await dialog(page).locator(".scroller").getAttribute("data-rows")), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2)
    const names = await dialog(page).locator(".scroller button").allTextContents()
    expect(names.some((name) => name.includes(evmWallet))).toBe(true)
    expect(new Set(names.map((name) => name.replace(en.installed, ""))).size).toBe(names.length)
    await shoot(page, "AllWallets")
    await dialog(page).getByRole("button", { name: en.back }).click()
    await expectView(page, "Connect")
    await dialog(page).getByRole("button", { name: new RegExp(`^${en.walletConnect}`) }).click()
    await expectView(page, "ConnectingWalletConnect")
    const qr = dialog(page).locator("[data-wc-uri]")
    await expect.poll(() => qr.getAttribute("data-wc-uri"), { timeout: 20_000 }).toMatch(/^wc:/)
    // The QR code is an <img> of an SVG data URL (nothing injected as markup) that decodes to the pairing URI.
    expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/)
    expect(await decodeQr(page)).toBe(await qr.getAttribute("data-wc-uri"))
    await shoot(page, "ConnectingWalletConnect")
    await context.close()
  })

  it("keeps a strict CSP clean while the WalletConnect view is open", async () => {
    const { context, page, violations } = await open(host.url)
    await page.locator("[data-portico-button]").click()
    await dialog(page).getByRole("button", { name: new RegExp(`^${en.walletConnect}`) }).click()
    await expect.poll(() => dialog(page).locator("[data-wc-uri]").getAttribute("data-wc-uri"), { timeout: 20_000 }).toMatch(/^wc:/)
    await page.waitForTimeout(1000)
    expect(await violations()).toEqual([])
    await context.close()
  })

  it("connects the WalletConnect demo wallet page with the wc: URI taken from the QR view", async () => {
    const { context, page } = await open(host.url)
    await page.locator("[data-portico-button]").click()
    await dialog(page).getByRole("button", { name: new RegExp(`^${en.walletConnect}`) }).click()
    const qr = dialog(page).locator("[data-wc-uri]")
    await expect.poll(() => qr.getAttribute("data-wc-uri"), { timeout: 20_000 }).toMatch(/^wc:/)
    const uri = (await qr.getAttribute("data-wc-uri")) ?? ""
    const wallet = await context.newPage()
    await wallet.goto(sandbox.walletConnectWalletUrl)
    const walletAddress = sandbox.config.evm.accounts[1]?.address ?? ""
    await expect.poll(() => wallet.getByText(walletAddress).count(), { timeout: 20_000 }).toBe(1)
    await wallet.getByLabel("WalletConnect URI").fill(uri)
    await wallet.getByRole("button", { name: "Pair" }).click()
    await wallet.getByRole("article", { name: /Session proposal from Portico test host/ }).getByRole("button", { name: "Approve" }).click()
    await expect.poll(async () => (await hostStatus(page).textContent())?.toLowerCase(), { timeout: 20_000 })
      .toContain(walletAddress.toLowerCase())
    // The account is named after the wallet that answered, not "WalletConnect".
    await page.bringToFront()
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    await expectContains(dialog(page), "Connected with Portico WalletConnect Demo Wallet")
    await page.keyboard.press("Escape")

    // A send through the WalletConnect session: the request is approved on the wallet's page and mined.
    const receiver = sandbox.config.evm.accounts[3]?.address ?? "0x"
    const client = createPublicClient({ transport: viemHttp(sandbox.config.evm.chains[0]?.rpcUrl ?? "") })
    const before = await client.getBalance({ address: receiver })
    await page.bringToFront()
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    await dialog(page).getByRole("button", { name: en.send, exact: true }).click()
    await dialog(page).locator("[data-send-token='ETH'] input").check()
    await dialog(page).locator("[data-send-amount-input]").fill("0.25")
    await dialog(page).locator("[data-send-receiver-input]").fill(receiver)
    await dialog(page).getByRole("button", { name: en.sendReview }).click()
    await dialog(page).getByRole("button", { name: en.sendConfirm }).click()
    await wallet.getByRole("article", { name: /for Portico test host/ }).getByRole("button", { name: "Approve" }).click()
    await expect.poll(async () => (await client.getBalance({ address: receiver })) - before, { timeout: 20_000 }).toBe(250_000_000_000_000_000n)
    await context.close()
  })

  it("on a phone, choosing the WalletConnect demo wallet in the registry opens its link with the pairing URI, which pairs it", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    await page.goto(host.url)
    await page.locator("[data-portico-button]").click()
    if ((await dialog(page).getAttribute("data-view")) !== "AllWallets") {
      await dialog(page).getByRole("button", { name: new RegExp(en.allWallets) }).click()
    }
    await expectView(page, "AllWallets")
    await dialog(page).getByRole("searchbox").fill("WalletConnect Demo")
    // The pairing is made while the visitor looks, so that the tap opens the wallet's link inside it.
    await dialog(page).locator("[data-pairing='ready']").waitFor({ timeout: 20_000 })
    const opened = context.waitForEvent("page")
    await dialog(page).getByRole("button", { name: /Portico WalletConnect Demo Wallet/ }).click()
    await expectView(page, "ConnectingWalletConnect")
    const wallet = await opened
    // The registry's universal link plus `wc?uri=` and the URI the QR view shows.
    const uri = (await dialog(page).locator("[data-wc-uri]").getAttribute("data-wc-uri")) ?? ""
    expect(wallet.url()).toBe(`${sandbox.walletConnectWalletUrl}/wc?uri=${encodeURIComponent(uri)}`)
    await wallet.getByRole("article", { name: /Session proposal from Portico test host/ }).getByRole("button", { name: "Approve" }).click()
    const walletAddress = sandbox.config.evm.accounts[1]?.address ?? ""
    await expect.poll(async () => (await hostStatus(page).textContent())?.toLowerCase(), { timeout: 20_000 })
      .toContain(walletAddress.toLowerCase())
    await context.close()
  })

  it("shows only the QR code in basic WalletConnect mode", async () => {
    const { context, page } = await open(basicHost.url)
    await page.locator("[data-portico-button]").click()
    await dialog(page).getByRole("button", { name: new RegExp(`^${en.walletConnect}`) }).click()
    await expectView(page, "ConnectingWalletConnectBasic")
    await expect.poll(() => dialog(page).locator("[data-wc-uri]").getAttribute("data-wc-uri"), { timeout: 20_000 }).toMatch(/^wc:/)
    await shoot(page, "ConnectingWalletConnectBasic")
    await context.close()
  })

  it("shows the declined wording when the Solana wallet or the WalletConnect wallet rejects", async () => {
    const { context, page } = await open(host.url)
    await page.locator("[data-portico-button]").click()
    await walletRow(page, solanaWallet).click()
    await answerWallet(page, "Reject")
    await expectContains(dialog(page).getByRole("alert"), en.connectionDeclined)
    await dialog(page).getByRole("button", { name: en.back }).click()
    await expectView(page, "Connect")
    await dialog(page).getByRole("button", { name: new RegExp(`^${en.walletConnect}`) }).click()
    const qr = dialog(page).locator("[data-wc-uri]")
    await expect.poll(() => qr.getAttribute("data-wc-uri"), { timeout: 20_000 }).toMatch(/^wc:/)
    const wallet = await context.newPage()
    await wallet.goto(sandbox.walletConnectWalletUrl)
    await wallet.getByLabel("WalletConnect URI").fill((await qr.getAttribute("data-wc-uri")) ?? "")
    await wallet.getByRole("button", { name: "Pair" }).click()
    await wallet.getByRole("article", { name: /Session proposal from Portico test host/ }).getByRole("button", { name: "Reject" }).click()
    await expectContains(dialog(page).getByRole("alert"), en.connectionDeclined)
    await shoot(page, "ConnectingWalletConnect-declined")
    expect(await hostStatus(page).textContent()).toBe("disconnected")
    await context.close()
  })

  it("animates header 120 ms and views 150 ms, and not at all under prefers-reduced-motion", async () => {
    const { context, page } = await open(host.url)
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Connect")
    const durations = () =>
      page.evaluate(() => {
        const root = document.querySelector("portico-modal")?.shadowRoot
        const of = (selector: string) => {
          const element = root?.querySelector(selector)
          return element === null || element === undefined ? "missing" : getComputedStyle(element).animationDuration
        }
        const dialogElement = root?.querySelector("[role='dialog']")
        return {
          title: of("#portico-title"),
          view: of(".view"),
          height: dialogElement === null || dialogElement === undefined ? "missing" : getComputedStyle(dialogElement).transitionDuration
        }
      })
    expect(await durations()).toEqual({ title: "0.12s", view: "0.15s", height: "0.15s" })
    await page.emulateMedia({ reducedMotion: "reduce" })
    expect(await durations()).toEqual({ title: "0s", view: "0s", height: "0s" })
    await context.close()
  })

  it("renders a malicious announcement inertly", async () => {
    const { context, page } = await open(host.url)
    const hostileName = "<img src=x onerror=\"globalThis.__pwned=1\">Evil"
    await page.evaluate((name) => {
      const svg = "<svg xmlns='http://www.w3.org/2000/svg' onload='globalThis.__pwned=2'><script>globalThis.__pwned=3</script></svg>"
      const detail = Object.freeze({
        info: { uuid: "5a1f0c6e-0000-4000-8000-000000000bad", name, icon: `data:image/svg+xml,${encodeURIComponent(svg)}`, rdns: "evil.example" },
        provider: { request: () => Promise.reject(new Error("no")), on: () => undefined, removeListener: () => undefined }
      })
      const announce = () => globalThis.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }))
      globalThis.addEventListener("eip6963:requestProvider", announce)
      announce()
    }, hostileName)
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Connect")
    const row = dialog(page).getByRole("button", { name: /Evil/ })
    await expectContains(row, hostileName)
    expect(await row.locator("img[src^='x'], script").count()).toBe(0)
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined()
    await context.close()
  })

  it("works on the sandbox's own demo site (sandbox/site mounts Portico)", async () => {
    const { context, page, violations } = await open(`${sandbox.siteUrl}/?signin=off`)
    await connectEvm(page, { status: false })
    // The button names the account: its registered name once it has one (an earlier test registered one).
    await expectText(page.locator("[data-portico-button]"), /^(0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}|[a-z0-9-]+\.portico\.id)$/)
    // The site's balance follows core/Format's rule: truncated to 3 decimals, not all 18 of wei.
    await expectText(page.getByTestId("account-balance"), /^\d+(\.\d{1,3})? ETH$/)
    expect(await violations()).toEqual([])
    await context.close()
  })

  it("speaks German when the host configures the de locale, on the new views too", async () => {
    const { context, page } = await open(hostDe.url)
    await expectText(page.locator("[data-portico-button]"), de.connectWallet)
    await page.locator("[data-portico-button]").click()
    await expectText(dialog(page).locator("#portico-title"), de.modalTitleConnect)
    await shoot(page, "Connect-de")
    await walletRow(page, evmWallet).click()
    await answerWallet(page, "Approve")
    await gone(dialog(page))
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    await dialog(page).getByRole("button", { name: de.send, exact: true }).click()
    await expectView(page, "Send")
    await visible(dialog(page).locator("[data-send-token]").first())
    await shoot(page, "Send-de")
    await dialog(page).getByRole("button", { name: de.back }).click()
    await dialog(page).getByRole("button", { name: de.receive, exact: true }).click()
    await expectView(page, "Receive")
    await visible(dialog(page).locator("img[data-receive-address]"))
    await shoot(page, "Receive-de")
    await dialog(page).getByRole("button", { name: de.back }).click()
    await dialog(page).getByRole("button", { name: de.swap, exact: true }).click()
    await expectView(page, "Swap")
    await visible(dialog(page).locator("[data-swap-token='from']"))
    await expectText(dialog(page).locator("#portico-title"), de.swap)
    await shoot(page, "Swap-de")
    await dialog(page).getByRole("button", { name: de.back }).click()
    await dialog(page).getByRole("button", { name: de.buy, exact: true }).click()
    await expectView(page, "Buy")
    await dialog(page).locator("[data-buy-amount]").fill("5")
    await expectText(dialog(page).locator("[data-buy-problem]"), de.buyAmountBelowMin.replace("{min}", "10,00").replace("{currency}", "USD"))
    await shoot(page, "Buy-de")
    await context.close()
  })

  // Two purchases, each paid in its own window and mined: more than the default minute on a slower runner.
  it("buys USDC through MoonPay's and Coinbase's protocols with the sandbox card: both quoted, each checkout in a new window, the tokens arriving on chain and in Activity", { timeout: 150_000 }, async () => {
    const chain = sandbox.config.evm.chains[0]
    const client = createPublicClient({ transport: viemHttp(chain?.rpcUrl ?? "") })
    const owner = sandbox.config.evm.accounts[0]?.address as `0x${string}`
    const usdc = () =>
      client.readContract({ address: sandbox.config.evm.chains[0]?.contracts?.["usdc"] as `0x${string}`, abi: erc20Abi, functionName: "balanceOf", args: [owner] })
    const { context, page } = await open(host.url)
    await connectEvm(page)
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    // Spec §9's order: buy first among the wallet features.
    expect(await dialog(page).locator("[data-feature]").first().getAttribute("data-feature")).toBe("Buy")

    /** One purchase of 50 USD of USDC through `provider`'s checkout (its own page, in a new window). */
    const buy = async (provider: "moonpay" | "coinbase", checkoutPath: RegExp, pictures: boolean) => {
      await dialog(page).getByRole("button", { name: en.buy, exact: true }).click()
      await expectView(page, "Buy")
      await expect.poll(() => dialog(page).locator("[data-buy-currency]").inputValue(), { timeout: 15_000 }).toBe("USDC")
      // Limits are said before anything is asked.
      await dialog(page).locator("[data-buy-amount]").fill("7500.01")
      await expectText(dialog(page).locator("[data-buy-problem]"), en.buyAmountAboveMax.replace("{max}", "7,500.00").replace("{currency}", "USD"))
      await dialog(page).locator("[data-buy-amount]").fill("50")
      // Both providers, fees in the spec's 1-2 % range; the cheaper one buys more and is chosen first.
      const quotes = dialog(page).locator("[data-buy-provider]")
      await expect.poll(() => quotes.count(), { timeout: 15_000 }).toBe(2)
      expect(await dialog(page).locator("[data-buy-estimate]").count()).toBe(0)
      await dialog(page).locator(`[data-buy-provider='${provider}'] input`).check()
      if (pictures) {
        await expectNoAxeViolations(page)
        await shoot(page, "Buy")
      }
      const before = await usdc()
      const checkout = context.waitForEvent("page")
      await dialog(page).locator("[data-buy-submit]").click()
      const popup = await checkout
      await popup.waitForURL(checkoutPath, { timeout: 15_000 })
      await popup.getByLabel("Card number").fill("4242 4242 4242 4242")
      await popup.getByLabel("Expiry (MM/YY)").fill("12/40")
      await popup.getByLabel("CVC").fill("123")
      await popup.getByRole("button", { name: /^Pay / }).click()
      await popup.getByText("Payment complete").waitFor({ timeout: 30_000 })
      await popup.close()
      // The modal follows the purchase until our server's history lists its delivery.
      await visible(dialog(page).locator("[data-buy-status='arrived']"))
      const received = (await usdc()) - before
      expect(received).toBeGreaterThan(48_000_000n)
      expect(received).toBeLessThan(50_000_000n)
      if (pictures) await shoot(page, "BuyArrived")
      await dialog(page).locator("[data-buy-done]").click()
      await expectView(page, "Account")
    }

    await buy("moonpay", /\/moonpay\/buy\?/, true)
    await dialog(page).getByRole("tab", { name: en.activity }).click()
    const newest = dialog(page).getByRole("tabpanel").locator("[data-transaction]").first()
    await expect.poll(() => newest.getAttribute("data-direction"), { timeout: 20_000 }).toBe("in")
    await expectContains(newest.locator("[data-amount]").first(), "USDC")
    await buy("coinbase", /\/coinbase\/pay\/buy\/select-asset\?/, false)
    await context.close()
  })

  it("falls back to the built-in options and to a marked estimate when the onramp calls fail, and hides Buy in a restricted timezone", async () => {
    const { context, page } = await open(host.url)
    await page.route(/\/v1\/onramp\/(options|quote)/, (route) => route.fulfill({ status: 503, contentType: "application/json", body: "{}" }))
    await connectEvm(page)
    await page.locator("[data-portico-button]").click()
    await dialog(page).getByRole("button", { name: en.buy, exact: true }).click()
    await visible(dialog(page).locator("[data-buy-fallback]"))
    expect(await dialog(page).locator("[data-buy-payment-currency] option").allTextContents()).toEqual(["USD", "EUR"])
    await dialog(page).locator("[data-buy-amount]").fill("100")
    await visible(dialog(page).locator("[data-buy-estimate-label]").first())
    await expectNoAxeViolations(page)
    await context.close()

    const restricted = await browser.newContext({ timezoneId: "Asia/Shanghai" })
    const shanghai = await restricted.newPage()
    await shanghai.goto(host.url)
    await connectEvm(shanghai)
    await shanghai.locator("[data-portico-button]").click()
    await expectView(shanghai, "Account")
    await visible(dialog(shanghai).locator("[data-feature='Swap']"))
    expect(await dialog(shanghai).locator("[data-feature='Buy']").count()).toBe(0)
    await restricted.close()
  })

  it("a host's viem sendCalls goes through Portico to the demo wallet and is mined atomically", async () => {
    const { context, page } = await open(host.url)
    await connectEvm(page)
    await page.getByTestId("send-calls").click()
    await answerWallet(page, "Approve")
    await expect.poll(() => page.getByTestId("calls-status").textContent(), { timeout: 20_000 }).toMatch(/^success [12]$/)
    await context.close()
  })
})
