/**
 * The dapp side Portico itself uses, `@walletconnect/universal-provider` 2.25, against the local relay and the
 * WalletConnect demo wallet: connect from the display_uri, personal_sign verified with viem, and a switch
 * between the session's chains.
 */
import { UniversalProvider } from "@walletconnect/universal-provider"
import { stringToHex, verifyMessage, type Hex } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { accountAt } from "../../sandbox/evm/DemoAccounts.ts"
import { startRelay, type Relay } from "../../sandbox/relay/Relay.ts"
import { createWcWallet, type WcWallet } from "../../sandbox/wc-wallet/WcWallet.ts"
import { until } from "../support/wcWallet.ts"

// Hardhat's second default account: a public test key.
const { privateKey } = accountAt(1)
// Never called: signing and switching need no node, and the provider must not reach the internet for them.
const rpcUrl = "http://127.0.0.1:9/"

/** Approves the wallet's first pending proposal or request once there is one. */
const approveNext = async (wallet: WcWallet, kind: "proposal" | "request"): Promise<void> => {
  const state = await until(wallet, (current) => (kind === "proposal" ? current.proposals : current.requests).length > 0)
  const [proposal] = state.proposals
  const [request] = state.requests
  if (kind === "proposal" && proposal !== undefined) await wallet.approveProposal(proposal.id)
  if (kind === "request" && request !== undefined) wallet.approveRequest(request.key)
}

describe("universal-provider through the local relay", () => {
  let relay: Relay
  let wallet: WcWallet
  let provider: Awaited<ReturnType<typeof UniversalProvider.init>>

  beforeAll(async () => {
    relay = await startRelay({})
    wallet = await createWcWallet({
      relayUrl: relay.url,
      projectId: "portico-test",
      privateKey,
      url: "http://wallet.localhost",
      storagePrefix: `up-wallet-${Math.random()}`,
      chains: [
        { chainId: 31337, name: "Portico Local", rpcUrl },
        { chainId: 31338, name: "Portico Local 2", rpcUrl }
      ]
    })
    provider = await UniversalProvider.init({
      projectId: "portico-test",
      relayUrl: relay.url,
      customStoragePrefix: `up-dapp-${Math.random()}`,
      telemetryEnabled: false,
      logger: "silent",
      metadata: { name: "Universal Dapp", description: "dapp", url: "http://dapp.localhost", icons: [] }
    })
    provider.on("display_uri", (uri: string) => void wallet.pair(uri))
    const approved = approveNext(wallet, "proposal")
    await provider.connect({
      optionalNamespaces: {
        eip155: {
          chains: ["eip155:31337", "eip155:31338"],
          methods: ["personal_sign", "wallet_switchEthereumChain"],
          events: ["chainChanged", "accountsChanged"],
          rpcMap: { "31337": rpcUrl, "31338": rpcUrl }
        }
      }
    })
    await approved
  })

  afterAll(async () => {
    await Promise.allSettled([wallet?.close(), provider?.client.core.relayer.transportClose()])
    await relay?.stop()
  })

  it("connects and returns a personal_sign signature viem verifies", async () => {
    const address = wallet.getState().address as Hex
    expect(provider.session?.namespaces["eip155"]?.accounts).toContain(`eip155:31337:${address}`)
    const message = "Portico over WalletConnect"
    const approved = approveNext(wallet, "request")
    const signature = await provider.request<Hex>(
      { method: "personal_sign", params: [stringToHex(message), address] },
      "eip155:31337"
    )
    await approved
    expect(await verifyMessage({ address, message, signature })).toBe(true)
  })

  it("switches between the session's chains without a wallet prompt and emits chainChanged", async () => {
    // The provider switches locally when the session already holds the chain (it asks the wallet otherwise).
    const changed = new Promise<unknown>((resolve) => provider.on("chainChanged", resolve))
    await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x7a6a" }] }, "eip155:31337")
    expect(Number(await changed)).toBe(31338)
    expect(wallet.getState().requests).toEqual([])
  })
})
