import type { PorticoConfig } from "../../core/Config.ts"
import type { Network } from "../../core/Network.ts"
import * as NetworkImage from "../../core/NetworkImage.ts"
import type { SandboxConfig } from "../SandboxConfig.ts"
import { demoSignInBackend } from "./demoSignIn.ts"

/** The networks the sandbox's devnets are shaped after (docs/networks): they wear those networks' artwork. */
const shapedAfter = ["eip155:1", "eip155:8453"] as const
const solanaShapedAfter = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"

const artworkOf = (caipNetworkId: string | undefined) => (caipNetworkId === undefined ? {} : { assets: { imageId: NetworkImage.idOf(caipNetworkId) } })

/** The sandbox's two EVM chains and its Solana cluster, as the networks a host asks Portico for. */
export const sandboxNetworks = (config: SandboxConfig): ReadonlyArray<Network> => [
  ...config.evm.chains.map((chain, index): Network => ({
    id: chain.chainId,
    caipNetworkId: `eip155:${chain.chainId}`,
    chainNamespace: "eip155",
    name: chain.name,
    testnet: true,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    ...(chain.explorer === undefined ? {} : { blockExplorers: { default: { name: "Explorer", url: chain.explorer } } }),
    ...artworkOf(shapedAfter[index])
  })),
  {
    id: config.solana.cluster.caipNetworkId.slice("solana:".length),
    caipNetworkId: config.solana.cluster.caipNetworkId as `solana:${string}`,
    chainNamespace: "solana",
    name: "Portico Solana",
    testnet: true,
    nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
    rpcUrls: { default: { http: [config.solana.cluster.rpcUrl] } },
    ...artworkOf(solanaShapedAfter)
  }
]

/** How the demo asks visitors to sign in, from the page's `?signin=` (optional by default, `required`, or `off`). */
export type SignInMode = "optional" | "required" | "off"

export const signInModeOf = (search: string): SignInMode => {
  const mode = new URLSearchParams(search).get("signin")
  return mode === "required" || mode === "off" ? mode : "optional"
}

/** What the demo dapp hands PorticoProvider: the sandbox's networks, API and relay, and sign-in through its own backend. */
export const porticoConfig = (config: SandboxConfig, origin: string, signIn: SignInMode = "optional"): PorticoConfig => ({
  projectId: config.projectId,
  networks: sandboxNetworks(config),
  metadata: { name: "Portico demo dapp", description: "The sandbox's host dapp", url: origin, icons: [] },
  apiUrl: config.apiUrl,
  relayUrl: config.relayUrl,
  themeMode: "light",
  // Spec §9's socials, Farcaster among them (the sandbox runs its relay and a Farcaster client page).
  features: { socials: ["google", "x", "discord", "farcaster", "github", "apple", "facebook"] },
  ...(signIn === "off"
    ? {}
    : { siwx: { required: signIn === "required", statement: "Sign in to the Portico demo dapp.", backend: demoSignInBackend } })
})
