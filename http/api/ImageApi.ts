/**
 * The four image endpoints of the wallet service (spec section 7). They answer SVG from Portico's
 * local assets; they are public because an <img> request carries neither a projectId nor an Origin.
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import { NotFound } from "./ApiError.ts"
import { InputErrors } from "./InputErrors.ts"

export const Svg = Schema.String.pipe(HttpApiSchema.asText({ contentType: "image/svg+xml" }))

const image = <const Name extends string, const Path extends `/${string}`>(name: Name, path: Path) =>
  HttpApiEndpoint.get(name, path, { params: { id: Schema.String }, success: Svg, error: NotFound })

export class ImageApi extends HttpApiGroup.make("images").add(
  image("walletImage", "/getWalletImage/:id"),
  image("assetImage", "/public/getAssetImage/:id"),
  image("currencyImage", "/public/getCurrencyImage/:id"),
  image("tokenImage", "/public/getTokenImage/:id")
).middleware(InputErrors) {}
