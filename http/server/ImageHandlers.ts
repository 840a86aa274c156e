/**
 * Image endpoints: wallet images for registry entries, and monograms for asset, currency and token ids
 * (short symbols such as `USDC` or `eip155-1`). Unknown wallets and malformed ids answer 404.
 */
import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { NotFound } from "../api/ApiError.ts"
import { PorticoApi } from "../api/PorticoApi.ts"
import { monogram } from "./Monogram.ts"
import { Repository } from "./Repository.ts"

const symbolId = /^[A-Za-z0-9._-]{1,32}$/

const bySymbol = (kind: string) => ({ params }: { readonly params: { readonly id: string } }) =>
  symbolId.test(params.id)
    ? Effect.succeed(monogram(params.id))
    : Effect.fail(new NotFound({ message: `id: no ${kind} image for ${params.id}` }))

export const ImageHandlers = HttpApiBuilder.group(PorticoApi, "images", (handlers) =>
  Effect.gen(function*() {
    const repository = yield* Repository
    return handlers
      .handle("walletImage", ({ params }) =>
        Effect.gen(function*() {
          const wallet = yield* repository.findWallet(params.id)
          if (wallet === undefined) return yield* new NotFound({ message: `id: no wallet ${params.id}` })
          return monogram(wallet.name)
        }))
      .handle("assetImage", bySymbol("asset"))
      .handle("currencyImage", bySymbol("currency"))
      .handle("tokenImage", bySymbol("token"))
  })
)
