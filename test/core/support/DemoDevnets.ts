/**
 * The sandbox's EVM devnets as a feature test meets them: started once per file, their chains as the host's
 * networks, and the sandbox's demo EVM wallet (announced through EIP-6963) for one of their accounts.
 */
import { afterAll, beforeAll } from "vitest"
import type * as Network from "../../../core/Network.ts"
import { startEvmDevnets, type EvmDevnets } from "../../../sandbox/evm/EvmDevnet.ts"
import { createEvmProvider, type EvmProvider } from "../../../sandbox/wallets/EvmWallet.ts"

/** The demo wallet's connector entry. */
export const demoConnector = { id: "com.demo.evm", name: "Demo EVM", chain: "eip155", type: "ANNOUNCED" } as const

/** Starts the devnets before the file's tests and stops them after; the getter answers them once started. */
export const useDemoDevnets = (): (() => EvmDevnets) => {
  let evm: EvmDevnets | undefined
  beforeAll(async () => {
    evm = await startEvmDevnets({ ports: [0, 0] })
  }, 120_000)
  afterAll(async () => {
    await evm?.stop()
  })
  return () => {
    if (evm === undefined) throw new Error("the devnets have not started")
    return evm
  }
}

/** The devnets' chains as the host's networks. */
export const networksOf = (devnets: EvmDevnets): ReadonlyArray<Network.Network> =>
  devnets.chains.map((chain) => ({
    id: chain.chainId,
    caipNetworkId: `eip155:${chain.chainId}`,
    chainNamespace: "eip155",
    name: chain.name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } }
  }))

/** The demo wallet of demo account `index`, approving everything it is asked. */
export const demoWallet = (devnets: EvmDevnets, index: number): EvmProvider => {
  const key = devnets.deployment.accounts[index]
  if (key === undefined) throw new Error(`no demo account ${index}`)
  return createEvmProvider({ privateKey: key.privateKey, chains: devnets.chains, approve: async () => true, origin: "http://test" })
}
