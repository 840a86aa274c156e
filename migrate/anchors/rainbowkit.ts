/**
 * RainbowKit (`@rainbow-me/rainbowkit`, on wagmi 2): `getDefaultConfig`, `RainbowKitProvider`,
 * `ConnectButton` and the three modal hooks. wagmi's own hooks stay as they are.
 */
import type { Anchor, Role } from "../Anchor.ts"
import { configureDefaultConfig } from "../DefaultConfig.ts"

const accountView = `() => void portico.open({ view: "Account" })`
const themes: Role = { kind: "todo", hint: "Portico's look is set in createPortico's options: themeMode (\"dark\" | \"light\") and themeVariables" }
const wallets: Role = { kind: "todo", hint: "Portico's modal lists the visitor's wallets itself (browser wallets, WalletConnect, the embedded wallet): remove the custom wallet list" }
const signIn: Role = { kind: "todo", hint: "Portico signs in with the siwx option of createPortico (docs/hosts.md, Sign in with a wallet)" }

const roles: Readonly<Record<string, Role>> = {
  getDefaultConfig: { kind: "config" },
  RainbowKitProvider: { kind: "provider" },
  ConnectButton: { kind: "button" },
  useConnectModal: { kind: "hook", members: { openConnectModal: "() => void portico.open()" } },
  useAccountModal: { kind: "hook", members: { openAccountModal: accountView } },
  // Portico's account view is where the visitor switches networks.
  useChainModal: { kind: "hook", members: { openChainModal: accountView } },
  darkTheme: themes,
  lightTheme: themes,
  midnightTheme: themes,
  connectorsForWallets: wallets,
  getDefaultWallets: wallets,
  RainbowKitAuthenticationProvider: signIn,
  createAuthenticationAdapter: signIn,
  useAddRecentTransaction: { kind: "todo", hint: "Portico's account view lists the account's activity from its server: no need to record transactions" }
}

export const rainbowkit: Anchor = {
  name: "rainbowkit",
  packages: ["@rainbow-me/rainbowkit"],
  owns: (specifier) => specifier === "@rainbow-me/rainbowkit" || specifier.startsWith("@rainbow-me/rainbowkit/"),
  roleOf: (specifier, exported) => (specifier.endsWith("/wallets") ? wallets : roles[exported]),
  elements: {},
  configure: configureDefaultConfig({
    anchor: "rainbowkit",
    library: "RainbowKit",
    projectId: "projectId",
    dropped: { wallets: "Portico's modal lists the visitor's wallets itself: RainbowKit's wallets option was dropped" }
  })
}
