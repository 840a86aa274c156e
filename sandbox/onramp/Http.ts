/**
 * The few HTTP helpers the sandbox's onramp stand-ins share: answers with a strict CSP and no caching,
 * JSON and HTML bodies, a bounded request body, and key comparison that leaks nothing through timing.
 */
import { timingSafeEqual } from "node:crypto"
import type { IncomingMessage, ServerResponse } from "node:http"
import { text } from "node:stream/consumers"
import { sha256 } from "@noble/hashes/sha2"
import { utf8ToBytes } from "@noble/hashes/utils"

export const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

const maxBody = 16 * 1024

export const send = (response: ServerResponse, status: number, type: string, body: string) => {
  response.writeHead(status, { "content-type": type, "cache-control": "no-store", "x-content-type-options": "nosniff", "content-security-policy": csp })
  response.end(body)
}
export const html = (response: ServerResponse, status: number, body: string) => send(response, status, "text/html; charset=utf-8", body)
export const json = (response: ServerResponse, status: number, body: unknown) => send(response, status, "application/json; charset=utf-8", JSON.stringify(body))

/** The body as text, when it says how long it is and that is at most 16 KiB. */
export const bodyOf = (request: IncomingMessage): Promise<string> | undefined => {
  const length = Number(request.headers["content-length"])
  return Number.isInteger(length) && length <= maxBody ? text(request) : undefined
}

/** Compares digests, so neither the key's bytes nor its length leak through timing. */
export const sameKey = (given: string, expected: string) => timingSafeEqual(sha256(utf8ToBytes(given)), sha256(utf8ToBytes(expected)))

/** The parsed JSON body, or undefined when it is missing, too large or not JSON. */
export const jsonBodyOf = async (request: IncomingMessage): Promise<unknown> => {
  const body = bodyOf(request)
  if (body === undefined) return undefined
  try {
    return JSON.parse(await body) as unknown
  } catch {
    // Not JSON: the caller refuses it like any other malformed request.
    return undefined
  }
}
