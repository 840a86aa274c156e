// A React app that draws its own connect UI on Portico's headless hooks: its own wallet list (installed
// wallets, WalletConnect and the registry with a search), its own connecting screen (WalletConnect's
// pairing URI as a link, where a real app would draw its QR code from it), its own account panel and
// disconnect. Portico's modal never shows. The sandbox serves its configuration next to the page.
import { useState } from "react"
import { createRoot } from "react-dom/client"
import { PorticoProvider, useAccount, useAccountData, useConnect, useConnectionState, useDisconnect, useWallets } from "portico/react"

const sandbox = await (await fetch("/sandbox-config.json")).json()
const [local] = sandbox.evm.chains

const config = {
  projectId: sandbox.projectId,
  apiUrl: sandbox.apiUrl,
  relayUrl: sandbox.relayUrl,
  metadata: { name: "Headless example", description: "Portico's hooks under a UI of its own", url: location.origin, icons: [] },
  networks: [{
    id: local.chainId,
    caipNetworkId: `eip155:${local.chainId}`,
    chainNamespace: "eip155",
    name: local.name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [local.rpcUrl] } }
  }]
}

// A wallet's name and icon come from outside: text and an <img src>, nothing else.
function WalletButton({ wallet, onPick }) {
  return (
    <li>
      <button type="button" onClick={() => onPick(wallet.id)}>
        {wallet.icon === undefined ? null : <img src={wallet.icon} alt="" width="24" height="24" referrerPolicy="no-referrer" />}
        {wallet.name}
        {wallet.label === undefined ? null : <small> ({wallet.label})</small>}
      </button>
    </li>
  )
}

function WalletList({ onPick }) {
  const [registry, setRegistry] = useState(false)
  const [search, setSearch] = useState("")
  const [pages, setPages] = useState(1)
  const { wallets, status, hasMore, retry } = useWallets({ registry, search, pages })
  return (
    <section aria-label="Wallets">
      {status === "loading" ? <p>Loading wallets…</p> : null}
      {status === "failed" || status === "unavailable" ? <p role="alert">The wallet list could not be loaded. <button type="button" onClick={retry}>Try again</button></p> : null}
      <ul>
        {wallets.map((wallet) => <WalletButton key={wallet.id} wallet={wallet} onPick={onPick} />)}
      </ul>
      {registry
        ? <input type="search" aria-label="Search wallets" value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
        : <button type="button" onClick={() => setRegistry(true)}>All wallets</button>}
      {hasMore ? <button type="button" onClick={() => setPages(pages + 1)}>More wallets</button> : null}
    </section>
  )
}

function Connecting() {
  const { state, cancel, retry } = useConnectionState()
  switch (state.status) {
    case "idle":
    case "connected":
      return null
    case "connecting":
      return <p data-testid="connecting">Preparing {state.wallet.name}… <button type="button" onClick={cancel}>Cancel</button></p>
    case "waitingForApproval":
      return <p data-testid="connecting">Approve the connection in {state.wallet.name}. <button type="button" onClick={cancel}>Cancel</button></p>
    case "pairing":
      return (
        <div data-testid="connecting">
          <p>Scan with your wallet, or open the link in it:</p>
          <a data-testid="pairing-uri" href={state.uri}>{state.uri}</a>
          {state.links.map((link) => <p key={link.kind}><a href={link.href} target="_blank" rel="noopener noreferrer">Open in {state.wallet.name} ({link.kind})</a></p>)}
          <button type="button" onClick={cancel}>Cancel</button>
        </div>
      )
    case "declined":
      return <p role="alert" data-testid="connecting">You declined in {state.wallet.name}. <button type="button" onClick={retry}>Try again</button></p>
    case "failed":
      return <p role="alert" data-testid="connecting">{state.wallet.name} could not connect ({state.error._tag}). <button type="button" onClick={retry}>Try again</button></p>
  }
}

function AccountPanel() {
  const { data, refresh } = useAccountData()
  const { disconnect } = useDisconnect()
  if (data === undefined) return <p>Loading the account…</p>
  return (
    <section aria-label="Account">
      {data.avatar === undefined ? null : <img src={data.avatar} alt="" width="48" height="48" referrerPolicy="no-referrer" />}
      <p data-testid="name">{data.name ?? data.account.address}</p>
      <p data-testid="balance">{data.native === undefined ? data.balancesStatus : `${data.native.quantity.numeric} ${data.native.symbol}`}</p>
      {data.totalUsd === undefined ? null : <p>Portfolio: ${data.totalUsd}</p>}
      <ul>
        {data.balances.map((token) => <li key={`${token.chainId}:${token.address ?? token.symbol}`}>{token.quantity.numeric} {token.symbol}</li>)}
      </ul>
      <button type="button" onClick={refresh}>Refresh</button>
      <button type="button" onClick={() => disconnect()}>Disconnect</button>
    </section>
  )
}

function App() {
  const account = useAccount()
  const { connect } = useConnect()
  const [choosing, setChoosing] = useState(false)
  const [outcome, setOutcome] = useState("")
  const pick = async (walletId) => {
    const result = await connect({ walletId })
    setOutcome(result.status)
    // The list closes once connected; after a disconnect the visitor starts from the button again.
    if (result.status === "connected") setChoosing(false)
  }
  return (
    <main>
      <h1>Headless Portico</h1>
      <p data-testid="status">{account.isConnected ? `connected ${account.address}` : "disconnected"}</p>
      {account.isConnected ? <AccountPanel /> : null}
      {!account.isConnected && !choosing ? <button type="button" onClick={() => setChoosing(true)}>Connect a wallet</button> : null}
      {!account.isConnected && choosing
        ? (
          <>
            <WalletList onPick={pick} />
            <Connecting />
          </>
        )
        : null}
      <p data-testid="outcome">{outcome}</p>
    </main>
  )
}

createRoot(document.getElementById("root")).render(
  <PorticoProvider config={config}>
    <App />
  </PorticoProvider>
)
