/**
 * The Permissions view (issue 27) in Chromium: the Account view offers it only when the wallet lists
 * ERC-7715 grants; each permission in words (the limit per day, spent today, until when, the spender as
 * text); Revoke asks the wallet for the signature, shows the pending state, and the permission is gone
 * once the server has sent it; the visitor's refusal and the server's are said in the visitor's language;
 * the empty state; keyboard only, zero axe violations. The wallet is the page's test wallet; our server
 * and the chain's node are answered in the page (the same wire shapes: `/v1/sessions/*`, JSON-RPC).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { userEvent } from "vitest/browser"
import { encodeAbiParameters, encodeFunctionResult, erc20Abi, numberToHex } from "viem"
import { en } from "../../../ui/i18n/en.ts"
import de from "../../../ui/i18n/locales/de.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { announceTestWallet, type TestWallet } from "../support/TestWallet.ts"
import { button, connectTestWallet, openModal, renderPortico, shadow, until, view } from "../support/render.tsx"

const account = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const spender = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"
const usdc = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
const nowSeconds = Math.floor(Date.now() / 1000)
const expiry = nowSeconds + 5 * 86_400
const pciOf = (n: number) =>
  encodeAbiParameters([{ type: "address" }, { type: "bytes32" }], [account, numberToHex(n, { size: 32 })]).toLowerCase()

const sessionOf = (n: number, revoked: boolean) => ({
  pci: pciOf(n),
  address: account,
  chainId: "eip155:1",
  spender,
  expiry,
  revoked,
  remaining: numberToHex(revoked ? 0n : 4_000_000n),
  permissions: [{ type: "erc20-token-periodic", data: { tokenAddress: usdc, periodAmount: numberToHex(10_000_000n), periodDuration: 86_400, startTime: nowSeconds - 3_600 } }],
  policies: [{ type: "expiry", data: { timestamp: expiry } }]
})

const grantedOf = (n: number) => ({
  chainId: "0x1",
  from: account,
  to: spender,
  permission: { type: "erc20-token-periodic", isAdjustmentAllowed: false, data: {} },
  context: pciOf(n),
  delegationManager: "0xc2FfA2B1f743Bd13D645b8830dDE58Ed80F4fe8a"
})

/** Our server's smart sessions and the chain's node, answered in the page. */
const server = {
  revoked: new Set<string>(),
  revocations: [] as Array<unknown>,
  refuse: false
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })
const rpcAnswer = (call: { readonly id: number; readonly method: string; readonly params?: ReadonlyArray<{ readonly data?: string }> }) => {
  if (call.method === "eth_chainId") return { jsonrpc: "2.0", id: call.id, result: "0x1" }
  const symbol = call.params?.[0]?.data === "0x95d89b41"
  const result = symbol
    ? encodeFunctionResult({ abi: erc20Abi, functionName: "symbol", result: "USDC" })
    : encodeFunctionResult({ abi: erc20Abi, functionName: "decimals", result: 6 })
  return { jsonrpc: "2.0", id: call.id, result }
}
const original = globalThis.fetch
beforeAll(() => {
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const body = request.method === "POST" ? await request.text() : ""
    const revoke = /^\/v1\/sessions\/(0x[0-9a-f]+)\/revoke$/.exec(url.pathname)
    if (revoke !== null) {
      if (server.refuse) return json({ _tag: "BadRequest", message: "Invalid signature" }, 400)
      server.revocations.push(JSON.parse(body))
      server.revoked.add(revoke[1]!)
      return json({ success: true, transactionHash: `0x${"11".repeat(32)}` })
    }
    const read = /^\/v1\/sessions\/(0x[0-9a-f]+)$/.exec(url.pathname)
    if (read !== null) return json(sessionOf(read[1] === pciOf(1) ? 1 : 2, server.revoked.has(read[1]!)))
    if (body.includes("\"jsonrpc\"")) {
      const parsed = JSON.parse(body) as Parameters<typeof rpcAnswer>[0] | ReadonlyArray<Parameters<typeof rpcAnswer>[0]>
      return json(Array.isArray(parsed) ? parsed.map(rpcAnswer) : rpcAnswer(parsed as Parameters<typeof rpcAnswer>[0]))
    }
    return json({ _tag: "NotFound", message: "not in this fake" }, 404)
  }
})
afterAll(() => void (globalThis.fetch = original))

let wallet: TestWallet | undefined
afterEach(() => {
  wallet?.stop()
  wallet = undefined
  server.revoked.clear()
  server.revocations.length = 0
  server.refuse = false
  localStorage.clear()
})

const rows = () => [...shadow().querySelectorAll<HTMLElement>("[data-permission]")]

const openPermissions = async (granted: () => ReadonlyArray<unknown>, locale: "en" | "de" = "en") => {
  wallet = announceTestWallet({ grantedPermissions: granted })
  await renderPortico({ apiUrl: "https://api.invalid", locale })
  await connectTestWallet(wallet)
  await openModal()
  await view("Account")
  const entry = await until(() => shadow().querySelector<HTMLButtonElement>("[data-permissions-entry]"), 10_000)
  // Keyboard only: the entry is reached and pressed from the keyboard.
  entry.focus()
  await userEvent.keyboard("{Enter}")
  return view("Permissions")
}

describe("Permissions", () => {
  it("lists each permission in words, and Revoke signs in the wallet, shows its pending state, and the permission is gone", async () => {
    const listed = [grantedOf(1), grantedOf(2)]
    await openPermissions(() => listed)
    await until(() => rows().length === 2, 10_000)
    const [first] = rows()
    expect(first?.textContent).toContain("Up to 10 USDC per day")
    expect(first?.textContent).toContain("Spent today: 6 USDC")
    const until_ = new Intl.DateTimeFormat("en", { dateStyle: "medium" }).format(expiry * 1000)
    expect(first?.textContent).toContain(`Until ${until_}`)
    expect(first?.textContent).toContain("For 0x3C44…93BC")
    await expectNoAxeViolations()

    const revoke = first!.querySelector<HTMLButtonElement>("[data-revoke-permission]")!
    revoke.focus()
    await userEvent.keyboard("{Enter}")
    await wallet!.prompted()
    await until(() => revoke.disabled && revoke.textContent === en.revokingPermission)
    const signed = wallet!.requests.find((request) => request.method === "eth_signTypedData_v4")
    expect(signed?.params).toEqual([account, expect.stringContaining("\"primaryType\":\"RevokePermission\"")])
    wallet!.approve()
    await until(() => rows().length === 1, 10_000)
    expect(rows()[0]?.getAttribute("data-permission")).toBe(pciOf(2))
    expect(server.revocations).toEqual([expect.objectContaining({ pci: pciOf(1), signature: `0x${"ab".repeat(65)}` })])
  })

  it("the visitor's refusal in the wallet and the server's refusal are said, and the permission stays", async () => {
    await openPermissions(() => [grantedOf(1)])
    await until(() => rows().length === 1, 10_000)
    rows()[0]!.querySelector<HTMLButtonElement>("[data-revoke-permission]")!.click()
    await wallet!.prompted()
    wallet!.reject()
    await until(() => shadow().querySelector("[role='alert']")?.textContent === en.errorUserRejected)
    expect(rows()).toHaveLength(1)

    server.refuse = true
    rows()[0]!.querySelector<HTMLButtonElement>("[data-revoke-permission]")!.click()
    await wallet!.prompted()
    wallet!.approve()
    await until(() => shadow().querySelector("[role='alert']")?.textContent === en.errorPermissionRevokeRefused)
    expect(rows()).toHaveLength(1)
    expect(server.revocations).toEqual([])
  })

  it("speaks German, and says when nothing is left", async () => {
    await openPermissions(() => [grantedOf(1)], "de")
    await until(() => rows().length === 1, 10_000)
    expect(rows()[0]?.textContent).toContain("Bis zu 10 USDC pro Tag")
    expect(rows()[0]?.textContent).toContain("Heute ausgegeben: 6 USDC")
    ;(await until(() => button(de.revokePermission))).click()
    await wallet!.prompted()
    wallet!.approve()
    await until(() => shadow().querySelector("[data-permissions-empty]")?.textContent === de.permissionsEmpty, 10_000)
    await expectNoAxeViolations()
  })

  it("the Account view offers no entry when the wallet lists no permission or does not speak ERC-7715", async () => {
    wallet = announceTestWallet({ grantedPermissions: () => [] })
    await renderPortico({ apiUrl: "https://api.invalid" })
    await connectTestWallet(wallet)
    await openModal()
    await view("Account")
    await until(() => wallet!.requests.some((request) => request.method === "wallet_getGrantedExecutionPermissions"), 10_000)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(shadow().querySelector("[data-permissions-entry]")).toBeNull()
  })
})
