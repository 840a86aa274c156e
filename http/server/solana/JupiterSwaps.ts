/**
 * Swaps on the Solana cluster through a Jupiter-compatible Swap API (JupiterWire.ts), behind the same
 * convert calls as the EVM venues (spec §7): `tokens` lists SOL (Jupiter's wrapped-SOL mint, unwrapped for
 * the user) and the configured mints; `quotes` is `GET {apiUrl}/quote` for an exact input with the
 * configured slippage; `build-transaction` quotes afresh and asks `POST {apiUrl}/swap` for the transaction,
 * which is checked before the wallet ever sees it: a versioned transaction paid by the user, whose
 * signature is the one still missing. Solana has no allowances or approvals and no gas-price tiers: those
 * calls answer the spec's 'Network not supported' words. An API that cannot be reached, refuses or answers
 * garbage is an UpstreamUnavailable (a route it cannot find, a BadRequest naming the pair): never a number.
 */
import { getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder, isAddress } from "@solana/kit"
import * as Effect from "effect/Effect"
import { BuiltTransaction, ConvertQuotes, ConvertTokens } from "../../api/BlockchainApi.ts"
import { BadRequest, UpstreamUnavailable } from "../../api/ApiError.ts"
import * as Caip from "../../../core/Caip.ts"
import { tokenImageUrl } from "../Balances.ts"
import type { Swaps } from "../convert/Swaps.ts"
import { call, decode } from "../UpstreamHttp.ts"
import type { SolanaOptions } from "../ServerOptions.ts"
import * as JupiterWire from "./JupiterWire.ts"

const defaultSlippageBps = 100

interface Token {
  readonly mint: string
  readonly name: string
  readonly symbol: string
  readonly decimals: number
}

const sol: Token = { mint: JupiterWire.solMint, name: "Solana", symbol: "SOL", decimals: 9 }

/** The fee of the route in percent of the input (the hops' fees taken in the input mint). */
const feePercent = (response: JupiterWire.QuoteResponse) => {
  const inInput = response.routePlan.filter((hop) => hop.swapInfo.feeMint === response.inputMint)
  const fee = inInput.reduce((sum, hop) => sum + Number(hop.swapInfo.feeAmount), 0)
  return ((fee / Number(response.inAmount)) * 100).toFixed(2)
}

export interface JupiterSwaps {
  readonly chainId: string
  readonly tokens: (imageBase: string) => ConvertTokens
  readonly quotes: Swaps["Service"]["quotes"]
  readonly buildTransaction: Swaps["Service"]["buildTransaction"]
}

/** The Jupiter venue of `solana`; undefined when the cluster has no Jupiter API configured. */
export const make = (solana: SolanaOptions): JupiterSwaps | undefined => {
  const jupiter = solana.jupiter
  if (jupiter === undefined) return undefined
  const name = "The swap API Jupiter"
  const apiUrl = jupiter.apiUrl.replace(/\/+$/, "")
  const headers = jupiter.apiKey === undefined ? undefined : { "x-api-key": jupiter.apiKey }
  const chainId = solana.caipNetworkId
  const tokens: ReadonlyArray<Token> = [sol, ...(solana.mints ?? []).map((mint) => ({ ...mint, mint: mint.address }))]

  /** A CAIP-10 token id of this cluster, as the token it names. */
  const tokenOf = (field: string, id: string) =>
    Effect.gen(function*() {
      const parsed = yield* Effect.mapError(Caip.parseAddress(id), () => new BadRequest({ message: `${field}: ${id} is not a CAIP-10 token id` }))
      if (Caip.networkIdOf(parsed) !== chainId) return yield* new BadRequest({ message: "Network not supported for Swaps" })
      const token = tokens.find((candidate) => candidate.mint === parsed.address)
      return token ?? (yield* new BadRequest({ message: `${field}: ${id} is not a token swapped here` }))
    })

  const quote = (request: { readonly amount: string; readonly from: string; readonly to: string }) =>
    Effect.gen(function*() {
      const from = yield* tokenOf("from", request.from)
      const to = yield* tokenOf("to", request.to)
      if (!/^[1-9]\d{0,29}$/.test(request.amount)) return yield* new BadRequest({ message: "amount: must be a positive whole number of base units" })
      if (from.mint === to.mint) return yield* new BadRequest({ message: "to: must differ from from" })
      const query = new URLSearchParams({
        inputMint: from.mint,
        outputMint: to.mint,
        amount: request.amount,
        slippageBps: String(jupiter.slippageBps ?? defaultSlippageBps),
        swapMode: "ExactIn"
      })
      const answer = yield* call(name, { method: "GET", url: `${apiUrl}/quote?${query}`, ...(headers === undefined ? {} : { headers }) })
      if (answer.status === 400) {
        const refusal = yield* decode(JupiterWire.Refusal, name, answer.body)
        return yield* new BadRequest({ message: `to: ${refusal.error}` })
      }
      if (answer.status !== 200) return yield* new UpstreamUnavailable({ message: `${name} refused the quote (${answer.status})` })
      const decoded = yield* decode(JupiterWire.QuoteResponse, name, answer.body)
      // A quote for another pair or amount than asked is no quote for this one.
      if (decoded.inputMint !== from.mint || decoded.outputMint !== to.mint || decoded.inAmount !== request.amount || BigInt(decoded.otherAmountThreshold) > BigInt(decoded.outAmount)) {
        return yield* new UpstreamUnavailable({ message: `${name} answered a quote for something else` })
      }
      return decoded
    })

  return {
    chainId,
    tokens: (imageBase) =>
      new ConvertTokens({
        tokens: tokens.map((token) => ({
          name: token.name,
          symbol: token.symbol,
          address: `${chainId}:${token.mint}`,
          decimals: token.decimals,
          logoUri: tokenImageUrl(imageBase, token.symbol)
        }))
      }),

    quotes: (request) =>
      Effect.map(quote(request), (response) =>
        new ConvertQuotes({
          quotes: [{
            id: null,
            fromAmount: response.inAmount,
            fromAccount: request.from,
            toAmount: response.outAmount,
            toAccount: request.to,
            priceImpact: (Number(response.priceImpactPct) * 100).toFixed(2),
            fee: feePercent(response),
            route: [response.inputMint, ...response.routePlan.map((hop) => hop.swapInfo.outputMint)].map((mint) => `${chainId}:${mint}`),
            userAddress: request.userAddress
          }]
        })),

    buildTransaction: (request) =>
      Effect.gen(function*() {
        if (!isAddress(request.userAddress)) return yield* new BadRequest({ message: `userAddress: not an address on ${chainId}` })
        const quoted = yield* quote(request)
        const body: JupiterWire.SwapRequest = { userPublicKey: request.userAddress, quoteResponse: quoted, wrapAndUnwrapSol: true }
        const answer = yield* call(name, { method: "POST", url: `${apiUrl}/swap`, body, ...(headers === undefined ? {} : { headers }) })
        if (answer.status !== 200) return yield* new UpstreamUnavailable({ message: `${name} refused the swap (${answer.status})` })
        const { swapTransaction } = yield* decode(JupiterWire.SwapResponse, name, answer.body)
        yield* checked(swapTransaction, request.userAddress, name)
        const [hop] = quoted.routePlan
        return new BuiltTransaction({
          tx: { from: request.userAddress, to: hop?.swapInfo.ammKey ?? "", data: swapTransaction, amount: "0" }
        })
      })
  }
}

/** The swap API's transaction: a versioned transaction paid by `user`, missing only the user's signature. */
const checked = (base64: string, user: string, name: string): Effect.Effect<void, UpstreamUnavailable> =>
  Effect.try({
    try: () => {
      const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(base64))
      const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
      const [payer] = message.staticAccounts
      const unsigned = Object.entries(transaction.signatures).filter(([, signature]) => signature === null || signature.every((byte) => byte === 0))
      if (message.version !== 0 || payer !== user || unsigned.length !== 1 || unsigned[0]?.[0] !== user) throw new RangeError("not the user's transaction")
    },
    catch: () => new UpstreamUnavailable({ message: `${name} answered a transaction that is not the user's to sign` })
  })

const notHere = (what: string) => Effect.fail(new BadRequest({ message: `Network not supported for ${what}` }))

/** The EVM venues with this cluster's Jupiter venue in front of them for its own chain and tokens. */
export const withJupiter = (venues: Swaps["Service"], jupiter: JupiterSwaps | undefined): Swaps["Service"] => {
  if (jupiter === undefined) return venues
  const ours = (id: string) => id === jupiter.chainId || id.startsWith(`${jupiter.chainId}:`)
  return {
    chains: [...venues.chains, jupiter.chainId],
    tokens: (chainId, imageBase) => (ours(chainId) ? Effect.succeed(jupiter.tokens(imageBase)) : venues.tokens(chainId, imageBase)),
    quotes: (query) => (ours(query.from) ? jupiter.quotes(query) : venues.quotes(query)),
    // Solana has no allowances, approvals or gas-price tiers.
    allowance: (query) => (ours(query.tokenAddress) ? notHere("Swaps") : venues.allowance(query)),
    gasPrice: (chainId) => (ours(chainId) ? notHere("Gas Price") : venues.gasPrice(chainId)),
    buildApprove: (query) => (ours(query.from) ? notHere("Swaps") : venues.buildApprove(query)),
    buildTransaction: (request) => (ours(request.from) ? jupiter.buildTransaction(request) : venues.buildTransaction(request))
  }
}
