/**
 * The sandbox in Chromium, pages served under a strict Content-Security-Policy: the demo site loads without a
 * violation, both injected demo wallets are discoverable (EIP-6963 and the Wallet Standard) and listed in
 * Portico's modal; connecting through the modal, then signing and sending from the dapp's own code (viem over
 * Portico's EIP-1193 provider, @solana/kit with its Solana signer) go through the wallets' visible
 * Approve/Reject prompt; and the WalletConnect wallet page pairs with a dapp through the sandbox relay.
 */
import { SignClient } from "@walletconnect/sign-client"
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core"
import { stringToHex, verifyMessage, type Hex } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/Sandbox.ts"
import { en } from "../../ui/i18n/en.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"

const evmAddress = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"

// expect.poll waits 1 s by default: too short for a chain round trip on a machine shared by parallel test runs.
const poll = <T,>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 })

/** The demo wallets' approve/reject panel. */
const prompt = (page: Page) => page.getByRole("alertdialog")

/** Portico's modal (in its open shadow root, which playwright's locators pierce). */
const modal = (page: Page) => page.locator("portico-modal [role='dialog']")
const walletRow = (page: Page, name: string) => modal(page).getByRole("button", { name: new RegExp(name) })

/** What a visitor does: Portico's connect button, the wallet in the modal, Approve in the wallet's prompt. */
const connect = async (page: Page, wallet: string) => {
  await page.getByRole("button", { name: en.connectWallet }).click()
  await walletRow(page, wallet).click()
  await prompt(page).getByText("Connect to this site").waitFor()
  expect(await prompt(page).textContent()).toContain(`Site: ${new URL(page.url()).origin}`)
  await prompt(page).getByRole("button", { name: "Approve" }).click()
  await modal(page).waitFor({ state: "detached", timeout: 15_000 })
}

/** Portico's account view (the connect button, once connected), then its Disconnect. */
const disconnect = async (page: Page) => {
  await page.locator("[data-portico-button]").click()
  await poll(() => modal(page).getAttribute("data-view")).toBe("Account")
  await modal(page).getByRole("button", { name: en.disconnect }).last().click()
  await page.getByRole("button", { name: en.connectWallet }).waitFor()
  await page.getByRole("heading", { name: "Connect a wallet" }).waitFor()
}

describe("the sandbox in Chromium", () => {
  let sandbox: Sandbox
  let browser: Browser
  let context: BrowserContext
  let site: Page
  const problems: Array<string> = []

  beforeAll(async () => {
    ;[sandbox, browser] = await Promise.all([
      startSandbox({ ports: "ephemeral", csp: true }),
      chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
    ])
    context = await browser.newContext()
    // Report CSP violations and page errors from every page of the context.
    await context.exposeBinding("reportProblem", (_source, problem: string) => { problems.push(problem) })
    await context.addInitScript(() => {
      const report = (globalThis as unknown as { reportProblem: (problem: string) => void }).reportProblem
      document.addEventListener("securitypolicyviolation", (event) => report(`CSP: ${event.violatedDirective} ${event.blockedURI}`))
    })
    site = await context.newPage()
    site.on("pageerror", (error) => problems.push(`page error: ${error.message}`))
  })

  afterAll(async () => {
    await browser?.close()
    await sandbox?.stop()
  })

  it("loads the demo site under a strict CSP and lists both demo wallets in Portico's modal", async () => {
    // Sign-in has its own test (signin.test.ts): here the demo runs without it.
    const response = await site.goto(`${sandbox.siteUrl}/?signin=off`)
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'")
    await site.getByRole("heading", { name: "Portico demo dapp" }).waitFor()
    await site.getByRole("button", { name: en.connectWallet }).click()
    await poll(() => modal(site).getAttribute("data-view")).toBe("Connect")
    await walletRow(site, "Portico Demo Wallet").waitFor()
    await walletRow(site, "Portico Demo Solana").waitFor()
    const icons = [walletRow(site, "Portico Demo Wallet"), walletRow(site, "Portico Demo Solana")].map((row) =>
      row.locator("img").first().evaluate((image) => (image as HTMLImageElement).src.slice(0, 26)))
    expect(await Promise.all(icons)).toEqual(["data:image/svg+xml;base64,", "data:image/svg+xml;base64,"])
    await site.keyboard.press("Escape")
    await modal(site).waitFor({ state: "detached" })
    expect(problems).toEqual([])
  })

  it("announces the EVM demo wallet through EIP-6963", async () => {
    const info = await site.evaluate(() =>
      new Promise<unknown>((resolve) => {
        window.addEventListener("eip6963:announceProvider", (event) => {
          const { info: announced, provider } = (event as CustomEvent<{ info: Record<string, unknown>; provider: { request: unknown } }>).detail
          resolve({ ...announced, uuid: typeof announced["uuid"], request: typeof provider.request })
        }, { once: true })
        window.dispatchEvent(new Event("eip6963:requestProvider"))
      })
    )
    expect(info).toMatchObject({ name: "Portico Demo Wallet", rdns: "dev.portico.demo", uuid: "string", request: "function" })
    expect((info as { icon: string }).icon).toMatch(/^data:image\/svg\+xml;base64,/)
  })

  it("registers the Solana demo wallet through the Wallet Standard", async () => {
    // What getWallets() from @wallet-standard/app does: announce app-ready and collect registrations.
    const wallets = await site.evaluate(() => {
      const registered: Array<{ name: string; chains: ReadonlyArray<string>; features: ReadonlyArray<string> }> = []
      const api = {
        register: (wallet: { name: string; chains: ReadonlyArray<string>; features: Record<string, unknown> }) => {
          registered.push({ name: wallet.name, chains: wallet.chains, features: Object.keys(wallet.features).toSorted() })
          return () => undefined
        }
      }
      window.dispatchEvent(new CustomEvent("wallet-standard:app-ready", { detail: api }))
      return registered
    })
    expect(wallets).toEqual([{
      name: "Portico Demo Solana",
      chains: [sandbox.config.solana.cluster.caipNetworkId, "solana:localnet"],
      features: [
        "solana:signAndSendTransaction",
        "solana:signIn",
        "solana:signMessage",
        "solana:signTransaction",
        "standard:connect",
        "standard:disconnect",
        "standard:events"
      ]
    }])
  })

  it("connects the EVM demo wallet through Portico after Approve, then signs, rejects, sends, switches and disconnects", async () => {
    await connect(site, "Portico Demo Wallet")
    await poll(() => site.getByTestId("account-address").textContent()).toBe(evmAddress)
    await poll(() => site.getByTestId("account-balance").textContent()).toMatch(/^\d[\d.]* ETH$/)
    expect(await site.getByRole("combobox", { name: "Network" }).inputValue()).toBe("eip155:31337")

    // The dapp's viem wallet client signs through Portico's EIP-1193 provider, and so through the demo wallet.
    await site.getByRole("button", { name: "Sign message" }).click()
    await prompt(site).getByText("Message: Hello from the Portico demo dapp").waitFor()
    await prompt(site).getByRole("button", { name: "Approve" }).click()
    await site.getByTestId("signature").waitFor()
    const signature = (await site.getByTestId("signature").textContent()) as Hex
    expect(await verifyMessage({ address: evmAddress, message: "Hello from the Portico demo dapp", signature })).toBe(true)

    await site.getByRole("button", { name: "Sign message" }).click()
    await prompt(site).getByRole("button", { name: "Reject" }).click()
    await poll(() => site.getByRole("main").getByRole("alert").textContent()).toContain("User rejected")

    const before = await site.getByTestId("account-balance").textContent()
    await site.getByRole("button", { name: "Send", exact: true }).click()
    await prompt(site).getByText("Send a transaction").waitFor()
    await prompt(site).getByRole("button", { name: "Approve" }).click()
    await site.getByTestId("sent").waitFor({ timeout: 15_000 })
    expect(await site.getByTestId("sent").textContent()).toContain(`0.01 ETH to ${sandbox.config.evm.accounts[1]?.address}`)
    await poll(() => site.getByTestId("account-balance").textContent()).not.toBe(before)

    // The page's network picker calls useNetwork().switchNetwork: Portico asks the wallet, the session follows.
    await site.getByRole("combobox", { name: "Network" }).selectOption({ label: "Portico Local 2" })
    await poll(() => site.getByRole("combobox", { name: "Network" }).inputValue()).toBe("eip155:31338")
    await poll(() => site.getByTestId("account-balance").textContent()).toMatch(/^\d[\d.]* ETH$/)

    await disconnect(site)
    expect(problems).toEqual([])
  })

  it("connects the Solana demo wallet through Portico after Approve, then signs and sends", async () => {
    const solana = sandbox.config.solana.accounts[0]
    await connect(site, "Portico Demo Solana")
    await poll(() => site.getByTestId("account-address").textContent()).toBe(solana?.address)
    await poll(() => site.getByTestId("account-balance").textContent()).toMatch(/^\d[\d.]* SOL$/)
    expect(await site.getByTestId("account-network").textContent()).toBe("Portico Solana")

    await site.getByRole("button", { name: "Sign message" }).click()
    await prompt(site).getByRole("button", { name: "Approve" }).click()
    await poll(() => site.getByTestId("signature").textContent()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)

    const before = await site.getByTestId("account-balance").textContent()
    await site.getByRole("button", { name: "Send", exact: true }).click()
    await prompt(site).getByText("Sign and send a transaction").waitFor()
    await prompt(site).getByRole("button", { name: "Approve" }).click()
    await site.getByTestId("sent").waitFor({ timeout: 15_000 })
    expect(await site.getByTestId("sent").textContent()).toContain(`0.01 SOL to ${sandbox.config.solana.accounts[1]?.address}`)
    await poll(() => site.getByTestId("account-balance").textContent()).not.toBe(before)

    await disconnect(site)
    expect(problems).toEqual([])
  })

  it("pairs the WalletConnect wallet page with a dapp through the sandbox relay", async () => {
    const wallet = await context.newPage()
    await wallet.goto(sandbox.walletConnectWalletUrl)
    const walletAddress = sandbox.config.evm.accounts[1]?.address ?? ""
    await poll(() => wallet.getByText(walletAddress).count()).toBe(1)
    const dapp = await SignClient.init({
      projectId: sandbox.config.projectId,
      relayUrl: sandbox.relayUrl,
      customStoragePrefix: `sandbox-e2e-${Math.random()}`,
      telemetryEnabled: false,
      logger: "silent",
      metadata: { name: "Sandbox E2E Dapp", description: "dapp", url: "http://dapp.localhost", icons: [] }
    })
    try {
      const chain = "eip155:31337"
      const { uri, approval } = await dapp.connect({
        optionalNamespaces: { eip155: { chains: [chain], methods: ["personal_sign"], events: ["chainChanged", "accountsChanged"] } }
      })
      // At once: sign-client ignores a settlement that arrives before approval() was called.
      const settled = approval()
      if (uri === undefined) throw new Error("no pairing URI")
      await wallet.getByLabel("WalletConnect URI").fill(uri)
      await wallet.getByRole("button", { name: "Pair" }).click()
      const proposal = wallet.getByRole("article", { name: "Session proposal from Sandbox E2E Dapp" })
      await proposal.getByRole("button", { name: "Approve" }).click()
      const session = await settled
      expect(session.namespaces["eip155"]?.accounts).toEqual([`${chain}:${walletAddress}`])

      const signature = dapp.request<Hex>({
        topic: session.topic,
        chainId: chain,
        request: { method: "personal_sign", params: [stringToHex("paired"), walletAddress] }
      })
      await wallet.getByRole("region", { name: "Requests" }).getByRole("button", { name: "Approve" }).click()
      expect(await verifyMessage({ address: walletAddress as Hex, message: "paired", signature: await signature })).toBe(true)
    } finally {
      await dapp.core.relayer.transportClose()
    }
    // sign-client in the wallet page tries WalletConnect's online verify service; the CSP blocks it (offline anyway).
    expect(problems.filter((problem) => !/^CSP: connect-src https:\/\/[a-z.]+\.walletconnect\.(org|com)\//.test(problem))).toEqual([])
  })
})
