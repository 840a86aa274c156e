// Entry of the injected demo wallets on the demo site, kept apart from the dapp's own entry (main.tsx).
// A call, not a bare import: the package is marked side-effect free, so bundlers drop bare imports.
// `?multichain` in the page's address makes them one wallet that also offers the Multichain API (CAIP-25),
// announced over CAIP-294; `?multichain=metamask` carries it as MetaMask's extension does instead.
import { injectDemoWallets } from "../wallets/inject.ts"

const multichain = new URLSearchParams(location.search).get("multichain")
injectDemoWallets({ multichain: multichain === null ? false : multichain === "metamask" ? "metamask" : true })
  .catch((error: unknown) => console.error("The sandbox demo wallets failed to start:", error))
