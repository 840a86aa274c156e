/**
 * Calls to one onramp provider's API (ProviderProtocol.ts): its options and its quotes, with the API key
 * as a bearer token and a 10 s timeout. Every answer is decoded; a provider that cannot be reached or
 * answers something unreadable is an UpstreamUnavailable, and a refusal of a quote (400) is relayed as a
 * BadRequest naming our request's field.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { BadRequest, UpstreamUnavailable } from "../../api/ApiError.ts"
import type { OnrampProviderOptions } from "../ServerOptions.ts"
import { ProviderError, ProviderOptions, ProviderQuote, type ProviderQuoteRequest } from "./ProviderProtocol.ts"

const timeoutMillis = 10_000

/** The provider's request fields as Portico's quote request names them. */
const ourField: Readonly<Record<string, string>> = {
  purchase_currency: "purchaseCurrency",
  purchase_network: "network",
  payment_currency: "paymentCurrency",
  payment_amount: "amount",
  purchase_amount: "presetCryptoAmount"
}

const unavailable = (provider: OnrampProviderOptions, what: string) =>
  new UpstreamUnavailable({ message: `The onramp provider ${provider.name} ${what}` })

const call = (provider: OnrampProviderOptions, path: string, body?: unknown) =>
  Effect.tryPromise({
    try: async () => {
      const response = await fetch(`${provider.apiUrl}/${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { authorization: `Bearer ${provider.apiKey}`, accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMillis)
      })
      return { status: response.status, body: (await response.json()) as unknown }
    },
    catch: () => unavailable(provider, "could not be reached")
  })

const decodeAs = <S extends Schema.Decoder<unknown>>(schema: S, provider: OnrampProviderOptions, value: unknown) =>
  Effect.mapError(Schema.decodeUnknownEffect(schema)(value), () => unavailable(provider, "answered something unreadable"))

export const options = (provider: OnrampProviderOptions): Effect.Effect<ProviderOptions, UpstreamUnavailable> =>
  Effect.flatMap(call(provider, "options"), (answer) =>
    answer.status === 200 ? decodeAs(ProviderOptions, provider, answer.body) : Effect.fail(unavailable(provider, `refused its options (${answer.status})`)))

export const quote = (provider: OnrampProviderOptions, request: ProviderQuoteRequest): Effect.Effect<ProviderQuote, BadRequest | UpstreamUnavailable> =>
  Effect.flatMap(call(provider, "quote", request), (answer): Effect.Effect<ProviderQuote, BadRequest | UpstreamUnavailable> => {
    if (answer.status === 200) return decodeAs(ProviderQuote, provider, answer.body)
    if (answer.status !== 400) return Effect.fail(unavailable(provider, `refused the quote (${answer.status})`))
    return Effect.flatMap(decodeAs(ProviderError, provider, answer.body), ({ error }) => {
      const field = error.field === undefined ? "request" : ourField[error.field] ?? error.field
      return Effect.fail(new BadRequest({ message: `${field}: ${error.message}` }))
    })
  })
