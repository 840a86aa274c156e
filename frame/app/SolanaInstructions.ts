/**
 * What a Solana transaction does, read from its wire bytes (docs/embedded-wallet.md "Readable
 * approvals"): System transfers and SPL Token (and Token-2022) transfers and approvals with their amounts
 * and accounts; any other instruction named by its program. The accounts the transaction may write are
 * listed from the message header (those loaded from lookup tables are counted: their addresses are not in
 * the message). Also: whether bytes offered as a message are in fact a transaction.
 */
import {
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  type CompiledTransactionMessage
} from "@solana/kit"
import { formatUnits } from "viem"
import type { Currency } from "./ApprovalViews.ts"
import { formatAmount } from "./ApprovalViews.ts"
import type { InstructionView } from "./PanelChannel.ts"

export const systemProgram = "11111111111111111111111111111111"
export const tokenPrograms: ReadonlySet<string> = new Set(["TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA", "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb"])

interface Instruction {
  readonly program: string
  readonly accounts: ReadonlyArray<string>
  readonly data: Uint8Array
}

export interface Read {
  readonly instructions: ReadonlyArray<Instruction>
  readonly writable: ReadonlyArray<string>
  /** Writable accounts loaded from address lookup tables (v0), whose addresses the message does not carry. */
  readonly writableFromTables: number
}

const messageOf = (wire: Uint8Array): CompiledTransactionMessage => getCompiledTransactionMessageDecoder().decode(getTransactionDecoder().decode(wire).messageBytes)

/** The message's instructions and writable accounts, whatever its version. */
const readMessage = (message: CompiledTransactionMessage): Read => {
  const accounts = message.staticAccounts
  const name = (index: number) => accounts[index] ?? `#${index}`
  const instructions = "instructions" in message
    ? message.instructions.map((instruction) => ({
      program: name(instruction.programAddressIndex),
      accounts: (instruction.accountIndices ?? []).map(name),
      data: Uint8Array.from(instruction.data ?? [])
    }))
    : message.instructionHeaders.map((header, index) => ({
      program: name(header.programAccountIndex),
      accounts: (message.instructionPayloads[index]?.instructionAccountIndices ?? []).map(name),
      data: Uint8Array.from(message.instructionPayloads[index]?.instructionData ?? [])
    }))
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header
  const writable = accounts.filter((_, index) =>
    index < numSignerAccounts ? index < numSignerAccounts - numReadonlySignerAccounts : index < accounts.length - numReadonlyNonSignerAccounts)
  const tables = "addressTableLookups" in message ? message.addressTableLookups ?? [] : []
  return { instructions, writable, writableFromTables: tables.reduce((sum, table) => sum + table.writableIndexes.length, 0) }
}

/** The transaction's instructions and writable accounts; undefined when the bytes are not a transaction. */
export const read = (wire: Uint8Array): Read | undefined => {
  try {
    return readMessage(messageOf(wire))
  } catch {
    // Not a transaction in wire format: signing it fails the same way, with the custody's error.
    return undefined
  }
}

/**
 * Whether `bytes` are a transaction, or the message of one: a signature over a transaction's message is
 * that transaction's signature, so such bytes are never signed as a "message".
 */
export const isTransaction = (bytes: Uint8Array): boolean => {
  const whole = (() => {
    try {
      const decoded = getTransactionDecoder().decode(bytes)
      getCompiledTransactionMessageDecoder().decode(decoded.messageBytes)
      return true
    } catch {
      return false
    }
  })()
  if (whole) return true
  try {
    const message = getCompiledTransactionMessageDecoder().decode(bytes)
    return getCompiledTransactionMessageEncoder().encode(message).length === bytes.length
  } catch {
    return false
  }
}

const u64 = (data: Uint8Array, offset: number): bigint | undefined =>
  data.length < offset + 8 ? undefined : new DataView(data.buffer, data.byteOffset + offset, 8).getBigUint64(0, true)

/** The largest u64: a delegate allowed this much may take every token the account will ever hold. */
const u64Max = 2n ** 64n - 1n

/** One instruction in the panel's terms; amounts of SOL in `currency`, token amounts in the token's units when the instruction says its decimals. */
export const instructionView = (instruction: Instruction, currency: Currency | undefined): InstructionView => {
  const { program, accounts, data } = instruction
  const at = (index: number) => accounts[index] ?? "?"
  if (program === systemProgram && data.length >= 12 && new DataView(data.buffer, data.byteOffset, 4).getUint32(0, true) === 2) {
    return { kind: "solTransfer", from: at(0), to: at(1), amount: formatAmount(u64(data, 4) ?? 0n, currency, "solana") }
  }
  if (tokenPrograms.has(program)) {
    const amount = u64(data, 1)
    const checked = data[0] === 12 || data[0] === 13
    const decimals = checked ? data[9] : undefined
    const shown = amount === undefined ? "?" : decimals === undefined ? `${amount} (base units)` : formatUnits(amount, decimals)
    switch (data[0]) {
      case 3:
        return { kind: "tokenTransfer", source: at(0), destination: at(1), authority: at(2), amount: shown }
      case 12:
        return { kind: "tokenTransfer", source: at(0), mint: at(1), destination: at(2), authority: at(3), amount: shown }
      case 4:
        return { kind: "tokenApprove", source: at(0), delegate: at(1), amount: shown, unlimited: amount === u64Max }
      case 13:
        return { kind: "tokenApprove", source: at(0), delegate: at(2), amount: shown, unlimited: amount === u64Max }
    }
  }
  return { kind: "program", program }
}
