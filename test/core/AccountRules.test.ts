/**
 * The rules the Account and Activity views render, as properties: which balance is the native one, the
 * portfolio total, the networks offered, explorer links (address and transaction), a transaction's
 * direction, counterparty and legs, and what disconnecting an account ends.
 */
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Explorer from "../../core/Explorer.ts"
import { scopeOf } from "../../core/features/Disconnecting.ts"
import type * as Connector from "../../core/Connector.ts"
import * as Network from "../../core/Network.ts"
import * as FiatValue from "../../core/send/FiatValue.ts"
import * as TokenBalance from "../../core/TokenBalance.ts"
import * as Transaction from "../../core/Transaction.ts"

const balance = (symbol: string, address: string | undefined, value?: number): TokenBalance.TokenBalance => ({
  name: symbol,
  symbol,
  chainId: "eip155:1",
  ...(address === undefined ? {} : { address }),
  ...(value === undefined ? {} : { value }),
  iconUrl: "",
  quantity: { decimals: "18", numeric: "1" }
})

const network = (namespace: "eip155" | "solana", id: number | string, explorer?: string): Network.Network => ({
  id,
  caipNetworkId: `${namespace}:${id}` as Network.Network["caipNetworkId"],
  chainNamespace: namespace,
  name: `${namespace} ${id}`,
  nativeCurrency: { name: "Coin", symbol: "COIN", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1:1"] } },
  ...(explorer === undefined ? {} : { blockExplorers: { default: { name: "Explorer", url: explorer } } })
})

const symbol = fc.constantFrom("ETH", "USDC", "SOL", "DAI")
const contract = fc.option(fc.constantFrom("eip155:1:0xa0b8", "eip155:1:0xdac1"), { nil: undefined })

describe("the native balance and the portfolio total", () => {
  it("picks the balance without a contract whose symbol is the network's; a token never passes for it", () => {
    fc.assert(fc.property(fc.array(fc.tuple(symbol, contract)), symbol, (rows, native) => {
      const balances = rows.map(([name, address]) => balance(name, address))
      const found = TokenBalance.nativeOf(balances, native)
      expect(found).toBe(balances.find((candidate) => candidate.address === undefined && candidate.symbol === native))
      if (found !== undefined) expect(found.address).toBeUndefined()
    }))
  })

  it("totals only when some balance has a value, and then exactly as the portfolio sum", () => {
    const value = fc.option(fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100), { nil: undefined })
    fc.assert(fc.property(fc.array(value), (values) => {
      const balances = values.map((usd) => balance("T", undefined, usd))
      const total = FiatValue.totalOf(balances)
      expect(total === undefined).toBe(values.every((usd) => usd === undefined))
      if (total !== undefined) expect(total).toBe(FiatValue.portfolio(balances))
    }))
  })
})

describe("the networks offered", () => {
  it("offers every configured network of the account's namespace, or none when there is only one", () => {
    const configured = fc.array(fc.tuple(fc.constantFrom("eip155" as const, "solana" as const), fc.integer({ min: 1, max: 50 })))
      .map((rows) => rows.map(([namespace, id]) => network(namespace, id)))
    fc.assert(fc.property(configured, fc.constantFrom("eip155", "solana"), (networks, namespace) => {
      const offered = Network.offered(networks, namespace)
      const same = networks.filter((candidate) => candidate.chainNamespace === namespace)
      expect(offered).toEqual(same.length < 2 ? [] : same)
    }))
  })
})

describe("explorer links", () => {
  const base = fc.tuple(
    fc.constantFrom("https://etherscan.io", "https://explorer.solana.com", "http://127.0.0.1:4000/explorer"),
    fc.constantFrom("", "/", "//"),
    fc.constantFrom("", "?cluster=devnet")
  ).map(([origin, slash, query]) => `${origin}${slash}${query}`)
  const id = fc.string({ minLength: 1, maxLength: 90 }).filter((value) => value !== "." && value !== "..")

  it("appends one encoded segment under the explorer's path and keeps its host and query", () => {
    fc.assert(fc.property(base, id, fc.constantFrom("address" as const, "tx" as const), (explorer, value, kind) => {
      const link = kind === "address" ? Explorer.addressUrl(network("eip155", 1, explorer), value) : Explorer.transactionUrl(network("eip155", 1, explorer), value)
      const parsed = new URL(link ?? "")
      const configured = new URL(explorer)
      expect(parsed.origin).toBe(configured.origin)
      expect(parsed.search).toBe(configured.search)
      expect(parsed.pathname.endsWith(`/${kind}/${encodeURIComponent(value)}`)).toBe(true)
      expect(decodeURIComponent(parsed.pathname.split("/").at(-1) ?? "")).toBe(value)
    }))
  })

  it("gives no page for a dot segment (a URL resolves `/address/..` to the explorer's root)", () => {
    expect(Explorer.addressUrl(network("eip155", 1, "https://etherscan.io"), ".")).toBeUndefined()
    expect(Explorer.transactionUrl(network("eip155", 1, "https://etherscan.io/base/"), "..")).toBeUndefined()
  })

  it("gives Solana's explorer its cluster after the path, and nothing without an explorer", () => {
    expect(Explorer.addressUrl(network("solana", "J9Lv", "https://explorer.solana.com/?cluster=devnet"), "So1ana"))
      .toBe("https://explorer.solana.com/address/So1ana?cluster=devnet")
    expect(Explorer.transactionUrl(network("eip155", 1, "https://etherscan.io/"), "0xabc")).toBe("https://etherscan.io/tx/0xabc")
    expect(Explorer.addressUrl(network("eip155", 1), "0xabc")).toBeUndefined()
    expect(Explorer.addressUrl(undefined, "0xabc")).toBeUndefined()
    expect(Explorer.addressUrl(network("eip155", 1, "javascript:alert(1)"), "0xabc")).toBeUndefined()
  })
})

const counterparty = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01"
const me = "0x00000000000000000000000000000000000000aa"
const transfer = (direction: "in" | "out" | "self", spam = false): Transaction.Transfer => ({
  direction,
  quantity: { decimals: "6", numeric: "1" },
  ...(spam ? { nft_info: { name: "Free", flags: { is_spam: true } } } : { fungible_info: { symbol: "USDC" } })
})
const transaction = (transfers: ReadonlyArray<Transaction.Transfer>, metadata: Partial<Transaction.Transaction["metadata"]> = {}): Transaction.Transaction => ({
  id: "t",
  metadata: { minedAt: "2026-01-01T00:00:00.000Z", chain: "eip155:1", ...metadata },
  transfers
})

describe("a transaction's row", () => {
  it("says who sent what came in, and where what left went", () => {
    fc.assert(fc.property(fc.constantFrom("in" as const, "out" as const), fc.boolean(), (direction, spamFirst) => {
      const transfers = spamFirst ? [transfer("in", true), transfer(direction)] : [transfer(direction)]
      const row = Transaction.summary(transaction(transfers, { sentFrom: direction === "in" ? counterparty : me, sentTo: direction === "in" ? me : counterparty }))
      expect(row.direction).toBe(direction)
      expect(row.counterparty).toBe(counterparty)
      // A spam NFT is never the row's amount.
      expect(row.legs).toEqual([transfer(direction)])
    }))
  })

  it("shows a trade's two legs, what left first", () => {
    const row = Transaction.summary(transaction([transfer("in"), transfer("out")], { operationType: "trade", sentFrom: me, sentTo: counterparty }))
    expect(row).toEqual({ direction: "trade", counterparty, legs: [transfer("out"), transfer("in")] })
  })

  it("calls a transaction that moved nothing (an ERC-20 approval) a call to its contract, with no amount, never 'Sent'", () => {
    const row = Transaction.summary(transaction([], { operationType: "execute", sentFrom: me, sentTo: counterparty }))
    expect(row).toEqual({ direction: "call", counterparty, legs: [] })
  })
})

describe("what disconnecting an account ends", () => {
  it("ends both accounts of the embedded wallet's login, and only its own namespace for any other wallet", () => {
    const type = fc.constantFrom<Connector.ConnectorType>("AUTH", "ANNOUNCED", "INJECTED", "WALLET_CONNECT", "WALLET_STANDARD")
    fc.assert(fc.property(type, fc.constantFrom("eip155" as const, "solana" as const), (connectorType, namespace) => {
      expect(scopeOf({ connectorType, namespace })).toBe(connectorType === "AUTH" ? undefined : namespace)
    }))
  })
})
