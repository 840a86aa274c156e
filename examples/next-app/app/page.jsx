// A server component: the configuration is read on the server (here from the sandbox's configuration
// file, as a host would read its own settings) and handed to the client part, which the server renders
// too — the connect button is in the HTML before any script runs.
import { readFileSync } from "node:fs"
import { Wallet } from "./Wallet.jsx"

export const dynamic = "force-dynamic"

export default function Page() {
  const sandbox = JSON.parse(readFileSync(process.env.PORTICO_SANDBOX_CONFIG, "utf8"))
  const [local] = sandbox.evm.chains
  const config = {
    projectId: sandbox.projectId,
    apiUrl: sandbox.apiUrl,
    relayUrl: sandbox.relayUrl,
    metadata: { name: "Next.js example", description: "Portico in the App Router", url: "http://localhost", icons: [] },
    networks: [{
      id: local.chainId,
      caipNetworkId: `eip155:${local.chainId}`,
      chainNamespace: "eip155",
      name: local.name,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [local.rpcUrl] } }
    }],
    // Sign-in after connecting, verified and kept by Portico's server (no backend of the page's own).
    siwx: { required: false, statement: "Sign in to the Next.js example." }
  }
  return (
    <main>
      <h1>Next.js + Portico</h1>
      <Wallet config={config} receiver={sandbox.evm.accounts[1].address} />
    </main>
  )
}
