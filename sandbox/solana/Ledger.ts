import type { LegacyCompiledTransactionMessage, V0CompiledTransactionMessage } from "@solana/kit"
import type { TransactionErrorJson } from "./TransactionError.ts"
import type { UiTokenAmount } from "./TokenLayout.ts"

/** LiteSVM keeps no history, so the devnet records every transaction it lands, as an indexer would. */
export interface TokenBalanceJson {
  readonly accountIndex: number
  readonly mint: string
  readonly owner: string
  readonly programId: string
  readonly uiTokenAmount: UiTokenAmount
}

export interface CompiledInstructionJson {
  readonly programIdIndex: number
  readonly accounts: ReadonlyArray<number>
  readonly data: string
  readonly stackHeight: number | null
}

export interface InnerInstructionsJson {
  readonly index: number
  readonly instructions: ReadonlyArray<CompiledInstructionJson>
}

export interface LedgerEntry {
  readonly signature: string
  readonly signatures: ReadonlyArray<string>
  readonly slot: number
  readonly blockTime: number
  readonly wire: Uint8Array
  readonly message: (LegacyCompiledTransactionMessage | V0CompiledTransactionMessage) & { readonly lifetimeToken: string }
  /** Static keys, then addresses loaded from lookup tables (writable, then readonly). */
  readonly accountKeys: ReadonlyArray<string>
  readonly writable: ReadonlyArray<boolean>
  readonly loadedAddresses: { readonly writable: ReadonlyArray<string>; readonly readonly: ReadonlyArray<string> }
  readonly err: TransactionErrorJson | null
  readonly fee: bigint
  readonly preBalances: ReadonlyArray<bigint>
  readonly postBalances: ReadonlyArray<bigint>
  readonly preTokenBalances: ReadonlyArray<TokenBalanceJson>
  readonly postTokenBalances: ReadonlyArray<TokenBalanceJson>
  readonly logMessages: ReadonlyArray<string>
  readonly innerInstructions: ReadonlyArray<InnerInstructionsJson>
  readonly computeUnitsConsumed: bigint
  readonly returnData: { readonly programId: string; readonly data: readonly [string, "base64"] } | null
}

export class Ledger {
  readonly #bySignature = new Map<string, LedgerEntry>()
  readonly #byAddress = new Map<string, Array<LedgerEntry>>()

  get size(): number {
    return this.#bySignature.size
  }

  record(entry: LedgerEntry): void {
    this.#bySignature.set(entry.signature, entry)
    for (const key of new Set(entry.accountKeys)) {
      const list = this.#byAddress.get(key)
      if (list === undefined) this.#byAddress.set(key, [entry])
      else list.push(entry)
    }
  }

  get(signature: string): LedgerEntry | undefined {
    return this.#bySignature.get(signature)
  }

  /** Entries touching `address`, newest first, after `before` and down to (excluding) `until`. */
  forAddress(address: string, options: { readonly limit: number; readonly before?: string; readonly until?: string }) {
    const list = this.#byAddress.get(address) ?? []
    const result: Array<LedgerEntry> = []
    let started = options.before === undefined
    for (let i = list.length - 1; i >= 0 && result.length < options.limit; i--) {
      const entry = list[i]
      if (entry === undefined) continue
      if (entry.signature === options.until) break
      if (started) result.push(entry)
      else if (entry.signature === options.before) started = true
    }
    return result
  }
}
