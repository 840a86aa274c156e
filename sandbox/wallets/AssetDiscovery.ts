/**
 * EIP-7811 asset discovery for the EVM demo wallet: `wallet_getAssets` answers, per chain, the native
 * coin and the ERC20 tokens it was told about, with balances and metadata read from the chain itself
 * (name, symbol, decimals), so the answer is what the node holds.
 */
import * as Schema from "effect/Schema"
import { createPublicClient, erc20Abi, http, numberToHex, type Address, type Hex } from "viem"
import { sandboxUsdPrices } from "../evm/RealContracts.ts"
import type { EvmWalletChain } from "./EvmWallet.ts"
import { invalidParams } from "./ProviderRpcError.ts"

const HexString = Schema.TemplateLiteral(["0x", Schema.String]).check(Schema.isPattern(/^0x[0-9a-fA-F]*$/))
const AssetType = Schema.Literals(["native", "erc20"])

/** EIP-7811 request: `[{ account, chainFilter?, assetTypeFilter?, assetFilter? }]`. */
export const GetAssetsParams = Schema.Tuple([
  Schema.Struct({
    account: HexString,
    chainFilter: Schema.optionalKey(Schema.Array(HexString)),
    assetTypeFilter: Schema.optionalKey(Schema.Array(Schema.String)),
    assetFilter: Schema.optionalKey(Schema.Record(HexString, Schema.Array(Schema.Struct({ address: Schema.String, type: Schema.String }))))
  })
])
export type GetAssetsRequest = (typeof GetAssetsParams.Type)[0]

export interface DiscoveredAsset {
  readonly address: Hex | "native"
  readonly balance: Hex
  readonly type: typeof AssetType.Type
  readonly metadata: { readonly name: string; readonly symbol: string; readonly decimals: number; readonly price: number }
}

const assetsOn = async (chain: EvmWalletChain, account: Address, tokens: ReadonlyArray<Address>): Promise<ReadonlyArray<DiscoveredAsset>> => {
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  const native = chain.nativeCurrency ?? { name: "Ether", symbol: "ETH", decimals: 18 }
  const nativeAsset: DiscoveredAsset = {
    address: "native",
    balance: numberToHex(await client.getBalance({ address: account })),
    type: "native",
    metadata: { ...native, price: sandboxUsdPrices.native }
  }
  const erc20s = await Promise.all(tokens.map(async (token): Promise<ReadonlyArray<DiscoveredAsset>> => {
    // A token missing on this chain (no code) is simply not held here.
    if ((await client.getCode({ address: token })) === undefined) return []
    const read = <F extends "name" | "symbol" | "decimals">(functionName: F) => client.readContract({ address: token, abi: erc20Abi, functionName })
    const [balance, name, symbol, decimals] = await Promise.all([
      client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [account] }),
      read("name"),
      read("symbol"),
      read("decimals")
    ])
    return balance === 0n ? [] : [{ address: token, balance: numberToHex(balance), type: "erc20", metadata: { name, symbol, decimals, price: sandboxUsdPrices.token } }]
  }))
  return [nativeAsset, ...erc20s.flat()]
}

const wanted = (request: GetAssetsRequest, chainHex: Hex, asset: DiscoveredAsset): boolean => {
  if (request.assetTypeFilter !== undefined && !request.assetTypeFilter.includes(asset.type)) return false
  const filter = request.assetFilter?.[chainHex]
  return filter === undefined || filter.some((entry) => entry.address.toLowerCase() === asset.address.toLowerCase())
}

/** The EIP-7811 answer: chain id (hex) → the account's assets there, filtered as asked. */
export const getAssets = async (
  chains: ReadonlyArray<EvmWalletChain>,
  tokens: ReadonlyArray<Address>,
  request: GetAssetsRequest
): Promise<Record<Hex, ReadonlyArray<DiscoveredAsset>>> => {
  const known = new Map(chains.map((chain) => [numberToHex(chain.chainId), chain]))
  const asked = request.chainFilter?.map((id) => numberToHex(BigInt(id))) ?? [...known.keys()]
  const unknown = asked.find((id) => !known.has(id))
  if (unknown !== undefined) throw invalidParams(`unknown chain ${unknown}`)
  const entries = await Promise.all(asked.map(async (id) => {
    const chain = known.get(id)
    const assets = chain === undefined ? [] : await assetsOn(chain, request.account, tokens)
    return [id, assets.filter((asset) => wanted(request, id, asset))] as const
  }))
  return Object.fromEntries(entries)
}
