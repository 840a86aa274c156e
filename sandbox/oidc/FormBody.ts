/**
 * Reads an `application/x-www-form-urlencoded` request body (sign-in forms, token requests), at most
 * 16 KiB: anything else (another media type, a larger body) is undefined, which the caller refuses.
 */
import type { IncomingMessage } from "node:http"

const maxBytes = 16 * 1024

export const readForm = async (request: IncomingMessage): Promise<URLSearchParams | undefined> => {
  const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase()
  if (type !== "application/x-www-form-urlencoded") {
    request.resume()
    return undefined
  }
  const chunks: Array<Buffer> = []
  let size = 0
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk))
    size += buffer.length
    if (size > maxBytes) return undefined
    chunks.push(buffer)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"))
}
