import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import * as Transaction from "../../core/Transaction.ts"

const spamNft: Transaction.Transfer = { nft_info: { flags: { is_spam: true } } }
const realNft: Transaction.Transfer = { nft_info: { flags: { is_spam: false } } }
const fungible: Transaction.Transfer = { direction: "out", quantity: { decimals: "6", numeric: "1.5" } }

const unverified = (direction: "in" | "out"): Transaction.Transfer => ({ direction, fungible_info: { symbol: "PTS", flags: { verified: false } } })
const verified: Transaction.Transfer = { direction: "in", fungible_info: { symbol: "USDC", flags: { verified: true } } }

const tx = (id: string, minedAt: string, transfers: ReadonlyArray<Transaction.Transfer>, chain = "eip155:1") => ({
  id,
  metadata: { minedAt, chain },
  transfers
})

describe("Transaction", () => {
  it("decodes a history entry, including transfers with nft_info flags", () => {
    const decoded = Schema.decodeUnknownSync(Transaction.Transaction)({
      id: "a",
      metadata: { minedAt: "2024-03-01T00:00:00Z", chain: "eip155:1", hash: "0xabc" },
      transfers: [{ nft_info: { flags: { is_spam: true }, name: "Free mint" } }, { direction: "in" }]
    })
    assert.strictEqual(decoded.transfers[0]?.nft_info?.flags.is_spam, true)
    assert.isFalse(Schema.is(Transaction.Transaction)({ id: "a", metadata: { minedAt: "x" }, transfers: [] }))
  })

  it("decodes an NFT's contract, token id, collection and image, and answers without them", () => {
    const nft = { name: "Portico Cats #7", flags: { is_spam: false } }
    const details = { contract: "eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3", tokenId: "7", collection: "Portico Cats", imageUrl: "https://img.example/7.png" }
    const decode = Schema.decodeUnknownSync(Transaction.Transfer)
    assert.deepStrictEqual(decode({ nft_info: { ...nft, ...details } }).nft_info, { ...nft, ...details })
    assert.deepStrictEqual(decode({ nft_info: nft }).nft_info, nft)
    assert.isFalse(Schema.is(Transaction.Transfer)({ nft_info: { ...nft, tokenId: 7 } }))
  })

  it("a transaction is spam only when every transfer is a spam NFT", () => {
    assert.isTrue(Transaction.isSpam(tx("1", "2024-01-01T00:00:00Z", [spamNft])))
    assert.isTrue(Transaction.isSpam(tx("2", "2024-01-01T00:00:00Z", [spamNft, spamNft])))
    assert.isFalse(Transaction.isSpam(tx("3", "2024-01-01T00:00:00Z", [spamNft, fungible])))
    assert.isFalse(Transaction.isSpam(tx("4", "2024-01-01T00:00:00Z", [spamNft, realNft])))
    assert.isFalse(Transaction.isSpam(tx("5", "2024-01-01T00:00:00Z", [])), "no transfers: nothing to hide")
  })

  it("an unverified token received counts as spam; one the address sent, or a verified one, does not", () => {
    assert.isTrue(Transaction.isSpam(tx("1", "2024-01-01T00:00:00Z", [unverified("in")])))
    assert.isTrue(Transaction.isSpam(tx("2", "2024-01-01T00:00:00Z", [unverified("in"), spamNft])))
    assert.isFalse(Transaction.isSpam(tx("3", "2024-01-01T00:00:00Z", [unverified("out")])))
    assert.isFalse(Transaction.isSpam(tx("4", "2024-01-01T00:00:00Z", [unverified("in"), verified])))
    assert.isFalse(Transaction.isSpam(tx("5", "2024-01-01T00:00:00Z", [verified])))
  })

  it("decodes an approval with or without an allowance", () => {
    const decode = Schema.decodeUnknownSync(Transaction.Transaction)
    const base = { id: "a", metadata: { minedAt: "2024-03-01T00:00:00Z", chain: "eip155:1", operationType: "approve" }, transfers: [] }
    const spender = "0x1234567890123456789012345678901234567890"
    assert.deepStrictEqual(decode({ ...base, approvals: [{ unlimited: true, spender }] }).approvals, [{ unlimited: true, spender }])
    const bounded = { fungible_info: { symbol: "USDC" }, quantity: { decimals: "6", numeric: "2" }, unlimited: false, spender }
    assert.deepStrictEqual(decode({ ...base, approvals: [bounded] }).approvals, [bounded])
    assert.isFalse(Schema.is(Transaction.Transaction)({ ...base, approvals: [{ spender }] }))
  })

  it("visible keeps exactly the non-spam transactions on the connected chain", () => {
    const transfer = fc.constantFrom(spamNft, realNft, fungible)
    const entry = fc.record({
      id: fc.string(),
      chain: fc.constantFrom("eip155:1", "eip155:10", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"),
      transfers: fc.array(transfer, { maxLength: 3 })
    }).map(({ id, chain, transfers }) => tx(id, "2024-01-01T00:00:00Z", transfers, chain))
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 10 }), (entries) => {
        const shown = Transaction.visible(entries, "eip155:1")
        const expected = entries.filter((t) =>
          t.metadata.chain === "eip155:1" &&
          !(t.transfers.length > 0 && t.transfers.every((x) => x.nft_info?.flags.is_spam === true))
        )
        assert.deepStrictEqual(shown, expected)
      })
    )
  })

  it("groups by year then month (UTC), in order of appearance, dropping unplaceable dates", () => {
    const list = [
      tx("a", "2024-03-05T10:00:00Z", []),
      tx("b", "2024-03-01T00:00:00Z", []),
      tx("c", "2024-01-31T23:59:59Z", []),
      tx("d", "2023-12-31T23:59:59Z", []),
      tx("e", "2024-01-01T00:30:00+01:00", []),
      tx("f", "not a date", [])
    ]
    const groups = Transaction.groupByYearAndMonth(list)
    const shape = groups.map((y) => ({ year: y.year, months: y.months.map((m) => [m.month, m.transactions.map((t) => t.id)]) }))
    assert.deepStrictEqual(shape, [
      { year: 2024, months: [[3, ["a", "b"]], [1, ["c"]]] },
      { year: 2023, months: [[12, ["d", "e"]]] }
    ])
  })

  it("grouping loses no placeable transaction", () => {
    const minedAt = fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true })
      .map((d) => d.toISOString())
    fc.assert(
      fc.property(fc.array(minedAt, { maxLength: 20 }), (dates) => {
        const list = dates.map((d, i) => tx(String(i), d, []))
        const grouped = Transaction.groupByYearAndMonth(list).flatMap((y) =>
          y.months.flatMap((m) => m.transactions.map((t) => {
            assert.strictEqual(t.metadata.minedAt.slice(0, 7), `${y.year}-${String(m.month).padStart(2, "0")}`)
            return t.id
          }))
        )
        assert.deepStrictEqual(grouped.toSorted(), list.map((t) => t.id).toSorted())
      })
    )
  })
})
