/**
 * Image endpoints: wallet images for registry entries; token and currency images from the host's token
 * list (TokenImages.ts), with a monogram only for ids the list has no image for; asset images are our own
 * artwork for the networks Portico knows and their native assets (AssetArt.ts). Unknown wallets, asset ids
 * we do not draw and malformed ids answer 404 (the modal draws its own monogram then); an id with a NUL
 * character is the contract's 400 (ImageApi.ts).
 */
import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { NotFound } from "../api/ApiError.ts"
import { PorticoApi } from "../api/PorticoApi.ts"
import { assetArt } from "./AssetArt.ts"
import { monogram } from "./Monogram.ts"
import { Repository } from "./Repository.ts"
import { Holdings } from "./Holdings.ts"
import { lookup, type TokenImages } from "./TokenImages.ts"

const symbolId = /^[A-Za-z0-9._-]{1,32}$/

const bySymbol = (kind: string, images: TokenImages) => ({ params }: { readonly params: { readonly id: string } }) =>
  symbolId.test(params.id)
    ? Effect.succeed(lookup(images, params.id) ?? monogram(params.id))
    : Effect.fail(new NotFound({ message: `id: no ${kind} image for ${params.id}` }))

export const ImageHandlers = HttpApiBuilder.group(PorticoApi, "images", (handlers) =>
  Effect.gen(function*() {
    const repository = yield* Repository
    const { tokenImages } = yield* Holdings
    return handlers
      .handle("walletImage", ({ params }) =>
        Effect.gen(function*() {
          const wallet = yield* repository.findWallet(params.id)
          if (wallet === undefined) return yield* new NotFound({ message: `id: no wallet ${params.id}` })
          return monogram(wallet.name)
        }))
      .handle("assetImage", ({ params }) => {
        const art = assetArt(params.id)
        return art === undefined ? Effect.fail(new NotFound({ message: `id: no asset image for ${params.id}` })) : Effect.succeed(art)
      })
      .handle("currencyImage", bySymbol("currency", tokenImages))
      .handle("tokenImage", bySymbol("token", tokenImages))
  })
)
