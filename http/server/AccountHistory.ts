/** The readers of an account's transactions: EVM chains through their explorers, Solana through its node. */
import * as Context from "effect/Context"
import type { SolanaHistoryReader } from "./SolanaHistory.ts"
import type { EvmHistory } from "./explorer/ExplorerHistory.ts"

export class AccountHistory extends Context.Service<AccountHistory, {
  /** EVM history through each chain's explorer (explorer/ExplorerHistory.ts). */
  readonly evm: EvmHistory
  /** Undefined without ServerOptions.solana. */
  readonly solana: SolanaHistoryReader | undefined
}>()("portico/http/server/AccountHistory") {}
