/**
 * The WalletConnect demo wallet sending a real transaction: a dapp asks for eth_sendTransaction through the
 * local relay, the wallet sends it on the sandbox EVM devnet after Approve, and the value arrives.
 */
import { SignClient } from "@walletconnect/sign-client"
import { createPublicClient, http, numberToHex, parseEther, type Hex } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startEvmDevnets, type EvmDevnets } from "../../sandbox/evm/EvmDevnet.ts"
import { startRelay, type Relay } from "../../sandbox/relay/Relay.ts"
import { createWcWallet, type WcWallet } from "../../sandbox/wc-wallet/WcWallet.ts"
import { until } from "../support/wcWallet.ts"

describe("the WalletConnect demo wallet on the sandbox EVM devnet", () => {
  let devnets: EvmDevnets
  let relay: Relay
  let dapp: Awaited<ReturnType<typeof SignClient.init>>
  let wallet: WcWallet

  beforeAll(async () => {
    ;[devnets, relay] = await Promise.all([startEvmDevnets({}), startRelay({})])
    dapp = await SignClient.init({
      projectId: "portico-test",
      relayUrl: relay.url,
      customStoragePrefix: `evm-dapp-${Math.random()}`,
      telemetryEnabled: false,
      logger: "silent",
      metadata: { name: "EVM Dapp", description: "dapp", url: "http://dapp.localhost", icons: [] }
    })
    const signer = devnets.deployment.accounts[1]
    if (signer === undefined) throw new Error("no demo account 1")
    wallet = await createWcWallet({
      relayUrl: relay.url,
      projectId: "portico-test",
      privateKey: signer.privateKey as Hex,
      url: "http://wallet.localhost",
      chains: devnets.chains
    })
  })

  afterAll(async () => {
    await Promise.allSettled([wallet?.close(), dapp?.core.relayer.transportClose()])
    await Promise.allSettled([relay?.stop(), devnets?.stop()])
  })

  it("sends an approved eth_sendTransaction on the chain the dapp named", async () => {
    const [local] = devnets.chains
    if (local === undefined) throw new Error("no chain")
    const chain = `eip155:${local.chainId}`
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: [chain], methods: ["eth_sendTransaction"], events: [] } }
    })
    if (uri === undefined) throw new Error("no pairing URI")
    const settled = approval()
    await wallet.pair(uri)
    const { proposals } = await until(wallet, (state) => state.proposals.length > 0)
    await wallet.approveProposal(proposals[0]?.id ?? -1)
    const { topic } = await settled

    const from = wallet.getState().address as Hex
    const to = "0x000000000000000000000000000000000000dEaD"
    const client = createPublicClient({ transport: http(local.rpcUrl) })
    const before = await client.getBalance({ address: to })
    const hash = dapp.request<Hex>({
      topic,
      chainId: chain,
      request: { method: "eth_sendTransaction", params: [{ from, to, value: numberToHex(parseEther("0.25")) }] }
    })
    const [request] = (await until(wallet, (state) => state.requests.length > 0)).requests
    if (request === undefined) throw new Error("no request")
    expect(request.title).toBe("Send a transaction")
    expect(request.details).toContain(`To: ${to}`)
    wallet.approveRequest(request.key)
    const receipt = await client.waitForTransactionReceipt({ hash: await hash })
    expect(receipt.status).toBe("success")
    expect(receipt.from.toLowerCase()).toBe(from.toLowerCase())
    expect(await client.getBalance({ address: to })).toBe(before + parseEther("0.25"))
  })
})
