/**
 * The convert API (spec §7) over each EVM chain's swap venues (SwapVenues.ts): the best quote among the
 * configured Uniswap v2 routers and v3 fee tiers, allowances and exact approvals for the router that
 * quotes best, and the swap transaction with a slippage minimum and a 20-minute deadline. Tokens are
 * CAIP-10 ids, Ether `0xeeee…eeee` as the convert API writes it. Refusals are a 400 naming the field, or the
 * spec's 'Network not supported for Swaps' / 'Network not supported for Gas Price'; an RPC that fails is a
 * 502 the client retries.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { createPublicClient, encodeFunctionData, erc20Abi, getAddress, http, isAddress, maxUint256, type Address } from "viem"
import * as Caip from "../../../core/Caip.ts"
import * as Quote from "../../../core/swap/Quote.ts"
import { BadRequest, UpstreamUnavailable } from "../../api/ApiError.ts"
import { Allowance, BuiltTransaction, ConvertQuotes, ConvertTokens, GasPrice } from "../../api/BlockchainApi.ts"
import { tokenImageUrl } from "../Balances.ts"
import { contractRead, isRpcOutage } from "../ChainCalls.ts"
import type { EvmChainOptions } from "../ServerOptions.ts"
import { swapCall } from "./SwapCalls.ts"
import { bestQuote, chainVenues, type BestQuote, type ChainVenues } from "./SwapVenues.ts"

/** Ether in the convert API's CAIP-10 ids. */
export const nativeToken = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"
/** A built swap must be mined within this many seconds. */
const deadlineSeconds = 20 * 60

interface Chain extends ChainVenues {
  readonly tokens: ReadonlyArray<{ readonly address: Address; readonly symbol: string; readonly name: string; readonly decimals: number }>
}

/** A CAIP-10 token id on a chain with venues: its address for the venues (Ether: the wrapped token). */
interface TokenRef {
  readonly chain: Chain
  readonly address: Address
  readonly native: boolean
}

export const notSupportedForSwaps = () => new BadRequest({ message: "Network not supported for Swaps" })
const notSupportedForGas = () => new BadRequest({ message: "Network not supported for Gas Price" })
const noPool = () => new BadRequest({ message: "to: there is no pool for this pair on this network" })

const ppmAsPercent = (ppm: bigint) => (Number(ppm) / 10_000).toFixed(4).replace(/\.?0+$/, "")

const accountOf = (field: string, id: string): Effect.Effect<Address, BadRequest> => {
  const invalid = new BadRequest({ message: `${field}: must be an EVM address or its CAIP-10 id` })
  const raw = isAddress(id, { strict: false }) ? Effect.succeed(id) : Effect.map(Effect.mapError(Caip.parseAddress(id), () => invalid), (parsed) => parsed.address)
  return Effect.flatMap(raw, (address) => (isAddress(address, { strict: false }) ? Effect.succeed(getAddress(address)) : Effect.fail(invalid)))
}

const amountOf = (value: string): Effect.Effect<bigint, BadRequest> =>
  /^[1-9]\d{0,77}$/.test(value) ? Effect.succeed(BigInt(value)) : Effect.fail(new BadRequest({ message: "amount: must be a positive whole number of base units" }))

/** How much of the token `spender` may move for `owner`; a token that refuses the call allows nothing. */
const allowanceFor = (token: TokenRef, owner: Address, spender: Address) =>
  Effect.map(
    contractRead(`the allowance of ${token.address} on ${token.chain.chainId}`, () =>
      token.chain.client.readContract({ address: token.address, abi: erc20Abi, functionName: "allowance", args: [owner, spender] })),
      Option.getOrElse(() => 0n)
  )

/** The convert API's answer for the best quote. */
const quoteAnswer = (best: BestQuote, request: SwapRequest, amountIn: bigint, account: Address) =>
  new ConvertQuotes({
    quotes: [{
      id: null,
      fromAmount: amountIn.toString(),
      fromAccount: request.from,
      toAmount: best.amountOut.toString(),
      toAccount: request.to,
      priceImpact: ppmAsPercent(best.impactPpm),
      fee: ppmAsPercent(best.feePpm),
      route: [request.from, request.to],
      userAddress: account
    }]
  })

export interface SwapRequest {
  readonly amount: string
  readonly from: string
  readonly to: string
  readonly userAddress: string
}

export class Swaps extends Context.Service<Swaps, {
  /** The networks (CAIP-2) with venues, in configuration order. */
  readonly chains: ReadonlyArray<string>
  readonly tokens: (chainId: string, imageBase: string) => Effect.Effect<ConvertTokens, BadRequest>
  readonly quotes: (query: SwapRequest) => Effect.Effect<ConvertQuotes, BadRequest | UpstreamUnavailable>
  /** The allowance for the router that quotes `to` and `amount` best; without them, the least any router has. */
  readonly allowance: (query: { readonly tokenAddress: string; readonly userAddress: string; readonly to?: string; readonly amount?: string }) => Effect.Effect<Allowance, BadRequest | UpstreamUnavailable>
  readonly gasPrice: (chainId: string) => Effect.Effect<GasPrice, BadRequest | UpstreamUnavailable>
  readonly buildApprove: (query: Omit<SwapRequest, "amount"> & { readonly amount?: string }) => Effect.Effect<BuiltTransaction, BadRequest | UpstreamUnavailable>
  readonly buildTransaction: (request: SwapRequest & { readonly eip155?: { readonly slippage: string }; readonly disableEstimate?: boolean }) => Effect.Effect<BuiltTransaction, BadRequest | UpstreamUnavailable>
}>()("portico/http/server/convert/Swaps") {}

export const make = (evm: ReadonlyArray<EvmChainOptions>): Swaps["Service"] => {
  const chains = new Map<string, Chain>(
    evm.flatMap((options): ReadonlyArray<[string, Chain]> => {
      const venues = chainVenues(options, createPublicClient({ transport: http(options.rpcUrl, { retryCount: 1, timeout: 10_000 }) }))
      if (venues === undefined) return []
      const tokens = (options.tokens ?? []).flatMap((token) => (isAddress(token.address) ? [{ ...token, address: getAddress(token.address) }] : []))
      return [[venues.chainId, { ...venues, tokens }]]
    })
  )

  const chainOf = (chainId: string) => {
    const chain = chains.get(chainId)
    return chain === undefined ? Effect.fail(notSupportedForSwaps()) : Effect.succeed(chain)
  }

  /** `eip155:<chain>:<address>` → the chain and the venues' address for the token. */
  const tokenOf = (field: string, id: string): Effect.Effect<TokenRef, BadRequest> =>
    Effect.gen(function*() {
      const parsed = yield* Effect.mapError(Caip.parseAddress(id), () => new BadRequest({ message: `${field}: must be a CAIP-10 token id (eip155:<chain>:0x…)` }))
      if (parsed.namespace !== "eip155" || !isAddress(parsed.address, { strict: false })) {
        return yield* new BadRequest({ message: `${field}: must be a CAIP-10 token id (eip155:<chain>:0x…)` })
      }
      const chain = yield* chainOf(Caip.networkIdOf(parsed))
      if (parsed.address.toLowerCase() === nativeToken) return { chain, address: chain.wrappedNative, native: true }
      const token = chain.tokens.find((candidate) => candidate.address.toLowerCase() === parsed.address.toLowerCase())
      if (token === undefined) return yield* new BadRequest({ message: `${field}: ${parsed.address} is not a swappable token on ${chain.chainId}` })
      return { chain, address: token.address, native: false }
    })

  const quoteOf = (request: Pick<SwapRequest, "amount" | "from" | "to">) =>
    Effect.gen(function*() {
      const tokenIn = yield* tokenOf("from", request.from)
      const tokenOut = yield* tokenOf("to", request.to)
      if (tokenIn.chain !== tokenOut.chain) return yield* new BadRequest({ message: "to: must be on the same network as from" })
      if (tokenIn.address === tokenOut.address) return yield* new BadRequest({ message: "to: must differ from from" })
      const amountIn = yield* amountOf(request.amount)
      const best = yield* bestQuote(tokenIn.chain, tokenIn.address, tokenOut.address, amountIn)
      if (Option.isNone(best)) return yield* noPool()
      return { chain: tokenIn.chain, tokenIn, tokenOut, amountIn, best: best.value }
    })

  return Swaps.of({
    chains: [...chains.keys()],
    tokens: (chainId, imageBase) =>
      Effect.map(chainOf(chainId), (chain) =>
        new ConvertTokens({
          tokens: [
            { name: "Ether", symbol: "ETH", address: `${chain.chainId}:${nativeToken}`, decimals: 18, logoUri: tokenImageUrl(imageBase, "ETH") },
            ...chain.tokens.map((token) => ({
              name: token.name,
              symbol: token.symbol,
              address: `${chain.chainId}:${token.address}`,
              decimals: token.decimals,
              logoUri: tokenImageUrl(imageBase, token.symbol)
            }))
          ]
        })),

    quotes: (request) =>
      Effect.gen(function*() {
        const account = yield* accountOf("userAddress", request.userAddress)
        const quote = yield* quoteOf(request)
        return quoteAnswer(quote.best, request, quote.amountIn, account)
      }),

    allowance: ({ tokenAddress, userAddress, to, amount }) =>
      Effect.gen(function*() {
        const token = yield* tokenOf("tokenAddress", tokenAddress)
        const owner = yield* accountOf("userAddress", userAddress)
        // Ether needs no approval: everything is allowed.
        if (token.native) return new Allowance({ allowance: maxUint256.toString() })
        if (to !== undefined && amount !== undefined) {
          const quote = yield* quoteOf({ amount, from: tokenAddress, to })
          return new Allowance({ allowance: (yield* allowanceFor(token, owner, quote.best.venue.router)).toString() })
        }
        const allowances = yield* Effect.forEach(token.chain.venues, (venue) => allowanceFor(token, owner, venue.router), { concurrency: "unbounded" })
        return new Allowance({ allowance: allowances.reduce((least, next) => (next < least ? next : least), maxUint256).toString() })
      }),

    gasPrice: (chainId) =>
      Effect.gen(function*() {
        const chain = chains.get(chainId)
        if (chain === undefined) return yield* notSupportedForGas()
        const price = yield* Effect.tryPromise({ try: () => chain.client.getGasPrice(), catch: () => new UpstreamUnavailable({ message: `Could not read the gas price on ${chainId}` }) })
        return new GasPrice({ standard: price.toString(), fast: ((price * 5n) / 4n).toString(), instant: ((price * 3n) / 2n).toString() })
      }),

    buildApprove: ({ userAddress, from, to, amount }) =>
      Effect.gen(function*() {
        const owner = yield* accountOf("userAddress", userAddress)
        const token = yield* tokenOf("from", from)
        if (token.native) return yield* new BadRequest({ message: "from: Ether needs no approval" })
        // Exactly the swap's amount, for the router that will swap it: a visitor never grants more.
        if (amount === undefined) return yield* new BadRequest({ message: "amount: an approval is for exactly the swap's amount" })
        const quote = yield* quoteOf({ amount, from, to })
        return new BuiltTransaction({
          tx: {
            from: owner,
            to: token.address,
            data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [quote.best.venue.router, quote.amountIn] }),
            amount: "0"
          }
        })
      }),

    buildTransaction: (request) =>
      Effect.gen(function*() {
        const account = yield* accountOf("userAddress", request.userAddress)
        const slippage = Quote.percentToPpm(request.eip155?.slippage ?? "1")
        if (slippage === undefined) return yield* new BadRequest({ message: "eip155.slippage: must be a percentage from 0 to under 50" })
        const quote = yield* quoteOf(request)
        const now = yield* Clock.currentTimeMillis
        const call = swapCall({
          quote: quote.best,
          tokenIn: quote.tokenIn.address,
          tokenOut: quote.tokenOut.address,
          nativeIn: quote.tokenIn.native,
          nativeOut: quote.tokenOut.native,
          amountIn: quote.amountIn,
          minimumOut: Quote.minimumOut(quote.best.amountOut, slippage),
          recipient: account,
          deadline: BigInt(Math.floor(now / 1000) + deadlineSeconds)
        })
        const tx = { from: account, to: call.to, data: call.data, amount: call.value.toString() }
        if (request.disableEstimate === true) return new BuiltTransaction({ tx })
        const { client } = quote.chain
        const [gas, gasPrice] = yield* Effect.tryPromise({
          try: () => Promise.all([client.estimateGas({ account, to: call.to, data: call.data, value: call.value }), client.getGasPrice()]),
          catch: (error) =>
            isRpcOutage(error)
              ? new UpstreamUnavailable({ message: `Could not estimate the swap on ${quote.chain.chainId}` })
              // The node refuses the swap as it stands (allowance or balance short): the wallet will say why.
              : new BadRequest({ message: "amount: the swap would fail as it stands (allowance or balance too low); approve first or use disableEstimate" })
        })
        return new BuiltTransaction({ tx: { ...tx, eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() } } })
      })
  })
}

export const layer = (evm: ReadonlyArray<EvmChainOptions>): Layer.Layer<Swaps> => Layer.sync(Swaps, () => make(evm))
