import { describe, expect, it } from "vitest"
import * as Schema from "effect/Schema"
import { base, mainnet, sepolia } from "viem/chains"
import * as Config from "../../core/Config.ts"
import * as Network from "../../core/Network.ts"
import * as NetworkInput from "../../core/NetworkInput.ts"

describe("networks a host passes", () => {
  it("takes viem chain objects as they are and turns them into valid Portico networks", () => {
    const inputs: ReadonlyArray<NetworkInput.NetworkInput> = [mainnet, base, sepolia]
    const networks = inputs.map(NetworkInput.toNetwork)
    expect(networks.map((network) => network.caipNetworkId)).toEqual(["eip155:1", "eip155:8453", "eip155:11155111"])
    for (const network of networks) expect(Schema.is(Network.Network)(network)).toBe(true)
    expect(networks[0]?.rpcUrls.default.http).toEqual([...mainnet.rpcUrls.default.http])
    expect(networks[0]?.blockExplorers?.default.url).toBe(mainnet.blockExplorers.default.url)
    expect(networks[2]?.testnet).toBe(true)
  })

  it("the Solana presets are valid networks on their clusters' CAIP-2 ids", () => {
    for (const preset of [NetworkInput.solanaMainnet, NetworkInput.solanaDevnet, NetworkInput.solanaTestnet]) {
      expect(Schema.is(Network.Network)(preset)).toBe(true)
      expect(NetworkInput.toNetwork(preset)).toBe(preset)
    }
    expect(NetworkInput.solanaMainnet.caipNetworkId).toBe("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")
  })

  it("a configuration mixing both resolves to Portico networks in the host's order", () => {
    const resolved = Config.resolve({
      projectId: "p",
      networks: [base, NetworkInput.solanaMainnet, mainnet],
      metadata: { name: "n", description: "d", url: "https://d.example", icons: [] }
    })
    expect(resolved.networks.map((network) => network.caipNetworkId)).toEqual(["eip155:8453", NetworkInput.solanaMainnet.caipNetworkId, "eip155:1"])
  })
})
