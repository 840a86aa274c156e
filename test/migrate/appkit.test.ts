/** AppKit → Portico: createAppKit and WagmiAdapter, <appkit-button>, useAppKit, useAppKitAccount, the networks. */
import { describe, expect, it } from "vitest"
import { migrate, todosOf } from "./Migrate.ts"

const config = `import { createAppKit } from "@reown/appkit/react"
import { WagmiAdapter } from "@reown/appkit-adapter-wagmi"
import { arbitrum, mainnet, solana } from "@reown/appkit/networks"

export const projectId = "wc-project"
const networks = [mainnet, arbitrum]

export const wagmiAdapter = new WagmiAdapter({ networks, projectId, ssr: true })

export const modal = createAppKit({
  adapters: [wagmiAdapter],
  networks: [mainnet, arbitrum, solana],
  projectId,
  metadata: { name: "Tea", description: "Tea", url: "https://tea.example", icons: [] },
  themeMode: "dark",
  featuredWalletIds: ["c57ca95b"]
})
`

const app = `import { useAppKit, useAppKitAccount, useAppKitNetwork } from "@reown/appkit/react"

export function App() {
  const { open, close } = useAppKit()
  const { address, isConnected } = useAppKitAccount()
  const { chainId } = useAppKitNetwork()
  return (
    <div>
      <appkit-button />
      <appkit-network-button />
      <button onClick={() => open({ view: "Account" })}>{isConnected ? address : "Connect"}</button>
      <button onClick={close}>{chainId}</button>
    </div>
  )
}
`

describe("portico-migrate appkit", () => {
  const migrated = migrate("appkit", { "src/config.ts": config, "src/App.tsx": app })

  it("turns createAppKit into createPortico with the options Portico shares, and the adapter into wagmi's config after it", () => {
    expect(migrated.files["src/config.ts"]).toBe(`import { createConfig, http } from "wagmi"
import { createPortico, definePorticoElements, solanaMainnet as solana } from "portico"
import { porticoConnector } from "portico/wagmi"
import { arbitrum, mainnet } from "viem/chains"

export const projectId = "wc-project"
const networks = [mainnet, arbitrum]

// TODO(portico-migrate): createAppKit's featuredWalletIds has no counterpart in Portico and was dropped (docs/migrate/appkit.md)
export const portico = createPortico({
  networks: [mainnet, arbitrum, solana],
  projectId,
  metadata: { name: "Tea", description: "Tea", url: "https://tea.example", icons: [] },
  themeMode: "dark"
})
definePorticoElements(portico)
export const modal = portico
export const wagmiAdapter = { wagmiConfig: createConfig({
  chains: networks,
  transports: { [mainnet.id]: http(), [arbitrum.id]: http() },
  connectors: [porticoConnector(portico)],
  multiInjectedProviderDiscovery: false,
  ssr: true
}) }
`)
  })

  it("replaces <appkit-button>, maps useAppKit to Portico's instance and useAppKitAccount to wagmi's useAccount", () => {
    expect(migrated.files["src/App.tsx"]).toBe(`// TODO(portico-migrate): useAppKitNetwork from "@reown/appkit/react" is still used: finish the TODOs below, then remove this import (docs/migrate/appkit.md)
import { useAppKitNetwork } from "@reown/appkit/react"
import { portico } from "./config"
import { useAccount } from "wagmi"

export function App() {
  const { open, close } = { open: portico.open, close: portico.close }
  const { address, isConnected } = useAccount()
  // TODO(portico-migrate): useAppKitNetwork: use wagmi's useChainId() for the network and useSwitchChain() to switch
  const { chainId } = useAppKitNetwork()
  // TODO(portico-migrate): <appkit-network-button>: Portico's account view switches networks: open it from <portico-connect-button> or with portico.open({ view: "Account" })
  return (
    <div>
      <portico-connect-button></portico-connect-button>
      <appkit-network-button />
      <button onClick={() => open({ view: "Account" })}>{isConnected ? address : "Connect"}</button>
      <button onClick={close}>{chainId}</button>
    </div>
  )
}
`)
    expect(todosOf(migrated, "src/App.tsx")).toHaveLength(3)
  })

  it("changes nothing on a second run", () => {
    expect(migrated.rerun).toEqual([])
  })
})
