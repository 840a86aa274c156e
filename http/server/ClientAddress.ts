/**
 * The address a request comes from, for rate limits. The socket's peer, unless that peer is one of the
 * proxies the operator trusts: then the nearest address in X-Forwarded-For that is not a trusted
 * proxy (walking from the right, the end our own proxy appended). A header from anyone else is ignored,
 * so a client cannot pick its own rate-limit key.
 *
 * An IPv6 client is keyed by its /64: one subscriber line or host usually holds a whole /64, so keying
 * by the full address would hand it 2^64 buckets (`prefix64`).
 */
import * as Context from "effect/Context"
import * as Option from "effect/Option"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import type { IncomingMessage } from "node:http"

/** Normalised addresses of the proxies whose X-Forwarded-For is believed (ServerOptions.trustedProxies, `trusted`). */
export class TrustedProxies extends Context.Service<TrustedProxies, ReadonlySet<string>>()("portico/http/server/TrustedProxies") {}

/** IPv4-mapped IPv6 (`::ffff:10.0.0.1`) and plain IPv4 name the same peer. */
const normalise = (address: string): string => address.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1").toLowerCase()

/** Whether the connection is the client's own: a trusted proxy's connection carries many clients. */
export const isDirect = (request: HttpServerRequest.HttpServerRequest, trustedProxies: ReadonlySet<string>): boolean =>
  !trustedProxies.has(normalise(Option.getOrElse(request.remoteAddress, () => "unknown")))

/** Colon-separated 16-bit groups in hex; NaN for one that is not. */
const hextets = (part: string | undefined): Array<number> =>
  part === undefined || part === "" ? [] : part.split(":").map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : Number.NaN))

/**
 * An IPv6 address's eight 16-bit groups with the :: expanded; undefined when it is not IPv6. A dotted IPv4
 * tail counts as the last two groups (zeros here: only the first four make the key).
 */
const groupsOf = (address: string): ReadonlyArray<number> | undefined => {
  const bare = address.replace(/%.*$/, "")
  if (!bare.includes(":")) return undefined
  const halves = bare.replace(/\d+\.\d+\.\d+\.\d+$/, "0:0").split("::")
  if (halves.length > 2) return undefined
  const head = hextets(halves[0])
  const rest = hextets(halves[1])
  const groups = halves.length === 2 ? [...head, ...Array<number>(Math.max(0, 8 - head.length - rest.length)).fill(0), ...rest] : head
  return groups.length === 8 && groups.every((group) => Number.isInteger(group)) ? groups : undefined
}

/** The rate-limit key of an address: an IPv6 address's /64 (`2001:db8:1:2::/64`), anything else as it is. */
export const prefix64 = (address: string): string => {
  const groups = groupsOf(address)
  return groups === undefined ? address : `${groups.slice(0, 4).map((group) => group.toString(16)).join(":")}::/64`
}

export const of = (request: HttpServerRequest.HttpServerRequest, trustedProxies: ReadonlySet<string>): string =>
  fromPeer(Option.getOrUndefined(request.remoteAddress), request.headers["x-forwarded-for"], trustedProxies)

/** The same from the socket's peer and the X-Forwarded-For header (for a request Effect has not wrapped). */
export const fromPeer = (remoteAddress: string | undefined, forwardedFor: string | undefined, trustedProxies: ReadonlySet<string>): string => {
  const peer = normalise(remoteAddress ?? "unknown")
  if (!trustedProxies.has(peer)) return prefix64(peer)
  if (forwardedFor === undefined) return prefix64(peer)
  const hops = forwardedFor.split(",").map(normalise).filter((hop) => hop.length > 0)
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hops[index]
    if (hop !== undefined && !trustedProxies.has(hop)) return prefix64(hop)
  }
  return prefix64(peer)
}

/** The same for Node's own request (kept answers and the request observer answer before Effect wraps it). */
export const ofIncoming = (request: IncomingMessage, trustedProxies: ReadonlySet<string>): string => {
  const forwardedFor = request.headers["x-forwarded-for"]
  return fromPeer(request.socket.remoteAddress, Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor, trustedProxies)
}

export const trusted = (addresses: ReadonlyArray<string> | undefined): ReadonlySet<string> => new Set((addresses ?? []).map(normalise))
