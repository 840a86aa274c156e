/**
 * Entry of the WalletConnect demo wallet page: reads the sandbox configuration from this origin, starts the
 * wallet on the sandbox relay and renders it. `?uri=wc:…` (a wallet deep link) pre-fills the URI field, pairs at once and
 * returns to the site (its proposed `metadata.redirect.universal`) once a proposal is approved.
 */
import { createRoot } from "react-dom/client"
import { layerBrowser } from "../../app/BrowserStorage.ts"
import * as Storage from "../../core/Storage.ts"
import { load } from "../SandboxConfig.ts"
import { WalletApp } from "./WalletApp.tsx"
import { createWcWallet, fromSandboxConfig } from "./WcWallet.ts"

const container = document.getElementById("root")
if (container === null) throw new Error("index.html has no #root element")
const root = createRoot(container)

try {
  // Pairings and sessions survive a reload of the wallet page, as in a real wallet.
  const wallet = await createWcWallet({ ...fromSandboxConfig(await load(), location.origin), storage: Storage.serviceOf(layerBrowser) })
  const uri = new URLSearchParams(location.search).get("uri") ?? ""
  // Opened by a deep link (`/wc?uri=…`): pair at once, and return to the site after approving, as a wallet app does.
  root.render(<WalletApp wallet={wallet} initialUri={uri} returnToSite={uri !== ""} />)
  if (uri !== "") void wallet.pair(uri)
} catch (error) {
  root.render(
    <p role="alert" style={{ font: "15px system-ui, sans-serif", color: "#c92a2a", padding: 24 }}>
      The wallet could not start: {error instanceof Error ? error.message : String(error)}
    </p>
  )
}
