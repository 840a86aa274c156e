/**
 * What a project's `*` allowlist means to the embedded wallet: pages on this machine only (a developer's,
 * the sandbox's), never any site. The wallet trusts no page, so a project whose wallet runs on the internet
 * lists its origins; `*` neither lets any site frame the wallet (`frame-ancestors`, FramePages.ts) nor
 * makes a social login's `returnTo` an open redirect (SocialLogin.ts).
 */
import { isAllowed } from "../../../core/OriginAllowlist.ts"
import { anyOrigin } from "../ProjectDirectory.ts"

/**
 * `*` in `frame-ancestors`: the loopback hosts, any port. Not `[::1]`: CSP's host-source grammar has no IPv6
 * literal, and browsers drop the source with a warning.
 */
export const ancestors = ["http://localhost:*", "http://127.0.0.1:*"] as const

const isLoopback = (url: URL): boolean => url.protocol === "http:" && (url.hostname === "localhost" || url.hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(url.hostname))

/** Whether the embedded wallet may send a browser back to `url` for a project with this allowlist. */
export const admitsReturn = (allowedOrigins: ReadonlyArray<string>, url: URL): boolean =>
  isAllowed(allowedOrigins.filter((origin) => origin !== anyOrigin), url.origin) || (allowedOrigins.includes(anyOrigin) && isLoopback(url))
