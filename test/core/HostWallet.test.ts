/**
 * The headless wallet list and connecting state: the modal's arrangement as data (WalletConnect after the
 * installed wallets, icons only where images are allowed, a registry wallet's namespaces and links), and
 * the pairing URI carried into a registry wallet's links.
 */
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import type * as Connector from "../../core/Connector.ts"
import * as ConnectionState from "../../core/ConnectionState.ts"
import * as HostConnection from "../../core/HostConnection.ts"
import * as HostWallet from "../../core/HostWallet.ts"
import type * as WalletListEntry from "../../core/WalletListEntry.ts"
import { UserRejectedRequestError } from "../../core/WalletError.ts"

const injected: Connector.Connector = { id: "dev.portico.test", name: "Test Wallet", chain: "eip155", type: "ANNOUNCED", imageUrl: "data:image/png;base64,AA==" }
const hostile: Connector.Connector = { id: "evil", name: "<img src=x onerror=alert(1)>", chain: "eip155", type: "ANNOUNCED", imageUrl: "javascript:alert(1)" }
const walletConnect: Connector.Connector = { id: "walletConnect", name: "WalletConnect", chain: "eip155", type: "WALLET_CONNECT" }

const registryEntry = (id: string, recommended: boolean): WalletListEntry.WalletEntry => ({
  id,
  name: `Wallet ${id}`,
  image_id: `image-${id}`,
  chains: ["eip155:1", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"],
  mobile_link: `wallet-${id}://`,
  desktop_link: null,
  webapp_link: `https://${id}.example/app`,
  image_url: `/getWalletImage/${id}`,
  homepage: null,
  badge_type: "none",
  recommended
})

const input = (overrides: Partial<HostWallet.WalletsInput> = {}): HostWallet.WalletsInput => ({
  installed: [injected],
  recent: [],
  registry: [],
  search: "",
  chains: ["eip155:1", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"],
  walletConnect,
  isImageAllowed: (source) => source.startsWith("data:") || source.startsWith("https://wallets.example/"),
  imageOf: (imageId) => `https://wallets.example/getWalletImage/${imageId}`,
  ...overrides
})

describe("HostWallet.walletsOf", () => {
  it("lists installed wallets, then WalletConnect, then the registry, each with its connect method", () => {
    const wallets = HostWallet.walletsOf(input({ registry: [registryEntry("a", true), registryEntry("b", false)] }))
    expect(wallets.map((wallet) => [wallet.id, wallet.installed, wallet.methods, wallet.label])).toEqual([
      ["dev.portico.test", true, ["injected"], "installed"],
      ["walletConnect", false, ["walletConnect"], undefined],
      ["a", false, ["walletConnect"], "recommended"],
      ["b", false, ["walletConnect"], undefined]
    ])
    expect(wallets[2]).toMatchObject({
      icon: "https://wallets.example/getWalletImage/image-a",
      namespaces: ["eip155", "solana"],
      links: { mobile: "wallet-a://", web: "https://a.example/app" }
    })
  })

  it("gives an icon only when images may show it; a name stays the text it was", () => {
    const [wallet] = HostWallet.walletsOf(input({ installed: [hostile], walletConnect: undefined }))
    expect(wallet).toMatchObject({ name: "<img src=x onerror=alert(1)>", icon: undefined })
  })

  it("leaves WalletConnect out when it is not configured, and out of a search", () => {
    expect(HostWallet.walletsOf(input({ walletConnect: undefined })).map((wallet) => wallet.id)).toEqual(["dev.portico.test"])
    expect(HostWallet.walletsOf(input({ search: "test" })).map((wallet) => wallet.id)).toEqual(["dev.portico.test"])
  })

  it("holds WalletConnect's row right after the last installed wallet, whatever the lists", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 5 }), (installedCount, registryCount) => {
      const installed = Array.from({ length: installedCount }, (_, index): Connector.Connector => ({ ...injected, id: `i${index}`, name: `Installed ${index}` }))
      const registry = Array.from({ length: registryCount }, (_, index) => registryEntry(`r${index}`, index % 2 === 0))
      const wallets = HostWallet.walletsOf(input({ installed, registry }))
      const at = wallets.findIndex((wallet) => wallet.id === "walletConnect")
      expect(at).toBe(installedCount)
      expect(wallets.slice(0, at).every((wallet) => wallet.installed)).toBe(true)
      expect(wallets.slice(at + 1).some((wallet) => wallet.installed)).toBe(false)
    }))
  })
})

describe("HostConnection.statusOf", () => {
  const clients = [{ connector: injected }, { connector: walletConnect }] as unknown as ReadonlyArray<Connector.ConnectorClient>
  const picked: HostConnection.Picked = {
    wallet: HostWallet.walletsOf(input({ registry: [registryEntry("a", false)] })).find((wallet) => wallet.id === "a")!,
    connectorId: "walletConnect"
  }

  it("a WalletConnect attempt is connecting until its URI, then pairing with the URI in the picked wallet's links", () => {
    const pending = { attempt: { _tag: "Pending", connectorId: "walletConnect" }, clients, session: {}, picked } as const
    expect(HostConnection.statusOf({ ...pending, connection: ConnectionState.initial })).toMatchObject({ status: "connecting", wallet: { id: "a" } })
    const uri = "wc:abc@2?relay-protocol=irn&symKey=00"
    const pairing = HostConnection.statusOf({ ...pending, connection: { ...ConnectionState.initial, wcUri: uri, wcPairingExpiry: 5 } })
    expect(pairing).toEqual({
      status: "pairing",
      wallet: { id: "a", name: "Wallet a", icon: "https://wallets.example/getWalletImage/image-a" },
      uri,
      expiresAt: 5,
      links: [
        { kind: "mobile", href: `wallet-a://wc?uri=${encodeURIComponent(uri)}` },
        { kind: "web", href: `https://a.example/app/wc?uri=${encodeURIComponent(uri)}` }
      ]
    })
  })

  it("an injected attempt waits for approval; a refusal is declined, other failures failed", () => {
    const base = { connection: ConnectionState.initial, clients, session: {}, picked: undefined }
    expect(HostConnection.statusOf({ ...base, attempt: { _tag: "Pending", connectorId: injected.id } }).status).toBe("waitingForApproval")
    const declined = new UserRejectedRequestError({ code: 4001, message: "User rejected the request." })
    expect(HostConnection.statusOf({ ...base, attempt: { _tag: "Failed", connectorId: injected.id, error: declined } }).status).toBe("declined")
    expect(HostConnection.resultOf({ _tag: "Failed", error: declined })).toEqual({ status: "declined", error: declined })
    expect(HostConnection.resultOf({ _tag: "Stopped" })).toEqual({ status: "cancelled" })
  })
})
