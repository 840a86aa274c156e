/**
 * Links to a network's block explorer (spec §3 addressExplorerUrl): an address's page and a transaction's,
 * under the explorer URL the network names. The explorer's own query is kept where it is
 * (`https://explorer.solana.com/?cluster=devnet` → `…/address/<address>?cluster=devnet`), and what is
 * appended is one encoded path segment, so an outside value can never change the host or the path above it.
 */
import type { Network } from "./Network.ts"

const parsed = (text: string): URL | undefined => {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}

const pageOf = (network: Network | undefined, kind: "address" | "tx", id: string): string | undefined => {
  const base = parsed(network?.blockExplorers?.default.url ?? "")
  // `.` and `..` (even percent-encoded) are resolved away by any URL (`/address/..` is the explorer's root): no page.
  if (base === undefined || id === "" || id === "." || id === ".." || (base.protocol !== "https:" && base.protocol !== "http:")) return undefined
  const prefix = base.pathname.replace(/^\/+|\/+$/g, "")
  const path = `/${prefix === "" ? "" : `${prefix}/`}${kind}/${encodeURIComponent(id)}`
  return new URL(`${path}${base.search}${base.hash}`, base.origin).toString()
}

/** The explorer's page of an address on `network`; undefined when the network names no explorer. */
export const addressUrl = (network: Network | undefined, address: string): string | undefined => pageOf(network, "address", address)

/** The explorer's page of a transaction (hash or signature) on `network`. */
export const transactionUrl = (network: Network | undefined, id: string): string | undefined => pageOf(network, "tx", id)
