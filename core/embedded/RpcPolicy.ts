/**
 * Which JSON-RPC calls the embedded wallet answers, and how (spec §6 "Embedded wallet RPC methods"):
 * - safe: answered at once, never aborted: account, block, call, estimate, receipts, logs, capabilities
 *   and asset queries, and the broadcast of an already signed transaction;
 * - approval: the visitor decides in the frame's own panel first (signatures, transactions, call
 *   bundles, permissions, user operations);
 * - disallowed: everything else ('Requested RPC call is not allowed', 'Action not allowed' in the UI).
 *
 * The frame and the modal read the same lists, so the modal knows before asking which calls will open
 * the approval view.
 */
import type { EmbeddedAuthNamespace } from "../EmbeddedAuth.ts"

export type RpcClass = "safe" | "approval" | "disallowed"

const evmSafe = [
  // account
  "eth_accounts",
  "eth_requestAccounts",
  "eth_chainId",
  "net_version",
  "eth_getBalance",
  "eth_getTransactionCount",
  "eth_getCode",
  "eth_getStorageAt",
  "eth_getProof",
  // block
  "eth_blockNumber",
  "eth_getBlockByHash",
  "eth_getBlockByNumber",
  "eth_getBlockTransactionCountByHash",
  "eth_getBlockTransactionCountByNumber",
  // call and estimate
  "eth_call",
  "eth_estimateGas",
  "eth_gasPrice",
  "eth_maxPriorityFeePerGas",
  "eth_feeHistory",
  // receipts
  "eth_getTransactionByHash",
  "eth_getTransactionReceipt",
  "eth_getBlockReceipts",
  "wallet_getCallsStatus",
  // logs
  "eth_getLogs",
  // capabilities and assets
  "wallet_getCapabilities",
  "wallet_getAssets",
  // ERC-7715: what the wallet grants, and what it granted
  "wallet_getSupportedExecutionPermissions",
  "wallet_getGrantedExecutionPermissions",
  // a transaction signed elsewhere
  "eth_sendRawTransaction"
] as const

const solanaSafe = [
  // account
  "getAccountInfo",
  "getBalance",
  "getMultipleAccounts",
  "getTokenAccountBalance",
  "getTokenAccountsByOwner",
  "getMinimumBalanceForRentExemption",
  // block
  "getBlockHeight",
  "getLatestBlockhash",
  "getSlot",
  "isBlockhashValid",
  // call and estimate
  "simulateTransaction",
  "getFeeForMessage",
  "getRecentPrioritizationFees",
  // receipts
  "getSignatureStatuses",
  "getTransaction",
  // logs
  "getSignaturesForAddress",
  // a transaction signed elsewhere
  "sendTransaction"
] as const

const evmApproval = [
  "personal_sign",
  "eth_signTypedData_v4",
  "eth_sendTransaction",
  "wallet_sendCalls",
  "wallet_grantPermissions",
  "wallet_revokePermissions",
  "wallet_requestExecutionPermissions",
  "wallet_revokeExecutionPermission",
  "eth_sendUserOperation"
] as const

const solanaApproval = [
  "solana_signMessage",
  "solana_signTransaction",
  "solana_signAndSendTransaction",
  "solana_signAllTransactions"
] as const

export const safeMethods: Readonly<Record<EmbeddedAuthNamespace, ReadonlySet<string>>> = {
  eip155: new Set(evmSafe),
  solana: new Set(solanaSafe)
}

export const approvalMethods: Readonly<Record<EmbeddedAuthNamespace, ReadonlySet<string>>> = {
  eip155: new Set(evmApproval),
  solana: new Set(solanaApproval)
}

/**
 * The safe calls the frame answers itself rather than from the chain: the account, the network it is
 * on, what it can do and what it holds, and the status of the call bundles it sent.
 */
export const answeredByWallet: ReadonlySet<string> = new Set([
  "eth_accounts",
  "eth_requestAccounts",
  "eth_chainId",
  "wallet_getCapabilities",
  "wallet_getAssets",
  "wallet_getCallsStatus",
  "wallet_getSupportedExecutionPermissions",
  "wallet_getGrantedExecutionPermissions"
])

/** How the embedded wallet treats `method` on a network of `namespace` (any other namespace: disallowed). */
export const classify = (namespace: string, method: string): RpcClass => {
  if (namespace !== "eip155" && namespace !== "solana") return "disallowed"
  if (safeMethods[namespace].has(method)) return "safe"
  if (approvalMethods[namespace].has(method)) return "approval"
  return "disallowed"
}
