/**
 * The host's token list images (ServerOptions.tokenImages): symbol or currency code → an image file
 * (SVG, PNG, JPEG, WebP) or a `data:image/…;base64,` URL, read once at start. The image endpoints answer
 * SVG (their contract, http/api/ImageApi.ts): an SVG image is served as it is, a raster one inside an SVG
 * `<image>` at its own pixels. Ids compare without case (`usdc` is `USDC`).
 */
import { readFileSync } from "node:fs"
import { extname } from "node:path"
import * as Schema from "effect/Schema"

export type TokenImages = ReadonlyMap<string, string>

const rasterTypes: Readonly<Record<string, string>> = { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".webp": "image/webp" }
const dataUrl = /^data:(image\/(?:png|jpeg|webp|svg\+xml));base64,([A-Za-z0-9+/]+={0,2})$/

const wrapRaster = (mediaType: string, base64: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
  `<image width="96" height="96" href="data:${mediaType};base64,${base64}"/></svg>`

const svgOf = (id: string, source: string): string => {
  const inline = dataUrl.exec(source)
  if (inline !== null) {
    const [, mediaType = "", base64 = ""] = inline
    return mediaType === "image/svg+xml" ? Buffer.from(base64, "base64").toString("utf8") : wrapRaster(mediaType, base64)
  }
  if (source.startsWith("data:")) throw new TokenImageError({ id, message: `${id}: only base64 PNG, JPEG, WebP or SVG data URLs are accepted` })
  const extension = extname(source).toLowerCase()
  const raster = rasterTypes[extension]
  let bytes: Buffer
  try {
    bytes = readFileSync(source)
  } catch {
    throw new TokenImageError({ id, message: `${id}: cannot read the image file ${source}` })
  }
  if (extension === ".svg") return bytes.toString("utf8")
  if (raster === undefined) throw new TokenImageError({ id, message: `${id}: ${source} is not an SVG, PNG, JPEG or WebP file` })
  return wrapRaster(raster, bytes.toString("base64"))
}

/** Reads every configured image; a missing or unreadable one stops the start (the host's list is wrong). */
export const loadTokenImages = (sources: Readonly<Record<string, string>>): TokenImages =>
  new Map(Object.entries(sources).map(([id, source]) => [id.toUpperCase(), svgOf(id, source)]))

/** The configured image for `id`, if the token list has one. */
export const lookup = (images: TokenImages, id: string): string | undefined => images.get(id.toUpperCase())

export class TokenImageError extends Schema.TaggedError<TokenImageError>()("TokenImageError", {
  id: Schema.String,
  message: Schema.String
}) {}
