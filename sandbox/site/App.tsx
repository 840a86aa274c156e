/**
 * The demo host dapp: what a site developer builds around a wallet connection. The header's connect area
 * lists the wallets this browser offers and connects through the chosen one; the cards below show the
 * account and let the visitor sign a message and send a small transfer, all against the local sandbox.
 */
import { useEffect, useState } from "react"
import type { SandboxConfig } from "../SandboxConfig.ts"
import { AccountPanel } from "./AccountPanel.tsx"
import { errorMessage, type ConnectedAccount } from "./ConnectedAccount.ts"
import { connectEvm } from "./evmAccount.ts"
import { SendPanel } from "./SendPanel.tsx"
import { SignMessage } from "./SignMessage.tsx"
import { connectSolana } from "./solanaAccount.ts"
import { useEip6963Wallets, useSolanaWallets } from "./useDiscoveredWallets.ts"
import { useSandboxConfig } from "./useSandboxConfig.ts"
import { WalletList, type WalletChoice } from "./WalletList.tsx"

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

const ConnectArea = ({ config, account, onAccount }: {
  readonly config: SandboxConfig
  readonly account: ConnectedAccount | undefined
  readonly onAccount: (account: ConnectedAccount | undefined) => void
}) => {
  const evm = useEip6963Wallets()
  const solana = useSolanaWallets()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  if (account !== undefined) {
    return (
      <div className="connect-area">
        <span className="chip mono" data-testid="connected-address">{shortAddress(account.address)}</span>
        <button type="button" onClick={() => { account.disconnect().finally(() => onAccount(undefined)) }}>Disconnect</button>
      </div>
    )
  }
  const choose = (choice: WalletChoice) => {
    setBusy(true)
    setError(undefined)
    const connecting = choice.kind === "eip6963" ? connectEvm(choice.detail, config) : connectSolana(choice.wallet, config)
    connecting.then(onAccount, (failure: unknown) => setError(errorMessage(failure))).finally(() => setBusy(false))
  }
  return (
    <div className="connect-area">
      <WalletList evm={evm} solana={solana} busy={busy} onChoose={choose} />
      {busy ? <p className="muted">Approve the connection in your wallet…</p> : null}
      {error === undefined ? null : <p role="alert" className="error">{error}</p>}
    </div>
  )
}

const Dapp = ({ config }: { readonly config: SandboxConfig }) => {
  const [account, setAccount] = useState<ConnectedAccount>()
  const [sends, setSends] = useState(0)
  useEffect(() => account?.watch(setAccount), [account])
  return (
    <>
      <header className="top">
        <h1>Portico demo dapp</h1>
        <ConnectArea config={config} account={account} onAccount={setAccount} />
      </header>
      <main>
        {account === undefined ? (
          <section className="card">
            <h2>Connect a wallet</h2>
            <p>
              Pick a wallet above. The sandbox injects two demo wallets into this page; for WalletConnect, open the{" "}
              <a href={config.walletConnectWalletUrl} target="_blank" rel="noreferrer">sandbox WalletConnect wallet</a>.
            </p>
          </section>
        ) : (
          <>
            <AccountPanel account={account} refresh={sends} />
            <SignMessage account={account} />
            <SendPanel account={account} onSent={() => setSends((count) => count + 1)} />
          </>
        )}
      </main>
    </>
  )
}

export const App = () => {
  const config = useSandboxConfig()
  switch (config.status) {
    case "loading":
      return <p className="muted">Loading the sandbox configuration…</p>
    case "failed":
      return <p role="alert" className="error">The sandbox configuration could not be loaded: {config.message}</p>
    case "ready":
      return <Dapp config={config.config} />
  }
}
