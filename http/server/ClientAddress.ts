/**
 * The address a request comes from, for rate limits. The socket's peer, unless that peer is one of the
 * proxies the operator trusts: then the nearest address in X-Forwarded-For that is not a trusted
 * proxy (walking from the right, the end our own proxy appended). A header from anyone else is ignored,
 * so a client cannot pick its own rate-limit key.
 */
import * as Option from "effect/Option"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"

/** IPv4-mapped IPv6 (`::ffff:10.0.0.1`) and plain IPv4 name the same peer. */
const normalise = (address: string): string => address.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1").toLowerCase()

/** Whether the connection is the client's own: a trusted proxy's connection carries many clients. */
export const isDirect = (request: HttpServerRequest.HttpServerRequest, trustedProxies: ReadonlySet<string>): boolean =>
  !trustedProxies.has(normalise(Option.getOrElse(request.remoteAddress, () => "unknown")))

export const of = (request: HttpServerRequest.HttpServerRequest, trustedProxies: ReadonlySet<string>): string =>
  fromPeer(Option.getOrUndefined(request.remoteAddress), request.headers["x-forwarded-for"], trustedProxies)

/** The same from the socket's peer and the X-Forwarded-For header (for a request Effect has not wrapped). */
export const fromPeer = (remoteAddress: string | undefined, forwardedFor: string | undefined, trustedProxies: ReadonlySet<string>): string => {
  const peer = normalise(remoteAddress ?? "unknown")
  if (!trustedProxies.has(peer)) return peer
  if (forwardedFor === undefined) return peer
  const hops = forwardedFor.split(",").map(normalise).filter((hop) => hop.length > 0)
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hops[index]
    if (hop !== undefined && !trustedProxies.has(hop)) return hop
  }
  return peer
}

export const trusted = (addresses: ReadonlyArray<string> | undefined): ReadonlySet<string> => new Set((addresses ?? []).map(normalise))
