/**
 * The embedded wallet where the browser refuses cross-site frames their storage (docs/embedded-wallet.md
 * "The wallet's window for a whole session"), in Debian's Chromium with a profile that blocks third-party
 * cookies — written into the profile's `Default/Preferences` before launch, as the browser's own setting
 * would be — against the sandbox, the page on `localhost` and the wallet on `127.0.0.1`: two sites.
 *
 * The profile is shown to refuse the wallet's frame its IndexedDB (and to grant it to the wallet's origin
 * at the top level). The visitor's click on "Continue in the wallet's window" opens the wallet as a
 * first-party popup; the code, the setup and every approval happen there, and the host gets the address,
 * the signature and the transaction's hash. Closing the window ends the wallet in the modal, which offers
 * to open it again; the reopened window opens the same wallet from the session its storage kept.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type BrowserContext, chromium, type Page } from "playwright-core"
import { createPublicClient, createWalletClient, http as viemHttp, parseEther, verifyMessage } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, expect, it } from "vitest"
import { type Sandbox, startSandbox } from "../../sandbox/Sandbox.ts"
import { en } from "../../ui/i18n/en.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"
import { steadyClick } from "../support/steadyClick.ts"
import { buildPage, serve, type Served } from "./fixtures/Build.ts"
import { connectedAddress, dialog, expectView, hostStatus, mailbox, timeout } from "./fixtures/EmbeddedLogin.ts"
import { sandboxPorticoConfig } from "./fixtures/SandboxHost.ts"

let work: string
let sandbox: Sandbox
let host: Served
let context: BrowserContext

/** Chromium's own setting "Block third-party cookies" (which also refuses third-party frames their storage). */
const blockingThirdParty = { profile: { cookie_controls_mode: 1, block_third_party_cookies: true } }

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "portico-storage-blocked-"))
  sandbox = await startSandbox({ ports: "ephemeral", stateDir: join(work, "sandbox") })
  const built = await buildPage({ page: "host", outDir: join(work, "host"), config: sandboxPorticoConfig(sandbox.config), wallets: false })
  host = await serve(built.dir, { csp: true, json: { "/sandbox-config.json": sandbox.config } })
  const profile = join(work, "profile")
  await mkdir(join(profile, "Default"), { recursive: true })
  await writeFile(join(profile, "Default", "Preferences"), JSON.stringify(blockingThirdParty))
  context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, args: [...chromiumArgs], viewport: { width: 1024, height: 900 } })
}, 240_000)

afterAll(async () => {
  await context?.close()
  await host?.close()
  await sandbox?.stop()
  if (work !== undefined) await rm(work, { recursive: true, force: true })
})

/** The host page on `localhost`: another site than the wallet's `127.0.0.1`. */
const hostUrl = () => {
  const url = new URL(host.url)
  url.hostname = "localhost"
  return url.toString()
}

/** Opens an IndexedDB database in `target` and says whether the browser allowed it. */
const probeIndexedDb = (target: Page | NonNullable<ReturnType<Page["frame"]>>) =>
  target.evaluate(() => new Promise<string>((resolve) => {
    const opening = indexedDB.open("portico-probe")
    opening.addEventListener("success", () => resolve("allowed"))
    opening.addEventListener("error", () => resolve(`refused: ${opening.error?.message ?? ""}`))
  }))

/** The wallet's window the visitor's click (or, `keyboard`, Enter on the focused button) opens. */
const openWalletWindow = async (page: Page, how: "click" | "keyboard" = "click"): Promise<Page> => {
  const opened = context.waitForEvent("page", timeout)
  const offer = dialog(page).locator("[data-wallet-window]")
  if (how === "keyboard") {
    await offer.focus()
    await page.keyboard.press("Enter")
  } else await offer.click()
  const popup = await opened
  await popup.waitForLoadState()
  expect(new URL(popup.url()).origin).toBe(new URL(sandbox.config.apiUrl).origin)
  return popup
}

/** The panel the wallet's window draws (its newest). */
const windowPanel = (popup: Page) => popup.frameLocator("main.wallet-window iframe:not([hidden])")

it("refuses the wallet's frame its storage in this profile, and grants it to the wallet's origin at the top level", async () => {
  const page = await context.newPage()
  await page.goto(hostUrl())
  const frameUrl = new URL("/embedded/frame", sandbox.config.apiUrl)
  frameUrl.search = new URLSearchParams({ projectId: sandbox.config.projectId, chainId: "eip155:31337", version: "probe", enableLogger: "false" }).toString()
  await page.evaluate((src) => {
    const frame = document.createElement("iframe")
    frame.src = src
    frame.dataset["probe"] = ""
    document.body.append(frame)
  }, frameUrl.toString())
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith(frameUrl.origin)), timeout).toBe(true)
  const crossSite = page.frames().find((frame) => frame.url().startsWith(frameUrl.origin))
  expect(crossSite).toBeDefined()
  if (crossSite !== undefined) await crossSite.waitForLoadState()
  expect(crossSite === undefined ? "" : await probeIndexedDb(crossSite)).toMatch(/^refused/)
  const topLevel = await context.newPage()
  await topLevel.goto(`${sandbox.config.apiUrl}/healthz`)
  expect(await probeIndexedDb(topLevel)).toBe("allowed")
  await topLevel.close()
  await page.close()
})

// One login, a setup, a signature, a mined transaction and a reopened window: ~40 s here.
it("logs in, sets up, connects, signs and sends with everything decided in the wallet's own window, and reopens it once closed", { timeout: 180_000 }, async () => {
  const email = `wyn-${Date.now()}@example.test`
  const { mailed } = mailbox(sandbox.mailboxUrl)
  const page = await context.newPage()
  await page.goto(hostUrl())
  await page.locator("[data-portico-button]").click()
  await expectView(page, "Connect")
  await dialog(page).locator("[data-email-input]").fill(email)
  await dialog(page).locator("[data-email-submit]").click()
  // The hidden frame is refused its storage: the modal says so and offers the wallet's own window.
  await expect.poll(() => dialog(page).locator("#portico-email-problem").textContent(), timeout).toBe(en.errorEmbeddedStorage)
  const offer = dialog(page).locator("[data-wallet-window]")
  await offer.waitFor(timeout)
  expect(await offer.textContent()).toBe(en.walletWindowContinue)
  await expectNoAxeViolations(page)

  // Enter on the button opens the window; the email login goes on there: the code is typed in the window's panel.
  const popup = await openWalletWindow(page, "keyboard")
  await expectView(page, "EmailVerifyOtp")
  await dialog(page).locator("[data-wallet-window-panel=otp]").waitFor(timeout)
  await expectNoAxeViolations(page)
  expect(await dialog(page).locator("iframe, input").count()).toBe(0)
  const code = await mailed(email, 0, /\b(\d{6})\b/)
  await windowPanel(popup).getByLabel("Code").fill(code)

  // A new visitor sets the wallet up in the window (a recovery code), and the page is connected.
  await expectView(page, "EmbeddedWalletPanel")
  const setup = windowPanel(popup)
  await setup.getByRole("button", { name: "Use a recovery code instead" }).click()
  await setup.getByLabel("I saved my recovery code").check()
  await setup.getByRole("button", { name: "Create my wallet" }).click()
  const address = await connectedAddress(page) as `0x${string}`
  // The window names the site it works for.
  await popup.locator("[data-wallet-window-idle]").waitFor(timeout)
  expect(await popup.locator("[data-site]").textContent()).toBe(new URL(hostUrl()).origin)

  // personal_sign from the host's code: approved in the window, verified against the address.
  await page.getByTestId("sign-evm").click()
  await expectView(page, "ApproveTransaction")
  await dialog(page).locator("[data-wallet-window-panel=approve]").waitFor(timeout)
  await steadyClick(windowPanel(popup), windowPanel(popup).getByRole("button", { name: "Approve" }))
  await expect.poll(() => page.getByTestId("evm-signature").textContent(), timeout).toMatch(/^0x[0-9a-f]{130}$/)
  const signature = (await page.getByTestId("evm-signature").textContent()) as `0x${string}`
  expect(await verifyMessage({ address, message: "portico", signature })).toBe(true)

  // eth_sendTransaction, once a demo account funded the wallet: approved in the window, mined, its hash to the host.
  const chain = sandbox.config.evm.chains[0]
  const client = createPublicClient({ transport: viemHttp(chain?.rpcUrl ?? "") })
  const funder = createWalletClient({ account: privateKeyToAccount(sandbox.config.evm.accounts[1]?.privateKey as `0x${string}`), transport: viemHttp(chain?.rpcUrl ?? "") })
  await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ chain: null, to: address, value: parseEther("1") }) })
  await page.getByTestId("send-transaction").click()
  await expectView(page, "ApproveTransaction")
  await steadyClick(windowPanel(popup), windowPanel(popup).getByRole("button", { name: "Approve" }))
  await expect.poll(() => page.getByTestId("transaction-hash").textContent(), timeout).toMatch(/^0x[0-9a-f]{64}$/)
  const hash = (await page.getByTestId("transaction-hash").textContent()) as `0x${string}`
  const receipt = await client.waitForTransactionReceipt({ hash })
  expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())

  // Closing the window while a request waits in it: the request fails, the wallet ends here, the view offers the window again.
  await page.getByTestId("sign-evm").click()
  await expectView(page, "ApproveTransaction")
  await windowPanel(popup).getByRole("button", { name: "Approve" }).waitFor(timeout)
  await popup.close()
  await expect.poll(() => page.getByTestId("evm-signature").textContent(), timeout).toMatch(/^error /)
  await expect.poll(() => hostStatus(page).textContent(), timeout).toBe("disconnected")
  await expect.poll(() => dialog(page).getByRole("alert").first().textContent(), timeout).toBe(en.errorEmbeddedWindowClosed)
  // Reopened: the window's storage kept the session and the device share, so the same wallet opens without a code.
  const reopened = await openWalletWindow(page)
  expect(await connectedAddress(page)).toBe(address)
  await reopened.close()
  await page.close()
})
