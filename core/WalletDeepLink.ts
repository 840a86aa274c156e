/**
 * The link a phone follows to a registry wallet with a pairing URI. Where the registry gives both, the
 * wallet's universal link (`link_mode`, an https address its app claims) wins over its custom scheme
 * (`mobile_link`): the operating system opens the app when it is installed and the wallet's page when it is
 * not, where an unknown scheme fails silently or with an error, and in-app browsers follow https but often
 * refuse schemes.
 */
import * as Pairing from "./Pairing.ts"
import type * as WalletListEntry from "./WalletListEntry.ts"

const isWebLink = (link: string) => /^https?:\/\//i.test(link)

/**
 * A registry wallet's link (`scheme://`, or `https://host/path`) plus `wc?uri=…`, the WalletConnect
 * deep link convention. Links that could run script (`javascript:`, `data:`…) give none.
 */
export const deepLink = (base: string, uri: string): string | undefined => {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(base) || /^(javascript|data|vbscript|file|blob):/i.test(base)) return undefined
  const separator = base.endsWith("/") ? "" : "/"
  return `${base}${separator}wc?uri=${encodeURIComponent(uri)}`
}

/** The wallet's mobile link carrying `uri`, its universal link first; none when it has neither. */
export const mobileLinkOf = (
  wallet: Pick<WalletListEntry.WalletListEntry, "mobile_link" | "link_mode">,
  uri: string
): string | undefined => {
  const universal = wallet.link_mode ?? undefined
  const base = universal !== undefined && isWebLink(universal) ? universal : wallet.mobile_link
  return base === undefined || base === null || base === "" ? undefined : deepLink(base, uri)
}

/**
 * What a tap on a registry wallet opens on a phone: its mobile link with the pairing made ahead, while that
 * pairing is fresh (spec §4); none otherwise, and the connecting view then offers the link to tap.
 */
export const linkForTap = (
  wallet: Pick<WalletListEntry.WalletListEntry, "mobile_link" | "link_mode">,
  prepared: { readonly uri: string; readonly expiry: number } | undefined,
  now: number
): string | undefined =>
  prepared === undefined || Pairing.isExpiredAt(prepared.expiry, now) ? undefined : mobileLinkOf(wallet, prepared.uri)
