/**
 * Smart accounts end to end (issue 27's story), in Debian's Chromium against the sandbox: a host's own
 * code — viem's sendCalls and the package's ERC-7715 actions over Portico's provider — with the embedded
 * wallet (approvals in the frame's own panel) and with the sandbox's demo wallet (its own prompt). The
 * visitor upgrades to a smart account and sends approve + swap as one user operation whose gas the app's
 * paymaster pays (the visitor's Ether untouched, read from the devnet); grants a site's session key a daily
 * USDC permission; the site spends within it on chain, is refused beyond it, and refused again once the
 * visitor revoked it.
 */
import type { BrowserContext, Page } from "playwright-core"
import type { Address, Hex } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as SmartAccount7702 from "../../core/SmartAccount7702.ts"
import type { Sandbox } from "../../sandbox/Sandbox.ts"
import { steadyClick } from "../support/steadyClick.ts"
import type { Served } from "./fixtures/Build.ts"
import { connectedAddress, dialog, expectView, hostStatus, mailbox, panel, setUpWithCode } from "./fixtures/EmbeddedLogin.ts"
import { startHostWorld, type HostWorld } from "./fixtures/HostWorld.ts"
import { chainWorld, ok, onHost, type ChainWorld } from "./fixtures/SmartAccountStory.ts"

let world: HostWorld | undefined
let sandbox: Sandbox
let host: Served
let chain: ChainWorld

beforeAll(async () => {
  world = await startHostWorld("smart-account", undefined, { wallets: true })
  ;({ sandbox, host } = world)
  chain = chainWorld(sandbox)
}, 240_000)

afterAll(() => world?.stop())

const slow = { timeout: 60_000 }

const open = async (): Promise<{ readonly context: BrowserContext; readonly page: Page }> => {
  const context = await (world as HostWorld).browser.newContext({ viewport: { width: 1024, height: 900 } })
  const page = await context.newPage()
  await page.goto(host.url)
  await page.locator("[data-portico-button]").waitFor()
  return { context, page }
}

interface Granted {
  readonly context: Hex
  readonly delegationManager: Address
}

/** The embedded wallet's approval panel for a host request, answered there. */
const approveInPanel = async (page: Page, shown: string) => {
  await expectView(page, "ApproveTransaction")
  await panel(page).locator(shown).waitFor(slow)
  await steadyClick(panel(page), panel(page).getByRole("button", { name: "Approve" }))
}

/** The demo wallet's own prompt (in the page, outside Portico). */
const approveInDemoWallet = async (page: Page) => {
  const button = page.getByRole("button", { name: "Approve", exact: true })
  await button.waitFor(slow)
  await button.click()
}

/**
 * The story after the visitor is connected as `address`: the sponsored approve + swap batch, then the
 * permission granted, spent within and beyond, revoked and refused. `approve(shown)` answers the wallet's
 * prompt for the step named (the embedded panel's `[data-…]` mark of it).
 */
const story = async (page: Page, address: Address, approve: (shown: string) => Promise<void>) => {
  await chain.fundUsdc(address, 100_000_000n)
  const ether = await chain.client.getBalance({ address })
  const usdc = await chain.balanceOf(chain.usdc, address)
  const weth = await chain.balanceOf(chain.weth, address)

  const sent = onHost(page, "sendCalls", chain.approveAndSwap(address, 20_000_000n), { url: chain.sponsorUrl })
  await approve("[data-sponsored]")
  // One user operation: one receipt for both calls, the gas the paymaster's.
  expect(ok(await sent)).toEqual({ status: "success", receipts: 1 })
  expect(await chain.client.getCode({ address })).toBe(`0xef0100${SmartAccount7702.implementationAddress.slice(2).toLowerCase()}`)
  expect(await chain.client.getBalance({ address })).toBe(ether)
  expect(await chain.balanceOf(chain.usdc, address)).toBe(usdc - 20_000_000n)
  expect(await chain.balanceOf(chain.weth, address)).toBeGreaterThan(weth)

  // Granting is the account's own user operation (no sponsor named): the visitor pays its fee.
  await chain.fundEther(address, "1")
  const site = await chain.site()
  const supported = ok(await onHost(page, "supportedPermissions")) as Record<string, { readonly chainIds: ReadonlyArray<string>; readonly ruleTypes: ReadonlyArray<string> }>
  expect(supported["erc20-token-periodic"]?.chainIds).toContain(`0x${chain.chainId.toString(16)}`)
  expect(supported["erc20-token-periodic"]?.ruleTypes).toEqual(["expiry"])

  const granting = onHost(page, "requestPermissions", [chain.dailyUsdc(site.address)])
  await approve("[data-permission='grant']")
  const [granted] = ok(await granting) as ReadonlyArray<Granted>
  if (granted === undefined) throw new Error("no permission granted")
  expect(ok(await onHost(page, "grantedPermissions"))).toHaveLength(1)

  // 6 of the day's 10 USDC, then 5 more is beyond the day's allowance.
  await site.spend(granted.context, 6_000_000n)
  expect(await chain.balanceOf(chain.usdc, site.address)).toBe(6_000_000n)
  await expect(site.spend(granted.context, 5_000_000n)).rejects.toThrow(/OverPeriodAllowance/)

  const revoking = onHost(page, "revokePermission", granted.context)
  await approve("[data-permission='revoke']")
  ok(await revoking)
  await expect(site.spend(granted.context, 1_000_000n)).rejects.toThrow(/PermissionIsRevoked/)
  expect(await chain.balanceOf(chain.usdc, site.address)).toBe(6_000_000n)
  expect(ok(await onHost(page, "grantedPermissions"))).toEqual([])
}

describe("Smart accounts in Chromium", () => {
  it("the embedded wallet: upgrade, a sponsored approve + swap, a daily USDC permission spent, refused beyond it and after revoking", { timeout: 300_000 }, async () => {
    const { context, page } = await open()
    await mailbox(sandbox.mailboxUrl).emailLogin(page, `smart-${Date.now()}@example.test`)
    await setUpWithCode(page)
    const address = (await connectedAddress(page)) as Address
    await story(page, address, async (shown) => {
      // The first batch upgrades the account: the panel says so in words.
      if (shown === "[data-sponsored]") await panel(page).locator("[data-upgrade]").waitFor(slow)
      await approveInPanel(page, shown)
    })
    await context.close()
  })

  it("the demo wallet: the same story through the same host API", { timeout: 300_000 }, async () => {
    const { context, page } = await open()
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Connect")
    await dialog(page).getByRole("button", { name: /Portico Demo Wallet/ }).click()
    await approveInDemoWallet(page)
    await expect.poll(() => hostStatus(page).textContent(), slow).toMatch(/^eip155 0x/)
    const address = (await hostStatus(page).textContent())?.split(" ")[1] as Address
    await story(page, address, () => approveInDemoWallet(page))
    await context.close()
  })
})
