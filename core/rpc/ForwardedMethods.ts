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

/** Whether the endpoint forwards `method` to the node of a network of `namespace`. */
export const isForwarded = (namespace: string, method: string): boolean =>
  namespace === "eip155" ? evmMethods.has(method) : namespace === "solana" ? solanaMethods.has(method) : false

/**
 * ERC-4337's bundler RPC (EntryPoint v0.7 and later): user operations the visitor's account already
 * signed, their gas estimates and receipts. They go to the network's bundler, where the host configured one.
 */
export const bundlerMethods: ReadonlySet<string> = new Set([
  "eth_estimateUserOperationGas",
  "eth_getUserOperationByHash",
  "eth_getUserOperationReceipt",
  "eth_sendUserOperation",
  "eth_supportedEntryPoints"
])

/**
 * ERC-7677's paymaster web service RPC: the host's sponsorship service signs for its paymaster. The server
 * calls it with the host's key, which pages never see.
 */
export const paymasterMethods: ReadonlySet<string> = new Set(["pm_getPaymasterData", "pm_getPaymasterStubData"])

/** Who answers a forwarded call: the node, the bundler or the sponsorship service. */
export type Destination = "node" | "bundler" | "paymaster"

/** Where the endpoint sends `method` on a network of `namespace`; undefined: nowhere, it is refused. */
export const destinationOf = (namespace: string, method: string): Destination | undefined => {
  if (isForwarded(namespace, method)) return "node"
  if (namespace !== "eip155") return undefined
  return bundlerMethods.has(method) ? "bundler" : paymasterMethods.has(method) ? "paymaster" : undefined
}
