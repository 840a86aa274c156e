/**
 * Smart accounts end to end (issue 27's story), in Debian's Chromium against the sandbox: a host's own
 * code — viem's sendCalls and the package's ERC-7715 actions over Portico's provider — with the embedded
 * wallet (approvals in the frame's own panel) and with the sandbox's demo wallet (its own prompt). The
 * visitor upgrades to a smart account and sends approve + swap as one user operation whose gas the app's
 * paymaster pays (the visitor's Ether untouched, read from the devnet); grants a site's session key a daily
 * USDC permission; the site spends within it on chain, is refused beyond it, and refused again once the
 * visitor revoked it (with the demo wallet from the modal's Permissions view: signed, relayed by our server).
 */
import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { BrowserContext, Page } from "playwright-core"
import type { Address, Hex } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as SmartAccount7702 from "../../core/SmartAccount7702.ts"
import panelDe from "../../frame/app/panelStrings/de.ts"
import type { Sandbox } from "../../sandbox/Sandbox.ts"
import de from "../../ui/i18n/locales/de.ts"
import { steadyClick } from "../support/steadyClick.ts"
import { buildPage, serve, type Served } from "./fixtures/Build.ts"
import { connectedAddress, dialog, expectView, hostStatus, mailbox, panel, setUpWithCode } from "./fixtures/EmbeddedLogin.ts"
import { startHostWorld, type HostWorld } from "./fixtures/HostWorld.ts"
import { sandboxPorticoConfig } from "./fixtures/SandboxHost.ts"
import type { Outcome } from "./fixtures/HostHandle.ts"
import { chainWorld, ok, onHost, type ChainWorld } from "./fixtures/SmartAccountStory.ts"

let world: HostWorld | undefined
let sandbox: Sandbox
let host: Served
/** The same host page with the modal in German. */
let hostDe: Served | undefined
let chain: ChainWorld

beforeAll(async () => {
  world = await startHostWorld("smart-account", undefined, { wallets: true })
  ;({ sandbox, host } = world)
  chain = chainWorld(sandbox)
  const built = await buildPage({ page: "host", outDir: await mkdtemp(join(tmpdir(), "portico-smart-de-")), config: sandboxPorticoConfig(sandbox.config, { locale: "de" }), wallets: true })
  hostDe = await serve(built.dir, { csp: true, json: { "/sandbox-config.json": sandbox.config } })
}, 240_000)

afterAll(async () => {
  await hostDe?.close()
  await world?.stop()
})

const slow = { timeout: 60_000 }

const open = async (url = host.url): Promise<{ readonly context: BrowserContext; readonly page: Page }> => {
  const context = await (world as HostWorld).browser.newContext({ viewport: { width: 1024, height: 900 } })
  const page = await context.newPage()
  await page.goto(url)
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
const story = async (page: Page, address: Address, approve: (shown: string) => Promise<void>, revokeIn: "host" | "modal" = "host") => {
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

  if (revokeIn === "modal") await revokeInModal(page, approve)
  else {
    const revoking = onHost(page, "revokePermission", granted.context)
    await approve("[data-permission='revoke']")
    ok(await revoking)
    expect(ok(await onHost(page, "grantedPermissions"))).toEqual([])
  }
  await expect(site.spend(granted.context, 1_000_000n)).rejects.toThrow(/PermissionIsRevoked/)
  expect(await chain.balanceOf(chain.usdc, site.address)).toBe(6_000_000n)
}

/**
 * The visitor revokes from the modal (issue 27's view): Account → Permissions, the permission in words as
 * the chain holds it, Revoke signed in the wallet (EIP-712), sent by our server's relayer, and gone.
 */
const revokeInModal = async (page: Page, approve: (shown: string) => Promise<void>) => {
  await page.locator("[data-portico-button]").click()
  await expectView(page, "Account")
  await dialog(page).locator("[data-permissions-entry]").click()
  await expectView(page, "Permissions")
  const row = dialog(page).locator("[data-permission]")
  await expect.poll(() => row.textContent(), slow).toContain("per day")
  expect(await row.textContent()).toMatch(/Up to 10 \S+ per day/)
  expect(await row.textContent()).toMatch(/Spent today: 6 \S+/)
  await row.locator("[data-revoke-permission]").click()
  await approve("[data-sign]")
  await dialog(page).locator("[data-permissions-empty]").waitFor(slow)
}

/** The demo wallet connected from the Connect view, its own prompt approved: its address. */
const connectDemoWallet = async (page: Page): Promise<Address> => {
  await page.locator("[data-portico-button]").click()
  await expectView(page, "Connect")
  await dialog(page).getByRole("button", { name: /Portico Demo Wallet/ }).click()
  await approveInDemoWallet(page)
  await expect.poll(() => hostStatus(page).textContent(), slow).toMatch(/^eip155 0x/)
  return (await hostStatus(page).textContent())?.split(" ")[1] as Address
}

/** Every toast the modal shows from now on, recorded in the page as it appears (a toast hides by itself after 5 s). */
const recordToasts = (page: Page) =>
  page.evaluate(() => {
    const seen: Array<string> = []
    const root = document.querySelector("portico-modal")?.shadowRoot
    if (root === null || root === undefined) throw new Error("the modal is not mounted")
    new MutationObserver(() => {
      for (const toast of root.querySelectorAll(".toast")) {
        const text = toast.textContent ?? ""
        if (seen.at(-1) !== text) seen.push(text)
      }
    }).observe(root, { subtree: true, childList: true, characterData: true })
    Object.assign(globalThis, { toastsSeen: seen })
  })

const toastsSeen = (page: Page) => page.evaluate(() => (globalThis as unknown as { toastsSeen: ReadonlyArray<string> }).toastsSeen)

/** The account's nonce, Ether, code and USDC now; the returned check fails if any of them moved. */
const untouched = async (address: Address) => {
  const read = async () => ({
    nonce: await chain.client.getTransactionCount({ address }),
    ether: await chain.client.getBalance({ address }),
    code: (await chain.client.getCode({ address })) ?? "0x",
    usdc: await chain.balanceOf(chain.usdc, address)
  })
  const before = await read()
  return async () => expect(await read()).toEqual(before)
}

interface Told {
  readonly code: number
  /** The words the visitor reads, in the modal's language. */
  readonly words: string
  /** The typed error the host's actions reject with, for a permission's refusal. */
  readonly tag?: string
  /** Answers the wallet's prompt, for a wallet that asks before it finds out (the demo wallet, before its sponsor refuses). */
  readonly prompt?: () => Promise<void>
}

/** The host's request refused with `told.code`, and the visitor told `told.words`, with no prompt left on screen. */
const expectTold = async (page: Page, ask: () => Promise<Outcome<unknown>>, told: Told) => {
  await recordToasts(page)
  const asked = ask()
  await told.prompt?.()
  const outcome = await asked
  if (!("error" in outcome)) throw new Error(`expected a refusal, got ${JSON.stringify(outcome.ok)}`)
  expect(outcome.error.code).toBe(told.code)
  if (told.tag !== undefined) expect(outcome.error._tag).toBe(told.tag)
  await expect.poll(() => toastsSeen(page), slow).toContain(told.words)
  expect(await page.getByRole("button", { name: "Approve", exact: true }).count()).toBe(0)
  expect(await dialog(page).count()).toBe(0)
}

/**
 * The bad requests a site can make, each refused before anything is shown: an unknown permission type,
 * an expired one, one beyond 30 days, an unlimited amount, and sponsored calls the sponsor declines.
 */
const expectRefusals = async (page: Page, address: Address, sponsorPrompt?: () => Promise<void>) => {
  const unchanged = await untouched(address)
  const site = await chain.site()
  const now = Math.floor(Date.now() / 1000)
  const permission = (overrides: Parameters<ChainWorld["dailyUsdc"]>[1]) => () => onHost(page, "requestPermissions", [chain.dailyUsdc(site.address, overrides)])
  await expectTold(page, permission({ type: "native-token-stream" }), { code: -32602, words: de.errorPermissionUnknownType, tag: "UnknownPermissionTypeError" })
  await expectTold(page, permission({ expiry: now - 60 }), { code: -32602, words: de.errorPermissionExpired, tag: "PermissionExpiredError" })
  await expectTold(page, permission({ expiry: now + 31 * 86_400 }), { code: -32602, words: de.errorPermissionTooBroad, tag: "PermissionTooBroadError" })
  await expectTold(page, permission({ perDay: 2n ** 255n }), { code: -32602, words: de.errorPermissionTooBroad, tag: "PermissionTooBroadError" })
  const declined = () => onHost(page, "sendCalls", chain.approveAndSwap(address, 1_000_000n), { url: chain.sponsorUrl, policy: "sp_decline" })
  await expectTold(page, declined, { code: -32003, words: de.errorSponsorshipRefused, ...(sponsorPrompt === undefined ? {} : { prompt: sponsorPrompt }) })
  await unchanged()
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

  it("the demo wallet: the same story through the same host API, the permission revoked from the modal's Permissions view", { timeout: 300_000 }, async () => {
    const { context, page } = await open()
    const address = await connectDemoWallet(page)
    await story(page, address, () => approveInDemoWallet(page), "modal")
    await context.close()
  })

  it("the demo wallet, in German: a request it must not grant or a sponsor's refusal is a typed error, told to the visitor, nothing signed", { timeout: 300_000 }, async () => {
    const { context, page } = await open(hostDe?.url)
    const address = await connectDemoWallet(page)
    // The demo wallet shows the calls before it asks the sponsor; the sponsor's refusal then sends nothing.
    await expectRefusals(page, address, () => approveInDemoWallet(page))
    await context.close()
  })

  it("the embedded wallet, in German: the same refusals, then a bundler that is down, each typed and told, nothing signed", { timeout: 300_000 }, async () => {
    const { context, page } = await open(hostDe?.url)
    await mailbox(sandbox.mailboxUrl).emailLogin(page, `refused-${Date.now()}@example.test`)
    await setUpWithCode(page, panelDe.setup)
    const address = (await connectedAddress(page)) as Address
    await chain.fundEther(address, "1")
    await chain.fundUsdc(address, 100_000_000n)
    await expectRefusals(page, address)

    // The network's bundler stops: the wallet cannot send its user operations, and says so.
    await sandbox.bundlers.get(chain.chainId)?.stop()
    const unchanged = await untouched(address)
    const site = await chain.site()
    const down = { code: -32002, words: de.errorWalletServiceUnavailable }
    await expectTold(page, () => onHost(page, "sendCalls", chain.approveAndSwap(address, 1_000_000n), { url: chain.sponsorUrl }), down)
    await expectTold(page, () => onHost(page, "requestPermissions", [chain.dailyUsdc(site.address)]), down)
    await unchanged()
    await context.close()
  })
})
