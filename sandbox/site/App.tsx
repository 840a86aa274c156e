/**
 * The demo host dapp: what a site developer builds around Portico. The header holds Portico's connect button;
 * the cards below show the account the visitor connected through the modal and let them sign a message and
 * send a small transfer with it (viem over Portico's EIP-1193 provider, @solana/kit with its Solana signer),
 * all against the local sandbox.
 */
import { useMemo, useState } from "react"
import { ConnectButton, PorticoProvider } from "../../ui/react/index.ts"
import type { SandboxConfig } from "../SandboxConfig.ts"
import { AccountPanel } from "./AccountPanel.tsx"
import { porticoConfig, type SignInMode, signInModeOf } from "./porticoConfig.ts"
import { SendPanel } from "./SendPanel.tsx"
import { SignInPanel } from "./SignInPanel.tsx"
import { SignMessage } from "./SignMessage.tsx"
import { useConnectedAccount } from "./useConnectedAccount.ts"
import { useSandboxConfig } from "./useSandboxConfig.ts"

const Dapp = ({ config, signIn }: { readonly config: SandboxConfig; readonly signIn: SignInMode }) => {
  const account = useConnectedAccount(config)
  const [sends, setSends] = useState(0)
  return (
    <>
      <header className="top">
        <h1>Portico demo dapp</h1>
        <ConnectButton className="connect" />
      </header>
      <main>
        {account === undefined ? (
          <section className="card">
            <h2>Connect a wallet</h2>
            <p>
              Use the button above. The sandbox injects two demo wallets into this page (EVM and Solana); for
              WalletConnect, open the <a href={config.walletConnectWalletUrl} target="_blank" rel="noreferrer">sandbox WalletConnect wallet</a>.
            </p>
          </section>
        ) : (
          <>
            <AccountPanel account={account} refresh={sends} />
            {signIn === "off" ? null : <SignInPanel />}
            <SignMessage account={account} />
            <SendPanel account={account} onSent={() => setSends((count) => count + 1)} />
          </>
        )}
      </main>
    </>
  )
}

// PorticoProvider reads its configuration once, so it mounts only after the sandbox's is loaded.
const WithPortico = ({ config }: { readonly config: SandboxConfig }) => {
  const signIn = signInModeOf(globalThis.location.search)
  const portico = useMemo(() => porticoConfig(config, globalThis.location.origin, signIn), [config, signIn])
  return (
    <PorticoProvider config={portico}>
      <Dapp config={config} signIn={signIn} />
    </PorticoProvider>
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
      return <WithPortico config={config.config} />
  }
}
