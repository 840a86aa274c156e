/**
 * docs/networks/ holds ready configurations for Ethereum, Base, Arbitrum, Optimism and Polygon that the
 * server's options accept as they are, every address checksummed; and the sandbox API server's
 * configuration of each devnet is one of them verbatim, with only the chain id and RPC URL replaced (the
 * sandbox adds its NFT collections, which no real chain has).
 */
import { readFileSync } from "node:fs"
import * as Schema from "effect/Schema"
import { getAddress } from "viem"
import { arbitrum, base, mainnet, optimism, polygon } from "viem/chains"
import { describe, expect, it } from "vitest"
import { EvmChainOptions } from "../../http/server/ServerOptions.ts"
import { evmChainSpecs, sandboxServerEvm } from "../../sandbox/evm/NetworkShapes.ts"
import { sandboxCollections } from "../../sandbox/evm/SandboxContracts.ts"

const networks = { ethereum: mainnet, base, arbitrum, optimism, polygon } as const

const fileOf = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../docs/networks/${name}.json`, import.meta.url), "utf8"))

/** Every string in the value that looks like an EVM address. */
const addressesIn = (value: unknown): ReadonlyArray<string> =>
  typeof value === "string"
    ? (/^0x[0-9a-fA-F]{40}$/.test(value) ? [value] : [])
    : Array.isArray(value)
    ? value.flatMap(addressesIn)
    : typeof value === "object" && value !== null
    ? Object.values(value).flatMap(addressesIn)
    : []

describe("docs/networks", () => {
  it("gives each network a configuration the server accepts, for viem's chain id and currency, with checksummed addresses", () => {
    for (const [name, chain] of Object.entries(networks)) {
      const file = fileOf(name)
      const decoded = Schema.decodeUnknownSync(EvmChainOptions)(file)
      expect(decoded.chainId).toBe(chain.id)
      expect(decoded.nativeCurrency).toEqual(chain.nativeCurrency)
      expect(decoded.priceFeeds?.some((feed) => feed.asset === "native")).toBe(true)
      for (const address of addressesIn(file)) expect(getAddress(address)).toBe(address)
      // Every feed prices an asset the file configures.
      const assets = new Set(["native", ...(decoded.tokens ?? []).map((token) => token.address)])
      for (const feed of decoded.priceFeeds ?? []) expect(assets.has(feed.asset)).toBe(true)
    }
    // ENS lives on Ethereum, at the Universal Resolver viem's mainnet definition names.
    expect(Schema.decodeUnknownSync(EvmChainOptions)(fileOf("ethereum")).ens?.universalResolver.toLowerCase()).toBe(mainnet.contracts.ensUniversalResolver.address)
  })

  it("configures the sandbox's devnets with the Ethereum and Base files verbatim, only the chain id and RPC URL replaced", () => {
    const rpcUrls = ["http://127.0.0.1:1111", "http://127.0.0.1:2222"]
    const served = sandboxServerEvm(rpcUrls)
    expect(evmChainSpecs.map((spec) => spec.chainId)).toEqual([31337, 31338])
    for (const [index, name] of ["ethereum", "base"].entries()) {
      const { collections, ...options } = served[index] ?? { collections: undefined }
      expect(collections).toEqual(sandboxCollections)
      expect(options).toEqual({ ...(fileOf(name) as object), chainId: evmChainSpecs[index]?.chainId, rpcUrl: rpcUrls[index] })
    }
  })
})
