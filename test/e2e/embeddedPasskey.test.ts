/**
 * The embedded wallet's passkey in Chromium: a new wallet protected by a passkey with the PRF extension
 * (Chromium's simulated authenticator answers the panel's prompts), and the same wallet recovered with that
 * passkey once the browser forgot its device share. WebAuthn refuses IP addresses as relying parties, so
 * the page and the wallet (the API's origin) are reached as `localhost`: one site, where this browser's
 * incognito-like context lets the wallet's frame keep its storage (docs/embedded-wallet.md "Known limits").
 * Where the frame is cross-site and refused storage, the visitor is told why at once.
 */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, chromium } from "playwright-core"
import { afterAll, beforeAll, expect, it } from "vitest"
import { type Sandbox, startSandbox } from "../../sandbox/Sandbox.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"
import { buildPage, serve, type Served } from "./fixtures/Build.ts"
import { en } from "../../ui/i18n/en.ts"
import { connectedAddress, dialog, expectView, hostStatus, mailbox, panel, timeout } from "./fixtures/EmbeddedLogin.ts"
import { sandboxPorticoConfig } from "./fixtures/SandboxHost.ts"

let sandbox: Sandbox
let browser: Browser
let work: string
let host: Served
/** The same page, its wallet on another site (`127.0.0.1`): a cross-site frame, refused storage here. */
let crossSite: Served

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "portico-passkey-"))
  sandbox = await startSandbox({ ports: "ephemeral", host: "localhost", stateDir: join(work, "sandbox") })
  // The API listens on every loopback name; the page asks for it (and so for the wallet) by name.
  const apiUrl = new URL(sandbox.config.apiUrl)
  apiUrl.hostname = "localhost"
  const config = { ...sandboxPorticoConfig(sandbox.config), apiUrl: apiUrl.origin }
  const built = await buildPage({ page: "host", outDir: join(work, "host"), config, wallets: false })
  host = await serve(built.dir, { json: { "/sandbox-config.json": sandbox.config } })
  const other = await buildPage({ page: "host", outDir: join(work, "cross-site"), config: sandboxPorticoConfig(sandbox.config), wallets: false })
  crossSite = await serve(other.dir, { json: { "/sandbox-config.json": sandbox.config } })
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await host?.close()
  await crossSite?.close()
  await sandbox?.stop()
  if (work !== undefined) await rm(work, { recursive: true, force: true })
})

// Two browsers with a virtual authenticator each: ~35 s here, so more than the default minute on a slower runner.
it("protects a new wallet with a passkey and recovers it with that passkey", { timeout: 150_000 }, async () => {
  const email = `pia-${Date.now()}@example.test`
  const context = await browser.newContext()
  const page = await context.newPage()
  const devtools = await context.newCDPSession(page)
  await devtools.send("WebAuthn.enable", { enableUI: false })
  const { authenticatorId } = await devtools.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, hasPrf: true, automaticPresenceSimulation: true }
  })
  // The page on `localhost` too: the wallet's frame is then on the page's own site, where this browser
  // (an incognito-like context) lets it keep storage.
  const pageUrl = new URL(host.url)
  pageUrl.hostname = "localhost"
  await page.goto(pageUrl.toString())
  const { emailLogin } = mailbox(sandbox.mailboxUrl)
  await emailLogin(page, email)
  await expectView(page, "EmbeddedWalletPanel")
  await panel(page).getByRole("button", { name: "Create a passkey" }).click()
  const address = await connectedAddress(page)
  expect((await devtools.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1)

  // This browser forgets the wallet (its vault: device share and device id), as a new profile would.
  const walletFrame = page.frames().find((frame) => frame.url().includes("/embedded/frame"))
  await walletFrame?.evaluate(() => new Promise<void>((resolve, reject) => {
    const deleting = indexedDB.deleteDatabase("portico-embedded-wallet")
    deleting.addEventListener("success", () => resolve())
    deleting.addEventListener("blocked", () => resolve())
    deleting.addEventListener("error", () => reject(new Error("the vault could not be deleted")))
  }))
  await page.evaluate(() => localStorage.clear())
  await page.reload()
  await expect.poll(() => hostStatus(page).textContent(), timeout).toBe("disconnected")
  // A new device: the mailed link approves it, then the code; the passkey opens the recovery share.
  await emailLogin(page, email, { newDevice: true })
  await expectView(page, "EmbeddedWalletPanel")
  await panel(page).getByRole("heading", { name: "Recover your wallet" }).waitFor(timeout)
  await panel(page).getByRole("button", { name: "Use my passkey" }).click()
  expect(await connectedAddress(page)).toBe(address)
  await context.close()
})

it("says at once why email login cannot work where the browser refuses the wallet's frame its storage", async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const pageUrl = new URL(crossSite.url)
  pageUrl.hostname = "localhost"
  await page.goto(pageUrl.toString())
  await page.locator("[data-portico-button]").click()
  await dialog(page).locator("[data-email-input]").fill(`cy-${Date.now()}@example.test`)
  await dialog(page).locator("[data-email-submit]").click()
  // Well before the 20 s load timeout: the frame says why it cannot start.
  await expect.poll(() => dialog(page).locator("#portico-email-problem").textContent(), { timeout: 10_000 }).toBe(en.errorEmbeddedStorage)
  await context.close()
})
