/**
 * Sending the visitor to a wallet app, in the visitor's tap (a link opened after a wait has lost the user
 * gesture, and phones then refuse it). Both kinds go through `window.open`, so no navigation of the dapp
 * is ever left to an await: a native scheme (`wallet://…`) targets this page (the operating system hands it
 * to the app and the page stays); a web link (universal link or web wallet) opens in one named window
 * without access back to this page, so following links never navigates the dapp away.
 */
export const openWalletLink = (href: string): void => {
  if (/^https?:\/\//i.test(href)) globalThis.open(href, "portico-wallet", "noopener,noreferrer")
  else globalThis.open(href, "_self")
}
