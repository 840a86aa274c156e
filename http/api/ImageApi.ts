/**
 * The four image endpoints of the wallet service (spec section 7). They answer SVG from Portico's
 * local assets; they are public because an <img> request carries neither a projectId nor an Origin.
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import { NotFound } from "./ApiError.ts"
import * as ImagePaths from "./ImagePaths.ts"
import { InputErrors } from "./InputErrors.ts"

export const Svg = Schema.String.pipe(HttpApiSchema.asText({ contentType: "image/svg+xml" }))

/** Any text but a NUL character (Postgres refuses one, so it is a 400 naming `id`, never a 500). */
const ImageId = Schema.String.check(Schema.makeFilter((id: string) => !id.includes("\u0000") || "must not contain a NUL character"))

const image = <const Name extends string, const Path extends `/${string}`>(name: Name, path: Path) =>
  HttpApiEndpoint.get(name, path, { params: { id: ImageId }, success: Svg, error: NotFound })

export const walletImage = image("walletImage", ImagePaths.walletImage)
export const assetImage = image("assetImage", ImagePaths.assetImage)
export const currencyImage = image("currencyImage", ImagePaths.currencyImage)
export const tokenImage = image("tokenImage", ImagePaths.tokenImage)

export class ImageApi extends HttpApiGroup.make("images").add(walletImage, assetImage, currencyImage, tokenImage).middleware(InputErrors) {}
