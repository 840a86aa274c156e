/**
 * ConnectKit (`connectkit`, by Family): `createConfig(getDefaultConfig({…}))`, `ConnectKitProvider`,
 * `ConnectKitButton` and `useModal`. wagmi's own hooks stay as they are.
 */
import type { Anchor, Role } from "../Anchor.ts"
import { configureDefaultConfig } from "../DefaultConfig.ts"

const accountView = `() => void portico.open({ view: "Account" })`
const signIn: Role = { kind: "todo", hint: "Portico signs in with the siwx option of createPortico (docs/hosts.md, Sign in with a wallet)" }

const roles: Readonly<Record<string, Role>> = {
  getDefaultConfig: { kind: "config" },
  ConnectKitProvider: { kind: "provider" },
  ConnectKitButton: { kind: "button" },
  useModal: {
    kind: "hook",
    members: {
      setOpen: "(open: boolean) => void (open ? portico.open() : portico.close())",
      openProfile: accountView,
      // Portico's account view is where the visitor switches networks.
      openSwitchNetworks: accountView
    }
  },
  SIWEProvider: signIn,
  useSIWE: signIn,
  Avatar: { kind: "todo", hint: "Portico's account view shows the account's avatar and name: render your own from wagmi's useEnsAvatar if you need one outside it" },
  ChainIcon: { kind: "todo", hint: "render the chain's icon yourself: Portico's account view shows the network" }
}

export const connectkit: Anchor = {
  name: "connectkit",
  packages: ["connectkit"],
  owns: (specifier) => specifier === "connectkit" || specifier.startsWith("connectkit/"),
  roleOf: (_specifier, exported) => roles[exported],
  elements: {},
  configure: configureDefaultConfig({
    anchor: "connectkit",
    library: "ConnectKit",
    projectId: "walletConnectProjectId",
    dropped: {
      enableFamily: "Portico has no Family wallet option: the visitor's wallets are listed as they are",
      enableAaveAccount: "Portico has no Aave account option: the visitor's wallets are listed as they are"
    }
  })
}
