/**
 * Whatever mix of a kit's hooks and components an app uses, a second run of the codemod changes
 * nothing, and an import of the kit survives only under a TODO saying what is left to do.
 */
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { AnchorName } from "../../migrate/Anchor.ts"
import { migrate } from "./Migrate.ts"

interface Kit {
  readonly module: string
  readonly names: ReadonlyArray<string>
  readonly setup: Readonly<Record<string, string>>
  readonly hooks: ReadonlyArray<string>
  readonly elements: ReadonlyArray<string>
}

const kits: Readonly<Record<AnchorName, Kit>> = {
  rainbowkit: {
    module: "@rainbow-me/rainbowkit",
    names: ["ConnectButton", "RainbowKitProvider", "darkTheme", "useAccountModal", "useChainModal", "useConnectModal"],
    setup: { "src/wagmi.ts": `import { getDefaultConfig } from "@rainbow-me/rainbowkit"\nimport { mainnet } from "wagmi/chains"\n\nexport const config = getDefaultConfig({ appName: "Tea", projectId: "p", chains: [mainnet] })\n` },
    hooks: ["const { openConnectModal } = useConnectModal()", "const { openAccountModal } = useAccountModal()", "const chain = useChainModal()", "const { connectModalOpen } = useConnectModal()", "const theme = darkTheme()"],
    elements: ["<ConnectButton />", `<ConnectButton label="Sign in" />`, "<ConnectButton.Custom>{() => null}</ConnectButton.Custom>", "<RainbowKitProvider><span /></RainbowKitProvider>"]
  },
  connectkit: {
    module: "connectkit",
    names: ["Avatar", "ConnectKitButton", "ConnectKitProvider", "useModal"],
    setup: { "src/config.ts": `import { getDefaultConfig } from "connectkit"\nimport { createConfig } from "wagmi"\nimport { mainnet } from "wagmi/chains"\n\nexport const config = createConfig(getDefaultConfig({ appName: "Tea", walletConnectProjectId: "p", chains: [mainnet] }))\n` },
    hooks: ["const { setOpen } = useModal()", "const { openProfile, openSwitchNetworks } = useModal()", "const { open } = useModal()"],
    elements: ["<ConnectKitButton />", `<ConnectKitButton theme="retro" />`, "<ConnectKitProvider><span /></ConnectKitProvider>", "<Avatar size={12} />"]
  },
  onchainkit: {
    module: "@coinbase/onchainkit/wallet",
    names: ["ConnectWallet", "Wallet", "WalletDropdown", "WalletDropdownDisconnect"],
    setup: { "src/wagmi.ts": `import { createConfig, http } from "wagmi"\nimport { base } from "wagmi/chains"\nimport { coinbaseWallet } from "wagmi/connectors"\n\nexport const config = createConfig({ chains: [base], connectors: [coinbaseWallet({ appName: "Tea" })], transports: { [base.id]: http() } })\n` },
    hooks: ["const ready = true"],
    elements: ["<Wallet><ConnectWallet /><WalletDropdown><WalletDropdownDisconnect /></WalletDropdown></Wallet>", "<ConnectWallet />", "<WalletDropdown />"]
  },
  appkit: {
    module: "@reown/appkit/react",
    names: ["useAppKit", "useAppKitAccount", "useAppKitNetwork", "useDisconnect"],
    setup: { "src/config.ts": `import { createAppKit } from "@reown/appkit/react"\nimport { WagmiAdapter } from "@reown/appkit-adapter-wagmi"\nimport { mainnet } from "@reown/appkit/networks"\n\nconst networks = [mainnet]\nconst wagmiAdapter = new WagmiAdapter({ networks, projectId: "p" })\ncreateAppKit({ adapters: [wagmiAdapter], networks, projectId: "p", metadata: { name: "Tea", description: "", url: "https://tea.example", icons: [] } })\n` },
    hooks: ["const { open } = useAppKit()", "const { address } = useAppKitAccount()", "const { caipAddress } = useAppKitAccount()", "const { chainId } = useAppKitNetwork()", "const { disconnect } = useDisconnect()"],
    elements: ["<appkit-button />", "<appkit-network-button />", "<w3m-button />"]
  }
}

const appOf = (kit: Kit, hooks: ReadonlyArray<string>, elements: ReadonlyArray<string>) =>
  `import { ${kit.names.join(", ")} } from "${kit.module}"\n\nexport function App() {\n${hooks.map((hook) => `  ${hook}\n`).join("")}  return (\n    <div>\n${elements.map((element) => `      ${element}\n`).join("")}    </div>\n  )\n}\n`

describe("portico-migrate is idempotent and leaves the kit's imports only under a TODO", () => {
  it.each(Object.keys(kits) as ReadonlyArray<AnchorName>)("%s", (from) => {
    const kit = kits[from]
    fc.assert(fc.property(fc.subarray([...kit.hooks]), fc.subarray([...kit.elements]), (hooks, elements) => {
      const migrated = migrate(from, { ...kit.setup, "src/App.tsx": appOf(kit, hooks, elements) })
      expect(migrated.rerun).toEqual([])
      for (const text of Object.values(migrated.files)) {
        const lines = text.split("\n")
        lines.forEach((line, index) => {
          if (/^import .* from "(@rainbow-me|connectkit|@coinbase|@reown)/.test(line)) expect(lines[index - 1]).toMatch(/^\/\/ TODO\(portico-migrate\): .* still used/)
        })
      }
    }), { numRuns: 8 })
  }, 240_000)
})
