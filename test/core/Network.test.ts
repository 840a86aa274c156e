import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import * as Network from "../../core/Network.ts"

const local = {
  id: 31337,
  caipNetworkId: "eip155:31337",
  chainNamespace: "eip155",
  name: "Portico Local",
  testnet: true,
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } },
  blockExplorers: { default: { name: "Local", url: "http://127.0.0.1:5173/explorer" } },
  assets: { imageId: "eth" }
} as const

const solana = {
  id: "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  caipNetworkId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  chainNamespace: "solana",
  name: "Solana",
  nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
  rpcUrls: { default: { http: ["http://127.0.0.1:8899"] }, chainDefault: { http: [] } }
} as const

describe("Network", () => {
  const is = Schema.is(Network.Network)

  it("decodes eip155 (numeric id) and solana (string id) networks", () => {
    assert.isTrue(is(local))
    assert.isTrue(is(solana))
    assert.deepStrictEqual(Schema.decodeUnknownSync(Network.Network)(local), local)
  })

  it("caipNetworkId must be chainNamespace:id", () => {
    assert.isFalse(is({ ...local, caipNetworkId: "eip155:1" }))
    assert.isFalse(is({ ...local, chainNamespace: "solana" }))
    assert.isFalse(is({ ...solana, id: "other" }))
  })

  it("rejects an unknown namespace, a malformed CAIP id, negative decimals or missing rpc urls", () => {
    assert.isFalse(is({ ...local, chainNamespace: "tron", caipNetworkId: "tron:31337" }))
    assert.isFalse(is({ ...local, caipNetworkId: "eip155" }))
    assert.isFalse(is({ ...local, nativeCurrency: { ...local.nativeCurrency, decimals: -1 } }))
    const { rpcUrls: _rpc, ...noRpc } = local
    assert.isFalse(is(noRpc))
  })

  it("isSupported checks the network against the supported-chains list", () => {
    const network = Schema.decodeUnknownSync(Network.Network)(local)
    assert.isTrue(Network.isSupported(network, ["eip155:1", "eip155:31337"]))
    assert.isFalse(Network.isSupported(network, ["eip155:1"]))
  })
})
