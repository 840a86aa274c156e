/**
 * The malicious host, against the server's protocols (issue 24), in Debian's Chromium against the
 * sandbox: a hostile page that embeds Portico and has a signed-in visitor with an open wallet posts its
 * own requests to the wallet's frame, as any page can, to obtain a signature that would replace the
 * server's key shares — a personal_sign of the old `Portico: replace key shares …` text, the replacement's
 * EIP-712 typed data in the reserved domain, and a Solana signMessage with the reserved prefix. Each is
 * refused at once (EIP-1193 4100), before any approval is asked for; the visitor never sees a panel to be
 * tricked into. (Even a signature a site got would not serve: the server takes only EIP-712 over a nonce
 * it issued to the wallet's own session, test/http/server/EmbeddedShares.test.ts.) And the visitor can end
 * every session of theirs, another device's too, from the modal's Account view.
 */
import type { Browser, Page } from "playwright-core"
import { toHex } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { channel } from "../../../core/embedded/FrameProtocol.ts"
import * as ShareReplacement from "../../../core/embedded/ShareReplacement.ts"
import type { Sandbox } from "../../../sandbox/Sandbox.ts"
import type { Served } from "../fixtures/Build.ts"
import { startHostWorld, type HostWorld } from "../fixtures/HostWorld.ts"
import { en } from "../../../ui/i18n/en.ts"
import { connectedAddress, dialog, expectView, hostStatus, mailbox, setUpWithCode, timeout } from "../fixtures/EmbeddedLogin.ts"

let world: HostWorld | undefined
let sandbox: Sandbox
let browser: Browser
let host: Served

beforeAll(async () => {
  world = await startHostWorld("malicious-host")
  ;({ sandbox, browser, host } = world)
}, 240_000)

afterAll(() => world?.stop())

interface Answer {
  readonly type?: string
  readonly payload?: { readonly message?: string; readonly code?: number }
}

/**
 * The hostile page's own script: posts an RPC_REQUEST to the wallet's frame in its page, exactly as the
 * modal would, and resolves with the frame's answer — or `undefined` when none comes within 10 s (the
 * frame is waiting for the visitor's approval).
 */
const forge = (page: Page, forged: { readonly chainId: string; readonly method: string; readonly params: unknown }): Promise<Answer | undefined> =>
  page.evaluate(({ envelope, request }) =>
    new Promise<Answer | undefined>((resolve) => {
      const frame = document.querySelector<HTMLIFrameElement>("iframe[src*='/embedded/frame']")
      if (frame?.contentWindow == null) throw new Error("no wallet frame in the page")
      const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("")
      const timer = setTimeout(() => resolve(undefined), 10_000)
      window.addEventListener("message", (event) => {
        const data = event.data as { kind?: string; id?: string }
        if (event.source !== frame.contentWindow || data.kind !== "response" || data.id !== id) return
        clearTimeout(timer)
        resolve(event.data as Answer)
      })
      // Solana's bytes travel as a Uint8Array, as the modal sends them.
      const params = request.method === "solana_signMessage"
        ? { message: new TextEncoder().encode(String((request.params as { text: string }).text)) }
        : request.params
      frame.contentWindow.postMessage({ channel: envelope, kind: "request", id, type: "RPC_REQUEST", payload: { ...request, params } }, new URL(frame.src).origin)
    }), { envelope: channel, request: forged })

describe("a malicious host page", () => {
  it("cannot get the wallet to sign a share replacement: personal_sign, EIP-712 in the reserved domain, Solana signMessage", { timeout: 150_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 900 } })
    const page = await context.newPage()
    await page.goto(host.url)
    await page.locator("[data-portico-button]").waitFor()
    await mailbox(sandbox.mailboxUrl).emailLogin(page, `victim-${Date.now()}@example.test`)
    await setUpWithCode(page)
    const address = await connectedAddress(page)
    const evm = `eip155:${sandbox.config.evm.chains[0]?.chainId ?? 31337}`
    const solana = sandbox.config.solana.cluster.caipNetworkId

    const shareSet = { authShare: "AAAA", recoveryShare: "BBBB", recoveryKind: "code" as const }
    const legacy = `Portico: replace key shares ${ShareReplacement.shareSetHash(shareSet).slice(2)}`
    const typed = ShareReplacement.typedData({ visitorId: "0".repeat(32), nonce: "N".repeat(43) }, shareSet)
    const attempts = [
      { chainId: evm, method: "personal_sign", params: [toHex(legacy), address] },
      { chainId: evm, method: "personal_sign", params: [`  portico: ${legacy.slice(9)}`, address] },
      {
        chainId: evm,
        method: "eth_signTypedData_v4",
        params: [address, JSON.stringify({ ...typed, types: { EIP712Domain: [{ name: "name", type: "string" }, { name: "version", type: "string" }], ...typed.types } })]
      },
      { chainId: solana, method: "solana_signMessage", params: { text: legacy } }
    ]
    for (const attempt of attempts) {
      const answer = await forge(page, attempt)
      expect(answer, attempt.method).toMatchObject({
        type: "RPC_REQUEST_ERROR",
        payload: { code: 4100, message: "This message is reserved for the wallet itself and cannot be signed for a site" }
      })
    }
    // Nothing was put before the visitor: no approval view opened.
    expect(await dialog(page).getAttribute("data-view").catch(() => null)).not.toBe("ApproveTransaction")
    // An ordinary message still goes to the visitor for approval (the refusals above are the reserved text's).
    const ordinary = await forge(page, { chainId: evm, method: "personal_sign", params: [toHex("hello"), address] })
    expect(ordinary).toBeUndefined()
    await context.close()
  })
})

/** The embedded wallet's server, called as the wallet's own page on another device would (its origin, no host). */
const walletCall = async (path: string, init: { readonly body?: unknown; readonly accessToken?: string; readonly method?: string } = {}) => {
  const api = sandbox.config.apiUrl
  const response = await fetch(`${api}${path}?projectId=${sandbox.config.projectId}&st=portico&sv=test`, {
    method: init.method ?? "POST",
    headers: {
      origin: new URL(api).origin,
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.accessToken === undefined ? {} : { authorization: `Bearer ${init.accessToken}` })
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) })
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe("the visitor", () => {
  it("signs out everywhere from the Account view: another device's session ends too", { timeout: 150_000 }, async () => {
    const email = `everywhere-${Date.now()}@example.test`
    const context = await browser.newContext({ viewport: { width: 1024, height: 900 } })
    const page = await context.newPage()
    await page.goto(host.url)
    await page.locator("[data-portico-button]").waitFor()
    const mail = mailbox(sandbox.mailboxUrl)
    await mail.emailLogin(page, email)
    await setUpWithCode(page)
    await connectedAddress(page)

    // Another device signs in as the same visitor (its link approved, its code entered).
    await new Promise((resolve) => setTimeout(resolve, 31_000))
    const seen = (await mail.mailTo(email)).length
    const started = await walletCall("/v1/embedded/email/connect", { body: { email, deviceId: "another-device-0123456789", locale: "en" } })
    expect(started.body).toMatchObject({ action: "VERIFY_DEVICE" })
    const link = new URL(await mail.mailed(email, seen, /(http:\/\/\S+\/v1\/embedded\/email\/device\/approve\?token=\S+)/))
    const approval = await context.newPage()
    await approval.goto(link.href)
    await approval.getByRole("button", { name: "Approve this device" }).click()
    await approval.getByRole("heading", { name: "Device approved" }).waitFor(timeout)
    const otp = await mail.mailed(email, seen, /\b(\d{6})\b/)
    const grant = await walletCall("/v1/embedded/email/otp", { body: { attemptId: started.body["attemptId"], otp } })
    const elsewhere = String(grant.body["accessToken"])
    expect((await walletCall("/v1/embedded/user", { method: "GET", accessToken: elsewhere })).status).toBe(200)

    await page.locator("[data-portico-button]").click()
    await expectView(page, "Account")
    await dialog(page).getByRole("button", { name: en.signOutEverywhere }).click()
    await expect.poll(() => hostStatus(page).textContent(), timeout).toBe("disconnected")
    expect(await walletCall("/v1/embedded/user", { method: "GET", accessToken: elsewhere })).toMatchObject({ status: 401, body: { reason: "revoked" } })
    await context.close()
  })
})
