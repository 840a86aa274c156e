/**
 * Origin allowlists with wildcards (spec sections 5 and 6). This is a security boundary: a site
 * whose origin matches may use the project's credentials.
 *
 * Pattern grammar: `scheme://host[:port]` with an optional single trailing `/`, where
 * - scheme is `http` or `https` (any case);
 * - host is a DNS name or an IP literal, optionally prefixed by `*.` (a wildcard);
 * - nothing else: no path, query, fragment, user info, percent-escape, backslash, whitespace, and
 *   no `*` anywhere but the leading `*.`. Anything else is malformed and matches nothing.
 *
 * Matching (both sides parsed with WHATWG URL semantics, so the host is case-insensitive and
 * IDNs compare in punycode):
 * - the scheme must be equal (http never matches an https pattern and vice versa);
 * - the port must be equal after normalisation: a pattern without a port only matches the
 *   scheme's default port (`https://a.example.com:443` is `https://a.example.com`; `:8443` needs a
 *   pattern naming 8443);
 * - an exact host must be equal;
 * - `*.example.com` matches one OR MORE labels in front of `example.com` (`a.example.com`,
 *   `a.b.example.com`) but never `example.com` itself (list it separately) and never a host that
 *   merely ends with the text (`evil-example.com`) or contains it (`example.com.evil.io`): the
 *   comparison is label-wise. A wildcard needs a suffix of at least two labels and not an IP.
 *
 * No regular expression is ever built from a pattern.
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"

export interface Pattern {
  readonly scheme: "http:" | "https:"
  /** Lower-case, punycode host (the suffix after `*.` for a wildcard). */
  readonly host: string
  /** "" for the scheme's default port. */
  readonly port: string
  readonly wildcard: boolean
}

interface Origin {
  readonly scheme: "http:" | "https:"
  readonly host: string
  readonly port: string
}

/** scheme://authority with an optional trailing slash, and none of the characters we refuse. */
const shape = /^([a-z][a-z0-9+.-]*):\/\/([^/?#@\\%\s]+)\/?$/i
const label = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/
const ipv4 = /^\d{1,3}(?:\.\d{1,3}){3}$/

const isDnsName = (host: string): boolean => host.split(".").every((part) => label.test(part))

const isIpLiteral = (host: string): boolean => ipv4.test(host) || (host.startsWith("[") && host.endsWith("]"))

/** Parses `scheme://authority` (authority without `*`) with URL semantics. */
const parseAuthority = (scheme: string, authority: string): Origin | undefined => {
  if (authority.includes("*")) return undefined
  let url: URL
  try {
    url = new URL(`${scheme}://${authority}`)
  } catch {
    return undefined
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined
  if (url.username !== "" || url.password !== "" || url.pathname !== "/" || url.search !== "" || url.hash !== "") {
    return undefined
  }
  const host = url.hostname
  if (!isIpLiteral(host) && !isDnsName(host)) return undefined
  return { scheme: url.protocol, host, port: url.port }
}

/** Parses an allowlist pattern; see the module comment for the grammar. */
export const parsePattern = (pattern: string): Result.Result<Pattern, InvalidOriginPatternError> => {
  const invalid = Result.fail(new InvalidOriginPatternError({ pattern, message: `Invalid origin pattern: ${pattern}` }))
  const parts = shape.exec(pattern)
  const scheme = parts?.[1]
  const authority = parts?.[2]
  if (scheme === undefined || authority === undefined) return invalid
  const wildcard = authority.startsWith("*.")
  const parsed = parseAuthority(scheme, wildcard ? authority.slice(2) : authority)
  if (parsed === undefined) return invalid
  if (wildcard && (isIpLiteral(parsed.host) || !parsed.host.includes("."))) return invalid
  return Result.succeed({ ...parsed, wildcard })
}

/** Parses an origin as a browser serialises it (`scheme://host[:port]`); undefined if it is not one. */
export const parseOrigin = (origin: string): Origin | undefined => {
  const parts = shape.exec(origin)
  const scheme = parts?.[1]
  const authority = parts?.[2]
  return scheme === undefined || authority === undefined ? undefined : parseAuthority(scheme, authority)
}

const hostMatches = (pattern: Pattern, host: string): boolean => {
  if (!pattern.wildcard) return host === pattern.host
  const suffix = `.${pattern.host}`
  if (!host.endsWith(suffix)) return false
  const prefix = host.slice(0, host.length - suffix.length)
  return prefix.length > 0 && isDnsName(prefix)
}

/** Whether a parsed pattern admits an origin string. */
export const matchesPattern = (pattern: Pattern, origin: string): boolean => {
  const parsed = parseOrigin(origin)
  return (
    parsed !== undefined &&
    parsed.scheme === pattern.scheme &&
    parsed.port === pattern.port &&
    hostMatches(pattern, parsed.host)
  )
}

/** Whether `pattern` admits `origin`. A malformed pattern or origin never matches. */
export const matches = (pattern: string, origin: string): boolean => {
  const parsed = parsePattern(pattern)
  return Result.isSuccess(parsed) && matchesPattern(parsed.success, origin)
}

/** Whether any pattern of the list admits `origin` (malformed patterns are skipped). */
export const isAllowed = (patterns: ReadonlyArray<string>, origin: string): boolean =>
  patterns.some((pattern) => matches(pattern, origin))

export class InvalidOriginPatternError extends Schema.TaggedError<InvalidOriginPatternError>()(
  "InvalidOriginPatternError",
  { pattern: Schema.String, message: Schema.String }
) {}
