/**
 * The embedded wallet's frame in Chromium, served by the real API server and framed by a host page on
 * another origin, as the modal frames it: it answers only its parent, from the parent's exact origin,
 * once per request id; it says FRAME_READY; it refuses RPC methods outside the spec's lists, answers safe
 * ones from the chain without a panel, and holds the others until the visitor decides in its own panel —
 * a rejection aborting every non-safe call in flight while a safe one still succeeds. Its panels (setup,
 * approve, export, recover) are used as a visitor would: by mouse and by keyboard, in English and German,
 * without axe violations.
 */
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { createPublicClient, http, parseEther, verifyMessage, type Address, type Hex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as RecoveryCode from "../../../frame/custody/RecoveryCode.ts"
import { visitorTexts } from "../../../http/server/embedded/VisitorTexts.ts"
import { chromiumArgs, chromiumPath } from "../../support/chromium.ts"
import { steadyClick } from "../../support/steadyClick.ts"
import { chainId, heldMethod, startFrameWorld, type FrameWorld } from "./support/FrameWorld.ts"
import * as Host from "./support/HostPage.ts"

const axeSource = readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")
const network = `eip155:${chainId}`
const otherNetwork = "eip155:31338"

let world: FrameWorld
let browser: Browser
const problems: Array<string> = []

beforeAll(async () => {
  ;[world, browser] = await Promise.all([startFrameWorld(), chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })])
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await world?.stop()
})

const open = async (site: string = world.hostUrl): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext()
  const page = await context.newPage()
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`))
  page.on("console", (message) => {
    // The stranger's site is refused by frame-ancestors on purpose; anything else refused is a problem.
    if (/Content Security Policy|Refused to/.test(message.text()) && site !== world.strangerUrl) problems.push(message.text())
  })
  await page.goto(`${site}/`)
  return { context, page }
}

/** A host page with the frame attached and ready. */
const readyHost = async (): Promise<{ context: BrowserContext; page: Page }> => {
  const opened = await open()
  await Host.attachFrame(opened.page, world.frameUrl())
  await Host.waitFor(opened.page, { event: "FRAME_READY" })
  const synced = await Host.request(opened.page, "SYNC_DAPP_DATA", { name: "Host", url: world.hostUrl, locale: "en", networks: [network, otherNetwork] })
  expect(synced.type).toBe("SYNC_DAPP_DATA_SUCCESS")
  return opened
}

/** A page at `url` in an iframe named `name` of the host page, once loaded. */
const childFrame = async (page: Page, name: string, url: string) => {
  await page.evaluate((child) => {
    const frame = document.createElement("iframe")
    frame.src = child.url
    frame.name = child.name
    document.body.append(frame)
    return new Promise((resolve) => frame.addEventListener("load", resolve))
  }, { name, url })
  const frame = page.frame({ name })
  if (frame === null) throw new Error(`no frame named ${name}`)
  return frame
}

/** A well-formed request moving the wallet to the other network, with the id `id`. */
const forgedSwitch = (id: string) => ({ channel: "portico-embedded/1", kind: "request", id, type: "SWITCH_NETWORK", payload: { chainId: otherNetwork } })

const chainIdOf = async (page: Page) => ((await Host.request(page, "GET_CHAIN_ID", {})).payload as { chainId: string }).chainId

describe("the frame's boundary", () => {
  it("says FRAME_READY to the parent the project allows, addressed to its origin", async () => {
    const { context, page } = await readyHost()
    const [first] = await Host.inbox(page)
    expect(first).toEqual({ channel: "portico-embedded/1", kind: "event", event: { type: "FRAME_READY" } })
    await context.close()
  })

  it("is not even loaded by a site the project does not allow (frame-ancestors)", async () => {
    const { context, page } = await open(world.strangerUrl)
    const blocked = page.waitForEvent("console", { predicate: (message) => /frame-ancestors/.test(message.text()), timeout: 20_000 })
    await Host.attachFrame(page, world.frameUrl())
    await blocked
    expect(await Host.inbox(page)).toEqual([])
    await context.close()
  })

  it("answers nothing to a parent it finds off the allowlist, even where frame-ancestors is not enforced", async () => {
    const { context, page } = await open(world.strangerUrl)
    // A browser that ignores frame-ancestors: the frame's own check is all that stands.
    await page.route(/\/embedded\/frame\?/, async (route) => {
      const response = await route.fetch()
      const headers = { ...response.headers() }
      delete headers["content-security-policy"]
      await route.fulfill({ response, headers })
    })
    const refused = page.waitForEvent("console", { predicate: (message) => /not among the project's allowed origins/.test(message.text()), timeout: 20_000 })
    await Host.attachFrame(page, world.frameUrl({ enableLogger: true }))
    await refused
    await Host.send(page, "GET_CHAIN_ID", {})
    expect(await Host.inbox(page)).toEqual([])
    await context.close()
  })

  it("drops a request from another window of the parent's origin", async () => {
    const { context, page } = await readyHost()
    // A sibling iframe on the host's own origin: the right origin, the wrong window.
    const sibling = await childFrame(page, "sibling", `${world.hostUrl}/sibling`)
    const forged = "f".repeat(32)
    await sibling.evaluate((request) => {
      const wallet = window.parent.document.querySelector<HTMLIFrameElement>("iframe[title=wallet]")
      wallet?.contentWindow?.postMessage(request, new URL(wallet.src).origin)
    }, forgedSwitch(forged))
    expect(await chainIdOf(page)).toBe(network)
    const messages = await Host.inbox(page)
    expect(messages.filter((message) => message.id === forged || message.event?.type === "CHAIN_CHANGED")).toEqual([])
    await context.close()
  })

  it("drops a request from another origin", async () => {
    const { context, page } = await readyHost()
    // The stranger's page in an iframe of the host page posts to the wallet: the wrong origin.
    const stranger = await childFrame(page, "stranger", `${world.strangerUrl}/`)
    const forged = "e".repeat(32)
    await stranger.evaluate((request) => {
      window.parent.frames[0]?.postMessage(request, "*")
    }, forgedSwitch(forged))
    expect(await chainIdOf(page)).toBe(network)
    const messages = await Host.inbox(page)
    expect(messages.filter((message) => message.id === forged || message.event?.type === "CHAIN_CHANGED")).toEqual([])
    await context.close()
  })

  it("drops a request whose id was used before, and one that is not the protocol's", async () => {
    const { context, page } = await readyHost()
    const id = "d".repeat(32)
    const switched = await Host.waitFor(page, { id: await Host.send(page, "SWITCH_NETWORK", { chainId: otherNetwork }, id) })
    expect(switched).toMatchObject({ type: "SWITCH_NETWORK_SUCCESS", payload: { chainId: otherNetwork } })
    await Host.send(page, "SWITCH_NETWORK", { chainId: network }, id)
    // Not the protocol's: a bad id, an unknown type, a payload that is not the type's.
    await page.evaluate((home) => {
      const wallet = document.querySelector<HTMLIFrameElement>("iframe[title=wallet]")
      const origin = new URL(wallet?.src ?? "").origin
      const post = (message: unknown) => wallet?.contentWindow?.postMessage(message, origin)
      post({ channel: "portico-embedded/1", kind: "request", id: "not-an-id", type: "SWITCH_NETWORK", payload: { chainId: home } })
      post({ channel: "portico-embedded/1", kind: "request", id: "c".repeat(32), type: "SELF_DESTRUCT", payload: {} })
      post({ channel: "portico-embedded/1", kind: "request", id: "b".repeat(32), type: "SWITCH_NETWORK", payload: { chainId: "bitcoin:1" } })
      post({ channel: "another/1", kind: "request", id: "a".repeat(32), type: "SWITCH_NETWORK", payload: { chainId: home } })
    }, network)
    expect(await chainIdOf(page)).toBe(otherNetwork)
    const answers = (await Host.inbox(page)).filter((message) => message.kind === "response")
    expect(answers.filter((message) => [id, "c".repeat(32), "b".repeat(32), "a".repeat(32)].includes(message.id ?? "")).length).toBe(1)
    await context.close()
  })
})

describe("RPC requests", () => {
  it("refuses a method outside the spec's lists with its message and code", async () => {
    const { context, page } = await readyHost()
    for (const method of ["eth_sign", "eth_signTransaction", "wallet_addEthereumChain", "hardhat_setBalance"]) {
      const answer = await Host.request(page, "RPC_REQUEST", { chainId: network, method, params: [] })
      expect(answer).toMatchObject({ type: "RPC_REQUEST_ERROR", payload: { message: "Requested RPC call is not allowed", code: 4200 } })
    }
    await context.close()
  })

  it("answers a safe method from the chain at once, without a panel", async () => {
    const { context, page } = await readyHost()
    const block = await Host.request(page, "RPC_REQUEST", { chainId: network, method: "eth_blockNumber", params: [] })
    expect(block.type).toBe("RPC_REQUEST_SUCCESS")
    expect((block.payload as { result: string }).result).toMatch(/^0x[0-9a-f]+$/)
    const id = await Host.request(page, "RPC_REQUEST", { chainId: network, method: "eth_chainId" })
    expect(id.payload).toEqual({ result: "0x7a69" })
    // Signed out, the account list is empty rather than refused.
    expect((await Host.request(page, "RPC_REQUEST", { chainId: network, method: "eth_accounts" })).payload).toEqual({ result: [] })
    expect((await Host.inbox(page)).some((message) => message.event?.type === "APPROVAL_REQUIRED")).toBe(false)
    await context.close()
  })
})

/** The first match of `pattern`'s group in the mail to `email` after the first `skip` messages, once it came. */
const mailed = async (email: string, skip: number, pattern: RegExp): Promise<string> => {
  let found: string | undefined
  await expect.poll(() => {
    found = world.mail.mailbox.list(email).slice(skip).map((message) => pattern.exec(message.text)?.[1]).find((match) => match !== undefined)
    return found
  }, { timeout: 20_000 }).toBeDefined()
  return found ?? ""
}

const otpPattern = /\b(\d{6})\b/
const linkPattern = /(https?:\/\/\S+)/

/**
 * Signs a new visitor in by email and makes their wallet in the setup panel with a recovery code, as
 * the modal would: CONNECT_EMAIL, the mailed code, GET_KEY_STATE (setup), the panel, GET_KEY_STATE (ready).
 */
interface Visitor {
  readonly email: string
  readonly evm: Address
  readonly solana: string
  /** As the setup panel showed it. */
  readonly recoveryCode: string
}

/** The code panel `panelId` answered with the mailed code, as the visitor types it there. */
const typeCode = async (page: Page, panelId: string, code: string) => {
  const after = (await Host.inbox(page)).length
  const panel = await Host.showPanel(page, world.panelUrl(panelId))
  await panel.getByLabel("Code").fill(code)
  expect((await Host.waitFor(page, { event: "PANEL_DONE", after })).event).toEqual({ type: "PANEL_DONE", panelId, outcome: "completed" })
}

const signIn = async (page: Page): Promise<Visitor> => {
  const email = `visitor-${Date.now()}-${Math.floor(Math.random() * 1e9)}@example.com`
  const connected = await Host.request(page, "CONNECT_EMAIL", { email })
  expect(connected).toMatchObject({ type: "CONNECT_EMAIL_SUCCESS", payload: { action: "VERIFY_OTP" } })
  await typeCode(page, (connected.payload as { panelId: string }).panelId, await mailed(email, 0, otpPattern))
  const setup = await Host.request(page, "GET_KEY_STATE", {})
  expect(setup).toMatchObject({ type: "GET_KEY_STATE_SUCCESS", payload: { state: "setup" } })
  const { panelId } = setup.payload as { panelId: string }
  const panel = await Host.showPanel(page, world.panelUrl(panelId))
  await panel.getByRole("heading", { name: "Secure your wallet" }).waitFor()
  const useCode = panel.getByRole("button", { name: "Use a recovery code instead" })
  if (await useCode.isVisible()) await useCode.click()
  await expect.poll(() => panel.locator(".code").textContent()).toMatch(/^([0-9A-Z*~$=]{4}-){6}[0-9A-Z*~$=]{3}$/)
  const recoveryCode = (await panel.locator(".code").textContent()) ?? ""
  expect(await axeViolations(page, panelId)).toEqual([])
  const create = panel.getByRole("button", { name: "Create my wallet" })
  expect(await create.isDisabled()).toBe(true)
  await panel.getByLabel("I saved my recovery code").check()
  const before = (await Host.inbox(page)).length
  await create.click()
  expect(await Host.waitFor(page, { event: "PANEL_DONE", after: before })).toMatchObject({ event: { type: "PANEL_DONE", panelId, outcome: "completed" } })
  const keyState = await Host.request(page, "GET_KEY_STATE", {})
  expect(keyState).toMatchObject({ type: "GET_KEY_STATE_SUCCESS", payload: { state: "ready", user: { email, preferredAccountType: "eoa" } } })
  const accounts = (keyState.payload as { user: { accounts: ReadonlyArray<{ namespace: string; address: string }> } }).user.accounts
  const evm = accounts.find((account) => account.namespace === "eip155")?.address as Address
  const solana = accounts.find((account) => account.namespace === "solana")?.address ?? ""
  await page.evaluate(() => document.querySelectorAll("iframe[title=panel]").forEach((shown) => shown.remove()))
  return { email, evm, solana, recoveryCode }
}

/** The panel's frame, by the id in its URL. */
const panelFrame = (page: Page, panelId: string) => {
  const frame = page.frames().find((candidate) => candidate.url().includes(`panelId=${panelId}`))
  if (frame === undefined) throw new Error(`no panel ${panelId}`)
  return frame
}

const focusedText = (page: Page, panelId: string) => panelFrame(page, panelId).evaluate(() => document.activeElement?.textContent ?? "")

/** axe-core's violations in a panel, injected over CDP (the panel's policy stays strict). */
const axeViolations = async (page: Page, panelId: string) => {
  const frame = panelFrame(page, panelId)
  await frame.evaluate(await axeSource)
  return frame.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (context: Element) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: Array<string> }> }> }> } }).axe
    // Each violation with the elements it names, so a failure says where.
    return (await axe.run(document.documentElement)).violations.map((violation) => `${violation.id} ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)
  })
}

/** The next APPROVAL_REQUIRED for `requestId`, and its panel shown in the host page. */
const approvalPanel = async (page: Page, requestId: string) => {
  const required = await page.waitForFunction((id) => {
    const inbox = (window as Window & { portico?: { inbox: Array<{ event?: { type: string; requestId?: string } }> } }).portico?.inbox ?? []
    return inbox.find((message) => message.event?.type === "APPROVAL_REQUIRED" && message.event.requestId === id)?.event ?? false
  }, requestId, { timeout: 20_000 }).then((handle) => handle.jsonValue() as unknown as Promise<{ panelId: string }>)
  return { panelId: required.panelId, panel: await Host.showPanel(page, world.panelUrl(required.panelId)) }
}

describe("email login in the dapp's locale", () => {
  it("mails a Japanese visitor their code in Japanese", async () => {
    const { context, page } = await open()
    try {
      await Host.attachFrame(page, world.frameUrl())
      await Host.waitFor(page, { event: "FRAME_READY" })
      await Host.request(page, "SYNC_DAPP_DATA", { name: "Host", url: world.hostUrl, locale: "ja", networks: [network, otherNetwork] })
      const email = `visitor-ja-${Date.now()}-${Math.floor(Math.random() * 1e9)}@example.com`
      expect(await Host.request(page, "CONNECT_EMAIL", { email })).toMatchObject({ payload: { action: "VERIFY_OTP" } })
      await expect.poll(() => world.mail.mailbox.list(email).map((message) => message.subject), { timeout: 20_000 })
        .toEqual([visitorTexts.ja.mail.code.subject])
    } finally {
      await context.close()
    }
  })
})

describe("requests needing the visitor's approval", () => {
  let context: BrowserContext
  let page: Page
  let account: Visitor

  beforeAll(async () => {
    ;({ context, page } = await readyHost())
  })
  afterAll(() => context?.close())

  it("after an email login, the wallet is made in the setup panel and the key state is ready", async () => {
    account = await signIn(page)
    expect(account.evm).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect((await Host.request(page, "RPC_REQUEST", { chainId: network, method: "eth_accounts" })).payload).toEqual({ result: [account.evm] })
  })

  it("wait for the panel, and are answered once the visitor approves there", async () => {
    const message = "Hello from the host"
    const requestId = await Host.send(page, "RPC_REQUEST", { chainId: network, method: "personal_sign", params: [`0x${Buffer.from(message).toString("hex")}`, account.evm] })
    const { panelId, panel } = await approvalPanel(page, requestId)
    await panel.getByRole("heading", { name: "Sign message" }).waitFor()
    expect(await panel.locator("pre").first().textContent()).toBe(message)
    expect(await panel.getByText(account.evm).count()).toBe(1)
    expect(await axeViolations(page, panelId)).toEqual([])
    // Keyboard only: into the panel, through its controls to Approve, which shows where the focus is.
    await page.locator("iframe[title=panel]").focus()
    for (let step = 0; step < 5 && (await focusedText(page, panelId)) !== "Approve"; step++) await page.keyboard.press("Tab")
    expect(await focusedText(page, panelId)).toBe("Approve")
    expect(await panelFrame(page, panelId).evaluate(() => getComputedStyle(document.activeElement ?? document.body).outlineStyle)).not.toBe("none")
    // The panel acts on a key press only once it has held the focus a moment (frame/app/Arming.ts).
    await expect.poll(() => panel.locator("html").getAttribute("data-focus-steady"), { timeout: 20_000 }).toBe("true")
    await page.keyboard.press("Enter")
    const answer = await Host.waitFor(page, { id: requestId })
    expect(answer.type).toBe("RPC_REQUEST_SUCCESS")
    const signature = (answer.payload as { result: Hex }).result
    expect(await verifyMessage({ address: account.evm, message, signature })).toBe(true)
    const done = (await Host.inbox(page)).find((entry) => entry.event?.type === "PANEL_DONE" && entry.event["panelId"] === panelId)
    expect(done?.event).toEqual({ type: "PANEL_DONE", panelId, outcome: "approved" })
  })

  it("signs a Solana message, carried as bytes, once approved", async () => {
    const message = new TextEncoder().encode("Hello Solana")
    const requestId = await page.evaluate((bytes) => {
      const state = (window as Window & { portico?: { target: () => Window | null; origin: string } }).portico
      const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("")
      state?.target()?.postMessage(
        { channel: "portico-embedded/1", kind: "request", id, type: "RPC_REQUEST", payload: { chainId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", method: "solana_signMessage", params: { message: new Uint8Array(bytes) } } },
        state.origin
      )
      return id
    }, [...message])
    const { panel } = await approvalPanel(page, requestId)
    await panel.getByText("Hello Solana").waitFor()
    await steadyClick(panel, panel.getByRole("button", { name: "Approve" }))
    await Host.waitFor(page, { id: requestId })
    const signature = await page.evaluate((id) => {
      const inbox = (window as Window & { portico?: { inbox: Array<{ id?: string; payload?: { result?: { signature?: Uint8Array; signedMessage?: Uint8Array } } }> } }).portico?.inbox ?? []
      const result = inbox.find((entry) => entry.id === id)?.payload?.result
      return result?.signature instanceof Uint8Array && result.signedMessage instanceof Uint8Array ? [...result.signature] : []
    }, requestId)
    expect(ed25519.verify(Uint8Array.from(signature), message, base58.decode(account.solana))).toBe(true)
  })

  it("a rejection aborts every non-safe call in flight, while a safe one still succeeds", async () => {
    world.hold()
    const safe = await Host.send(page, "RPC_REQUEST", { chainId: network, method: heldMethod, params: [account.evm, "latest"] })
    const first = await Host.send(page, "RPC_REQUEST", { chainId: network, method: "personal_sign", params: ["0x01", account.evm] })
    const second = await Host.send(page, "RPC_REQUEST", { chainId: network, method: "eth_signTypedData_v4", params: [account.evm, JSON.stringify({
      types: { EIP712Domain: [{ name: "name", type: "string" }], Note: [{ name: "text", type: "string" }] },
      primaryType: "Note",
      domain: { name: "Frame test" },
      message: { text: "hi" }
    })] })
    const { panel } = await approvalPanel(page, first)
    const { panel: secondPanel } = await approvalPanel(page, second)
    await secondPanel.getByRole("heading", { name: "Sign typed data" }).waitFor()
    // Over a panel that watches its visibility, Chromium drops a click that lands just after the page scrolled it into view.
    await steadyClick(panel, panel.getByRole("button", { name: "Reject" }))
    for (const id of [first, second]) {
      expect(await Host.waitFor(page, { id })).toMatchObject({ type: "RPC_REQUEST_ERROR", payload: { message: "Request was aborted", code: 4001 } })
    }
    // The other panel is told it no longer waits; the safe call was never touched.
    await secondPanel.getByText("This request is no longer waiting for you.").waitFor()
    expect((await Host.inbox(page)).some((message) => message.id === safe)).toBe(false)
    world.release()
    expect(await Host.waitFor(page, { id: safe })).toEqual({ channel: "portico-embedded/1", kind: "response", id: safe, type: "RPC_REQUEST_SUCCESS", payload: { result: "0x" } })
  })

  it("sends a transaction filled from the chain, as the visitor saw it in the panel", async () => {
    const chain = createPublicClient({ transport: http(`${world.api.url}/v1/?chainId=${network}&projectId=frame-test`) })
    const [funder] = (await world.provider.request({ method: "eth_accounts" })) as ReadonlyArray<Address>
    await world.provider.request({ method: "eth_sendTransaction", params: [{ from: funder, to: account.evm, value: `0x${parseEther("1").toString(16)}` }] })
    const receiver = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
    const before = await chain.getBalance({ address: receiver })
    const requestId = await Host.send(page, "RPC_REQUEST", { chainId: network, method: "eth_sendTransaction", params: [{ from: account.evm, to: receiver, value: `0x${parseEther("0.25").toString(16)}` }] })
    const { panel } = await approvalPanel(page, requestId)
    await panel.getByRole("heading", { name: "Send transaction" }).waitFor()
    await panel.getByText("0.25 ETH").waitFor()
    await panel.getByText(/ETH$/).nth(1).waitFor()
    await steadyClick(panel, panel.getByRole("button", { name: "Approve" }))
    const answer = await Host.waitFor(page, { id: requestId })
    expect(answer.type).toBe("RPC_REQUEST_SUCCESS")
    const hash = (answer.payload as { result: Hex }).result
    const receipt = await chain.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe("success")
    expect(receipt.from.toLowerCase()).toBe(account.evm.toLowerCase())
    expect(await chain.getBalance({ address: receiver })).toBe(before + parseEther("0.25"))
  })
  it("speaks the dapp's locale: German", async () => {
    await Host.request(page, "SYNC_DAPP_DATA", { name: "Host", url: world.hostUrl, locale: "de", networks: [network, otherNetwork] })
    const requestId = await Host.send(page, "RPC_REQUEST", { chainId: network, method: "personal_sign", params: ["0x4869", account.evm] })
    const { panel, panelId } = await approvalPanel(page, requestId)
    await panel.getByRole("heading", { name: "Nachricht signieren" }).waitFor()
    expect(await panelFrame(page, panelId).evaluate(() => document.documentElement.lang)).toBe("de")
    await steadyClick(panel, panel.getByRole("button", { name: "Ablehnen" }))
    expect(await Host.waitFor(page, { id: requestId })).toMatchObject({ payload: { message: "Request was aborted", code: 4001 } })
    await Host.request(page, "SYNC_DAPP_DATA", { name: "Host", url: world.hostUrl, locale: "en", networks: [network, otherNetwork] })
  })

  it("speaks Arabic right to left, the account left to right, with no axe violation", async () => {
    await Host.request(page, "SYNC_DAPP_DATA", { name: "Host", url: world.hostUrl, locale: "ar", networks: [network, otherNetwork] })
    const requestId = await Host.send(page, "RPC_REQUEST", { chainId: network, method: "personal_sign", params: ["0x4869", account.evm] })
    const { panel, panelId } = await approvalPanel(page, requestId)
    await panel.getByRole("heading", { name: "توقيع رسالة" }).waitFor()
    const frame = panelFrame(page, panelId)
    expect(await frame.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(["ar", "rtl"])
    // The first row's label starts on the right; the account beside it reads left to right.
    const [label, value] = await Promise.all([panel.locator("dt").first().boundingBox(), panel.locator("dd").first().boundingBox()])
    expect(label?.x ?? 0).toBeGreaterThan(value?.x ?? 0)
    expect(await panel.locator(".mono").first().evaluate((address) => getComputedStyle(address).direction)).toBe("ltr")
    expect(await axeViolations(page, panelId)).toEqual([])
    await steadyClick(panel, panel.getByRole("button", { name: "رفض" }))
    expect(await Host.waitFor(page, { id: requestId })).toMatchObject({ payload: { message: "Request was aborted", code: 4001 } })
    await Host.request(page, "SYNC_DAPP_DATA", { name: "Host", url: world.hostUrl, locale: "en", networks: [network, otherNetwork] })
  })

  it("shows the exported keys in its own panel only, never in a message to the host", async () => {
    const opened = await Host.request(page, "OPEN_PANEL", { kind: "export" })
    expect(opened.type).toBe("OPEN_PANEL_SUCCESS")
    const { panelId } = opened.payload as { panelId: string }
    const panel = await Host.showPanel(page, world.panelUrl(panelId))
    await panel.getByRole("heading", { name: "Export your keys" }).waitFor()
    await steadyClick(panel, panel.getByRole("button", { name: "Show my keys" }))
    await panel.getByText("Recovery phrase").waitFor()
    const words = await panel.locator(".words li").allTextContents()
    expect(words).toHaveLength(12)
    const evmKey = (await panel.locator(".code").nth(0).textContent()) as Hex
    expect(privateKeyToAccount(evmKey).address).toBe(account.evm)
    expect(await axeViolations(page, panelId)).toEqual([])
    await steadyClick(panel, panel.getByRole("button", { name: "Done" }))
    expect((await Host.waitFor(page, { event: "PANEL_DONE", after: (await Host.inbox(page)).length - 1 })).event).toMatchObject({ panelId, outcome: "completed" })
    const posted = JSON.stringify(await Host.inbox(page))
    expect(posted).not.toContain(words.join(" "))
    expect(posted).not.toContain(evmKey.slice(2))
  })

  it("lets the visitor stay a plain account in its own panel, and keeps the choice on this browser", async () => {
    expect(await Host.request(page, "GET_USER", {})).toMatchObject({ payload: { preferredAccountType: "smartAccount" } })
    const opened = await Host.request(page, "OPEN_PANEL", { kind: "accountType" })
    const { panelId } = opened.payload as { panelId: string }
    const panel = await Host.showPanel(page, world.panelUrl(panelId))
    await panel.getByRole("heading", { name: "Account type" }).waitFor()
    // This world's network has no bundler: the smart account is offered, off, and the panel says why.
    expect(await panel.getByRole("radio", { name: /^Smart account/ }).isDisabled()).toBe(true)
    expect(await panel.getByRole("radio", { name: /^Plain account/ }).isChecked()).toBe(true)
    await panel.getByText("No network of this app supports smart accounts").waitFor()
    expect(await axeViolations(page, panelId)).toEqual([])
    const after = (await Host.inbox(page)).length
    await panel.getByRole("button", { name: "Save" }).click()
    expect((await Host.waitFor(page, { event: "PANEL_DONE", after })).event).toEqual({ type: "PANEL_DONE", panelId, outcome: "completed" })
    expect(await Host.request(page, "GET_USER", {})).toMatchObject({ payload: { preferredAccountType: "eoa", smartAccountDeployed: false } })
    // The choice was the panel's message to the frame; the host heard only that the panel is done.
    expect(JSON.stringify((await Host.inbox(page)).slice(after))).not.toContain("CHOSEN")
    // A frame loaded again on this browser keeps it.
    await page.evaluate(() => document.querySelectorAll("iframe").forEach((shown) => shown.remove()))
    await Host.attachFrame(page, world.frameUrl())
    await Host.waitFor(page, { event: "FRAME_READY" })
    await Host.request(page, "SYNC_DAPP_DATA", { name: "Host", url: world.hostUrl, locale: "en", networks: [network, otherNetwork] })
    expect(await Host.request(page, "GET_USER", {})).toMatchObject({ payload: { preferredAccountType: "eoa" } })
  })

  it("refreshes a session the server no longer takes once, and says SESSION_EXPIRED when the refresh is refused", async () => {
    // Past the access token's 15 minutes on the server: the call is refused, refreshed, and sent again.
    world.advance(16 * 60_000)
    expect(await Host.request(page, "IS_CONNECTED", {})).toMatchObject({ type: "IS_CONNECTED_SUCCESS", payload: { isConnected: true } })
    // Past the session's 30 days: the refresh is refused too.
    world.advance(31 * 24 * 60 * 60_000)
    const expired = await Host.request(page, "GET_KEY_STATE", {})
    expect(expired).toMatchObject({ type: "GET_KEY_STATE_ERROR", payload: { message: "Session Expired" } })
    await Host.waitFor(page, { event: "SESSION_EXPIRED" })
    expect(await Host.request(page, "IS_CONNECTED", {})).toMatchObject({ payload: { isConnected: false } })
    expect(await Host.request(page, "RPC_REQUEST", { chainId: network, method: "eth_accounts" })).toMatchObject({ payload: { result: [] } })
  })

  it("a new browser recovers the same wallet with the recovery code, forgiving its form but not a typo", async () => {
    const other = await readyHost()
    const email = account.email
    const before = world.mail.mailbox.list(email).length
    // Past the 30 s between two mails to one address (spec §5).
    world.advance(31_000)
    expect(await Host.request(other.page, "CONNECT_EMAIL", { email })).toMatchObject({ payload: { action: "VERIFY_DEVICE" } })
    const link = new URL(await mailed(email, before, linkPattern))
    const waiting = Host.request(other.page, "CONNECT_DEVICE", {})
    // The link as the visitor opens it (the mail names the server's public URL; the test reaches it on its
    // own address): a page whose button approves.
    const approval = await other.context.newPage()
    await approval.goto(`${world.api.url}${link.pathname}${link.search}`)
    await approval.getByRole("button", { name: "Approve this device" }).click()
    await approval.getByRole("heading", { name: "Device approved" }).waitFor()
    await approval.close()
    const approved = await waiting
    expect(approved.type).toBe("CONNECT_DEVICE_SUCCESS")
    await typeCode(other.page, (approved.payload as { panelId: string }).panelId, await mailed(email, before, otpPattern))
    const state = await Host.request(other.page, "GET_KEY_STATE", {})
    expect(state).toMatchObject({ payload: { state: "recover" } })
    const { panelId } = state.payload as { panelId: string }
    const panel = await Host.showPanel(other.page, world.panelUrl(panelId))
    await panel.getByRole("heading", { name: "Recover your wallet" }).waitFor()
    const input = panel.getByLabel("Recovery code")
    const submit = panel.getByRole("button", { name: "Recover" })
    // A typo the check symbol catches: nothing is tried.
    const symbols = account.recoveryCode.replaceAll("-", "")
    const typo = `${symbols.slice(0, 5)}${symbols[5] === "7" ? "8" : "7"}${symbols.slice(6)}`
    await input.fill(typo)
    await submit.click()
    await panel.getByRole("alert").getByText("This is not the recovery code: check it for typos.").waitFor()
    expect(await axeViolations(other.page, panelId)).toEqual([])
    // A well-formed code that is someone else's.
    await input.fill(RecoveryCode.format(RecoveryCode.generate()))
    await submit.click()
    await panel.getByRole("alert").getByText("This code does not open your wallet.").waitFor()
    // The visitor's own code, typed in lower case without dashes, O for 0: recovered.
    await input.fill(symbols.toLowerCase().replaceAll("0", "o"))
    const beforeRecovery = (await Host.inbox(other.page)).length
    await submit.click()
    expect((await Host.waitFor(other.page, { event: "PANEL_DONE", after: beforeRecovery })).event).toEqual({ type: "PANEL_DONE", panelId, outcome: "completed" })
    const opened = await Host.request(other.page, "GET_KEY_STATE", {})
    expect(opened).toMatchObject({ payload: { state: "ready" } })
    const accounts = (opened.payload as { user: { accounts: ReadonlyArray<{ address: string }> } }).user.accounts.map((entry) => entry.address)
    expect(accounts).toEqual([account.evm, account.solana])
    await other.context.close()
  })
})

describe("no page errors", () => {
  it("nothing broke the policy or threw on any page", () => {
    expect(problems).toEqual([])
  })
})
