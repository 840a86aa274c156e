/**
 * The host's token list, in the Uniswap token-list format (https://tokenlists.org): the tokens it
 * vouches for, per chain. Token discovery shows a token found on the list as any configured token and
 * flags every other as unverified. A file is read at start (a broken list stops the start: the host's
 * configuration is wrong); a URL is read when first needed, again after an hour, and a failed read keeps
 * the list read before (none yet: every discovered token stays unverified, never shown as vouched for).
 */
import { readFileSync } from "node:fs"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

export const TokenInfo = Schema.Struct({
  chainId: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
  address: Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{40}$/)),
  name: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(60)),
  symbol: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(20)),
  decimals: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 255 })),
  logoURI: Schema.optionalKey(Schema.String),
  tags: Schema.optionalKey(Schema.Array(Schema.String))
})
export type TokenInfo = typeof TokenInfo.Type

const VersionNumber = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

export const TokenList = Schema.Struct({
  name: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(30)),
  timestamp: Schema.String,
  version: Schema.Struct({ major: VersionNumber, minor: VersionNumber, patch: VersionNumber }),
  tokens: Schema.Array(TokenInfo).check(Schema.isMaxLength(10_000)),
  logoURI: Schema.optionalKey(Schema.String),
  keywords: Schema.optionalKey(Schema.Array(Schema.String))
})
export type TokenList = typeof TokenList.Type

/** How long a list read from a URL is used before it is read again. */
export const refreshMillis = 60 * 60 * 1000

/** After a failed read, the next is tried this much later (the list read before, if any, serves meanwhile). */
export const retryMillis = 60 * 1000

const fetchTimeoutMillis = 10_000

/** A list larger than this is refused (the largest public lists are a few megabytes). */
export const maxListBytes = 16 * 1024 * 1024

/** The tokens of a list by `<chainId>:<lower-case address>`. */
export type ListedTokens = ReadonlyMap<string, TokenInfo>

export const keyOf = (chainId: number, address: string): string => `${chainId}:${address.toLowerCase()}`

const index = (list: TokenList): ListedTokens => new Map(list.tokens.map((token) => [keyOf(token.chainId, token.address), token]))

const decodeList = Schema.decodeUnknownEffect(Schema.fromJsonString(TokenList))

export interface TokenListSource {
  /** The list's tokens as last read (empty when no list is configured or none could be read yet). */
  readonly current: Effect.Effect<ListedTokens>
}

export const none: TokenListSource = { current: Effect.succeed(new Map()) }

/** A list file, read and checked now: throws TokenListError when it cannot be read or is not a token list. */
export const fromFile = (path: string): TokenListSource => {
  let text: string
  try {
    text = readFileSync(path, "utf8")
  } catch {
    throw new TokenListError({ message: `tokenList: cannot read ${path}` })
  }
  const listed = Effect.runSync(Effect.mapError(decodeList(text), () => new TokenListError({ message: `tokenList: ${path} is not a token list in the Uniswap format` })))
  return { current: Effect.succeed(index(listed)) }
}

/** A list at an http(s) URL, read on first use and after `refreshMillis`; one read at a time. */
export const fromUrl = (url: string): TokenListSource => {
  let kept: { readonly tokens: ListedTokens; readonly at: number } | undefined
  let failedAt = Number.NEGATIVE_INFINITY
  let reading: Promise<ListedTokens | undefined> | undefined
  const read = async (): Promise<ListedTokens | undefined> => {
    try {
      const response = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(fetchTimeoutMillis) })
      if (!response.ok || Number(response.headers.get("content-length") ?? 0) > maxListBytes) return undefined
      const text = await response.text()
      if (text.length > maxListBytes) return undefined
      const decoded = await Effect.runPromise(Effect.option(decodeList(text)))
      return decoded._tag === "Some" ? index(decoded.value) : undefined
    } catch {
      return undefined
    }
  }
  return {
    current: Effect.gen(function*() {
      const now = yield* Clock.currentTimeMillis
      if (kept !== undefined && now - kept.at < refreshMillis) return kept.tokens
      if (now - failedAt < retryMillis) return kept?.tokens ?? new Map()
      reading ??= read().finally(() => {
        reading = undefined
      })
      const tokens = yield* Effect.promise(() => reading ?? Promise.resolve(undefined))
      if (tokens === undefined) failedAt = now
      else kept = { tokens, at: now }
      return kept?.tokens ?? new Map()
    })
  }
}

/** A file path or an http(s) URL. */
export const load = (source: string | undefined): TokenListSource =>
  source === undefined ? none : /^https?:\/\//.test(source) ? fromUrl(source) : fromFile(source)

export class TokenListError extends Schema.TaggedError<TokenListError>()("TokenListError", { message: Schema.String }) {}
