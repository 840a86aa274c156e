/**
 * The image endpoints' paths, apart from their contract (ImageApi.ts): a page builds an `<img src>` from
 * them without loading the HTTP API's machinery.
 */
export const walletImage = "/getWalletImage/:id"
export const assetImage = "/public/getAssetImage/:id"
export const currencyImage = "/public/getCurrencyImage/:id"
export const tokenImage = "/public/getTokenImage/:id"
