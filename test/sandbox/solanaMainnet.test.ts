/**
 * docs/networks/solana-mainnet.json is a configuration the server accepts as it is, its Pyth feed accounts
 * are the push oracle's accounts for their feed ids (shard 0, derived here from Pyth's program), and the
 * sandbox runs it verbatim but for the RPC URL and the cluster id.
 */
import { address, getProgramDerivedAddress } from "@solana/kit"
import { hexToBytes } from "@noble/hashes/utils"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import solanaMainnet from "../../docs/networks/solana-mainnet.json" with { type: "json" }
import { SolanaOptions } from "../../http/server/ServerOptions.ts"
import { receiverProgram } from "../../http/server/solana/PythPrices.ts"
import { mainnetSolana, sandboxSolanaOptions } from "../../sandbox/solana/MainnetShape.ts"

/** Pyth's push oracle program, whose PDAs (shard id, feed id) are the feed accounts. */
const pushOracle = address("pythWSnswVUd12oZpeFP8e9CVaEqJg25g1Vtc2biRsT")

describe("Solana mainnet's ready configuration", () => {
  it("is a configuration the server accepts, naming Solana mainnet, USDC's mint and Pyth's receiver", () => {
    const decoded = Schema.decodeUnknownSync(SolanaOptions)(solanaMainnet)
    expect(decoded.caipNetworkId).toBe("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")
    expect(decoded.mints).toContainEqual({ address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", symbol: "USDC", name: "USD Coin", decimals: 6 })
    expect(decoded.pyth?.receiverProgram).toBe(receiverProgram)
    expect(decoded.pyth?.feeds.map((feed) => feed.asset)).toEqual(["native", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"])
  })

  it("names each Pyth feed by the push oracle's account for its feed id", async () => {
    for (const feed of mainnetSolana.pyth?.feeds ?? []) {
      const [derived] = await getProgramDerivedAddress({ programAddress: pushOracle, seeds: [new Uint8Array([0, 0]), hexToBytes(feed.feedId.replace(/^0x/, ""))] })
      expect(derived).toBe(feed.account)
    }
  })

  it("runs in the sandbox verbatim, but for the endpoints (RPC, Jupiter API) and the cluster id", () => {
    const sandbox = sandboxSolanaOptions("http://127.0.0.1:8899", "solana:J9Lv6quX2x5LmewmhGm2uPGJ1UDE4oBy", "http://127.0.0.1:8899/jupiter/swap/v1")
    expect(sandbox).toEqual({
      ...solanaMainnet,
      rpcUrl: "http://127.0.0.1:8899",
      caipNetworkId: "solana:J9Lv6quX2x5LmewmhGm2uPGJ1UDE4oBy",
      jupiter: { ...solanaMainnet.jupiter, apiUrl: "http://127.0.0.1:8899/jupiter/swap/v1" }
    })
  })
})
