/**
 * The WalletConnect demo wallet sending real transactions: a dapp (the reference sign-client 2.21.8, as
 * an oracle) asks for eth_sendTransaction and solana_signAndSendTransaction in one session through the
 * local relay; the wallet sends each on the sandbox devnet after Approve, and the value arrives.
 */
import { base58, base64 } from "@scure/base"
import { createSolanaRpc, signature as solanaSignature } from "@solana/kit"
import { SignClient } from "@walletconnect/sign-client"
import { createPublicClient, http, numberToHex, parseEther, type Hex } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startEvmDevnets, type EvmDevnets } from "../../sandbox/evm/EvmDevnet.ts"
import { startRelay, type Relay } from "../../http/relay/Relay.ts"
import { startSolanaDevnet, type SolanaDevnet } from "../../sandbox/solana/SolanaDevnet.ts"
import { unsignedSolTransfer } from "../../sandbox/wallets/SolTransfer.ts"
import { createWcWallet, type WcWallet } from "../../sandbox/wc-wallet/WcWallet.ts"
import { until } from "../support/wcWallet.ts"

describe("the WalletConnect demo wallet on the sandbox devnets", () => {
  let devnets: EvmDevnets
  let solana: SolanaDevnet
  let relay: Relay
  let dapp: Awaited<ReturnType<typeof SignClient.init>>
  let wallet: WcWallet

  beforeAll(async () => {
    ;[devnets, relay, solana] = await Promise.all([startEvmDevnets({}), startRelay({}), startSolanaDevnet({})])
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
      chains: devnets.chains,
      solana: {
        secretKey: Uint8Array.from(solana.deployment.accounts[1]?.secretKey ?? []),
        address: solana.deployment.accounts[1]?.address ?? "",
        chain: solana.deployment.caipNetworkId,
        rpcUrl: solana.rpcUrl
      }
    })
  })

  afterAll(async () => {
    await Promise.allSettled([wallet?.close(), dapp?.core.relayer.transportClose()])
    await Promise.allSettled([relay?.stop(), devnets?.stop(), solana?.stop()])
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

  it("signs and sends an approved solana_signAndSendTransaction on the sandbox cluster, in a session that also holds EVM", async () => {
    const [local] = devnets.chains
    const chain = solana.deployment.caipNetworkId
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: { chains: [`eip155:${local?.chainId ?? 0}`], methods: ["eth_sendTransaction"], events: [] },
        solana: { chains: [chain], methods: ["solana_signAndSendTransaction"], events: [] }
      }
    })
    if (uri === undefined) throw new Error("no pairing URI")
    const settled = approval()
    await wallet.pair(uri)
    const { proposals } = await until(wallet, (state) => state.proposals.length > 0)
    await wallet.approveProposal(proposals[0]?.id ?? -1)
    const session = await settled
    const from = solana.deployment.accounts[1]?.address ?? ""
    expect(session.namespaces["solana"]?.accounts).toEqual([`${chain}:${from}`])
    expect(session.namespaces["eip155"]?.accounts).toHaveLength(1)

    const rpc = createSolanaRpc(solana.rpcUrl)
    const to = solana.deployment.accounts[2]?.address ?? ""
    const { value: before } = await rpc.getBalance(to as Parameters<typeof rpc.getBalance>[0]).send()
    const transaction = await unsignedSolTransfer(rpc, { from, to, lamports: 100_000_000n })
    const answer = dapp.request<{ signature: string }>({
      topic: session.topic,
      chainId: chain,
      request: { method: "solana_signAndSendTransaction", params: { transaction: base64.encode(transaction) } }
    })
    const [request] = (await until(wallet, (state) => state.requests.length > 0)).requests
    if (request === undefined) throw new Error("no request")
    expect(request.chainId).toBe(chain)
    wallet.approveRequest(request.key)
    const { signature } = await answer
    expect(base58.decode(signature)).toHaveLength(64)
    const { value: [status] } = await rpc.getSignatureStatuses([solanaSignature(signature)]).send()
    expect(status?.err).toBeNull()
    const { value: after } = await rpc.getBalance(to as Parameters<typeof rpc.getBalance>[0]).send()
    expect(after - before).toBe(100_000_000n)
  })
})
