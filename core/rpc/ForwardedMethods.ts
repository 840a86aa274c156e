/**
 * What Portico's chain RPC endpoint forwards to a node: reads, plus the broadcast of a transaction the
 * visitor's wallet already signed (eth_sendRawTransaction, Solana sendTransaction), and the simulations
 * the embedded wallet's approve panel shows (eth_simulateV1, simulateTransaction). Nothing that signs,
 * holds keys, or changes the node (eth_sendTransaction, personal_sign, debug_*, admin_*, …) ever passes,
 * nor a call that scans a whole program (getProgramAccounts: CallLimits.ts refuses it, saying why).
 */
export const evmMethods: ReadonlySet<string> = new Set([
  "eth_blockNumber",
  "eth_call",
  "eth_chainId",
  "eth_estimateGas",
  "eth_feeHistory",
  "eth_gasPrice",
  "eth_getBalance",
  "eth_getBlockByHash",
  "eth_getBlockByNumber",
  "eth_getBlockReceipts",
  "eth_getBlockTransactionCountByHash",
  "eth_getBlockTransactionCountByNumber",
  "eth_getCode",
  "eth_getLogs",
  "eth_getProof",
  "eth_getStorageAt",
  "eth_getTransactionByBlockHashAndIndex",
  "eth_getTransactionByBlockNumberAndIndex",
  "eth_getTransactionByHash",
  "eth_getTransactionCount",
  "eth_getTransactionReceipt",
  "eth_maxPriorityFeePerGas",
  "eth_sendRawTransaction",
  "eth_simulateV1",
  "eth_syncing",
  "net_listening",
  "net_version",
  "web3_clientVersion"
])

export const solanaMethods: ReadonlySet<string> = new Set([
  "getAccountInfo",
  "getBalance",
  "getBlock",
  "getBlockHeight",
  "getBlockTime",
  "getBlocks",
  "getEpochInfo",
  "getEpochSchedule",
  "getFeeForMessage",
  "getGenesisHash",
  "getHealth",
  "getLatestBlockhash",
  "getMinimumBalanceForRentExemption",
  "getMultipleAccounts",
  "getRecentPrioritizationFees",
  "getSignatureStatuses",
  "getSignaturesForAddress",
  "getSlot",
  "getSupply",
  "getTokenAccountBalance",
  "getTokenAccountsByOwner",
  "getTokenSupply",
  "getTransaction",
  "getTransactionCount",
  "getVersion",
  "isBlockhashValid",
  "minimumLedgerSlot",
  "sendTransaction",
  "simulateTransaction"
])

/** Whether the endpoint forwards `method` on a network of `namespace`. */
export const isForwarded = (namespace: string, method: string): boolean =>
  namespace === "eip155" ? evmMethods.has(method) : namespace === "solana" ? solanaMethods.has(method) : false
