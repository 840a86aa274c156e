import { describe, expect, it } from "vitest"
import type { Network } from "../../../core/Network.ts"
import * as Receive from "../../../core/send/Receive.ts"
import * as WalletFeatures from "../../../core/send/WalletFeatures.ts"

const network = (chainNamespace: "eip155" | "solana", id: string): Network => ({
  id,
  chainNamespace,
  caipNetworkId: `${chainNamespace}:${id}`,
  name: id,
  nativeCurrency: { name: "C", symbol: "C", decimals: 18 },
  rpcUrls: { default: { http: [] } }
})

describe("account wallet features and receive", () => {
  it("buttons come in the spec's order, each behind its flag", () => {
    expect(WalletFeatures.visible({}, "eip155")).toEqual(["onramp", "swaps", "receive", "send"])
    expect(WalletFeatures.visible({ onramp: false, swaps: false }, "solana")).toEqual(["receive", "send"])
    expect(WalletFeatures.visible({ send: false }, "eip155")).toEqual(["onramp", "swaps", "receive"])
  })

  it("send, receive and swaps only on namespaces that can send (Solana swaps through a Jupiter-compatible API); the onramp only on eip155 (a Solana account is never offered Buy)", () => {
    expect(WalletFeatures.visible({}, "bip122")).toEqual([])
    expect(WalletFeatures.visible({}, "solana")).toEqual(["swaps", "receive", "send"])
  })

  it("offers swaps only on networks with swaps: the server's venue networks once known, else the spec's twelve", () => {
    expect(WalletFeatures.visible({}, "eip155", undefined, false)).toEqual(["onramp", "receive", "send"])
    expect(WalletFeatures.swapsOffered("eip155:1", undefined)).toBe(true)
    expect(WalletFeatures.swapsOffered("eip155:8453", undefined)).toBe(true)
    expect(WalletFeatures.swapsOffered("eip155:31337", undefined)).toBe(false)
    expect(WalletFeatures.swapsOffered("eip155:31337", ["eip155:31337", "eip155:31338"])).toBe(true)
    // The server configured no venue on Ethereum: no Swap button there.
    expect(WalletFeatures.swapsOffered("eip155:1", ["eip155:8453"])).toBe(false)
  })

  it("hides the onramp, and only it, in the restricted timezones (spec §9)", () => {
    expect(WalletFeatures.visible({}, "eip155", "Asia/Shanghai")).toEqual(["swaps", "receive", "send"])
    expect(WalletFeatures.visible({}, "eip155", "Europe/Berlin")).toEqual(["onramp", "swaps", "receive", "send"])
  })

  it("receive lists the address's namespace networks, the active one first", () => {
    const networks = [network("eip155", "1"), network("solana", "x"), network("eip155", "31337")]
    expect(Receive.networksFor(networks, "eip155", "eip155:31337").map((n) => n.caipNetworkId)).toEqual(["eip155:31337", "eip155:1"])
    expect(Receive.networksFor(networks, "solana", undefined).map((n) => n.caipNetworkId)).toEqual(["solana:x"])
    expect(Receive.qrPayload("0xabc")).toBe("0xabc")
  })
})
