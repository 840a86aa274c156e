/**
 * Sending the visitor to a wallet app: a native scheme (`wallet://…`) replaces the page's location (the
 * operating system hands it to the app and the page stays), a web link (universal link or web wallet) opens
 * in one named window without access back to this page, so following links never navigates the dapp away.
 */
export const openWalletLink = (href: string): void => {
  if (/^https?:\/\//i.test(href)) globalThis.open(href, "portico-wallet", "noopener,noreferrer")
  else globalThis.location.assign(href)
}
