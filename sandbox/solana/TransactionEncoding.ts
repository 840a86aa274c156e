import { getAddressDecoder, getBase58Decoder, getBase58Encoder, getBase64Decoder } from "@solana/kit"
import type { CompiledInstructionJson, LedgerEntry } from "./Ledger.ts"
import { isTokenProgram, TOKEN_2022_PROGRAM, uiTokenAmount } from "./TokenLayout.ts"

export type TransactionEncoding = "json" | "jsonParsed" | "base58" | "base64"

const SYSTEM_PROGRAM = "11111111111111111111111111111111"
const ASSOCIATED_TOKEN_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL"

/** The RPC's `getTransaction` result for one ledger entry, in the requested encoding. */
export const encodeTransaction = (entry: LedgerEntry, encoding: TransactionEncoding, includeVersion: boolean) => {
  const version = entry.message.version
  return {
    slot: entry.slot,
    blockTime: entry.blockTime,
    ...(includeVersion ? { version } : {}),
    meta: encodeMeta(entry, encoding === "jsonParsed"),
    transaction: encodeBody(entry, encoding)
  }
}

const encodeMeta = (entry: LedgerEntry, parsed: boolean) => ({
  err: entry.err,
  status: entry.err === null ? { Ok: null } : { Err: entry.err },
  fee: entry.fee,
  preBalances: entry.preBalances,
  postBalances: entry.postBalances,
  preTokenBalances: entry.preTokenBalances,
  postTokenBalances: entry.postTokenBalances,
  innerInstructions: parsed
    ? entry.innerInstructions.map(({ index, instructions }) => ({
        index,
        instructions: instructions.map((instruction) => parseInstruction(entry, instruction))
      }))
    : entry.innerInstructions,
  logMessages: entry.logMessages,
  rewards: [],
  loadedAddresses: entry.loadedAddresses,
  computeUnitsConsumed: entry.computeUnitsConsumed,
  ...(entry.returnData === null ? {} : { returnData: entry.returnData })
})

const encodeBody = (entry: LedgerEntry, encoding: TransactionEncoding) => {
  switch (encoding) {
    case "base64":
      return [getBase64Decoder().decode(entry.wire), "base64"]
    case "base58":
      return [getBase58Decoder().decode(entry.wire), "base58"]
    case "json":
    case "jsonParsed": {
      const message = entry.message
      const compiled = compiledInstructions(entry)
      const lookups =
        message.version === 0
          ? {
              addressTableLookups: (message.addressTableLookups ?? []).map((lookup) => ({
                accountKey: lookup.lookupTableAddress,
                writableIndexes: lookup.writableIndexes,
                readonlyIndexes: lookup.readonlyIndexes
              }))
            }
          : {}
      const body =
        encoding === "json"
          ? {
              accountKeys: message.staticAccounts,
              header: {
                numRequiredSignatures: message.header.numSignerAccounts,
                numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
                numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts
              },
              instructions: compiled
            }
          : {
              accountKeys: entry.accountKeys.map((pubkey, index) => ({
                pubkey,
                signer: index < message.header.numSignerAccounts,
                source: index < message.staticAccounts.length ? "transaction" : "lookupTable",
                writable: entry.writable[index] ?? false
              })),
              instructions: compiled.map((instruction) => parseInstruction(entry, instruction))
            }
      return { signatures: entry.signatures, message: { ...body, recentBlockhash: message.lifetimeToken, ...lookups } }
    }
  }
}

const compiledInstructions = (entry: LedgerEntry): Array<CompiledInstructionJson> =>
  entry.message.instructions.map((instruction) => ({
    programIdIndex: instruction.programAddressIndex,
    accounts: instruction.accountIndices ?? [],
    data: getBase58Decoder().decode(instruction.data ?? new Uint8Array()),
    stackHeight: null
  }))

/** `jsonParsed` form of one instruction: parsed for the transfers a wallet shows, raw otherwise. */
const parseInstruction = (entry: LedgerEntry, instruction: CompiledInstructionJson) => {
  const programId = entry.accountKeys[instruction.programIdIndex] ?? ""
  const accounts = instruction.accounts.map((index) => entry.accountKeys[index] ?? "")
  const data = Uint8Array.from(getBase58Encoder().encode(instruction.data))
  const parsed = parseKnown(programId, accounts, data)
  return parsed === null
    ? { programId, accounts, data: instruction.data, stackHeight: instruction.stackHeight }
    : { programId, program: parsed.program, parsed: { type: parsed.type, info: parsed.info }, stackHeight: instruction.stackHeight }
}

interface ParsedInstruction {
  readonly program: string
  readonly type: string
  readonly info: Readonly<Record<string, unknown>>
}

const parseKnown = (programId: string, accounts: ReadonlyArray<string>, data: Uint8Array): ParsedInstruction | null => {
  const dv = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const address = (offset: number) => getAddressDecoder().decode(data.subarray(offset, offset + 32))
  if (programId === SYSTEM_PROGRAM && data.length >= 4) {
    const kind = dv.getUint32(0, true)
    if (kind === 2 && data.length >= 12) {
      return { program: "system", type: "transfer", info: { source: accounts[0], destination: accounts[1], lamports: dv.getBigUint64(4, true) } }
    }
    if (kind === 0 && data.length >= 52) {
      return {
        program: "system",
        type: "createAccount",
        info: { source: accounts[0], newAccount: accounts[1], lamports: dv.getBigUint64(4, true), space: dv.getBigUint64(12, true), owner: address(20) }
      }
    }
    return null
  }
  if (isTokenProgram(programId) && data.length >= 9) {
    const program = programId === TOKEN_2022_PROGRAM ? "spl-token-2022" : "spl-token"
    const amount = dv.getBigUint64(1, true)
    const decimals = data[9]
    switch (data[0]) {
      case 3:
        return { program, type: "transfer", info: { source: accounts[0], destination: accounts[1], authority: accounts[2], amount: amount.toString() } }
      case 7:
        return { program, type: "mintTo", info: { mint: accounts[0], account: accounts[1], mintAuthority: accounts[2], amount: amount.toString() } }
      case 12:
        return decimals === undefined
          ? null
          : {
              program,
              type: "transferChecked",
              info: { source: accounts[0], mint: accounts[1], destination: accounts[2], authority: accounts[3], tokenAmount: uiTokenAmount(amount, decimals) }
            }
      case 14:
        return decimals === undefined
          ? null
          : { program, type: "mintToChecked", info: { mint: accounts[0], account: accounts[1], mintAuthority: accounts[2], tokenAmount: uiTokenAmount(amount, decimals) } }
      default:
        return null
    }
  }
  if (programId === ASSOCIATED_TOKEN_PROGRAM && data.length <= 1) {
    return {
      program: "spl-associated-token-account",
      type: data[0] === 1 ? "createIdempotent" : "create",
      info: { source: accounts[0], account: accounts[1], wallet: accounts[2], mint: accounts[3], systemProgram: accounts[4], tokenProgram: accounts[5] }
    }
  }
  return null
}
