/**
 * Interoperability: Portico's WalletConnect connector (our own Sign client, dapp role) against the
 * Apache-2.0 reference `@walletconnect/sign-client` 2.21.8 in the wallet role, through the sandbox relay.
 * The reference client is only an oracle here: pairing, settling EVM and Solana together, personal_sign and
 * solana_signMessage answered by it and verified, eth_sendTransaction mined and solana_signAndSendTransaction
 * confirmed on the sandbox devnets, chainChanged, session updates, and a delete from either side.
 * (The other direction, the reference client as dapp against our wallet, is relay-wallet.test.ts.)
 */
import { ed25519 } from "@noble/curves/ed25519"
import { base58, base64 } from "@scure/base"
import {
  address,
  createKeyPairFromBytes,
  createSolanaRpc,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  signTransaction,
  signature as solanaSignature
} from "@solana/kit"
import { SignClient } from "@walletconnect/sign-client"
import * as Effect from "effect/Effect"
import { createPublicClient, createWalletClient, http, verifyMessage, type Hex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { WebSocket } from "ws"
import type * as Connector from "../../../core/Connector.ts"
import * as WalletConnect from "../../../core/connectors/WalletConnect.ts"
import * as Storage from "../../../core/Storage.ts"
import type * as RelayClient from "../../../core/walletconnect/RelayClient.ts"
import { accountAt } from "../../../sandbox/evm/DemoAccounts.ts"
import { startEvmDevnets, type EvmDevnets } from "../../../sandbox/evm/EvmDevnet.ts"
import { startRelay, type Relay } from "../../../http/relay/Relay.ts"
import { startSolanaDevnet, type SolanaDevnet } from "../../../sandbox/solana/SolanaDevnet.ts"
import { unsignedSolTransfer } from "../../../sandbox/wallets/SolTransfer.ts"

const evm = privateKeyToAccount(accountAt(1).privateKey)

type Reference = Awaited<ReturnType<typeof SignClient.init>>

const nextEvent = (client: Connector.ConnectorClient, tag: Connector.ConnectorEvent["_tag"]) =>
  new Promise<Connector.ConnectorEvent>((resolve) => {
    const stop = client.subscribe((event) => {
      if (event._tag !== tag) return
      stop()
      resolve(event)
    })
  })

describe("our dapp with the reference wallet (sign-client 2.21.8)", () => {
  let relay: Relay
  let wallet: Reference
  let dapp: Connector.ConnectorClient
  let devnets: EvmDevnets
  let solana: SolanaDevnet
  let solanaChain: `solana:${string}`
  let solanaAccount: { readonly address: string; readonly secretKey: ReadonlyArray<number> }

  beforeAll(async () => {
    ;[devnets, solana] = await Promise.all([startEvmDevnets({}), startSolanaDevnet({})])
    solanaChain = solana.deployment.caipNetworkId
    solanaAccount = solana.deployment.accounts[1] ?? { address: "", secretKey: [] }
  })
  afterAll(async () => {
    await Promise.allSettled([devnets?.stop(), solana?.stop()])
  })

  /** What the reference wallet answers: it signs with the demo keys and sends on the devnets itself. */
  const answer = async (method: string, args: unknown): Promise<unknown> => {
    const seed = Uint8Array.from(solanaAccount.secretKey).subarray(0, 32)
    switch (method) {
      case "personal_sign":
        return evm.signMessage({ message: { raw: (args as ReadonlyArray<Hex>)[0] as Hex } })
      case "eth_sendTransaction": {
        const [transaction] = args as ReadonlyArray<{ readonly to: Hex; readonly value?: Hex }>
        const client = createWalletClient({ account: evm, transport: http(devnets.chains[0]?.rpcUrl) })
        return client.sendTransaction({ to: transaction?.to ?? "0x", value: BigInt(transaction?.value ?? 0), chain: null })
      }
      case "solana_signMessage":
        return { signature: base58.encode(ed25519.sign(base58.decode((args as { readonly message: string }).message), seed)) }
      case "solana_signAndSendTransaction": {
        const keyPair = await createKeyPairFromBytes(Uint8Array.from(solanaAccount.secretKey))
        const unsigned = getTransactionDecoder().decode(base64.decode((args as { readonly transaction: string }).transaction))
        const signed = await signTransaction([keyPair], unsigned)
        const rpc = createSolanaRpc(solana.rpcUrl)
        return { signature: await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: "base64" }).send() }
      }
      default:
        throw new Error(`unexpected ${method}`)
    }
  }

  beforeEach(async () => {
    relay = await startRelay({})
    wallet = await SignClient.init({
      projectId: "portico-test",
      relayUrl: relay.url,
      logger: "silent",
      customStoragePrefix: `reference-wallet-${Math.random()}`,
      metadata: { name: "Reference Wallet", description: "oracle", url: "https://wallet.example", icons: [] }
    })
    wallet.on("session_proposal", ({ id }) => {
      void wallet.approve({
        id,
        namespaces: {
          eip155: {
            chains: ["eip155:31337", "eip155:31338"],
            accounts: [`eip155:31337:${evm.address}`, `eip155:31338:${evm.address}`],
            methods: ["personal_sign", "eth_sendTransaction"],
            events: ["chainChanged", "accountsChanged"]
          },
          solana: {
            chains: [solanaChain],
            accounts: [`${solanaChain}:${solanaAccount.address}`],
            methods: ["solana_signMessage", "solana_signAndSendTransaction"],
            events: []
          }
        }
      })
    })
    wallet.on("session_request", ({ id, topic, params }) => {
      const { method, params: args } = params.request as { method: string; params: unknown }
      void answer(method, args).then((result) => wallet.respond({ topic, response: { id, jsonrpc: "2.0", result } }))
    })
    dapp = WalletConnect.make({
      projectId: "portico-test",
      relayUrl: relay.url,
      metadata: { name: "Portico", description: "dapp", url: "http://dapp.localhost", icons: [] },
      networks: ["eip155:31337", "eip155:31338", solanaChain],
      storage: Storage.serviceOf(Storage.layerMemory),
      openSocket: (url) => new WebSocket(url) as unknown as RelayClient.Socket
    })
  })

  afterEach(async () => {
    await Promise.allSettled([wallet?.core.relayer.transportClose(), Effect.runPromise(Effect.ignore(dapp.disconnect))])
    await relay?.stop()
  })

  const connect = async () => {
    const uri = nextEvent(dapp, "DisplayUri")
    const connecting = Effect.runPromise(dapp.connect({ caipNetworkId: "eip155:31337" }))
    const shown = await uri
    if (shown._tag !== "DisplayUri") throw new Error("no uri")
    await wallet.pair({ uri: shown.uri })
    return connecting
  }

  it("settles EVM and Solana in one session; both signatures verify", async () => {
    const connected = await connect()
    expect(connected).toMatchObject({ namespace: "eip155", accounts: [evm.address], caipNetworkId: "eip155:31337", wallet: { name: "Reference Wallet" } })
    expect(connected.also).toEqual([expect.objectContaining({ namespace: "solana", accounts: [solanaAccount.address] })])

    const message = "Portico over WalletConnect"
    const signature = await Effect.runPromise(dapp.request({ method: "personal_sign", params: [`0x${Buffer.from(message).toString("hex")}`, evm.address] }))
    expect(await verifyMessage({ address: evm.address, message, signature: signature as Hex })).toBe(true)

    const bytes = new TextEncoder().encode("Solana over WalletConnect")
    const signed = (await Effect.runPromise(dapp.request({ method: "solana_signMessage", params: { message: bytes } }))) as { readonly signature: Uint8Array }
    expect(ed25519.verify(signed.signature, bytes, base58.decode(solanaAccount.address))).toBe(true)
  })

  it("has the wallet mine an eth_sendTransaction and confirm a solana_signAndSendTransaction", async () => {
    await connect()
    const chain = devnets.chains[0]
    const reader = createPublicClient({ transport: http(chain?.rpcUrl) })
    const to = "0x000000000000000000000000000000000000bEEF"
    const before = await reader.getBalance({ address: to })
    const hash = await Effect.runPromise(dapp.request({ method: "eth_sendTransaction", params: [{ from: evm.address, to, value: "0x2386f26fc10000" }] }))
    const receipt = await reader.waitForTransactionReceipt({ hash: hash as Hex })
    expect(receipt.status).toBe("success")
    expect(await reader.getBalance({ address: to }) - before).toBe(10_000_000_000_000_000n)

    const rpc = createSolanaRpc(solana.rpcUrl)
    const recipient = solana.deployment.accounts[2]?.address ?? ""
    const { value: lamportsBefore } = await rpc.getBalance(address(recipient)).send()
    const transaction = await unsignedSolTransfer(rpc, { from: solanaAccount.address, to: recipient, lamports: 5_000_000n })
    const sent = (await Effect.runPromise(dapp.request({ method: "solana_signAndSendTransaction", params: { transaction } }))) as { readonly signature: Uint8Array }
    const { value: [status] } = await rpc.getSignatureStatuses([solanaSignature(base58.encode(sent.signature))]).send()
    expect(status?.err).toBeNull()
    const { value: lamportsAfter } = await rpc.getBalance(address(recipient)).send()
    expect(lamportsAfter - lamportsBefore).toBe(5_000_000n)
  })

  it("follows the wallet's chainChanged, and ends when the wallet deletes the session", async () => {
    await connect()
    const [session] = wallet.session.getAll()
    if (session === undefined) throw new Error("no session on the wallet's side")
    const changed = nextEvent(dapp, "ChainChanged")
    await wallet.emit({ topic: session.topic, chainId: "eip155:31338", event: { name: "chainChanged", data: 31338 } })
    expect(await changed).toMatchObject({ caipNetworkId: "eip155:31338", namespace: "eip155" })
    expect(await Effect.runPromise(dapp.chain)).toBe("eip155:31338")

    const ended = nextEvent(dapp, "Disconnected")
    await wallet.disconnect({ topic: session.topic, reason: { code: 6000, message: "User disconnected." } })
    await ended
  })

  it("follows a session update to another account, and ends the session when an update grants a malformed one", async () => {
    await connect()
    const [session] = wallet.session.getAll()
    if (session === undefined) throw new Error("no session on the wallet's side")
    const other = privateKeyToAccount(accountAt(2).privateKey).address
    const namespaces = (account: string) => ({
      ...session.namespaces,
      eip155: { ...session.namespaces["eip155"]!, accounts: [`eip155:31337:${account}`] }
    })
    const changed = nextEvent(dapp, "AccountsChanged")
    await (await wallet.update({ topic: session.topic, namespaces: namespaces(other) })).acknowledged()
    expect(await changed).toMatchObject({ namespace: "eip155", accounts: [other] })
    expect(await Effect.runPromise(dapp.accounts)).toEqual([other])

    const ended = nextEvent(dapp, "Disconnected")
    const deleted = new Promise((resolve) => wallet.once("session_delete", resolve))
    await wallet.update({ topic: session.topic, namespaces: namespaces("0xnot-an-address") }).catch(() => undefined)
    await ended
    await deleted
  })

  it("keeps the session while one of its namespaces is let go, and ends it with the last", async () => {
    await connect()
    await Effect.runPromise(dapp.release?.("solana") ?? Effect.void)
    expect(wallet.session.getAll()).toHaveLength(1)
    await expect(Effect.runPromise(dapp.request({ method: "solana_signMessage", params: { message: new Uint8Array([1]) } }))).rejects.toThrow(/no Solana account/)
    const deleted = new Promise((resolve) => wallet.once("session_delete", resolve))
    await Effect.runPromise(dapp.release?.("eip155") ?? Effect.void)
    await deleted
  })

  it("tells the wallet when the dapp disconnects", async () => {
    await connect()
    const deleted = new Promise((resolve) => wallet.once("session_delete", resolve))
    await Effect.runPromise(dapp.disconnect)
    await deleted
    expect(wallet.session.getAll()).toEqual([])
  })
})
