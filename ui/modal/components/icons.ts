/**
 * Portico's own row icons (WalletConnect, All Wallets): SVG markup of ours, shipped as data: URLs
 * for an <img> (so they render under a strict CSP with img-src data: and fetch nothing).
 */
const svgUrl = (markup: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`

/** The WalletConnect mark: a bridge over a wave, white on WalletConnect blue. */
export const walletConnectIcon = svgUrl(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">` +
    `<rect width="40" height="40" rx="10" fill="#3396FF"/>` +
    `<g fill="none" stroke="#FFFFFF" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">` +
    `<path d="M11.5 16.5c4.7-4.6 12.3-4.6 17 0"/><path d="M7.5 20.5l5 4.8 7.5-7 7.5 7 5-4.8"/></g></svg>`
)

/** All Wallets: a 2×2 grid of wallet tiles. */
export const allWalletsIcon = svgUrl(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">` +
    `<rect width="40" height="40" rx="10" fill="#E4E7EB"/>` +
    `<rect x="8" y="8" width="10.5" height="10.5" rx="3" fill="#3396FF"/>` +
    `<rect x="21.5" y="8" width="10.5" height="10.5" rx="3" fill="#FF8A3D"/>` +
    `<rect x="8" y="21.5" width="10.5" height="10.5" rx="3" fill="#2FBF71"/>` +
    `<rect x="21.5" y="21.5" width="10.5" height="10.5" rx="3" fill="#A66CFF"/></svg>`
)
