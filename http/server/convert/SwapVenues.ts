/**
 * The convert API (spec §7) over the swap routers the server is configured with, one per EVM chain
 * (`swapRouter` in the chain's options). Quotes come from the router's reserves and the constant-product
 * formula (core/swap/Quote.ts); allowances and gas prices are read on chain; built transactions call the
 * router with a minimum output from the slippage and a deadline. Tokens are CAIP-10 ids; Ether is
 * `0xeeee…eeee` as the convert API writes it. Every refusal is a 400 naming the field, or the spec's
 * 'Network not supported for Swaps' / 'Network not supported for Gas Price'.
 */
import * as Effect from "effect/Effect"
import { createPublicClient, encodeFunctionData, erc20Abi, getAddress, http, isAddress, maxUint256, type Address, type PublicClient } from "viem"
import * as Quote from "../../../core/swap/Quote.ts"
import { BadRequest, UpstreamUnavailable } from "../../api/ApiError.ts"
import { Allowance, BuiltTransaction, ConvertQuotes, ConvertTokens, GasPrice } from "../../api/BlockchainApi.ts"
import { tokenImageUrl } from "../Balances.ts"
import type { EvmChainOptions } from "../ServerOptions.ts"
import { routerNative, swapRouterAbi } from "./SwapRouterAbi.ts"

/** Ether in the convert API's CAIP-10 ids. */
export const nativeToken = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"
/** The router's fee: 0.3 %. */
const feeBps = 30n
/** A built swap must be mined within this many seconds. */
const deadlineSeconds = 20 * 60

interface Venue {
  readonly chainId: string
  readonly router: Address
  readonly client: PublicClient
  readonly tokens: ReadonlyArray<{ readonly address: Address; readonly symbol: string; readonly name: string; readonly decimals: number }>
}

export const notSupportedForSwaps = () => new BadRequest({ message: "Network not supported for Swaps" })
const notSupportedForGas = () => new BadRequest({ message: "Network not supported for Gas Price" })
const upstream = (chainId: string) => () => new UpstreamUnavailable({ message: `Could not read the swap router on ${chainId}` })

/** A parsed CAIP-10 token id on a swap venue. */
interface TokenRef {
  readonly venue: Venue
  /** The router's address for it (Ether: the zero address). */
  readonly router: Address
  readonly native: boolean
}

const accountOf = (field: string, id: string): Effect.Effect<Address, BadRequest> => {
  const raw = id.split(":").at(-1) ?? ""
  return isAddress(raw, { strict: false }) ? Effect.succeed(getAddress(raw)) : Effect.fail(new BadRequest({ message: `${field}: must be an EVM address or its CAIP-10 id` }))
}

const amountOf = (value: string): Effect.Effect<bigint, BadRequest> =>
  /^[1-9]\d{0,77}$/.test(value) ? Effect.succeed(BigInt(value)) : Effect.fail(new BadRequest({ message: "amount: must be a positive whole number of base units" }))

const ppmAsPercent = (ppm: bigint) => (Number(ppm) / 10_000).toFixed(4).replace(/\.?0+$/, "")

export interface SwapVenues {
  readonly tokens: (chainId: string, imageBase: string) => Effect.Effect<ConvertTokens, BadRequest>
  readonly quotes: (query: { readonly amount: string; readonly from: string; readonly to: string; readonly userAddress: string }) => Effect.Effect<ConvertQuotes, BadRequest | UpstreamUnavailable>
  readonly allowance: (query: { readonly tokenAddress: string; readonly userAddress: string }) => Effect.Effect<Allowance, BadRequest | UpstreamUnavailable>
  readonly gasPrice: (chainId: string) => Effect.Effect<GasPrice, BadRequest | UpstreamUnavailable>
  readonly buildApprove: (query: { readonly userAddress: string; readonly from: string; readonly to: string; readonly amount?: string }) => Effect.Effect<BuiltTransaction, BadRequest>
  readonly buildTransaction: (request: {
    readonly amount: string
    readonly from: string
    readonly to: string
    readonly userAddress: string
    readonly eip155?: { readonly slippage: string }
    readonly disableEstimate?: boolean
  }, nowSeconds: number) => Effect.Effect<BuiltTransaction, BadRequest | UpstreamUnavailable>
}

export const make = (evm: ReadonlyArray<EvmChainOptions>): SwapVenues => {
  const venues = new Map<string, Venue>(
    evm.flatMap((chain): ReadonlyArray<[string, Venue]> => {
      if (chain.swapRouter === undefined || !isAddress(chain.swapRouter)) return []
      const chainId = `eip155:${chain.chainId}`
      return [[chainId, {
        chainId,
        router: getAddress(chain.swapRouter),
        client: createPublicClient({ transport: http(chain.rpcUrl, { timeout: 10_000 }) }),
        tokens: (chain.tokens ?? []).flatMap((token) => (isAddress(token.address) ? [{ ...token, address: getAddress(token.address) }] : []))
      }]]
    })
  )

  const venueOf = (chainId: string) => {
    const venue = venues.get(chainId)
    return venue === undefined ? Effect.fail(notSupportedForSwaps()) : Effect.succeed(venue)
  }

  /** `eip155:<chain>:<address>` → the venue and the router's address for the token. */
  const tokenOf = (field: string, id: string): Effect.Effect<TokenRef, BadRequest> => {
    const parts = id.split(":")
    const [namespace, reference, raw] = parts
    if (parts.length !== 3 || namespace !== "eip155" || reference === undefined || raw === undefined || !isAddress(raw, { strict: false })) {
      return Effect.fail(new BadRequest({ message: `${field}: must be a CAIP-10 token id (eip155:<chain>:0x…)` }))
    }
    return Effect.flatMap(venueOf(`eip155:${reference}`), (venue): Effect.Effect<TokenRef, BadRequest> => {
      if (raw.toLowerCase() === nativeToken) return Effect.succeed({ venue, router: routerNative, native: true })
      const token = venue.tokens.find((candidate) => candidate.address.toLowerCase() === raw.toLowerCase())
      return token === undefined
        ? Effect.fail(new BadRequest({ message: `${field}: ${raw} is not a swappable token on ${venue.chainId}` }))
        : Effect.succeed({ venue, router: token.address, native: false })
    })
  }

  const pair = (from: string, to: string) =>
    Effect.gen(function*() {
      const tokenIn = yield* tokenOf("from", from)
      const tokenOut = yield* tokenOf("to", to)
      if (tokenIn.venue !== tokenOut.venue) return yield* new BadRequest({ message: "to: must be on the same network as from" })
      if (tokenIn.router === tokenOut.router) return yield* new BadRequest({ message: "to: must differ from from" })
      return { venue: tokenIn.venue, tokenIn, tokenOut }
    })

  /** The pool's reserves for the pair; a pair the router does not list is a 400 naming `to`. */
  const reserves = (venue: Venue, tokenIn: Address, tokenOut: Address) =>
    Effect.tryPromise({
      try: () => venue.client.readContract({ address: venue.router, abi: swapRouterAbi, functionName: "getReserves", args: [tokenIn, tokenOut] }),
      catch: (cause) =>
        String(cause).includes("UnknownPair")
          ? new BadRequest({ message: "to: there is no pool for this pair on this network" })
          : upstream(venue.chainId)()
    })

  const quoteOf = (amount: string, from: string, to: string) =>
    Effect.gen(function*() {
      const { venue, tokenIn, tokenOut } = yield* pair(from, to)
      const amountIn = yield* amountOf(amount)
      const [reserveIn, reserveOut] = yield* reserves(venue, tokenIn.router, tokenOut.router)
      const out = Quote.amountOut(amountIn, reserveIn, reserveOut, feeBps)
      if (out === 0n) return yield* new BadRequest({ message: "amount: too small for this pool to return anything" })
      return { venue, tokenIn, tokenOut, amountIn, out, impact: Quote.priceImpactPpm(amountIn, out, reserveIn, reserveOut) }
    })

  return {
    tokens: (chainId, imageBase) =>
      Effect.map(venueOf(chainId), (venue) =>
        new ConvertTokens({
          tokens: [
            { name: "Ether", symbol: "ETH", address: `${venue.chainId}:${nativeToken}`, decimals: 18, logoUri: tokenImageUrl(imageBase, "ETH") },
            ...venue.tokens.map((token) => ({
              name: token.name,
              symbol: token.symbol,
              address: `${venue.chainId}:${token.address}`,
              decimals: token.decimals,
              logoUri: tokenImageUrl(imageBase, token.symbol)
            }))
          ]
        })),

    quotes: ({ amount, from, to, userAddress }) =>
      Effect.gen(function*() {
        const account = yield* accountOf("userAddress", userAddress)
        const quote = yield* quoteOf(amount, from, to)
        return new ConvertQuotes({
          quotes: [{
            id: null,
            fromAmount: quote.amountIn.toString(),
            fromAccount: from,
            toAmount: quote.out.toString(),
            toAccount: to,
            priceImpact: ppmAsPercent(quote.impact),
            fee: ppmAsPercent(feeBps * 100n),
            route: [from, to],
            userAddress: account
          }]
        })
      }),

    allowance: ({ tokenAddress, userAddress }) =>
      Effect.gen(function*() {
        const token = yield* tokenOf("tokenAddress", tokenAddress)
        const owner = yield* accountOf("userAddress", userAddress)
        // Ether needs no approval: everything is allowed.
        if (token.native) return new Allowance({ allowance: maxUint256.toString() })
        const allowance = yield* Effect.tryPromise({
          try: () => token.venue.client.readContract({ address: token.router, abi: erc20Abi, functionName: "allowance", args: [owner, token.venue.router] }),
          catch: upstream(token.venue.chainId)
        })
        return new Allowance({ allowance: allowance.toString() })
      }),

    gasPrice: (chainId) =>
      Effect.gen(function*() {
        const venue = venues.get(chainId)
        if (venue === undefined) return yield* notSupportedForGas()
        const price = yield* Effect.tryPromise({ try: () => venue.client.getGasPrice(), catch: upstream(chainId) })
        return new GasPrice({ standard: price.toString(), fast: ((price * 5n) / 4n).toString(), instant: ((price * 3n) / 2n).toString() })
      }),

    buildApprove: ({ userAddress, from, amount }) =>
      Effect.gen(function*() {
        const token = yield* tokenOf("from", from)
        const owner = yield* accountOf("userAddress", userAddress)
        if (token.native) return yield* new BadRequest({ message: "from: Ether needs no approval" })
        // The exact amount when given, so a visitor never grants more than the swap needs.
        const value = amount === undefined ? maxUint256 : yield* amountOf(amount)
        return new BuiltTransaction({
          tx: {
            from: owner,
            to: token.router,
            data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [token.venue.router, value] }),
            amount: "0"
          }
        })
      }),

    buildTransaction: (request, nowSeconds) =>
      Effect.gen(function*() {
        const account = yield* accountOf("userAddress", request.userAddress)
        const slippage = Quote.percentToPpm(request.eip155?.slippage ?? "1")
        if (slippage === undefined) return yield* new BadRequest({ message: "eip155.slippage: must be a percentage from 0 to under 50" })
        const quote = yield* quoteOf(request.amount, request.from, request.to)
        const data = encodeFunctionData({
          abi: swapRouterAbi,
          functionName: "swap",
          args: [quote.tokenIn.router, quote.tokenOut.router, quote.amountIn, Quote.minimumOut(quote.out, slippage), account, BigInt(nowSeconds + deadlineSeconds)]
        })
        const value = quote.tokenIn.native ? quote.amountIn : 0n
        const tx = { from: account, to: quote.venue.router, data, amount: value.toString() }
        if (request.disableEstimate === true) return new BuiltTransaction({ tx })
        const { client } = quote.venue
        const [gas, gasPrice] = yield* Effect.tryPromise({
          try: () => Promise.all([client.estimateGas({ account, to: quote.venue.router, data, value }), client.getGasPrice()]),
          // The node refuses the swap as it stands (allowance short, balance short): the wallet will say why.
          catch: () => new BadRequest({ message: "amount: the swap would fail as it stands (allowance or balance too low); approve first or use disableEstimate" })
        })
        return new BuiltTransaction({ tx: { ...tx, eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() } } })
      })
  }
}
