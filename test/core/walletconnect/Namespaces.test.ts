/**
 * The Sign API's namespace rules on the dapp's side: what a session grants and carries, what is kept of a
 * wallet's settlement (narrowed to the proposal; the spec lets wallets settle more, which is never used),
 * the bound on its expiry, and the replay window that survives a reload.
 */
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Namespaces from "../../../core/walletconnect/Namespaces.ts"
import * as ReplayWindow from "../../../core/walletconnect/ReplayWindow.ts"
import * as Settlement from "../../../core/walletconnect/Settlement.ts"

const address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const account = `eip155:1:${address}`
const proposed = {
  eip155: { chains: ["eip155:1", "eip155:10"], methods: ["personal_sign", "eth_sendTransaction"], events: ["chainChanged", "accountsChanged"] }
}
const settled = { chains: ["eip155:1"], accounts: [account], methods: ["personal_sign"], events: ["chainChanged"] }

describe("narrowToProposal", () => {
  it("keeps a settlement that grants what was proposed, or less, as it is", () => {
    expect(Namespaces.narrowToProposal(proposed, { eip155: settled })).toEqual({ eip155: settled })
  })

  it("attack: a wallet settling more than was proposed gets only what was proposed", () => {
    const widened = {
      eip155: {
        chains: ["eip155:1", "eip155:137"],
        accounts: [account, `eip155:137:${address}`],
        methods: ["personal_sign", "eth_sign", "wallet_addEthereumChain"],
        events: ["chainChanged", "message"]
      },
      solana: { accounts: ["solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T"], methods: ["solana_signMessage"], events: [] }
    }
    expect(Namespaces.narrowToProposal(proposed, widened)).toEqual({ eip155: settled })
  })

  it("leaves nothing when no account is on a proposed chain", () => {
    expect(Namespaces.narrowToProposal(proposed, { eip155: { ...settled, chains: ["eip155:5"], accounts: [`eip155:5:${address}`] } })).toBeUndefined()
    expect(Namespaces.narrowToProposal(proposed, { eip155: { ...settled, accounts: ["not-an-account"] } })).toBeUndefined()
  })

  it("takes a namespace keyed by a chain as proposing that chain", () => {
    const byChain = { "eip155:1": { methods: ["personal_sign"], events: [] } }
    expect(Namespaces.narrowToProposal(byChain, { "eip155:1": { accounts: [account], methods: ["personal_sign"], events: [] } })).toBeDefined()
    expect(Namespaces.narrowToProposal(byChain, { "eip155:1": { accounts: [`eip155:5:${address}`], methods: [], events: [] } })).toBeUndefined()
  })

  it("never grants a method, event or chain that was not proposed, whatever the wallet settles", () => {
    const name = fc.string({ minLength: 1, maxLength: 20 })
    fc.assert(fc.property(fc.array(name), fc.array(name), fc.array(fc.integer({ min: 1, max: 20 })), (methods, events, chains) => {
      const kept = Namespaces.narrowToProposal(proposed, {
        eip155: { accounts: chains.map((chain) => `eip155:${chain}:${address}`), methods, events }
      })
      const namespace = kept?.["eip155"]
      if (namespace === undefined) return true
      return namespace.methods.every((method) => proposed.eip155.methods.includes(method)) &&
        namespace.events.every((event) => proposed.eip155.events.includes(event)) &&
        namespace.accounts.every((entry) => proposed.eip155.chains.some((chain) => entry.startsWith(`${chain}:`)))
    }))
  })
})

describe("allows and carries", () => {
  it("grant a method or carry an event on a chain the session names, or on its accounts' chains", () => {
    const session = { eip155: { accounts: [account], methods: ["personal_sign"], events: ["chainChanged"] } }
    expect(Namespaces.allows(session, "eip155:1", "personal_sign")).toBe(true)
    expect(Namespaces.allows(session, "eip155:10", "personal_sign")).toBe(false)
    expect(Namespaces.allows(session, "eip155:1", "eth_sign")).toBe(false)
    expect(Namespaces.carries(session, "eip155:1", "chainChanged")).toBe(true)
    expect(Namespaces.carries(session, "eip155:1", "message")).toBe(false)
  })
})

describe("Settlement", () => {
  const now = 1_800_000_000

  it("attack: refuses an expiry past the protocol's week (and the past), takes one within it", () => {
    expect(Settlement.take(proposed, { expiry: now + 7 * 86_400, namespaces: { eip155: settled } }, now)).toEqual({ _tag: "Taken", namespaces: { eip155: settled } })
    for (const expiry of [now + 7 * 86_400 + 301, now + 365 * 86_400, now]) {
      expect(Settlement.take(proposed, { expiry, namespaces: { eip155: settled } }, now)).toEqual({ _tag: "Refused", reason: Settlement.invalidParams })
    }
  })

  it("refuses a settlement with nothing proposed in it", () => {
    const elsewhere = { eip155: { ...settled, accounts: [`eip155:5:${address}`], chains: ["eip155:5"] } }
    expect(Settlement.take(proposed, { expiry: now + 60, namespaces: elsewhere }, now)).toEqual({ _tag: "Refused", reason: Settlement.unsupportedChains })
  })
})

describe("ReplayWindow", () => {
  it("admits an id once, across a reload of what it kept, and forgets the oldest beyond its size", () => {
    const window = ReplayWindow.make()
    expect(window.admit(1)).toBe(true)
    expect(window.admit(1)).toBe(false)
    const reloaded = ReplayWindow.make(window.ids())
    expect(reloaded.admit(1)).toBe(false)
    for (let id = 2; id <= ReplayWindow.windowSize + 1; id++) reloaded.admit(id)
    expect(reloaded.ids()).toHaveLength(ReplayWindow.windowSize)
    expect(reloaded.admit(1)).toBe(true)
  })
})
