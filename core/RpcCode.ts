/**
 * The one table of error codes a wallet or an RPC node can answer with: JSON-RPC 2.0 and EIP-1474
 * (-32700…-32006), EIP-1193 provider codes (4001…4902), EIP-5792 wallet_sendCalls codes
 * (5700…5760), plus the two codes the product uses itself (5000 default, 32603 invalid chain id).
 */
import * as Record from "effect/Record"

export type Standard = "JSON-RPC" | "EIP-1474" | "EIP-1193" | "EIP-5792" | "Portico"

export interface Entry {
  readonly code: number
  readonly standard: Standard
  /** Human name, as the spec's error catalogue gives it. */
  readonly name: string
}

/** Every known code by a stable key. Keys are what code elsewhere refers to: `table.UserRejectedRequest.code`. */
export const table = {
  ParseError: { code: -32700, standard: "JSON-RPC", name: "Parse error" },
  InvalidRequest: { code: -32600, standard: "JSON-RPC", name: "Invalid request" },
  MethodNotFound: { code: -32601, standard: "JSON-RPC", name: "Method not found" },
  InvalidParams: { code: -32602, standard: "JSON-RPC", name: "Invalid params" },
  InternalError: { code: -32603, standard: "JSON-RPC", name: "Internal error" },
  InvalidInput: { code: -32000, standard: "EIP-1474", name: "Invalid input" },
  ResourceNotFound: { code: -32001, standard: "EIP-1474", name: "Resource not found" },
  ResourceUnavailable: { code: -32002, standard: "EIP-1474", name: "Resource unavailable" },
  TransactionRejected: { code: -32003, standard: "EIP-1474", name: "Transaction rejected" },
  MethodNotSupported: { code: -32004, standard: "EIP-1474", name: "Method not supported" },
  LimitExceeded: { code: -32005, standard: "EIP-1474", name: "Limit exceeded" },
  VersionUnsupported: { code: -32006, standard: "EIP-1474", name: "JSON-RPC version not supported" },
  UserRejectedRequest: { code: 4001, standard: "EIP-1193", name: "User rejected the request" },
  Unauthorized: { code: 4100, standard: "EIP-1193", name: "Unauthorized" },
  UnsupportedMethod: { code: 4200, standard: "EIP-1193", name: "Unsupported method" },
  ProviderDisconnected: { code: 4900, standard: "EIP-1193", name: "Provider disconnected" },
  ChainDisconnected: { code: 4901, standard: "EIP-1193", name: "Chain disconnected" },
  // 4902 is also what wallet_switchEthereumChain answers for a chain the wallet does not know:
  // the caller then offers wallet_addEthereumChain (the spec's "4902 switch chain").
  UnrecognizedChainId: { code: 4902, standard: "EIP-1193", name: "Unrecognized chain id" },
  UnsupportedCapability: { code: 5700, standard: "EIP-5792", name: "Unsupported non-optional capability" },
  UnsupportedChainId: { code: 5710, standard: "EIP-5792", name: "Unsupported chain id" },
  DuplicateId: { code: 5720, standard: "EIP-5792", name: "Duplicate id" },
  UnknownBundleId: { code: 5730, standard: "EIP-5792", name: "Unknown bundle id" },
  BundleTooLarge: { code: 5740, standard: "EIP-5792", name: "Bundle too large" },
  AtomicReadyWalletRejectedUpgrade: { code: 5750, standard: "EIP-5792", name: "Atomic-ready wallet rejected upgrade" },
  AtomicityNotSupported: { code: 5760, standard: "EIP-5792", name: "Atomicity not supported" },
  Default: { code: 5000, standard: "Portico", name: "Default error" },
  // Positive on purpose: the spec lists 32603 (not -32603) for an invalid chain id.
  InvalidChainId: { code: 32603, standard: "Portico", name: "Invalid chain id" }
} as const satisfies Record<string, Entry>

export type Key = keyof typeof table

/** Every entry, in table order. */
export const entries: ReadonlyArray<Entry & { readonly key: Key }> = Record.toEntries<Key, Entry>(table).map(
  ([key, entry]) => ({ key, ...entry })
)

const byCode: ReadonlyMap<number, Entry & { readonly key: Key }> = new Map(
  entries.map((entry) => [entry.code, entry])
)

/** The entry for a numeric code, if the table knows it. */
export const lookup = (code: number): (Entry & { readonly key: Key }) | undefined => byCode.get(code)
