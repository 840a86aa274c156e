/**
 * The first chunk as a host uses it: provider, button, hooks and the EIP-1193 provider, with the
 * real engine and connectors behind them and a test wallet announced over EIP-6963.
 */
import { afterEach, describe, expect, it } from "vitest"
import { en } from "../../../ui/i18n/en.ts"
import { announceTestWallet, type TestWallet } from "../support/TestWallet.ts"
import { button, dialog, host, hostStatus, modalHost, openModal, renderPortico, shadow, until, view } from "../support/render.tsx"

let wallet: TestWallet | undefined

afterEach(() => {
  wallet?.stop()
  wallet = undefined
  localStorage.clear()
})

const connect = async (testWallet: TestWallet) => {
  await openModal()
  await view("Connect")
  ;(await until(() => button(/Test Wallet/)))?.click()
  await view("ConnectingExternal")
  await testWallet.prompted()
  testWallet.approve()
  await until(() => hostStatus().startsWith("eip155"))
}

describe("PorticoProvider and ConnectButton", () => {
  it("mounts with no request, no modal and no wallet discovery before the click", async () => {
    const fetches: Array<string> = []
    const original = globalThis.fetch
    globalThis.fetch = (input, init) => {
      fetches.push(String(input instanceof Request ? input.url : input))
      return original(input, init)
    }
    let discoveryRequests = 0
    const onRequest = () => discoveryRequests++
    window.addEventListener("eip6963:requestProvider", onRequest)
    try {
      const screen = await renderPortico({ apiUrl: "https://api.invalid" })
      await expect.element(screen.getByRole("button", { name: en.connectWallet })).toBeVisible()
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(fetches).toEqual([])
      expect(discoveryRequests).toBe(0)
      expect(modalHost()).toBeNull()
      await openModal()
      // Discovery starts when the modal opens.
      expect(discoveryRequests).toBeGreaterThan(0)
    } finally {
      globalThis.fetch = original
      window.removeEventListener("eip6963:requestProvider", onRequest)
    }
  })

  it("mounts the modal closed on the visitor's intent, so the click only opens it", async () => {
    await renderPortico()
    const trigger = document.querySelector<HTMLButtonElement>("[data-portico-button]")
    trigger?.focus()
    // The chunks load through Vite on the first intent of a test file: slow on a busy machine.
    await until(() => modalHost(), 30_000)
    expect(dialog()).toBeNull()
    trigger?.click()
    await until(() => dialog())
  })

  it("with prefetch off, the visitor's intent mounts nothing and the click still opens the modal", async () => {
    await renderPortico({ prefetch: false })
    const trigger = document.querySelector<HTMLButtonElement>("[data-portico-button]")
    trigger?.focus()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(modalHost()).toBeNull()
    await openModal()
  })

  it("renders the modal in an open shadow root styled only by an adopted stylesheet", async () => {
    await renderPortico()
    await openModal()
    const root = shadow()
    expect(root.adoptedStyleSheets.length).toBeGreaterThan(0)
    expect(root.querySelectorAll("style, link[rel='stylesheet']").length).toBe(0)
    const box = dialog()?.getBoundingClientRect()
    expect(box?.width).toBe(360)
  })

  it("connects through an announced wallet; useAccount, useNetwork and the button follow", async () => {
    wallet = announceTestWallet()
    const screen = await renderPortico()
    await connect(wallet)
    expect(hostStatus()).toBe(`eip155 ${wallet.address} eip155:1`)
    await until(() => dialog() === null)
    await expect.element(screen.getByRole("button", { name: "0x7099…79C8" })).toBeVisible()
  })

  it("gives the host an EIP-1193 provider that answers from the session and forwards to the wallet", async () => {
    wallet = announceTestWallet()
    await renderPortico()
    const provider = host.provider
    expect(await provider?.request({ method: "eth_accounts" })).toEqual([])
    const changed: Array<unknown> = []
    provider?.on("accountsChanged", (accounts) => changed.push(accounts))
    await connect(wallet)
    expect(await provider?.request({ method: "eth_accounts" })).toEqual([wallet.address])
    expect(await provider?.request({ method: "eth_chainId" })).toBe("0x1")
    expect(changed).toEqual([[wallet.address]])
    const signature = provider?.request({ method: "personal_sign", params: ["0x6869", wallet.address] })
    await wallet.prompted()
    wallet.approve()
    expect(await signature).toBe(`0x${"ab".repeat(65)}`)
    expect(wallet.requests.some((request) => request.method === "personal_sign")).toBe(true)
  })

  it("lets host code open at a view, switch network and disconnect through the hooks", async () => {
    wallet = announceTestWallet({ chains: [1, 10] })
    await renderPortico()
    await connect(wallet)
    await until(() => dialog() === null)
    await host.modal?.open({ view: "Connect" })
    await view("Connect")
    expect(host.modal?.isOpen).toBe(true)
    await host.modal?.close()
    await until(() => dialog() === null)
    expect(host.network?.network?.name).toBe("Ethereum")
    await host.network?.switchNetwork("eip155:10")
    await until(() => hostStatus().endsWith("eip155:10"))
    expect(wallet.chainId()).toBe(10)
    expect(host.network?.network?.name).toBe("OP Mainnet")
    await host.disconnect?.disconnect()
    await until(() => hostStatus() === "disconnected")
    expect(wallet.requests.some((request) => request.method === "wallet_revokePermissions")).toBe(true)
  })

  it("disconnects from the Account view and clears the stored session", async () => {
    wallet = announceTestWallet()
    await renderPortico()
    await connect(wallet)
    expect(localStorage.getItem("@portico/session")).toContain(wallet.address)
    await openModal()
    await view("Account")
    button(en.disconnect)?.click()
    await until(() => hostStatus() === "disconnected")
    expect(localStorage.getItem("@portico/session") ?? "{}").not.toContain(wallet.address)
  })
})
