/**
 * What the Solana devnet shares with mainnet, read from the ready configuration a host uses
 * (docs/networks/solana-mainnet.json): the USDC mint's address, and Pyth's price feed accounts with their
 * feed ids and owner. The devnet places its USDC and its price feeds there, so the sandbox's server runs
 * that configuration verbatim with only the endpoints (RPC, Jupiter API) and the cluster id replaced
 * (`sandboxSolanaOptions`).
 */
import type { SolanaOptions } from "../../http/server/ServerOptions.ts"
import solanaMainnet from "../../docs/networks/solana-mainnet.json" with { type: "json" }

export const mainnetSolana: SolanaOptions = solanaMainnet

const usdcMint = mainnetSolana.mints?.find((mint) => mint.symbol === "USDC")
if (usdcMint === undefined) throw new RangeError("docs/networks/solana-mainnet.json names no USDC mint")

/** USDC's mint on mainnet, where the devnet creates its own. */
export const usdc = usdcMint

/**
 * The mainnet configuration for a cluster at `rpcUrl` with id `caipNetworkId`, whose Jupiter API is at
 * `jupiterUrl`: where things are changes, nothing else.
 */
export const sandboxSolanaOptions = (rpcUrl: string, caipNetworkId: string, jupiterUrl: string): SolanaOptions => ({
  ...mainnetSolana,
  rpcUrl,
  caipNetworkId,
  ...(mainnetSolana.jupiter === undefined ? {} : { jupiter: { ...mainnetSolana.jupiter, apiUrl: jupiterUrl } })
})
