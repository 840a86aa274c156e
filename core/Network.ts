/**
 * A network the modal can connect to (spec §3 "Network").
 *
 * Rule: `caipNetworkId` is `chainNamespace:id`, so the three fields can never disagree.
 */
import * as Schema from "effect/Schema"
import { CaipNetworkId, ChainNamespace } from "./Caip.ts"
import * as NetworkLookup from "./NetworkLookup.ts"

export const NativeCurrency = Schema.Struct({
  name: Schema.String,
  symbol: Schema.String,
  decimals: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
})
export type NativeCurrency = typeof NativeCurrency.Type

export const RpcUrlList = Schema.Struct({ http: Schema.Array(Schema.String) })

export const RpcUrls = Schema.Struct({
  default: RpcUrlList,
  chainDefault: Schema.optionalKey(RpcUrlList)
})
export type RpcUrls = typeof RpcUrls.Type

export const BlockExplorer = Schema.Struct({
  name: Schema.String,
  url: Schema.String
})

export const NetworkAssets = Schema.Struct({
  imageId: Schema.optionalKey(Schema.String),
  imageUrl: Schema.optionalKey(Schema.String)
})

/** eip155 ids are numbers (`1`), the other namespaces use strings (a genesis hash for solana). */
export const NetworkReference = Schema.Union([Schema.Int, Schema.NonEmptyString])

export const Network = Schema.Struct({
  id: NetworkReference,
  caipNetworkId: CaipNetworkId,
  chainNamespace: ChainNamespace,
  name: Schema.String,
  testnet: Schema.optionalKey(Schema.Boolean),
  nativeCurrency: NativeCurrency,
  rpcUrls: RpcUrls,
  blockExplorers: Schema.optionalKey(Schema.Struct({ default: BlockExplorer })),
  assets: Schema.optionalKey(NetworkAssets)
}).check(
  Schema.makeFilter((network) =>
    network.caipNetworkId === `${network.chainNamespace}:${network.id}`
      ? undefined
      : { path: ["caipNetworkId"], issue: "caipNetworkId must be chainNamespace:id" }
  )
)
export type Network = typeof Network.Type

/** Spec §5: networks are checked against the supported-chains list before most API calls. */
export const isSupported = (network: Network, supported: ReadonlyArray<string>): boolean =>
  supported.includes(network.caipNetworkId)

/**
 * The networks an account may switch to in the Account view: every configured network of its namespace,
 * or none when there is only the one it is on (nothing to choose).
 */
export const offered = (networks: ReadonlyArray<Network>, namespace: string): ReadonlyArray<Network> => {
  const same = NetworkLookup.ofNamespace(networks, namespace)
  return same.length < 2 ? [] : same
}
