/**
 * Which node answers never change, so the chain RPC endpoint may keep them: the chain's identity, and
 * blocks and transactions named by hash once they exist. A `null` (not found yet, not mined yet) is never
 * kept, nor anything named by a block tag or number (a reorg or the next block changes it).
 */
const always: ReadonlySet<string> = new Set(["eth_chainId", "net_version", "getGenesisHash"])
const onceFound: ReadonlySet<string> = new Set([
  "eth_getBlockByHash",
  "eth_getTransactionByBlockHashAndIndex",
  "eth_getBlockTransactionCountByHash"
])

const minedTransaction = (result: unknown): boolean =>
  typeof result === "object" && result !== null && "blockHash" in result && typeof result.blockHash === "string"

/** Whether `result`, the answer to `method`, can be served again to any later identical request. */
export const isImmutable = (method: string, params: unknown, result: unknown): boolean => {
  if (result === null || result === undefined) return false
  if (always.has(method) || onceFound.has(method)) return true
  if (method === "eth_getTransactionByHash" || method === "eth_getTransactionReceipt") return minedTransaction(result)
  // Solana: a transaction read at `finalized` commitment (the default) no longer changes.
  if (method === "getTransaction") {
    const config = Array.isArray(params) ? params[1] : undefined
    const commitment = typeof config === "object" && config !== null && "commitment" in config ? config.commitment : undefined
    return commitment === undefined || commitment === "finalized"
  }
  return false
}
