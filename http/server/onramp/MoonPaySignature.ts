/**
 * MoonPay's two signatures, as its documentation states them (used by the server, and by the sandbox's
 * MoonPay stand-in to check them):
 *
 * - A widget URL: HMAC-SHA256 under the secret key of the URL's query string as sent (`?apiKey=…&…`, values
 *   URL-encoded), base64, appended last as `&signature=` (URL-encoded). MoonPay refuses to load a widget
 *   whose query was changed, so the wallet address in it cannot be swapped.
 * - A webhook: the `Moonpay-Signature-V2` header `t=<unix seconds>,s=<hex>`, where `s` is HMAC-SHA256 under
 *   the webhook key of `<t>.<raw body>`. Checked over the raw bytes, in constant time, and refused when
 *   `t` is more than five minutes away from now (a replayed delivery).
 */
import { timingSafeEqual } from "node:crypto"
import { hmac } from "@noble/hashes/hmac"
import { sha256 } from "@noble/hashes/sha2"
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from "@noble/hashes/utils"

export const webhookHeader = "moonpay-signature-v2"

/** How far a webhook's timestamp may be from the receiver's clock. */
export const webhookToleranceSeconds = 5 * 60

const mac = (key: string, message: Uint8Array) => hmac(sha256, utf8ToBytes(key), message)

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && timingSafeEqual(a, b)

/** `url` with its signature appended (the query must not already carry one). */
export const signUrl = (url: URL, secretKey: string): string => {
  const signature = Buffer.from(mac(secretKey, utf8ToBytes(url.search))).toString("base64")
  return `${url.toString()}&signature=${encodeURIComponent(signature)}`
}

/** Whether the raw query string (`?…&signature=…`, signature last) is signed under `secretKey`. */
export const verifyUrl = (rawQuery: string, secretKey: string): boolean => {
  const at = rawQuery.lastIndexOf("&signature=")
  if (!rawQuery.startsWith("?") || at < 0) return false
  const signed = rawQuery.slice(0, at)
  let given: Uint8Array
  try {
    given = Buffer.from(decodeURIComponent(rawQuery.slice(at + "&signature=".length)), "base64")
  } catch {
    // A signature that is not even URL-encoded text.
    return false
  }
  return sameBytes(given, mac(secretKey, utf8ToBytes(signed)))
}

/** The `Moonpay-Signature-V2` value for `body` sent at `nowSeconds`. */
export const signWebhook = (body: Uint8Array, webhookKey: string, nowSeconds: number): string =>
  `t=${nowSeconds},s=${bytesToHex(mac(webhookKey, concatBytes(utf8ToBytes(`${nowSeconds}.`), body)))}`

/** Whether `header` signs `body` under `webhookKey` at a time within the tolerance of `nowSeconds`. */
export const verifyWebhook = (body: Uint8Array, header: string | undefined, webhookKey: string, nowSeconds: number): boolean => {
  const parts = new Map((header ?? "").split(",").map((part) => {
    const at = part.indexOf("=")
    return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const
  }))
  const t = parts.get("t") ?? ""
  const s = parts.get("s") ?? ""
  if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(s)) return false
  if (Math.abs(Number(t) - nowSeconds) > webhookToleranceSeconds) return false
  return sameBytes(hexToBytes(s), mac(webhookKey, concatBytes(utf8ToBytes(`${t}.`), body)))
}
