import { createHash } from "node:crypto"
import {
  getAddressDecoder,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Address,
  type EncodedAccount,
  type Transaction
} from "@solana/kit"
import { Clock, FailedTransactionMetadata, LiteSVM, TransactionMetadata } from "litesvm"
import { Ledger, type CompiledInstructionJson, type LedgerEntry, type TokenBalanceJson } from "./Ledger.ts"
import { decodeMint, decodeTokenAccount, uiTokenAmount } from "./TokenLayout.ts"
import { transactionErrorJson, type TransactionErrorJson } from "./TransactionError.ts"

/** A blockhash stays usable for this many blocks, as on a real cluster. */
export const MAX_PROCESSING_AGE = 150
/** Slots after which a landed transaction counts as finalized. */
export const FINALIZATION_DEPTH = 32
export const SLOTS_PER_EPOCH = 432_000

const SYSTEM_PROGRAM = "11111111111111111111111111111111"
const ADVANCE_NONCE_ACCOUNT = 4
const LOOKUP_TABLE_META_SIZE = 56
const LAMPORTS_PER_SIGNATURE = 5000n

/** A wire transaction decoded with the addresses it touches. */
export interface DecodedTransaction {
  readonly transaction: Transaction
  readonly wire: Uint8Array
  readonly signature: string
  readonly signatures: ReadonlyArray<string>
  readonly message: LedgerEntry["message"]
  readonly accountKeys: ReadonlyArray<string>
  readonly writable: ReadonlyArray<boolean>
  readonly loadedAddresses: LedgerEntry["loadedAddresses"]
}

export interface SimulationOutcome {
  readonly err: TransactionErrorJson | null
  readonly logs: ReadonlyArray<string>
  readonly unitsConsumed: bigint
  readonly returnData: LedgerEntry["returnData"]
  readonly innerInstructions: LedgerEntry["innerInstructions"]
  readonly postAccounts: ReadonlyMap<string, EncodedAccount>
}

/**
 * One LiteSVM bank plus what a validator adds around it: slots that advance on a timer, a blockhash per
 * slot that expires after 150 blocks, a wall clock, fees and a ledger of landed transactions.
 * LiteSVM's own blockhash check only knows its single latest hash, so the chain disables it and checks
 * the recent-blockhash queue itself.
 */
export class Chain {
  readonly svm: LiteSVM
  readonly ledger = new Ledger()
  readonly genesisHash: string
  readonly #blockhashSlots = new Map<string, number>()
  readonly #recentBlockhashes: Array<string> = []
  readonly #slotListeners = new Set<(slot: number) => void>()
  readonly #transactionListeners = new Set<(entry: LedgerEntry) => void>()
  #slot = 0
  #unixTimestamp: number
  #blockhash: string

  constructor(genesisHash: string, unixTimestamp: number) {
    this.genesisHash = genesisHash
    this.svm = new LiteSVM().withBlockhashCheck(false)
    this.#unixTimestamp = unixTimestamp
    this.#blockhash = this.#produceBlock()
  }

  get slot(): number {
    return this.#slot
  }

  /** No slot is ever skipped, so block height equals slot. */
  get blockHeight(): number {
    return this.#slot
  }

  get unixTimestamp(): number {
    return this.#unixTimestamp
  }

  latestBlockhash(): { readonly blockhash: string; readonly lastValidBlockHeight: number } {
    return { blockhash: this.#blockhash, lastValidBlockHeight: this.blockHeight + MAX_PROCESSING_AGE }
  }

  isBlockhashValid(blockhash: string): boolean {
    const slot = this.#blockhashSlots.get(blockhash)
    return slot !== undefined && slot + MAX_PROCESSING_AGE >= this.blockHeight
  }

  /** Closes the current slot and opens the next one at `unixTimestamp`. */
  advanceSlot(unixTimestamp: number): void {
    this.#slot += 1
    this.#unixTimestamp = Math.max(this.#unixTimestamp, unixTimestamp)
    this.#blockhash = this.#produceBlock()
    for (const listener of this.#slotListeners) listener(this.#slot)
  }

  onSlot(listener: (slot: number) => void): () => void {
    this.#slotListeners.add(listener)
    return () => this.#slotListeners.delete(listener)
  }

  onTransaction(listener: (entry: LedgerEntry) => void): () => void {
    this.#transactionListeners.add(listener)
    return () => this.#transactionListeners.delete(listener)
  }

  getAccount(address: string): EncodedAccount | null {
    const account = this.svm.getAccount(address as Address)
    return account.exists ? account : null
  }

  /** An arrow property, so it can be handed around as a callback. */
  decimalsOf = (mint: string): number | null => {
    const account = this.getAccount(mint)
    return account === null ? null : (decodeMint(account.programAddress, account.data)?.decimals ?? null)
  }

  /** Decodes wire bytes; throws on bytes that are not a legacy or v0 transaction. */
  decode(wire: Uint8Array): DecodedTransaction {
    const transaction = getTransactionDecoder().decode(wire)
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
    if (message.version !== "legacy" && message.version !== 0) throw new Error(`unsupported transaction version ${message.version}`)
    const signatures = Object.values(transaction.signatures).map((bytes) =>
      getBase58Decoder().decode(bytes ?? new Uint8Array(64))
    )
    const staticKeys: ReadonlyArray<string> = message.staticAccounts
    const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header
    const staticWritable = staticKeys.map((_, i) =>
      i < numSignerAccounts
        ? i < numSignerAccounts - numReadonlySignerAccounts
        : i < staticKeys.length - numReadonlyNonSignerAccounts
    )
    const loaded = { writable: new Array<string>(), readonly: new Array<string>() }
    for (const lookup of message.version === 0 ? (message.addressTableLookups ?? []) : []) {
      const table = this.getAccount(lookup.lookupTableAddress)
      if (table === null) continue
      const at = (index: number) =>
        getAddressDecoder().decode(table.data.subarray(LOOKUP_TABLE_META_SIZE + index * 32, LOOKUP_TABLE_META_SIZE + index * 32 + 32))
      loaded.writable.push(...lookup.writableIndexes.map(at))
      loaded.readonly.push(...lookup.readonlyIndexes.map(at))
    }
    const signature = signatures[0]
    if (signature === undefined) throw new Error("transaction has no signatures")
    return {
      transaction,
      wire,
      signature,
      signatures,
      message,
      accountKeys: [...staticKeys, ...loaded.writable, ...loaded.readonly],
      writable: [...staticWritable, ...loaded.writable.map(() => true), ...loaded.readonly.map(() => false)],
      loadedAddresses: loaded
    }
  }

  /** Whether the lifetime is a recent blockhash this chain still honours, or a durable nonce. */
  hasValidLifetime(decoded: DecodedTransaction): boolean {
    const first = decoded.message.instructions[0]
    const usesNonce =
      first !== undefined &&
      decoded.accountKeys[first.programAddressIndex] === SYSTEM_PROGRAM &&
      first.data !== undefined &&
      first.data.length >= 4 &&
      new DataView(first.data.buffer, first.data.byteOffset, 4).getUint32(0, true) === ADVANCE_NONCE_ACCOUNT
    return usesNonce || this.isBlockhashValid(decoded.message.lifetimeToken)
  }

  simulate(decoded: DecodedTransaction, options: { readonly sigVerify: boolean }): SimulationOutcome {
    this.svm.withSigverify(options.sigVerify)
    try {
      const result = this.svm.simulateTransaction(decoded.transaction)
      if (result instanceof FailedTransactionMetadata) {
        return { ...this.#outcome(result.meta()), err: transactionErrorJson(result), postAccounts: new Map() }
      }
      return {
        ...this.#outcome(result.meta()),
        err: null,
        postAccounts: new Map(result.postAccounts().map((account) => [account.address, account]))
      }
    } finally {
      this.svm.withSigverify(true)
    }
  }

  /** Executes in the current slot and records the outcome, failed or not (a failed transaction still pays its fee). */
  execute(decoded: DecodedTransaction): LedgerEntry {
    const preBalances = decoded.accountKeys.map((key) => this.getAccount(key)?.lamports ?? 0n)
    const preTokenBalances = this.#tokenBalances(decoded.accountKeys)
    const result: TransactionMetadata | FailedTransactionMetadata = this.svm.sendTransaction(decoded.transaction)
    const meta = result instanceof TransactionMetadata ? result : result.meta()
    const outcome = this.#outcome(meta)
    const entry: LedgerEntry = {
      signature: decoded.signature,
      signatures: decoded.signatures,
      slot: this.#slot,
      blockTime: this.#unixTimestamp,
      wire: decoded.wire,
      message: decoded.message,
      accountKeys: decoded.accountKeys,
      writable: decoded.writable,
      loadedAddresses: decoded.loadedAddresses,
      err: result instanceof TransactionMetadata ? null : transactionErrorJson(result),
      fee: feeOf(meta, decoded),
      preBalances,
      postBalances: decoded.accountKeys.map((key) => this.getAccount(key)?.lamports ?? 0n),
      preTokenBalances,
      postTokenBalances: this.#tokenBalances(decoded.accountKeys),
      logMessages: outcome.logs,
      innerInstructions: outcome.innerInstructions,
      computeUnitsConsumed: outcome.unitsConsumed,
      returnData: outcome.returnData
    }
    this.ledger.record(entry)
    for (const listener of this.#transactionListeners) listener(entry)
    return entry
  }

  #outcome(meta: TransactionMetadata) {
    const base58 = getBase58Decoder()
    const innerInstructions = meta.innerInstructions().flatMap((list, index) =>
      list.length === 0
        ? []
        : [{
            index,
            instructions: list.map((inner): CompiledInstructionJson => {
              const instruction = inner.instruction()
              return {
                programIdIndex: instruction.programIdIndex(),
                accounts: [...instruction.accounts()],
                data: base58.decode(instruction.data()),
                stackHeight: inner.stackHeight()
              }
            })
          }]
    )
    const returned = meta.returnData()
    const returnData =
      returned.data().length === 0
        ? null
        : {
            programId: getAddressDecoder().decode(returned.programId()),
            data: [getBase64Decoder().decode(returned.data()), "base64"] as const
          }
    return {
      logs: meta.logs(),
      unitsConsumed: meta.computeUnitsConsumed(),
      returnData,
      innerInstructions
    }
  }

  #tokenBalances(accountKeys: ReadonlyArray<string>): Array<TokenBalanceJson> {
    return accountKeys.flatMap((key, accountIndex) => {
      const account = this.getAccount(key)
      const token = account === null ? null : decodeTokenAccount(account.programAddress, account.data)
      const decimals = token === null ? null : this.decimalsOf(token.mint)
      if (account === null || token === null || decimals === null) return []
      return [{
        accountIndex,
        mint: token.mint,
        owner: token.owner,
        programId: account.programAddress,
        uiTokenAmount: uiTokenAmount(token.amount, decimals)
      }]
    })
  }

  /** Derives the slot's blockhash from the genesis hash, so every start replays the same hashes. */
  #produceBlock(): string {
    const slotBytes = Buffer.alloc(8)
    slotBytes.writeBigUInt64LE(BigInt(this.#slot))
    const hash = getBase58Decoder().decode(
      createHash("sha256").update(Uint8Array.from(getBase58Encoder().encode(this.genesisHash))).update(slotBytes).digest()
    )
    this.#blockhashSlots.set(hash, this.#slot)
    this.#recentBlockhashes.push(hash)
    // Keep twice the processing window so "expired" stays distinguishable from "never existed" for a while.
    if (this.#recentBlockhashes.length > MAX_PROCESSING_AGE * 2) this.#blockhashSlots.delete(this.#recentBlockhashes.shift() ?? "")
    this.svm.warpToSlot(BigInt(this.#slot))
    const clock = this.svm.getClock()
    const epoch = BigInt(Math.floor(this.#slot / SLOTS_PER_EPOCH))
    this.svm.setClock(new Clock(clock.slot, clock.epochStartTimestamp, epoch, epoch + 1n, BigInt(this.#unixTimestamp)))
    return hash
  }
}

// LiteSVM prints the fee it charged in its metadata but exposes no getter for it.
const feeOf = (meta: TransactionMetadata, decoded: DecodedTransaction): bigint => {
  const printed = /fee: (\d+)/.exec(meta.toString())?.[1]
  return printed === undefined ? LAMPORTS_PER_SIGNATURE * BigInt(decoded.signatures.length) : BigInt(printed)
}
