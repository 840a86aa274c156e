import { describe, expect, it } from "vitest"
import type { Engine } from "../../app/Engine.ts"
import * as HostProvider from "../../app/HostProvider.ts"
import * as Snapshot from "../../app/Snapshot.ts"
import type * as Session from "../../core/Session.ts"

const evm: Session.SessionAccount = {
  namespace: "eip155",
  address: "0x00000000000000000000000000000000000000aa",
  allAccounts: ["0x00000000000000000000000000000000000000aa"],
  caipNetworkId: "eip155:31337",
  connectorId: "com.demo",
  connectorName: "Demo",
  connectorType: "ANNOUNCED"
}

/** An engine that only forwards requests; anything else is not part of this fake. */
const forwarding = (calls: Array<unknown>): Promise<Engine> =>
  Promise.resolve({
    request: async (namespace: string, args: unknown) => {
      calls.push([namespace, args])
      return "0xsigned"
    },
    requestBytes: async (namespace: string, args: unknown, field: string) => {
      calls.push([namespace, args, field])
      return new Uint8Array([1, 2, 3])
    }
  } as unknown as Engine)

describe("EIP-1193 provider for the host", () => {
  it("answers accounts and chain from the session and forwards the rest to the wallet", async () => {
    const store = Snapshot.make()
    const calls: Array<unknown> = []
    const provider = HostProvider.evmProvider(store, () => forwarding(calls))
    expect(await provider.request({ method: "eth_accounts" })).toEqual([])
    // Without an account the engine answers (with its 4100 UnauthorizedError).
    expect(await provider.request({ method: "eth_chainId" })).toBe("0xsigned")
    expect(calls).toEqual([["eip155", { method: "eth_chainId" }]])
    calls.length = 0
    const events: Array<unknown> = []
    provider.on("accountsChanged", (value) => events.push(["accounts", value]))
    provider.on("chainChanged", (value) => events.push(["chain", value]))
    store.update({ session: { eip155: evm, activeNamespace: "eip155" } })
    expect(await provider.request({ method: "eth_requestAccounts" })).toEqual([evm.address])
    expect(await provider.request({ method: "eth_chainId" })).toBe("0x7a69")
    expect(await provider.request({ method: "personal_sign", params: ["0x68", evm.address] })).toBe("0xsigned")
    expect(calls).toEqual([["eip155", { method: "personal_sign", params: ["0x68", evm.address] }]])
    store.update({ session: { eip155: { ...evm, caipNetworkId: "eip155:31338" }, activeNamespace: "eip155" } })
    expect(events).toEqual([["accounts", [evm.address]], ["chain", "0x7a69"], ["chain", "0x7a6a"]])
  })

  it("reports every account with the active one first, and accountsChanged when the visitor switches", async () => {
    const second = "0x00000000000000000000000000000000000000bb"
    const both = { ...evm, allAccounts: [evm.address, second] }
    const store = Snapshot.make()
    const provider = HostProvider.evmProvider(store, () => forwarding([]))
    const events: Array<unknown> = []
    provider.on("accountsChanged", (value) => events.push(value))
    store.update({ session: { eip155: both, activeNamespace: "eip155" } })
    expect(await provider.request({ method: "eth_accounts" })).toEqual([evm.address, second])
    store.update({ session: { eip155: { ...both, address: second }, activeNamespace: "eip155" } })
    expect(await provider.request({ method: "eth_accounts" })).toEqual([second, evm.address])
    expect(await provider.request({ method: "eth_requestAccounts" })).toEqual([second, evm.address])
    // A change of network alone reports no account change.
    store.update({ session: { eip155: { ...both, address: second, caipNetworkId: "eip155:31338" }, activeNamespace: "eip155" } })
    expect(events).toEqual([[evm.address, second], [second, evm.address]])
  })

  it("follows the snapshot only while someone listens", () => {
    const inner = Snapshot.make()
    let subscribed = 0
    const store: Snapshot.Store = {
      ...inner,
      subscribe: (listener) => {
        subscribed += 1
        const stop = inner.subscribe(listener)
        return () => {
          subscribed -= 1
          stop()
        }
      }
    }
    const provider = HostProvider.evmProvider(store, () => forwarding([]))
    expect(subscribed).toBe(0)
    const seen: Array<unknown> = []
    const listener = (value: unknown) => seen.push(value)
    provider.on("accountsChanged", listener)
    provider.on("chainChanged", listener)
    expect(subscribed).toBe(1)
    store.update({ session: { eip155: evm, activeNamespace: "eip155" } })
    provider.removeListener("accountsChanged", listener)
    expect(subscribed).toBe(1)
    provider.removeListener("chainChanged", listener)
    expect(subscribed).toBe(0)
    store.update({ session: {} })
    expect(seen).toEqual([[evm.address], "0x7a69"])
  })

  it("the Solana signer returns the wallet's signature bytes", async () => {
    const calls: Array<unknown> = []
    const signer = HostProvider.solanaSigner(Snapshot.make(), () => forwarding(calls))
    expect(await signer.signMessage(new Uint8Array([9]))).toEqual(new Uint8Array([1, 2, 3]))
    expect(calls).toEqual([["solana", { method: "solana_signMessage", params: { message: new Uint8Array([9]) } }, "signature"]])
  })
})
