/**
 * The wallet's account list per namespace (issue 28): the wallet's order, each account once, the
 * active account always one of them, labels, and what a host's `eth_accounts` reports.
 */
import { describe, expect, it } from "vitest"
import * as fc from "fast-check"
import * as AccountList from "../../core/AccountList.ts"
import * as Session from "../../core/Session.ts"

const evmAddress = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => `0x${Buffer.from(bytes).toString("hex")}`)
/** The same account written as a wallet might: lower case, or upper-cased hex digits. */
const spelled = (address: string, upper: boolean) => upper ? `0x${address.slice(2).toUpperCase()}` : address
const evmList = fc.array(fc.tuple(evmAddress, fc.boolean()), { maxLength: 8 }).chain((entries) =>
  // Repeat some entries, in other spellings, to exercise the dedupe.
  fc.shuffledSubarray(entries).map((again) => [...entries, ...again.map(([address, upper]) => [address, !upper] as const)])
).map((entries) => entries.map(([address, upper]) => spelled(address, upper)))

const account = (allAccounts: ReadonlyArray<string>): Session.SessionAccount => ({
  namespace: "eip155",
  address: allAccounts[0] ?? "",
  allAccounts,
  caipNetworkId: "eip155:31337",
  connectorId: "com.demo.evm",
  connectorName: "Demo EVM",
  connectorType: "ANNOUNCED"
})

describe("AccountList", () => {
  it("keeps the wallet's order and each account once, whatever its letter case", () => {
    fc.assert(fc.property(evmList, (addresses) => {
      const ordered = AccountList.ordered("eip155", addresses)
      const lower = ordered.map((address) => address.toLowerCase())
      expect(new Set(lower).size).toBe(lower.length)
      // The first occurrences, in the order the wallet gave them.
      const firsts = addresses.filter((address, i) => addresses.findIndex((other) => other.toLowerCase() === address.toLowerCase()) === i)
      expect(ordered).toEqual(firsts)
    }))
  })

  it("compares Solana addresses as written (base58 is case-sensitive)", () => {
    expect(AccountList.ordered("solana", ["AbC", "abc", "AbC"])).toEqual(["AbC", "abc"])
  })

  it("the active account is the preferred one when listed, else the wallet's first", () => {
    fc.assert(fc.property(evmList, evmAddress, fc.boolean(), (addresses, other, pick) => {
      const ordered = AccountList.ordered("eip155", addresses)
      const preferred = pick && ordered.length > 0 ? ordered[ordered.length - 1]!.toLowerCase() : other
      const active = AccountList.active("eip155", ordered, preferred)
      if (ordered.length > 0) expect(ordered).toContain(active)
      const listed = AccountList.find("eip155", ordered, preferred)
      expect(active).toBe(listed ?? ordered[0])
    }))
  })

  it("labels an account by its name, else by its short address", () => {
    expect(AccountList.label("0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "bob.eth")).toBe("bob.eth")
    expect(AccountList.label("0x70997970C51812dc3A010C7d01b50e0d17dc79C8", undefined)).toBe("0x7099…79C8")
    expect(AccountList.label("0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "")).toBe("0x7099…79C8")
  })

  it("reports every account with the active one first, each once", () => {
    fc.assert(fc.property(evmList.filter((list) => list.length > 0), fc.nat(), (addresses, n) => {
      const ordered = AccountList.ordered("eip155", addresses)
      const current = ordered[n % ordered.length]!
      const reported = AccountList.activeFirst("eip155", ordered, current)
      expect(reported[0]).toBe(current)
      expect(reported.toSorted()).toEqual(ordered.toSorted())
    }))
  })

  it("lists the session's accounts EVM first, each labelled and the active one marked", () => {
    const evm = { ...account(["0x00000000000000000000000000000000000000aa", "0x00000000000000000000000000000000000000bb"]), address: "0x00000000000000000000000000000000000000bb" }
    const listed = AccountList.listed({ eip155: evm, activeNamespace: "eip155" }, { "0x00000000000000000000000000000000000000bb": "bob.eth" })
    expect(listed).toEqual([
      { namespace: "eip155", address: "0x00000000000000000000000000000000000000aa", label: "0x0000…00aa", active: false },
      { namespace: "eip155", address: "0x00000000000000000000000000000000000000bb", label: "bob.eth", active: true }
    ])
  })
})

describe("Session's account list", () => {
  const connected = fc.array(evmAddress, { minLength: 1, maxLength: 6 }).map((addresses) => {
    const allAccounts = AccountList.ordered("eip155", addresses)
    return Session.add(Session.empty, account(allAccounts))
  })

  it("selecting keeps the active account one of allAccounts; an unlisted address changes nothing", () => {
    fc.assert(fc.property(connected, fc.array(fc.oneof(evmAddress, fc.nat().map(String)), { maxLength: 6 }), (start, picks) => {
      let state = start
      for (const pick of picks) {
        const picked = pick.length < 10 ? state.eip155!.allAccounts[Number(pick) % state.eip155!.allAccounts.length]! : pick
        const next = Session.select(state, "eip155", picked)
        const listed = AccountList.find("eip155", state.eip155!.allAccounts, picked)
        expect(next.eip155!.address).toBe(listed ?? state.eip155!.address)
        state = next
        expect(state.eip155!.allAccounts).toContain(state.eip155!.address)
      }
    }))
  })

  it("following the wallet holds its new list, deduped in its order, and its first account", () => {
    fc.assert(fc.property(connected, evmList.filter((list) => list.length > 0), (start, wallet) => {
      const next = Session.follow(start, "eip155", wallet)
      expect(next.eip155!.allAccounts).toEqual(AccountList.ordered("eip155", wallet))
      expect(next.eip155!.address).toBe(wallet[0])
      expect(next.eip155!.allAccounts).toContain(next.eip155!.address)
    }))
  })

  it("a disconnect clears the accounts with the session", () => {
    fc.assert(fc.property(connected, (state) => {
      expect(Session.remove(state, "eip155")).toEqual(Session.empty)
      expect(AccountList.listed(Session.remove(state, "eip155"), {})).toEqual([])
    }))
  })
})
