/**
 * wagmi 3 over Portico in the browser: wagmi's connect opens Portico's modal and resolves once the
 * visitor connected there; wagmi's actions (signMessage) go to the visitor's wallet; wagmi's
 * disconnect ends Portico's session; a connection made in Portico's modal reaches wagmi; and wagmi's
 * reconnect finds a session Portico restored.
 */
import { connect, createConfig, disconnect, getAccount, http, reconnect, signMessage } from "@wagmi/core"
import { mainnet } from "viem/chains"
import { afterAll, describe, expect, it } from "vitest"
import { createPortico } from "../../../ui/web/index.ts"
import { porticoConnector } from "../../../ui/wagmi/index.ts"
import { announceTestWallet } from "../support/TestWallet.ts"
import { baseConfig, button, dialog, until } from "../support/render.tsx"

localStorage.clear()
const wallet = announceTestWallet()
const config = { ...baseConfig, networks: [mainnet] }
const portico = createPortico(config)
const wagmi = createConfig({ chains: [mainnet], connectors: [porticoConnector(portico)], transports: { [mainnet.id]: http("https://rpc.invalid") } })
afterAll(async () => {
  wallet.stop()
  await portico.destroy()
})

/** What the visitor does in Portico's modal: pick the wallet, approve in it. */
const approveInModal = async () => {
  ;(await until(() => button(/Test Wallet/))).click()
  await wallet.prompted()
  wallet.approve()
  await until(() => dialog() === null)
}

describe("porticoConnector (wagmi 3)", () => {
  it("connects through Portico's modal, signs through the wallet, and disconnects both", async () => {
    const [connector] = wagmi.connectors
    if (connector === undefined) throw new Error("no connector")
    const connecting = connect(wagmi, { connector })
    // The first open of a test file loads the dialog's and the engine's chunks through Vite: slow on a busy machine.
    await until(() => dialog(), 30_000)
    await approveInModal()
    const result = await connecting
    expect(result.accounts).toEqual([wallet.address])
    expect(result.chainId).toBe(1)
    expect(getAccount(wagmi)).toMatchObject({ status: "connected", address: wallet.address, chainId: 1 })

    const signing = signMessage(wagmi, { message: "hello from wagmi" })
    await wallet.prompted()
    wallet.approve()
    expect(await signing).toMatch(/^0x[0-9a-f]+$/)
    expect(wallet.requests.some((request) => request.method === "personal_sign")).toBe(true)

    await disconnect(wagmi)
    expect(getAccount(wagmi).status).toBe("disconnected")
    await until(() => portico.getState().evm === undefined)
  })

  it("a connection made in Portico's modal reaches wagmi; reconnect finds the restored session", async () => {
    await portico.open()
    await approveInModal()
    await until(() => getAccount(wagmi).status === "connected")
    expect(getAccount(wagmi).address).toBe(wallet.address)

    // A second page load: a fresh Portico and wagmi over the same storage reconnect without a prompt.
    const restored = createPortico(config)
    const again = createConfig({ chains: [mainnet], connectors: [porticoConnector(restored)], transports: { [mainnet.id]: http("https://rpc.invalid") } })
    const reconnected = await reconnect(again)
    expect(reconnected[0]?.accounts).toEqual([wallet.address])
    expect(getAccount(again)).toMatchObject({ status: "connected", address: wallet.address })
    await restored.destroy()
  })
})
