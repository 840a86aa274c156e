/**
 * The image history shows for an ERC721 token, taken from the token's own tokenURI. Only inline
 * `data:application/json;base64,` metadata is decoded: the server never fetches a URL a contract
 * names (no requests steered by outside contracts). An image is kept only when it is an inline SVG
 * or PNG, or an https: URL (which the browser may load itself), and not larger than a thumbnail.
 */
import { Base64 } from "effect/encoding"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"

const jsonDataPrefix = "data:application/json;base64,"

/** Caps what one NFT adds to a history answer (an inline SVG thumbnail is a few kilobytes). */
export const maxImageLength = 64 * 1024

const Metadata = Schema.fromJsonString(Schema.Struct({ image: Schema.optionalKey(Schema.String) }))
const decodeMetadata = Schema.decodeUnknownOption(Metadata)

/** An inline SVG or PNG, or an https: URL. */
export const isAcceptedImage = (url: string): boolean =>
  url.length <= maxImageLength && (/^data:image\/(svg\+xml|png)[;,]/i.test(url) || /^https:\/\/\S+$/i.test(url))

/** The accepted image of a tokenURI's inline JSON metadata, or undefined. */
export const fromTokenUri = (tokenUri: string): string | undefined => {
  if (!tokenUri.startsWith(jsonDataPrefix)) return undefined
  const json = Result.getOrUndefined(Base64.decodeString(tokenUri.slice(jsonDataPrefix.length)))
  if (json === undefined) return undefined
  const image = Option.getOrUndefined(decodeMetadata(json))?.image
  return image !== undefined && isAcceptedImage(image) ? image : undefined
}
