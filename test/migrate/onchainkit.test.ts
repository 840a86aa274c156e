/** OnchainKit → Portico: OnchainKitProvider, Wallet and its parts, the app's wagmi config. */
import { describe, expect, it } from "vitest"
import { migrate, todosOf } from "./Migrate.ts"

const wagmi = `import { createConfig, http } from "wagmi"
import { base } from "wagmi/chains"
import { coinbaseWallet } from "wagmi/connectors"

export const config = createConfig({
  chains: [base],
  connectors: [coinbaseWallet({ appName: "Tea", preference: "smartWalletOnly" })],
  transports: { [base.id]: http() }
})
`

const app = `import { OnchainKitProvider } from "@coinbase/onchainkit"
import { Avatar, Identity, Name } from "@coinbase/onchainkit/identity"
import { ConnectWallet, Wallet, WalletDropdown, WalletDropdownDisconnect } from "@coinbase/onchainkit/wallet"
import { base } from "wagmi/chains"
import { Logo } from "./Logo"

export const App = () => (
  <OnchainKitProvider apiKey="cdp-key" chain={base}>
    <Wallet>
      <ConnectWallet><Avatar /><Name /></ConnectWallet>
      <WalletDropdown>
        <Identity hasCopyAddressOnClick><Logo /></Identity>
        <WalletDropdownDisconnect />
      </WalletDropdown>
    </Wallet>
    <Identity address="0x0000000000000000000000000000000000000001"><Name /></Identity>
  </OnchainKitProvider>
)
`

describe("portico-migrate onchainkit", () => {
  const migrated = migrate("onchainkit", { "src/wagmi.ts": wagmi, "src/App.tsx": app })

  it("gives the app's wagmi config Portico's connector in place of its own, and drops the connector's import", () => {
    expect(migrated.files["src/wagmi.ts"]).toBe(`import { createConfig, http } from "wagmi"
import { base } from "wagmi/chains"
import { createPortico, definePorticoElements } from "portico"
import { porticoConnector } from "portico/wagmi"

// TODO(portico-migrate): set Portico's projectId (as your Portico server knows it), apiUrl and your app's metadata: OnchainKit took them from OnchainKitProvider (docs/migrate/onchainkit.md)
export const portico = createPortico({
  projectId: "",
  networks: [base],
  metadata: { name: document.title, description: "", url: location.origin, icons: [] }
})
definePorticoElements(portico)

export const config = createConfig({
  chains: [base],
  connectors: [porticoConnector(portico)],
  transports: { [base.id]: http() },
  multiInjectedProviderDiscovery: false
})
`)
  })

  it("replaces Wallet with everything inside it by <portico-connect-button>, says what else went with it, and drops the imports only they used", () => {
    expect(migrated.files["src/App.tsx"]).toBe(`// TODO(portico-migrate): Identity, Name from "@coinbase/onchainkit/identity" are still used: finish the TODOs below, then remove this import (docs/migrate/onchainkit.md)
import { Identity, Name } from "@coinbase/onchainkit/identity"

// TODO(portico-migrate): Logo inside Wallet were dropped with it: put them next to <portico-connect-button> if you still want them
// TODO(portico-migrate): OnchainKitProvider's apiKey, chain not carried over: Portico's options (themeMode, themeVariables, locale…) go in createPortico({…}) (docs/migrate/onchainkit.md)
// TODO(portico-migrate): this use of Identity has no automatic mapping to Portico (docs/migrate/onchainkit.md)
// TODO(portico-migrate): this use of Name has no automatic mapping to Portico (docs/migrate/onchainkit.md)
export const App = () => (
  <>
    <portico-connect-button></portico-connect-button>
    <Identity address="0x0000000000000000000000000000000000000001"><Name /></Identity>
  </>
)
`)
    expect(todosOf(migrated, "src/App.tsx")).toHaveLength(5)
  })

  it("changes nothing on a second run", () => {
    expect(migrated.rerun).toEqual([])
  })
})
