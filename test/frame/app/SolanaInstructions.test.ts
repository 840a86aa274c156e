/**
 * What a Solana transaction does, read from its wire bytes (frame/app/SolanaInstructions.ts): a System
 * transfer's amount and parties, an SPL Token transferChecked's amount in the token's units and its
 * accounts, an approval of the largest amount flagged as unlimited, any other program named; the accounts
 * the transaction may write; and bytes that are a transaction, or only its message, recognised as such
 * (a "message" to sign that is one is refused), while ordinary text is not.
 */
import { address, createNoopSigner, getTransactionDecoder, lamports } from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import { getApproveInstruction, getTransferCheckedInstruction } from "@solana-program/token"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as SolanaInstructions from "../../../frame/app/SolanaInstructions.ts"
import { transferWire, wireOf as wireFrom } from "../../support/solanaTransfer.ts"

const visitor = address("9B5XszUGdMaxCZ7uSQhPzdks5ZQSmWxrmzCSvtJ6Ns6g")
const receiver = address("GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzMp")
const mint = address("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")
const tokenAccount = address("7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi")
const sol = { symbol: "SOL", decimals: 9 }

const wireOf = (instructions: Parameters<typeof wireFrom>[1]) => wireFrom(visitor, instructions)

describe("SolanaInstructions", () => {
  it("reads a SOL transfer and a token transfer with their amounts and parties, and the accounts they write", () => {
    const signer = createNoopSigner(visitor)
    const read = SolanaInstructions.read(wireOf([
      getTransferSolInstruction({ source: signer, destination: receiver, amount: lamports(1_500_000_000n) }),
      getTransferCheckedInstruction({ source: tokenAccount, mint, destination: receiver, authority: signer, amount: 2_500_000n, decimals: 6 })
    ]))
    expect(read?.instructions.map((instruction) => SolanaInstructions.instructionView(instruction, sol))).toEqual([
      { kind: "solTransfer", from: visitor, to: receiver, amount: "1.5 SOL" },
      { kind: "tokenTransfer", source: tokenAccount, mint, destination: receiver, authority: visitor, amount: "2.5" }
    ])
    expect((read?.writable ?? []).toSorted()).toEqual([visitor, receiver, tokenAccount].toSorted())
  })

  it("flags an approval of every token the account will hold, and names a program it cannot read", () => {
    const read = SolanaInstructions.read(wireOf([
      getApproveInstruction({ source: tokenAccount, delegate: receiver, owner: createNoopSigner(visitor), amount: 2n ** 64n - 1n }),
      { programAddress: address("ComputeBudget111111111111111111111111111111"), data: new Uint8Array([2, 0, 0, 0, 0]) }
    ]))
    const views = read?.instructions.map((instruction) => SolanaInstructions.instructionView(instruction, sol))
    expect(views?.[0]).toMatchObject({ kind: "tokenApprove", delegate: receiver, unlimited: true })
    expect(views?.[1]).toEqual({ kind: "program", program: "ComputeBudget111111111111111111111111111111" })
  })

  it("recognises a transaction, or its bare message, offered as a message to sign", () => {
    const wire = transferWire(visitor, receiver, 1n)
    expect(SolanaInstructions.isTransaction(wire)).toBe(true)
    expect(SolanaInstructions.isTransaction(Uint8Array.from(getTransactionDecoder().decode(wire).messageBytes))).toBe(true)
    expect(SolanaInstructions.isTransaction(new TextEncoder().encode("Sign in to Shop\nNonce: 7"))).toBe(false)
    expect(SolanaInstructions.read(new TextEncoder().encode("hello"))).toBeUndefined()
  })

  it("takes no printable text for a transaction", () => {
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 200 }), (text) => {
      expect(SolanaInstructions.isTransaction(new TextEncoder().encode(text))).toBe(false)
    }), { numRuns: 2_000 })
  })
})
