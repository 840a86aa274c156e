import { afterEach, describe, expect, it } from "vitest"
import * as Snapshot from "../../app/Snapshot.ts"

afterEach(() => localStorage.clear())

/** The dapp's WalletConnect state as a page kept it. */
const keep = (value: unknown) => localStorage.setItem(Snapshot.walletConnectStorageName, JSON.stringify(value))

describe("the first chunk's snapshot after a reload", () => {
  it("starts on the network chosen on the earlier visit", () => {
    localStorage.setItem(Snapshot.activeNetworkStorageName, JSON.stringify("eip155:10"))
    expect(Snapshot.make().get().activeNetworkId).toBe("eip155:10")
  })

  it("ignores a stored value that is not a CAIP-2 id", () => {
    for (const raw of ["{", JSON.stringify("<script>"), JSON.stringify(10), JSON.stringify("eip155:1:0xabc")]) {
      localStorage.setItem(Snapshot.activeNetworkStorageName, raw)
      expect(Snapshot.make().get().activeNetworkId).toBeUndefined()
    }
  })

  it("loads the engine for a WalletConnect proposal still waiting for the wallet, not for an expired or malformed one", () => {
    expect(Snapshot.hasWaitingProposal(1000)).toBe(false)
    keep({ sessions: [], proposals: [{ id: 1, expiry: 1060 }] })
    expect(Snapshot.hasWaitingProposal(1000)).toBe(true)
    expect(Snapshot.hasWaitingProposal(1061)).toBe(false)
    for (const value of [{ proposals: [] }, { proposals: [{ expiry: "1060" }] }, { proposals: "x" }, null, [1]]) {
      keep(value)
      expect(Snapshot.hasWaitingProposal(1000)).toBe(false)
    }
    localStorage.setItem(Snapshot.walletConnectStorageName, "{")
    expect(Snapshot.hasWaitingProposal(1000)).toBe(false)
  })
})
