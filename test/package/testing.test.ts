// `portico/testing` as a host gets it: the built package's wallet injection in a real Chromium page,
// answering by each approval policy. The page is on localhost: the wallets need a secure context.
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { type Browser, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { ApprovalRequest, InjectWalletsOptions, SandboxConfig } from "../../testing/index.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"

const evmAddress = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
// Hardhat's first public default key: a value every Ethereum developer knows, never a real secret.
const evmKey = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
const config: SandboxConfig = {
  projectId: "portico-sandbox",
  relayUrl: "ws://127.0.0.1:9",
  apiUrl: "http://127.0.0.1:9",
  siteUrl: "http://127.0.0.1:9",
  walletConnectWalletUrl: "http://127.0.0.1:9",
  evm: { chains: [{ chainId: 31337, name: "Sandbox", rpcUrl: "http://127.0.0.1:9" }], accounts: [{ address: evmAddress, privateKey: evmKey }] },
  solana: {
    cluster: { rpcUrl: "http://127.0.0.1:9", wsUrl: "ws://127.0.0.1:9", genesisHash: "1".repeat(44), caipNetworkId: `solana:${"1".repeat(32)}` },
    mints: {},
    accounts: []
  }
}

// The built module, typed by its source: dist/ exists only after the build below.
type Testing = typeof import("../../testing/index.ts")
const built = new URL("../../dist/testing.mjs", import.meta.url)
let testing: Testing
let browser: Browser

beforeAll(async () => {
  if (!existsSync("dist/testing.mjs") || !existsSync("dist/testing-wallets.iife.js")) {
    expect(spawnSync("npx", ["tsdown", "--logLevel", "error"], { stdio: "inherit" }).status).toBe(0)
  }
  testing = await import(built.href)
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
})
afterAll(() => browser?.close())

const hostPage = async (options: Omit<InjectWalletsOptions, "config">, body = "<!doctype html><title>host</title>"): Promise<Page> => {
  const page = await browser.newPage()
  await page.route("http://localhost:4999/**", (route) => route.fulfill({ contentType: "text/html", body }))
  await testing.injectWallets(page, { config, ...options })
  await page.goto("http://localhost:4999/")
  return page
}

/** The announced EIP-6963 wallet's name and its answer to eth_requestAccounts (or the error code). */
const requestAccounts = (page: Page) =>
  page.evaluate(() => new Promise<{ name: string; answer: unknown }>((resolve) => {
    window.addEventListener("eip6963:announceProvider", (event) => {
      const { info, provider } = (event as CustomEvent<{ info: { name: string }; provider: { request: (a: { method: string }) => Promise<unknown> } }>).detail
      provider.request({ method: "eth_requestAccounts" }).then(
        (answer) => resolve({ name: info.name, answer }),
        (error: { code?: number }) => resolve({ name: info.name, answer: error.code })
      )
    }, { once: true })
    window.dispatchEvent(new Event("eip6963:requestProvider"))
  }))

describe("portico/testing injectWallets", () => {
  it("approves every request by default", async () => {
    const page = await hostPage({})
    expect(await requestAccounts(page)).toEqual({ name: testing.demoWallets.evm, answer: [evmAddress] })
    await page.close()
  })

  it("rejects with EIP-1193 code 4001 under the reject policy", async () => {
    const page = await hostPage({ policy: "reject" })
    expect(await requestAccounts(page)).toEqual({ name: testing.demoWallets.evm, answer: 4001 })
    await page.close()
  })

  it("asks the test, which sees the request and decides", async () => {
    const asked: Array<ApprovalRequest> = []
    const page = await hostPage({ policy: (request) => { asked.push(request); return asked.length > 1 } })
    expect((await requestAccounts(page)).answer).toBe(4001)
    expect((await requestAccounts(page)).answer).toEqual([evmAddress])
    expect(asked).toHaveLength(2)
    expect(asked[0]?.wallet).toBe(testing.demoWallets.evm)
    expect(asked[0]?.details.join(" ")).toContain("http://localhost:4999")
    await page.close()
  })
})

describe("portico/testing connect and disconnect", () => {
  // Each step that is meant to time out waits this long; a busy runner still clicks a present button within it.
  const quick = { timeout: 3_000 }

  it("names the missing connect button and the page, not a locator", async () => {
    const page = await hostPage({})
    const refused = await testing.connect(page, undefined, quick).then(() => undefined, (error: unknown) => error)
    expect(refused).toBeInstanceOf(testing.ModalStepError)
    expect(refused).toMatchObject({
      _tag: "ModalStepError",
      step: "button",
      url: "http://localhost:4999/",
      message: "No Portico connect button ([data-portico-button]) on http://localhost:4999/ within 3 s: is your app served there, with <portico-connect-button> or ConnectButton?"
    })
    expect(await testing.disconnect(page, quick).then(() => undefined, (error: unknown) => error)).toMatchObject({ step: "button" })
    await page.close()
  })

  it("names the wallet the modal did not list, and what to call", async () => {
    const page = await hostPage({}, "<!doctype html><title>host</title><button data-portico-button>Connect Wallet</button>")
    const refused = await testing.connect(page, "Some Wallet", quick).then(() => undefined, (error: unknown) => error)
    expect(refused).toMatchObject({ step: "wallet", message: expect.stringContaining(`did not list "Some Wallet" within 3 s: call injectWallets(page, …) before page.goto`) })
    await page.close()
  })

  it("lets any other failure through as it is", async () => {
    const page = await hostPage({})
    await page.close()
    const refused = await testing.connect(page, undefined, quick).then(() => undefined, (error: unknown) => error)
    expect(refused).toBeInstanceOf(Error)
    expect(refused).not.toBeInstanceOf(testing.ModalStepError)
  })
})
