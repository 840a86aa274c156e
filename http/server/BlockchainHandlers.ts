/**
 * Handlers of the Blockchain API group, by concern: balances and prices (BalanceAnswers.ts), history
 * (HistoryAnswers.ts), identity and names (NameAnswers.ts), swaps (convert, over convert/Swaps.ts) and
 * onramp (over onramp/; 501 without ServerOptions.onramp).
 */
import * as Effect from "effect/Effect"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { NotImplemented } from "../api/ApiError.ts"
import { PorticoApi } from "../api/PorticoApi.ts"
import * as BalanceAnswers from "./BalanceAnswers.ts"
import * as ClientAddress from "./ClientAddress.ts"
import { Swaps } from "./convert/Swaps.ts"
import * as HistoryAnswers from "./HistoryAnswers.ts"
import * as NameAnswers from "./NameAnswers.ts"
import { OnrampService } from "./onramp/Onramp.ts"
import { requestBase, ServerAddress } from "./ServerAddress.ts"

const notYet = (feature: string) => new NotImplemented({ message: `${feature} is not served by this server yet` })

export const BlockchainHandlers = HttpApiBuilder.group(PorticoApi, "blockchain", (handlers) =>
  Effect.gen(function*() {
    const swaps = yield* Swaps
    const address = yield* ServerAddress
    const trustedProxies = yield* ClientAddress.TrustedProxies
    const { served } = yield* OnrampService
    const onramp = served === undefined ? Effect.fail(notYet("Onramp")) : Effect.succeed(served)
    const balances = yield* BalanceAnswers.make
    const history = yield* HistoryAnswers.make(onramp)
    const names = yield* NameAnswers.make

    return handlers
      .handle("supportedChains", () => balances.supportedChains)
      .handle("balance", ({ params, query }) => balances.balance(params.address, query))
      .handle("fungiblePrice", ({ payload }) => balances.fungiblePrice(payload.addresses))
      .handle("history", ({ params, query }) => history.page(params.address, query))
      .handle("identity", ({ params }) => names.identity(params.address))
      .handle("profileAccount", ({ params }) => names.account(params.name))
      .handle("profileReverse", ({ params }) => names.reverse(params.address))
      .handle("profileSuggestions", ({ params }) => names.suggestions(params.name))
      .handle("registerName", ({ payload }) => names.register(payload))
      .handle("convertQuotes", ({ query }) => swaps.quotes(query))
      .handle("convertTokens", ({ query }) => Effect.flatMap(requestBase(address), (base) => swaps.tokens(query.chainId, base)))
      .handle("convertAllowance", ({ query }) => swaps.allowance(query))
      .handle("convertGasPrice", ({ query }) => swaps.gasPrice(query.chainId))
      .handle("convertBuildTransaction", ({ payload }) => swaps.buildTransaction(payload))
      .handle("convertBuildApprove", ({ query }) => swaps.buildApprove(query))
      .handle("onrampUrl", ({ payload }) =>
        Effect.gen(function*() {
          const ramp = yield* onramp
          const request = yield* HttpServerRequest.HttpServerRequest
          return yield* ramp.offers.checkoutUrl(payload, ClientAddress.of(request, trustedProxies))
        }))
      .handle("onrampOptions", () => Effect.flatMap(onramp, (ramp) => ramp.offers.options))
      .handle("onrampQuote", ({ payload }) => Effect.flatMap(onramp, (ramp) => ramp.offers.quote(payload)))
  })
)
