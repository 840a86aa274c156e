// A wagmi 3 app: wagmi's hooks for the account, signing and sending; Portico's modal (through its
// custom element and the portico/wagmi connector) for connecting the visitor's wallet.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { useState } from "react"
import { createRoot } from "react-dom/client"
import { createConfig, http, useConnection, useSendTransaction, useSignMessage, WagmiProvider } from "wagmi"
import { createPortico, definePorticoElements } from "portico"
import { porticoConnector } from "portico/wagmi"

const sandbox = await (await fetch("/sandbox-config.json")).json()
const [local] = sandbox.evm.chains
const chain = {
  id: local.chainId,
  name: local.name,
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [local.rpcUrl] } }
}

const portico = createPortico({
  projectId: sandbox.projectId,
  apiUrl: sandbox.apiUrl,
  relayUrl: sandbox.relayUrl,
  metadata: { name: "wagmi example", description: "wagmi 3 with Portico", url: location.origin, icons: [] },
  networks: [chain]
})
definePorticoElements(portico)

const config = createConfig({ chains: [chain], connectors: [porticoConnector(portico)], transports: { [chain.id]: http(local.rpcUrl) } })
const queryClient = new QueryClient()

function App() {
  const account = useConnection()
  const { signMessageAsync } = useSignMessage()
  const { sendTransactionAsync } = useSendTransaction()
  const [result, setResult] = useState("")
  const run = (action) => () => action().then(setResult, (error) => setResult(`error ${error.shortMessage ?? error.message}`))
  const connected = account.status === "connected"
  return (
    <main>
      <h1>wagmi 3 + Portico</h1>
      <portico-connect-button></portico-connect-button>
      <p data-testid="status">{connected ? `connected ${account.address}` : "disconnected"}</p>
      <button type="button" disabled={!connected} onClick={run(async () => `signature ${await signMessageAsync({ message: "Hello from a host page" })}`)}>
        Sign message
      </button>
      <button
        type="button"
        disabled={!connected}
        onClick={run(async () => `sent ${await sendTransactionAsync({ to: sandbox.evm.accounts[1].address, value: 10n ** 16n })}`)}
      >
        Send 0.01 ETH
      </button>
      <p data-testid="result">{result}</p>
    </main>
  )
}

createRoot(document.querySelector("#root")).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </WagmiProvider>
)
