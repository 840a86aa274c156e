/**
 * The malicious-host suite (issue 24), in Debian's Chromium against the sandbox: a host page the project
 * allows (test/e2e/malicious-host/hostile.tsx) embeds Portico for a real visitor, then turns against
 * them. Every attempt fails:
 * - clickjacking the approve panel: transparent over a decoy button, nearly invisible, slid under the
 *   resting pointer just before the click, covered by a `pointer-events: none` veil — the visitor's click
 *   signs nothing; the panel offers the wallet's own window, where the visitor can still decide;
 * - clickjacking the export panel: a disguised click on Show reveals nothing;
 * - its own login for the visitor's address, with the code the visitor typed into the page's field: the
 *   wallet's frame takes no code from a host;
 * - a look-alike recovery prompt: the wallet's panels carry the visitor's sign, which the page cannot read;
 * - a transaction passed as a message (EVM and Solana): refused unsigned, no panel shown;
 * - a drain presented as a harmless call: the panel says it is an unlimited spending approval of USDC, or
 *   the handover of a whole collection.
 */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { getTransactionDecoder } from "@solana/kit"
import { type Browser, type BrowserContext, chromium, type FrameLocator, type Page } from "playwright-core"
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, erc721Abi, http as viemHttp, maxUint256, parseEther, serializeTransaction, verifyMessage, type Address } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Sandbox, startSandbox } from "../../../sandbox/Sandbox.ts"
import { chromiumArgs, chromiumPath } from "../../support/chromium.ts"
import { transferWire } from "../../support/solanaTransfer.ts"
import { steadyClick } from "../../support/steadyClick.ts"
import { buildPage, serve, type Served } from "../fixtures/Build.ts"
import { connectedAddress, dialog, expectView, mailbox, panel, setUpWithCode, timeout } from "../fixtures/EmbeddedLogin.ts"
import { sandboxPorticoConfig } from "../fixtures/SandboxHost.ts"

let sandbox: Sandbox
let browser: Browser
let work: string
let site: Served
let context: BrowserContext
let page: Page
let visitor: Address

const attacker: Address = "0x90F79bf6EB2c4f870365E785982E1f101E93b906"
/** How long a refused click is given to have signed anyway, before the test says it did not. */
const grace = 3_000

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "portico-hostile-"))
  sandbox = await startSandbox({ ports: "ephemeral", stateDir: join(work, "sandbox") })
  const built = await buildPage({ page: "hostile", outDir: join(work, "hostile"), config: sandboxPorticoConfig(sandbox.config), wallets: false })
  site = await serve(built.dir, { csp: true })
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  page = await context.newPage()
  await page.goto(site.url)
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await sandbox?.stop()
  if (work !== undefined) await rm(work, { recursive: true, force: true })
})

type HostileWindow = Window & { hostile: Record<string, (...args: ReadonlyArray<unknown>) => unknown> & { outcome?: string } }

/** Runs one of the page's own tricks. */
const trick = (name: string, ...args: ReadonlyArray<unknown>) =>
  page.evaluate((call) => (window as unknown as HostileWindow).hostile[call.name]?.(...call.args), { name, args })


const outcome = () => page.evaluate(() => (window as unknown as HostileWindow).hostile.outcome)

/** The page asks for a signature of "hello" through Portico's provider; the approve panel shows. */
const askSignature = async (): Promise<FrameLocator> => {
  await page.evaluate((from) => void (window as unknown as HostileWindow).hostile["request"]?.("personal_sign", [`0x${[..."hello"].map((c) => c.charCodeAt(0).toString(16)).join("")}`, from]), visitor)
  await expectView(page, "ApproveTransaction")
  const approve = panel(page).getByRole("button", { name: "Approve" })
  await approve.waitFor(timeout)
  return panel(page)
}

/** Where the panel's button `name` is inside the panel, and the panel on the page. */
const spotOf = async (name: string) => {
  const frame = await page.locator("portico-modal iframe.panel").boundingBox()
  const control = await panel(page).getByRole("button", { name }).boundingBox()
  if (frame === null || control === null) throw new Error(`no ${name} button`)
  return { px: control.x - frame.x + control.width / 2, py: control.y - frame.y + control.height / 2, x: control.x + control.width / 2, y: control.y + control.height / 2 }
}

/** The visitor rests the pointer at (x, y) well over a second, then clicks there. */
const patientClick = async (x: number, y: number) => {
  await page.mouse.move(x, y)
  await page.waitForTimeout(1_500)
  await page.mouse.click(x, y)
}

/** Nothing was signed: the request still waits. A fresh page then drops it (a panel that goes rejects). */
const expectUnsigned = async () => {
  await page.waitForTimeout(grace)
  expect(await outcome()).toBe("pending")
  await page.reload()
  await connectedAddress(page)
}

describe("a hostile host page", () => {
  it("embeds Portico for a visitor who logs in (the code typed in the wallet's panel) and makes a wallet", async () => {
    await mailbox(sandbox.mailboxUrl).emailLogin(page, `victim-${Date.now()}@example.test`)
    await setUpWithCode(page)
    visitor = await connectedAddress(page) as Address
    // Ether for the gas the drain's estimate needs.
    const chain = sandbox.config.evm.chains[0]
    const funder = createWalletClient({ account: privateKeyToAccount(sandbox.config.evm.accounts[1]?.privateKey as `0x${string}`), transport: viemHttp(chain?.rpcUrl ?? "") })
    const funded = await funder.sendTransaction({ chain: null, to: visitor, value: parseEther("1") })
    await createPublicClient({ transport: viemHttp(chain?.rpcUrl ?? "") }).waitForTransactionReceipt({ hash: funded })
  })

  it("cannot make a click on its decoy approve through a transparent panel laid over it", async () => {
    await askSignature()
    const spot = await spotOf("Approve")
    expect(await trick("transparentOver", spot.px, spot.py, 640, 700)).toBe(true)
    await patientClick(640, 700)
    await expectUnsigned()
  })

  it("cannot have a nearly invisible panel approved (opacity 0.01), and the visitor decides in the wallet's window instead", async () => {
    const shown = await askSignature()
    expect(await trick("faint")).toBe(true)
    const spot = await spotOf("Approve")
    await patientClick(spot.x, spot.y)
    await page.waitForTimeout(grace)
    expect(await outcome()).toBe("pending")
    // The panel cannot prove it is seen: it offers the wallet's own window, a real one the page cannot touch.
    const opening = context.waitForEvent("page")
    await shown.getByRole("button", { name: "Open the wallet's window" }).click()
    const popup = await opening
    await popup.getByRole("heading", { name: "Sign message" }).waitFor(timeout)
    expect(await popup.locator("[data-site]").textContent()).toBe(new URL(site.url).origin)
    const approve = popup.getByRole("button", { name: "Approve" })
    await approve.hover()
    await expect.poll(() => popup.locator("html").getAttribute("data-pointer-steady"), timeout).toBe("true")
    await approve.click()
    await expect.poll(outcome, timeout).toMatch(/^ok 0x[0-9a-f]{130}$/)
    const signature = (await outcome())?.slice(3) as `0x${string}`
    expect(await verifyMessage({ address: visitor, message: "hello", signature })).toBe(true)
    await expect.poll(() => popup.isClosed(), timeout).toBe(true)
  })

  it("cannot slide the panel under the visitor's resting pointer just before the click", async () => {
    await askSignature()
    const spot = await spotOf("Approve")
    // The pointer rests on the page's own button far from the panel.
    await page.mouse.move(200, 850)
    await page.waitForTimeout(1_500)
    expect(await trick("slideUnder", spot.px, spot.py, 200, 850)).toBe(true)
    await page.mouse.down()
    await page.mouse.up()
    await expectUnsigned()
  })

  it("cannot have the panel approved under a veil that lets clicks through (pointer-events: none)", async () => {
    await askSignature()
    const spot = await spotOf("Approve")
    expect(await trick("veil")).toBe(true)
    await patientClick(spot.x, spot.y)
    await expectUnsigned()
  })

  it("cannot have the keys revealed by a disguised click on Show in the export panel", async () => {
    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    await dialog(page).locator("[data-export-keys]").click()
    await expectView(page, "EmbeddedWalletPanel")
    await panel(page).getByRole("button", { name: "Show my keys" }).waitFor(timeout)
    expect(await trick("faint")).toBe(true)
    const spot = await spotOf("Show my keys")
    await patientClick(spot.x, spot.y)
    await page.waitForTimeout(grace)
    expect(await panel(page).locator(".words li").count()).toBe(0)
    await page.reload()
    await connectedAddress(page)
  })

  it("cannot log in as the visitor with a code the visitor typed into its own field", async () => {
    // A browser where the visitor has not signed in on this site yet: the page runs the login itself.
    const fresh = await browser.newContext()
    const own = await fresh.newPage()
    await own.goto(site.url)
    const call = (name: string, ...args: ReadonlyArray<unknown>) =>
      own.evaluate((request) => (window as unknown as HostileWindow).hostile[request.name]?.(...request.args), { name, args })
    const inbox = () => own.evaluate(() => ((window as unknown as HostileWindow).hostile["ownInbox"]?.() ?? []) as ReadonlyArray<string>)
    const email = `victim-own-${Date.now()}@example.test`
    expect(await call("ownFrame")).toBe(true)
    await expect.poll(async () => (await inbox()).some((entry) => entry.includes("FRAME_READY")), timeout).toBe(true)
    await call("ownSend", "CONNECT_EMAIL", { email })
    await expect.poll(async () => (await inbox()).some((entry) => entry.includes("CONNECT_EMAIL_SUCCESS")), timeout).toBe(true)
    const messages = await (await fetch(`${sandbox.mailboxUrl}/messages?to=${encodeURIComponent(email)}`)).json() as ReadonlyArray<{ readonly text: string }>
    const code = /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? "")?.[1] ?? ""
    expect(code).toMatch(/^\d{6}$/)
    // The visitor typed it into the page's own field; the page hands it to the frame as the old modal did.
    await call("ownSend", "CONNECT_OTP", { otp: code })
    await call("ownSend", "GET_KEY_STATE", {})
    await expect.poll(async () => (await inbox()).some((entry) => entry.includes("GET_KEY_STATE_")), timeout).toBe(true)
    const answers = await inbox()
    expect(answers.some((entry) => entry.includes("CONNECT_OTP_"))).toBe(false)
    // No session came of it: the frame has nothing to open.
    expect(answers.find((entry) => entry.includes("GET_KEY_STATE_"))).toContain("GET_KEY_STATE_ERROR")
    await fresh.close()
  })

  it("cannot pass off its look-alike recovery prompt: the wallet's panels carry the visitor's sign, which the page cannot read", async () => {
    expect(await trick("phishRecovery")).toBe(true)
    const shown = await askSignature()
    const sign = (await shown.locator("[data-marker]").textContent()) ?? ""
    expect(sign).toMatch(/^\S+ \S+ \d{4}$/u)
    expect(await shown.locator("[data-site]").textContent()).toBe(new URL(site.url).origin)
    expect(await trick("readPanel")).toBe("unreadable")
    expect(await page.locator("body").innerText()).not.toContain(sign)
    await steadyClick(shown, shown.getByRole("button", { name: "Reject" }))
    await expect.poll(outcome, timeout).toBe("error 4001")
  })

  it("cannot get a transaction signed as a message, EVM or Solana", async () => {
    const serialized = serializeTransaction({ chainId: 31337, to: attacker, value: parseEther("0.5"), nonce: 0, gas: 21_000n, maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1n })
    await page.evaluate((call) => (window as unknown as HostileWindow).hostile["request"]?.("personal_sign", [call.serialized, call.from]), { serialized, from: visitor })
    await expect.poll(outcome, timeout).toBe("error -32602")
    // A transfer's message: its signature would be the transaction's own.
    const message = getTransactionDecoder().decode(transferWire("9B5XszUGdMaxCZ7uSQhPzdks5ZQSmWxrmzCSvtJ6Ns6g", "GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzMp", 1_000_000_000n)).messageBytes
    await page.evaluate((bytes) => (window as unknown as HostileWindow).hostile["signSolanaMessage"]?.(bytes), [...message])
    await expect.poll(outcome, timeout).toBe("error -32602")
    // Refused before anything was shown: no panel asked the visitor.
    expect(await page.locator("portico-modal iframe.panel").count()).toBe(0)
  })

  it("cannot present an unlimited token approval or a collection's handover as a harmless call", async () => {
    const token = sandbox.config.evm.chains[0]?.contracts?.["usdc"] as Address
    const collection = sandbox.config.evm.chains[0]?.contracts?.["nft"] as Address
    const send = (to: Address, data: `0x${string}`) =>
      page.evaluate((call) => (window as unknown as HostileWindow).hostile["request"]?.("eth_sendTransaction", [{ from: call.from, to: call.to, data: call.data }]), { from: visitor, to, data })
    void send(token, encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [attacker, maxUint256] }))
    await expectView(page, "ApproveTransaction")
    const shown = panel(page)
    await shown.getByText("Allow spending of your tokens").waitFor(timeout)
    expect(await shown.locator("[data-intent]").innerText()).toContain(`USDC (${token})`)
    expect(await shown.locator("[data-flag]").first().innerText()).toBe("Unlimited: the spender may take all of this token you hold, now and later.")
    expect(await shown.locator("[data-simulation]").count()).toBe(1)
    await steadyClick(shown, shown.getByRole("button", { name: "Reject" }))
    await expect.poll(outcome, timeout).toBe("error 4001")
    void send(collection, encodeFunctionData({ abi: erc721Abi, functionName: "setApprovalForAll", args: [attacker, true] }))
    await expectView(page, "ApproveTransaction")
    await panel(page).getByText("Allow transfer of a whole collection").waitFor(timeout)
    expect(await panel(page).locator("[data-flag]").first().innerText()).toBe("The operator may take every item of this collection you hold, now and later.")
    await steadyClick(panel(page), panel(page).getByRole("button", { name: "Reject" }))
    await expect.poll(outcome, timeout).toBe("error 4001")
  })
})
