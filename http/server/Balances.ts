/**
 * Reads an address's balances from the configured chains: native and ERC20 through viem, native SOL
 * and SPL tokens through @solana/kit, plus the ERC-20 tokens token discovery finds
 * (explorer/TokenDiscovery.ts; those the token list does not vouch for flagged unverified, with a
 * monogram and no price). Prices come from the Prices service (on-chain oracles); a token without a price
 * keeps its quantity and gets no price or value. Zero balances are left out.
 */
import { address as solanaAddress, createSolanaRpc, getBase64Encoder } from "@solana/kit"
import * as Effect from "effect/Effect"
import { createPublicClient, erc20Abi, formatUnits, http, type Address, type PublicClient } from "viem"
import * as NetworkImage from "../../core/NetworkImage.ts"
import type { TokenBalance } from "../../core/TokenBalance.ts"
import { defaults, type EvmChainOptions, type SolanaOptions } from "./ServerOptions.ts"
import { UpstreamUnavailable } from "../api/ApiError.ts"
import type { TokenDiscovery } from "./explorer/TokenDiscovery.ts"

/** USD price of an asset id (CAIP-10 token id or `<caip2>:native`), undefined when unknown. */
export type PriceSource = (assetId: string) => number | undefined

/** The price and USD value of `numeric` units of an asset; nothing when the asset has no price. */
export const priced = (prices: PriceSource, assetId: string, numeric: string) => {
  const price = prices(assetId)
  return price === undefined ? {} : { price, value: Number(numeric) * price }
}

interface Holding {
  readonly name: string
  readonly symbol: string
  readonly chainId: string
  readonly assetId: string
  /** CAIP-10 of the token; undefined for the native currency. */
  readonly tokenAddress: string | undefined
  readonly amount: bigint
  readonly decimals: number
  /** False for a discovered token the host's token list does not vouch for. */
  readonly verified: boolean
}

interface Currency {
  readonly name: string
  readonly symbol: string
  readonly decimals: number
}

const nativeHolding = (chainId: string, currency: Currency, amount: bigint): Holding => ({
  name: currency.name,
  symbol: currency.symbol,
  chainId,
  assetId: `${chainId}:native`,
  tokenAddress: undefined,
  amount,
  decimals: currency.decimals,
  verified: true
})

/** A configured token (ERC20 or SPL mint): its asset id and token address are both its CAIP-10 id. */
const tokenHolding = (chainId: string, token: Currency & { readonly address: string }, amount: bigint, verified = true): Holding => ({
  name: token.name,
  symbol: token.symbol,
  chainId,
  assetId: `${chainId}:${token.address}`,
  tokenAddress: `${chainId}:${token.address}`,
  amount,
  decimals: token.decimals,
  verified
})

/** A token's icon, served by ImageHandlers under the server's image base. */
export const tokenImageUrl = (imageBase: string, symbol: string): string =>
  `${imageBase}/public/getTokenImage/${encodeURIComponent(symbol)}`

/**
 * An unverified token's icon: an asset id nothing is drawn for (a 404), so the modal draws the symbol's
 * monogram itself. Never its symbol: it would borrow a listed token's image, or a network's artwork.
 */
export const unverifiedImageUrl = (imageBase: string): string => `${imageBase}/public/getAssetImage/unverified-token`

/** A native currency's icon: our artwork when we draw its symbol (NetworkImage.nativeAssets), else the token image. */
export const nativeImageUrl = (imageBase: string, symbol: string): string =>
  Object.hasOwn(NetworkImage.nativeAssets, symbol) ? `${imageBase}/public/getAssetImage/${symbol}` : tokenImageUrl(imageBase, symbol)

const toEntry = (holding: Holding, prices: ReadonlyMap<string, number>, imageBase: string): TokenBalance => {
  const numeric = formatUnits(holding.amount, holding.decimals)
  return {
    name: holding.name,
    symbol: holding.symbol,
    chainId: holding.chainId,
    ...(holding.tokenAddress === undefined ? {} : { address: holding.tokenAddress }),
    ...(holding.verified ? priced((assetId) => prices.get(assetId), holding.assetId, numeric) : {}),
    quantity: { decimals: String(holding.decimals), numeric },
    iconUrl: !holding.verified
      ? unverifiedImageUrl(imageBase)
      : holding.tokenAddress === undefined ? nativeImageUrl(imageBase, holding.symbol) : tokenImageUrl(imageBase, holding.symbol),
    ...(holding.verified ? {} : { flags: { verified: false } })
  }
}

export interface BalanceReader {
  /** CAIP-2 ids this reader can answer for, in configuration order. */
  readonly chains: ReadonlyArray<string>
  readonly read: (chainId: string, address: string, imageBase: string) => Effect.Effect<ReadonlyArray<TokenBalance>, UpstreamUnavailable>
}

const upstream = (chainId: string) => () => new UpstreamUnavailable({ message: `Could not read balances on ${chainId}` })

const evmReader = (chain: EvmChainOptions) => {
  const chainId = `eip155:${chain.chainId}`
  const client: PublicClient = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 1 }) })
  const native = chain.nativeCurrency ?? defaults.nativeCurrency
  const tokens = chain.tokens ?? []
  return {
    chainId,
    read: async (owner: string): Promise<ReadonlyArray<Holding>> => {
      const account = owner as Address
      const [nativeAmount, ...tokenAmounts] = await Promise.all([
        client.getBalance({ address: account }),
        ...tokens.map((token) =>
          client.readContract({ address: token.address as Address, abi: erc20Abi, functionName: "balanceOf", args: [account] })
        )
      ])
      return [
        nativeHolding(chainId, native, nativeAmount),
        ...tokens.map((token, index) => tokenHolding(chainId, token, tokenAmounts[index] ?? 0n))
      ]
    }
  }
}

/** SPL token account layout: mint (32 bytes), owner (32), then the amount as a little-endian u64. */
const splAmountOffset = 64

const solanaReader = (solana: SolanaOptions) => {
  const rpc = createSolanaRpc(solana.rpcUrl)
  const chainId = solana.caipNetworkId
  const base64 = getBase64Encoder()
  const mints = solana.mints ?? []
  return {
    chainId,
    read: async (owner: string): Promise<ReadonlyArray<Holding>> => {
      const account = solanaAddress(owner)
      const [lamports, ...tokenAccounts] = await Promise.all([
        rpc.getBalance(account).send(),
        ...mints.map((mint) =>
          rpc.getTokenAccountsByOwner(account, { mint: solanaAddress(mint.address) }, { encoding: "base64" }).send()
        )
      ])
      const amountOf = (accounts: (typeof tokenAccounts)[number] | undefined): bigint =>
        (accounts?.value ?? []).reduce((sum, { account: tokenAccount }) => {
          const bytes = base64.encode(tokenAccount.data[0])
          return sum + new DataView(bytes.buffer, bytes.byteOffset).getBigUint64(splAmountOffset, true)
        }, 0n)
      return [
        nativeHolding(chainId, { name: "Solana", symbol: "SOL", decimals: 9 }, lamports?.value ?? 0n),
        ...mints.map((mint, index) => tokenHolding(chainId, mint, amountOf(tokenAccounts[index])))
      ]
    }
  }
}

/** The prices a balance answer needs (the Prices service's lookup): the assets that have one now. */
export type PriceLookup = (assetIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyMap<string, number>, UpstreamUnavailable>

/** The tokens discovery found beyond the configured ones (none on Solana). */
const discovered = (discovery: TokenDiscovery | undefined, chainId: string, address: string): Effect.Effect<ReadonlyArray<Holding>, UpstreamUnavailable> =>
  discovery === undefined || !chainId.startsWith("eip155:")
    ? Effect.succeed([])
    : Effect.map(discovery.discover(chainId, address), (found) =>
      found.map(({ contract, token, amount }) => tokenHolding(chainId, { ...token, address: contract }, amount, token.verified)))

export const makeBalanceReader = (
  evm: ReadonlyArray<EvmChainOptions>,
  solana: SolanaOptions | undefined,
  prices: PriceLookup,
  discovery?: TokenDiscovery
): BalanceReader => {
  const readers = new Map(
    [...evm.map(evmReader), ...(solana === undefined ? [] : [solanaReader(solana)])].map((reader) => [reader.chainId, reader])
  )
  return {
    chains: [...readers.keys()],
    read: (chainId, address, imageBase) => {
      const reader = readers.get(chainId)
      if (reader === undefined) return Effect.succeed([])
      return Effect.all([Effect.tryPromise({ try: () => reader.read(address), catch: upstream(chainId) }), discovered(discovery, chainId, address)], { concurrency: 2 }).pipe(
        Effect.flatMap(([read, found]) => {
          const holdings = [...read, ...found].filter((holding) => holding.amount > 0n)
          return Effect.map(prices(holdings.map((holding) => holding.assetId)), (usd) => holdings.map((holding) => toEntry(holding, usd, imageBase)))
        })
      )
    }
  }
}

/** Fungible metadata for /v1/fungible/price: every configured asset by its CAIP-10 id (or `<caip2>:native`). */
export interface FungibleInfo {
  readonly name: string
  readonly symbol: string
}

export const fungibleCatalogue = (
  evm: ReadonlyArray<EvmChainOptions>,
  solana: SolanaOptions | undefined
): ReadonlyMap<string, FungibleInfo> => {
  const entries: Array<[string, FungibleInfo]> = []
  for (const chain of evm) {
    const chainId = `eip155:${chain.chainId}`
    const native = chain.nativeCurrency ?? defaults.nativeCurrency
    entries.push([`${chainId}:native`.toLowerCase(), native])
    for (const token of chain.tokens ?? []) entries.push([`${chainId}:${token.address}`.toLowerCase(), token])
  }
  if (solana !== undefined) {
    entries.push([`${solana.caipNetworkId}:native`.toLowerCase(), { name: "Solana", symbol: "SOL" }])
    for (const mint of solana.mints ?? []) entries.push([`${solana.caipNetworkId}:${mint.address}`.toLowerCase(), mint])
  }
  return new Map(entries)
}
