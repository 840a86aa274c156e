/**
 * The Multichain API connector against the sandbox's demo wallet over CAIP-294 events, in Node: one
 * approval gives EVM and Solana accounts, requests go through wallet_invokeMethod on the account's scope,
 * wallet_getSession restores without a prompt, wallet_revokeSession ends it, the wallet's changes are
 * followed, and each malformed session the wallet can answer is refused with InvalidAccountError.
 */
import { base58 } from "@scure/base"
import { createKeyPairFromPrivateKeyBytes, getAddressEncoder, getAddressFromPublicKey, getPublicKeyFromAddress, verifySignature, type SignatureBytes } from "@solana/kit"
import * as Effect from "effect/Effect"
import { recoverMessageAddress } from "viem"
import { describe, expect, it } from "vitest"
import type * as Caip from "../../../core/Caip.ts"
import type * as Connector from "../../../core/Connector.ts"
import * as Caip294 from "../../../core/connectors/Caip294.ts"
import * as MultichainClient from "../../../core/connectors/MultichainClient.ts"
import type * as Network from "../../../core/Network.ts"
import { accountAt } from "../../../sandbox/evm/DemoAccounts.ts"
import { announceCaip294 } from "../../../sandbox/wallets/Announce.ts"
import { createEvmProvider } from "../../../sandbox/wallets/EvmWallet.ts"
import { solanaIcon } from "../../../sandbox/wallets/Icons.ts"
import { createMultichainWallet, type LogEntry, type MalformedSession } from "../../../sandbox/wallets/MultichainWallet.ts"
import { memory } from "../../../sandbox/wallets/Permission.ts"
import { createSolanaWallet } from "../../../sandbox/wallets/SolanaWallet.ts"
import { answering } from "../../support/demoWallet.ts"

const cluster = "solana:PorticoSandbox1111111111111111" as const
const networks: ReadonlyArray<Caip.CaipNetworkId> = ["eip155:31337", "eip155:31338", cluster]
const uuid = "350670db-19fa-4704-a166-e52e178b59d2"
const origin = "http://127.0.0.1:5173"
// Nothing listens here: connecting and signing never reach a node.
const rpcUrl = "http://127.0.0.1:9/"

const setup = async (answers: ReadonlyArray<boolean>) => {
  const seed = crypto.getRandomValues(new Uint8Array(32))
  const { publicKey } = await createKeyPairFromPrivateKeyBytes(seed, true)
  const solanaAddress = await getAddressFromPublicKey(publicKey)
  const { approve, asked } = answering(answers)
  // The wallets' own site permissions, which the session's one approval grants.
  const evmPermission = memory()
  const solanaPermission = memory()
  const evm = createEvmProvider({
    permission: evmPermission,
    privateKey: accountAt(0).privateKey,
    otherKeys: [accountAt(1).privateKey],
    chains: [{ chainId: 31337, name: "A", rpcUrl }, { chainId: 31338, name: "B", rpcUrl }],
    approve,
    origin
  })
  const solana = createSolanaWallet({
    secretKey: Uint8Array.from([...seed, ...getAddressEncoder().encode(solanaAddress)]),
    address: solanaAddress,
    chain: cluster,
    rpcUrl,
    icon: solanaIcon,
    approve,
    origin,
    permission: solanaPermission,
    name: "Demo"
  })
  const log: Array<LogEntry> = []
  let malformed: MalformedSession | undefined
  const permission = memory()
  const target = new EventTarget()
  announceCaip294(target, { uuid, name: "Demo", icon: solanaIcon, rdns: "dev.portico.demo" }, createMultichainWallet({
    name: "Demo",
    evm,
    evmChainIds: [31337, 31338],
    solana,
    solanaChain: cluster,
    approve,
    origin,
    permission,
    evmPermission,
    solanaPermission,
    log: (entry) => void log.push(entry),
    malformed: () => malformed
  }))
  const connector = Caip294.connectorOf({ uuid, name: "Demo", icon: solanaIcon, rdns: "dev.portico.demo" })
  const client = MultichainClient.make(connector, MultichainClient.channel(target, uuid, connector.id), networks)
  const events: Array<Connector.ConnectorEvent> = []
  client.subscribe((event) => void events.push(event))
  return {
    client,
    evm,
    asked,
    log,
    events,
    permission,
    solanaAddress,
    // Another page load: a new channel and client over the same wallet.
    reload: () => MultichainClient.make(connector, MultichainClient.channel(target, uuid, connector.id), networks),
    malform: (kind: MalformedSession | undefined) => {
      malformed = kind
    }
  }
}

describe("Multichain API connector", () => {
  it("one approval connects the EVM and Solana accounts of the scopes asked for", async () => {
    const { client, asked, log, solanaAddress } = await setup([true])
    const connected = await Effect.runPromise(client.connect({ caipNetworkId: "eip155:31338" }))
    expect(asked).toHaveLength(1)
    expect(log.map((entry) => entry.method)).toEqual(["wallet_createSession"])
    expect(connected).toMatchObject({ namespace: "eip155", caipNetworkId: "eip155:31338", accounts: [accountAt(0).address, accountAt(1).address] })
    expect(connected.also).toEqual([{ namespace: "solana", caipNetworkId: cluster, accounts: [solanaAddress] }])
  })

  it("routes EVM and Solana requests through wallet_invokeMethod on the account's scope", async () => {
    const { client, log, solanaAddress } = await setup([true, true, true, true])
    await Effect.runPromise(client.connect({}))
    const signature = await Effect.runPromise(client.request({ method: "personal_sign", params: ["0x706f727469636f", accountAt(0).address] }))
    expect(await recoverMessageAddress({ message: { raw: "0x706f727469636f" }, signature: signature as `0x${string}` })).toBe(accountAt(0).address)
    const message = new TextEncoder().encode("portico")
    const signed = await Effect.runPromise(client.request({ method: "solana_signMessage", params: { message } })) as { signature: Uint8Array; signedMessage: Uint8Array }
    const key = await getPublicKeyFromAddress(solanaAddress as Parameters<typeof getPublicKeyFromAddress>[0])
    expect(await verifySignature(key, signed.signature as SignatureBytes, signed.signedMessage)).toBe(true)
    expect(log.slice(1)).toEqual([
      { method: "wallet_invokeMethod", scope: "eip155:31337", request: "personal_sign" },
      { method: "wallet_invokeMethod", scope: cluster, request: "signMessage" }
    ])
    // A network the session grants is reached without asking the wallet; the next request names it.
    const network: Network.Network = {
      id: 31338,
      caipNetworkId: "eip155:31338",
      chainNamespace: "eip155",
      name: "B",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } }
    }
    expect(await Effect.runPromise(client.switchChain(network))).toBe("eip155:31338")
    await Effect.runPromise(client.request({ method: "personal_sign", params: ["0x00", accountAt(0).address] }))
    expect(log.at(-1)).toEqual({ method: "wallet_invokeMethod", scope: "eip155:31338", request: "personal_sign" })
    expect(base58.encode(signed.signature)).toMatch(/^[1-9A-HJ-NP-Za-km-z]+$/)
  })

  it("a reload reads the session back with wallet_getSession, without a prompt; disconnecting revokes it", async () => {
    const { asked, log, reload, client, permission } = await setup([true])
    await Effect.runPromise(client.connect({}))
    const again = reload()
    const solana = await Effect.runPromise(again.reconnect({ caipNetworkId: cluster }))
    expect(solana.namespace).toBe("solana")
    expect(asked).toHaveLength(1)
    expect(log.at(-1)?.method).toBe("wallet_getSession")
    await Effect.runPromise(again.disconnect)
    expect(log.at(-1)?.method).toBe("wallet_revokeSession")
    expect(permission.granted()).toBe(false)
    const gone = await Effect.runPromise(Effect.flip(reload().reconnect({})))
    expect(gone._tag).toBe("ConnectorError")
  })

  it("releasing one namespace keeps the session; the last one revokes it", async () => {
    const { client, log } = await setup([true])
    await Effect.runPromise(client.connect({}))
    await Effect.runPromise(client.release!("solana"))
    expect(log.at(-1)?.method).toBe("wallet_createSession")
    await Effect.runPromise(client.release!("eip155"))
    expect(log.at(-1)?.method).toBe("wallet_revokeSession")
  })

  it("follows the wallet: its account pick arrives as wallet_sessionChanged, its network as wallet_notify", async () => {
    const { client, evm, events } = await setup([true])
    await Effect.runPromise(client.connect({}))
    evm.selectAccount(accountAt(1).address)
    await expect.poll(() => events).toContainEqual({ _tag: "AccountsChanged", namespace: "eip155", accounts: [accountAt(1).address, accountAt(0).address] })
    await evm.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x7a6a" }] })
    expect(events).toContainEqual({ _tag: "ChainChanged", namespace: "eip155", caipNetworkId: "eip155:31338" })
  })

  it.each(["unknown-scope", "unrequested-chain", "foreign-account"] as const)("refuses a session with %s with InvalidAccountError, and revokes it", async (kind) => {
    const { client, malform, log } = await setup([true])
    malform(kind)
    const error = await Effect.runPromise(Effect.flip(client.connect({})))
    expect(error._tag).toBe("InvalidAccountError")
    expect(log.at(-1)?.method).toBe("wallet_revokeSession")
  })

  it("a rejected approval is the wallet's 4001", async () => {
    const { client } = await setup([false])
    const error = await Effect.runPromise(Effect.flip(client.connect({})))
    expect(error._tag).toBe("UserRejectedRequestError")
  })
})
