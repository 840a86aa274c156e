/**
 * The wallet list arrangement (spec §9) over random installed wallets, recent wallets and registry
 * pages: each wallet once, nothing outside the configured chains, the sections in order.
 */
import { describe, expect, it } from "vitest"
import * as fc from "fast-check"
import type * as Connector from "../../../core/Connector.ts"
import * as Constants from "../../../core/Constants.ts"
import * as WalletList from "../../../core/features/WalletList.ts"
import * as InstalledWallets from "../../../core/InstalledWallets.ts"
import type * as WalletListEntry from "../../../core/WalletListEntry.ts"

const allChains = ["eip155:1", "eip155:10", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"]
const configured = ["eip155:1", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"]

const walletId = fc.constantFrom(...Array.from({ length: 12 }, (_, index) => `w${index}`))

const entry: fc.Arbitrary<WalletListEntry.WalletEntry> = fc.record({
  id: walletId,
  rdns: fc.option(fc.constantFrom("com.a", "com.b", "io.c"), { nil: undefined }),
  chains: fc.option(fc.subarray(allChains), { nil: undefined }),
  recommended: fc.boolean()
}).map(({ id, rdns, chains, recommended }) => ({
  id,
  name: `Wallet ${id}`,
  ...(rdns === undefined ? {} : { rdns }),
  ...(chains === undefined ? {} : { chains }),
  image_url: `/getWalletImage/${id}`,
  homepage: null,
  badge_type: "none",
  recommended
}))

const installedWallet: fc.Arbitrary<Connector.Connector> = fc.record({
  id: fc.constantFrom("com.a", "com.b", "standard:Phantom", "standard:Wallet w3"),
  rdns: fc.constantFrom("com.a", "com.b", undefined)
}).map(({ id, rdns }) => ({
  id,
  name: id.startsWith("standard:") ? id.slice("standard:".length) : `Injected ${id}`,
  chain: "eip155",
  type: "ANNOUNCED",
  ...(rdns === undefined ? {} : { info: { rdns } })
}))

const arrangement = fc.record({
  installed: fc.uniqueArray(installedWallet, { selector: (connector) => connector.id, maxLength: 4 }),
  recent: fc.uniqueArray(walletId.map((value) => ({ id: value, name: `Wallet ${value}` })), { selector: (wallet) => wallet.id, maxLength: 2 }),
  registry: fc.array(entry, { maxLength: 30 }),
  search: fc.constantFrom("", "w1", "phantom", "INJECTED")
}).map((input) => ({ ...input, chains: configured }))

/** The order of the sections: recent registry, installed, recommended, the rest. */
const section = (row: WalletList.Row) =>
  row._tag === "Installed" ? 1 : row.label === "recent" ? 0 : row.label === "recommended" ? 2 : 3

const registryIds = (rows: ReadonlyArray<WalletList.Row>) =>
  rows.flatMap((row) => (row._tag === "Registry" ? [row.entry.id] : []))

const installedEntry = (candidate: WalletListEntry.WalletEntry, installed: ReadonlyArray<Connector.Connector>) =>
  installed.some((connector) =>
    (candidate.rdns !== undefined && candidate.rdns !== null && connector.info?.rdns === candidate.rdns) ||
    connector.name.toLowerCase() === candidate.name.toLowerCase()
  )

describe("WalletList.arrange", () => {
  it("lists every eligible registry wallet exactly once, and none outside the configured chains", () => {
    fc.assert(fc.property(arrangement, (input) => {
      const ids = registryIds(WalletList.arrange(input))
      const eligible = new Set(
        input.registry
          .filter((candidate) => candidate.chains === undefined || candidate.chains.some((chain) => configured.includes(chain)))
          .filter((candidate) => !installedEntry(candidate, input.installed))
          .map((candidate) => candidate.id)
      )
      expect(ids.toSorted()).toEqual([...eligible].toSorted())
    }))
  })

  it("without a search: recent registry wallets (at most 2), installed ones, recommended (at most 4), then the rest", () => {
    fc.assert(fc.property(arrangement.filter((input) => input.search === ""), (input) => {
      const rows = WalletList.arrange(input)
      const sections = rows.map(section)
      expect(sections).toEqual(sections.toSorted((a, b) => a - b))
      expect(rows.filter((row) => row._tag === "Installed").map((row) => row._tag === "Installed" && row.connector.id).toSorted())
        .toEqual(input.installed.map((connector) => connector.id).toSorted())
      expect(sections.filter((value) => value === 0).length).toBeLessThanOrEqual(Constants.recentWalletsLimit)
      expect(sections.filter((value) => value === 2).length).toBeLessThanOrEqual(Constants.recommendedWalletsCount)
      for (const row of rows) {
        if (row._tag === "Registry" && row.label === "recommended") expect(row.entry.recommended).toBe(true)
        if (row._tag === "Registry" && row.label === "recent") expect(input.recent.map((wallet) => wallet.id)).toContain(row.entry.id)
      }
    }))
  })

  it("installed wallets come recent first, newest first, each labelled", () => {
    fc.assert(fc.property(arrangement, (input) => {
      const rows = InstalledWallets.arrangeInstalled(input.installed, input.recent)
      const recentIds = input.recent.map((wallet) => wallet.id)
      const labels = rows.map((row) => row.label)
      expect(labels).toEqual(labels.toSorted((a, b) => (a === b ? 0 : a === "recent" ? -1 : 1)))
      expect(rows.filter((row) => row.label === "recent").map((row) => row.connector.id))
        .toEqual(recentIds.filter((value) => input.installed.some((connector) => connector.id === value)))
    }))
  })

  it("a search keeps the installed wallets whose name matches, ignoring case", () => {
    fc.assert(fc.property(arrangement.filter((input) => input.search !== ""), (input) => {
      const installedNames = WalletList.arrange(input).flatMap((row) => (row._tag === "Installed" ? [row.connector.name] : []))
      expect(installedNames.toSorted()).toEqual(
        input.installed.map((connector) => connector.name).filter((name) => name.toLowerCase().includes(input.search.toLowerCase())).toSorted()
      )
    }))
  })
})

describe("WalletList.choiceFor", () => {
  const installed: ReadonlyArray<Connector.Connector> = [{ id: "com.a", name: "A", chain: "eip155", type: "ANNOUNCED", info: { rdns: "com.a" } }]

  it("a registry wallet that is installed connects directly; any other goes through WalletConnect", () => {
    const listed = { id: "w1", name: "A", rdns: "com.a" }
    expect(WalletList.choiceFor(listed, installed)).toEqual({ _tag: "Installed", connectorId: "com.a" })
    const remote = { id: "w2", name: "B", rdns: "com.b" }
    expect(WalletList.choiceFor(remote, installed)).toEqual({ _tag: "WalletConnect", wallet: remote })
  })
})
