/**
 * How a phone wallet sends the visitor back to the site after an approval: the redirect metadata of the
 * WalletConnect session proposal (`metadata.redirect: { native, universal }`). The host's own links win;
 * without a universal link, the page the visitor is connecting on is one (a web page is its own universal
 * link: the browser opens it, and the modal there finds the session). Only http(s) pages, without their
 * fragment, within the protocol's 2000 characters.
 */
import type * as Config from "./Config.ts"

const maxLength = 2000

/** The page's address as a return link, or none (not a web page, or too long). */
const returnLinkOf = (pageUrl: string | undefined): string | undefined => {
  if (pageUrl === undefined || !/^https?:\/\//i.test(pageUrl)) return undefined
  const link = pageUrl.split("#")[0] ?? pageUrl
  return link.length > maxLength ? undefined : link
}

/** The metadata a proposal carries: the host's, with the redirect a wallet returns by. */
export const withRedirect = (metadata: Config.AppMetadata, pageUrl: string | undefined): Config.AppMetadata => {
  const universal = metadata.redirect?.universal ?? returnLinkOf(pageUrl)
  const native = metadata.redirect?.native
  const redirect = { ...(native === undefined ? {} : { native }), ...(universal === undefined ? {} : { universal }) }
  return Object.keys(redirect).length === 0 ? metadata : { ...metadata, redirect }
}
