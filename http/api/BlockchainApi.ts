/**
 * The Blockchain API (spec section 7, every row of its table except sessions, which has its own group).
 * Answers the spec leaves "not shown" get the Schema documented next to them.
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { Identity } from "../../core/Identity.ts"
import { NameLookupAnswer, NameSuggestions, RegisterNameRequest, RegisterNameResult, ReverseNames } from "../../core/Name.ts"
import * as Onramp from "../../core/Onramp.ts"
import { Balances } from "../../core/TokenBalance.ts"
import { History } from "../../core/Transaction.ts"
import { BadRequest, Conflict, InvalidSignature, NotImplemented, UpstreamUnavailable } from "./ApiError.ts"
import { InputErrors } from "./InputErrors.ts"
import { ProjectGuard } from "./ProjectGuard.ts"
import { SdkQuery } from "./SdkQuery.ts"

/** Not shown in the spec: the CAIP-2 ids this server can answer for, split by transport. */
export class SupportedChains extends Schema.Class<SupportedChains>("SupportedChains")({
  /** Portico's addition: the networks its swap venues cover (the convert API's networks). */
  swap: Schema.optionalKey(Schema.Array(Schema.String)),
  http: Schema.Array(Schema.String),
  ws: Schema.Array(Schema.String)
}) {}

export const Fungible = Schema.Struct({
  name: Schema.String,
  symbol: Schema.String,
  iconUrl: Schema.String,
  price: Schema.Finite,
  address: Schema.String
})

/** Fungibles whose price is unknown are left out, never given an invented price. */
export class FungiblePrices extends Schema.Class<FungiblePrices>("FungiblePrices")({
  fungibles: Schema.Array(Fungible)
}) {}

export const FungiblePriceRequest = Schema.Struct({
  currency: Schema.Literal("usd"),
  addresses: Schema.Array(Schema.String),
  projectId: Schema.String
})

export const ConvertToken = Schema.Struct({
  name: Schema.String,
  symbol: Schema.String,
  address: Schema.String,
  decimals: Schema.Finite,
  logoUri: Schema.String,
  eip2612: Schema.optionalKey(Schema.Boolean)
})

export class ConvertTokens extends Schema.Class<ConvertTokens>("ConvertTokens")({
  tokens: Schema.Array(ConvertToken)
}) {}

export const ConvertQuote = Schema.Struct({
  id: Schema.NullOr(Schema.String),
  fromAmount: Schema.String,
  fromAccount: Schema.String,
  toAmount: Schema.String,
  toAccount: Schema.String,
  /** Not shown in the spec: how much worse than the pool's price the swap executes, fee included, in percent. */
  priceImpact: Schema.optionalKey(Schema.String),
  /** Not shown in the spec: the pool's fee in percent. */
  fee: Schema.optionalKey(Schema.String),
  /** Not shown in the spec: the tokens the swap passes through, first to last. */
  route: Schema.optionalKey(Schema.Array(Schema.String)),
  userAddress: Schema.optionalKey(Schema.String)
})

export class ConvertQuotes extends Schema.Class<ConvertQuotes>("ConvertQuotes")({
  quotes: Schema.Array(ConvertQuote)
}) {}

export class Allowance extends Schema.Class<Allowance>("Allowance")({
  allowance: Schema.String
}) {}

/** Not shown in the spec: gas price tiers in wei, as decimal strings. */
export class GasPrice extends Schema.Class<GasPrice>("GasPrice")({
  standard: Schema.String,
  fast: Schema.String,
  instant: Schema.String
}) {}

/** Not shown in the spec: the transaction a wallet should send for a swap or an approval. */
export class BuiltTransaction extends Schema.Class<BuiltTransaction>("BuiltTransaction")({
  tx: Schema.Struct({
    from: Schema.String,
    to: Schema.String,
    data: Schema.String,
    amount: Schema.String,
    eip155: Schema.optionalKey(Schema.Struct({ gas: Schema.String, gasPrice: Schema.String }))
  })
}) {}

export const BuildTransactionRequest = Schema.Struct({
  amount: Schema.String,
  eip155: Schema.optionalKey(Schema.Struct({ slippage: Schema.String })),
  projectId: Schema.String,
  from: Schema.String,
  to: Schema.String,
  userAddress: Schema.String,
  disableEstimate: Schema.optionalKey(Schema.Boolean)
})

export const OnrampUrlRequest = Schema.Struct({
  destinationWallets: Schema.Array(Schema.Struct({
    address: Schema.String,
    blockchains: Schema.optionalKey(Schema.Array(Schema.String)),
    assets: Schema.optionalKey(Schema.Array(Schema.String))
  })),
  defaultNetwork: Schema.optionalKey(Schema.String),
  partnerUserId: Schema.String,
  defaultExperience: Schema.Literal("buy"),
  presetCryptoAmount: Schema.optionalKey(Schema.Finite),
  presetFiatAmount: Schema.optionalKey(Schema.Finite),
  /** Portico's additions: the fiat currency paid in (USD by default) and the provider (the first by default). */
  paymentCurrency: Schema.optionalKey(Schema.String),
  provider: Schema.optionalKey(Schema.String)
})

export class OnrampUrl extends Schema.Class<OnrampUrl>("OnrampUrl")({
  url: Schema.String
}) {}

/** core's Onramp options (spec §3) as a class, as HttpApi success schemas want. */
export class OnrampOptions extends Schema.Class<OnrampOptions>("OnrampOptions")(Onramp.OnrampOptions.fields) {}

export const OnrampQuoteRequest = Schema.Struct({
  purchaseCurrency: Schema.String,
  paymentCurrency: Schema.String,
  amount: Schema.String,
  network: Schema.String,
  /** Portico's addition: whose quote (the first provider by default). */
  provider: Schema.optionalKey(Schema.String)
})

/** core's Onramp quote (spec §3) as a class. */
export class OnrampQuote extends Schema.Class<OnrampQuote>("OnrampQuote")(Onramp.OnrampQuote.fields) {}

/** Onramp calls: 501 on a server without providers, 502 when its providers cannot be reached. */
const onrampErrors = [BadRequest, NotImplemented, UpstreamUnavailable] as const
const swapErrors = [BadRequest, UpstreamUnavailable] as const

export class BlockchainApi extends HttpApiGroup.make("blockchain")
  .add(
    HttpApiEndpoint.get("supportedChains", "/v1/supported-chains", {
      query: SdkQuery,
      success: SupportedChains
    }),
    HttpApiEndpoint.get("identity", "/v1/identity/:address", {
      params: { address: Schema.String },
      query: { ...SdkQuery, sender: Schema.optionalKey(Schema.String) },
      success: Identity,
      error: [BadRequest, UpstreamUnavailable]
    }),
    HttpApiEndpoint.get("history", "/v1/account/:address/history", {
      params: { address: Schema.String },
      query: {
        ...SdkQuery,
        cursor: Schema.optionalKey(Schema.String),
        onramp: Schema.optionalKey(Schema.String),
        chainId: Schema.optionalKey(Schema.String)
      },
      success: History,
      error: [BadRequest, NotImplemented, UpstreamUnavailable]
    }),
    HttpApiEndpoint.get("convertQuotes", "/v1/convert/quotes", {
      query: {
        ...SdkQuery,
        amount: Schema.String,
        userAddress: Schema.String,
        from: Schema.String,
        to: Schema.String,
        gasPrice: Schema.optionalKey(Schema.String)
      },
      success: ConvertQuotes,
      error: swapErrors
    }),
    HttpApiEndpoint.get("convertTokens", "/v1/convert/tokens", {
      query: { ...SdkQuery, chainId: Schema.String },
      success: ConvertTokens,
      error: swapErrors
    }),
    HttpApiEndpoint.post("fungiblePrice", "/v1/fungible/price", {
      query: SdkQuery,
      payload: FungiblePriceRequest,
      success: FungiblePrices,
      error: [BadRequest, UpstreamUnavailable]
    }),
    HttpApiEndpoint.get("convertAllowance", "/v1/convert/allowance", {
      // `to` and `amount` (not in the spec): the allowance for the router that quotes this swap best.
      query: { ...SdkQuery, tokenAddress: Schema.String, userAddress: Schema.String, to: Schema.optionalKey(Schema.String), amount: Schema.optionalKey(Schema.String) },
      success: Allowance,
      error: swapErrors
    }),
    HttpApiEndpoint.get("convertGasPrice", "/v1/convert/gas-price", {
      query: { ...SdkQuery, chainId: Schema.String },
      success: GasPrice,
      error: swapErrors
    }),
    HttpApiEndpoint.post("convertBuildTransaction", "/v1/convert/build-transaction", {
      query: SdkQuery,
      payload: BuildTransactionRequest,
      success: BuiltTransaction,
      error: swapErrors
    }),
    HttpApiEndpoint.get("convertBuildApprove", "/v1/convert/build-approve", {
      // `amount` (not in the spec): approve exactly what the swap needs rather than without limit.
      query: { ...SdkQuery, userAddress: Schema.String, from: Schema.String, to: Schema.String, amount: Schema.optionalKey(Schema.String) },
      success: BuiltTransaction,
      error: swapErrors
    }),
    HttpApiEndpoint.get("balance", "/v1/account/:address/balance", {
      params: { address: Schema.String },
      query: {
        ...SdkQuery,
        currency: Schema.Literal("usd"),
        chainId: Schema.optionalKey(Schema.String),
        forceUpdate: Schema.optionalKey(Schema.String)
      },
      success: Balances,
      error: [BadRequest, UpstreamUnavailable]
    }),
    HttpApiEndpoint.get("profileAccount", "/v1/profile/account/:name", {
      params: { name: Schema.String },
      query: { ...SdkQuery, apiVersion: Schema.optionalKey(Schema.String) },
      success: NameLookupAnswer,
      error: [BadRequest, UpstreamUnavailable]
    }),
    HttpApiEndpoint.get("profileReverse", "/v1/profile/reverse/:address", {
      params: { address: Schema.String },
      query: { ...SdkQuery, sender: Schema.optionalKey(Schema.String), apiVersion: Schema.optionalKey(Schema.String) },
      success: ReverseNames,
      error: BadRequest
    }),
    HttpApiEndpoint.get("profileSuggestions", "/v1/profile/suggestions/:name", {
      params: { name: Schema.String },
      query: { ...SdkQuery, zone: Schema.optionalKey(Schema.String) },
      success: NameSuggestions,
      error: BadRequest
    }),
    HttpApiEndpoint.post("registerName", "/v1/profile/account", {
      query: SdkQuery,
      payload: RegisterNameRequest,
      success: RegisterNameResult,
      error: [BadRequest, InvalidSignature, Conflict]
    }),
    HttpApiEndpoint.post("onrampUrl", "/v1/generators/onrampurl", {
      query: SdkQuery,
      payload: OnrampUrlRequest,
      success: OnrampUrl,
      error: onrampErrors
    }),
    HttpApiEndpoint.get("onrampOptions", "/v1/onramp/options", {
      query: SdkQuery,
      success: OnrampOptions,
      error: onrampErrors
    }),
    HttpApiEndpoint.post("onrampQuote", "/v1/onramp/quote", {
      query: SdkQuery,
      payload: OnrampQuoteRequest,
      success: OnrampQuote,
      error: onrampErrors
    })
  )
  .middleware(InputErrors)
  .middleware(ProjectGuard)
{}
