// Entry of the injected demo wallets on the demo site, kept apart from the dapp's own entry (main.tsx).
// A call, not a bare import: the package is marked side-effect free, so bundlers drop bare imports.
// `?multichain` in the page's address makes them one wallet that also offers the Multichain API (CAIP-25).
import { injectDemoWallets } from "../wallets/inject.ts"

injectDemoWallets({ multichain: new URLSearchParams(location.search).has("multichain") })
  .catch((error: unknown) => console.error("The sandbox demo wallets failed to start:", error))
