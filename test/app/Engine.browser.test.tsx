import { afterEach, describe, expect, it } from "vitest"
import type * as Config from "../../core/Config.ts"
import * as Engine from "../../app/Engine.ts"
import * as Snapshot from "../../app/Snapshot.ts"
import type * as Network from "../../core/Network.ts"
import * as Session from "../../core/Session.ts"

const local: Network.Network = {
  id: 31337,
  caipNetworkId: "eip155:31337",
  chainNamespace: "eip155",
  name: "Portico Local",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1:1"] } }
}
const config: Config.PorticoConfig = {
  projectId: "",
  networks: [local],
  metadata: { name: "Test", description: "Test", url: "http://localhost", icons: [] }
}
const address = "0x00000000000000000000000000000000000000aa"

/** A page wallet: answers like a real one, or declines; chainId is where it sits. */
const announceWallet = (rdns: string, options: { readonly decline?: boolean; readonly chainId?: string } = {}) => {
  let connected = false
  const provider = {
    request: async ({ method }: { readonly method: string }) => {
      if (method === "eth_requestAccounts") {
        if (options.decline === true) throw { code: 4001, message: "User rejected the request." }
        connected = true
        return [address]
      }
      if (method === "eth_accounts") return connected ? [address] : []
      if (method === "eth_chainId") return options.chainId ?? "0x7a69"
      if (method === "wallet_revokePermissions") {
        connected = false
        return null
      }
      throw { code: 4200, message: `unsupported ${method}` }
    }
  }
  const detail = Object.freeze({ info: { uuid: crypto.randomUUID(), name: rdns, icon: "data:image/png;base64,iVBORw0KGgo=", rdns }, provider })
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }))
  window.addEventListener("eip6963:requestProvider", announce)
  announce()
  return () => window.removeEventListener("eip6963:requestProvider", announce)
}

let cleanups: Array<() => void | Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups) await cleanup()
  cleanups = []
  localStorage.clear()
})

const start = async () => {
  const snapshot = Snapshot.make()
  const engine = await Engine.make(config, snapshot)
  cleanups.push(() => engine.dispose())
  return { registry: engine.registry, engine, snapshot }
}

describe("Engine", () => {
  it("opens on Connect, lists the announced wallet, connects, closes, and mirrors the snapshot atoms", async () => {
    cleanups.push(announceWallet("com.engine.yes"))
    const { registry, engine, snapshot } = await start()
    await engine.open()
    expect(registry.get(engine.atoms.modal).history.map((route) => route.view)).toEqual(["Connect"])
    expect(snapshot.get().modalOpen).toBe(true)
    expect(registry.get(engine.atoms.connectors).clients.map((client) => client.connector.id)).toContain("com.engine.yes")
    await engine.connect("com.engine.yes")
    expect(snapshot.get().session.eip155?.address).toBe(address)
    expect(snapshot.get().activeNetworkId).toBe("eip155:31337")
    expect(registry.get(engine.atoms.modal).open).toBe(false)
    expect(Snapshot.hasStoredSession()).toBe(true)
    await engine.open()
    expect(registry.get(engine.atoms.modal).history.map((route) => route.view)).toEqual(["Account"])
    await engine.disconnect()
    expect(Session.accounts(snapshot.get().session)).toEqual([])
    expect(Snapshot.hasStoredSession()).toBe(false)
  })

  it("a declined connection is recorded as a failed attempt with the wallet's error", async () => {
    cleanups.push(announceWallet("com.engine.no", { decline: true }))
    const { registry, engine } = await start()
    await engine.open()
    await engine.connect("com.engine.no")
    const attempt = registry.get(engine.atoms.attempt)
    expect(attempt._tag).toBe("Failed")
    if (attempt._tag === "Failed") expect(attempt.error._tag).toBe("UserRejectedRequestError")
  })

  it("a wallet on a chain the host did not request brings up UnsupportedChain", async () => {
    cleanups.push(announceWallet("com.engine.elsewhere", { chainId: "0xa" }))
    const { registry, engine } = await start()
    await engine.open()
    await engine.connect("com.engine.elsewhere")
    const modal = registry.get(engine.atoms.modal)
    expect(modal.open).toBe(true)
    expect(modal.history.at(-1)?.view).toBe("UnsupportedChain")
  })

  it("going back from a connecting view abandons the attempt", async () => {
    const provider = { request: () => new Promise<never>(() => undefined) }
    const detail = Object.freeze({ info: { uuid: crypto.randomUUID(), name: "Silent", icon: "data:image/png;base64,iVBORw0KGgo=", rdns: "com.engine.silent" }, provider })
    const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }))
    window.addEventListener("eip6963:requestProvider", announce)
    cleanups.push(() => window.removeEventListener("eip6963:requestProvider", announce))
    const { registry, engine } = await start()
    await engine.open()
    await engine.push({ view: "ConnectingExternal", data: { connectorId: "com.engine.silent" } })
    const connecting = engine.connect("com.engine.silent")
    await expect.poll(() => registry.get(engine.atoms.connection).status).toBe("connecting")
    await engine.back()
    await connecting
    expect(registry.get(engine.atoms.attempt)._tag).toBe("Idle")
    expect(registry.get(engine.atoms.connection).status).toBe("disconnected")
    expect(registry.get(engine.atoms.modal).history.map((route) => route.view)).toEqual(["Connect"])
  })

  it("restores a stored session after a reload without prompting", async () => {
    cleanups.push(announceWallet("com.engine.restore"))
    const first = await start()
    await first.engine.open()
    await first.engine.connect("com.engine.restore")
    const second = await start()
    expect(second.snapshot.get().session.eip155).toBeUndefined()
    await second.engine.restore()
    expect(second.snapshot.get().session.eip155?.address).toBe(address)
  })
})
