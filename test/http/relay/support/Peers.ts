/**
 * The WalletConnect peers the relay's tests pair through it: Portico's own Sign client (either role) and the
 * reference sign-client 2.21.8, each on a given relay URL, and a settled session of either kind whose wallet
 * signs personal_sign with a demo key; and a fresh database for relays on one Postgres.
 */
import { SignClient as ReferenceClient } from "@walletconnect/sign-client"
import { stringToHex, verifyMessage, type Hex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { WebSocket } from "ws"
import * as Storage from "../../../../core/Storage.ts"
import type * as RelayClient from "../../../../core/walletconnect/RelayClient.ts"
import * as SignClient from "../../../../core/walletconnect/SignClient.ts"
import { openDatabase } from "../../../../http/server/Database.ts"
import { accountAt } from "../../../../sandbox/evm/DemoAccounts.ts"
import type { Postgres } from "../../support/postgres.ts"

const metadata = (name: string) => ({ name, description: name, url: `https://${name}.test`, icons: [] })

const openSocket = (url: string) => new WebSocket(url) as unknown as RelayClient.Socket

/** Portico's own Sign client in a role, on the relay at `relayUrl`. */
const portico = (role: "dapp" | "wallet", relayUrl: string) =>
  SignClient.make({ role, relayUrl, projectId: "test", metadata: metadata(role), storage: Storage.serviceOf(Storage.layerMemory), openSocket })

/** The reference sign-client 2.21.8 on the relay at `relayUrl`. */
const reference = (name: string, relayUrl: string) =>
  ReferenceClient.init({ projectId: "portico-test", relayUrl, customStoragePrefix: `${name}-${Math.random()}`, telemetryEnabled: false, logger: "silent", metadata: metadata(name) })

const nextEvent = (client: SignClient.SignClient, tag: SignClient.SignEvent["_tag"]) =>
  new Promise<SignClient.SignEvent>((resolve) => {
    const stop = client.subscribe((event) => {
      if (event._tag !== tag) return
      stop()
      resolve(event)
    })
  })

let databases = 0

/** A database of its own on `postgres`, for the relays of one test. */
export const freshDatabase = async (postgres: Postgres | undefined): Promise<string> => {
  if (postgres === undefined) throw new Error("Postgres did not start")
  const name = `relay_${process.pid}_${++databases}`
  const admin = await openDatabase({ databaseUrl: postgres.url })
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.close()
  return postgres.url.replace(/\/postgres$/, `/${name}`)
}

/** Hardhat's first default account: a public test key. */
const account = privateKeyToAccount(accountAt(0).privateKey)
const chain = "eip155:31337"
const proposed = { eip155: { chains: [chain], methods: ["personal_sign"], events: ["chainChanged"] } }
const approved = { eip155: { ...proposed.eip155, accounts: [`${chain}:${account.address}`] } }

export interface SettledSession {
  /** Whether the dapp's personal_sign of `message` came back signed by the wallet's account. */
  readonly signs: (message: string) => Promise<boolean>
  readonly close: () => Promise<void>
}

const verified = async (message: string, signature: unknown) =>
  typeof signature === "string" && verifyMessage({ address: account.address, message, signature: signature as Hex })

/** Portico's dapp on `dappUrl` and wallet on `walletUrl`, settled. */
export const porticoSession = async (dappUrl: string, walletUrl: string): Promise<SettledSession> => {
  const [dapp, wallet] = await Promise.all([portico("dapp", dappUrl), portico("wallet", walletUrl)])
  const proposal = nextEvent(wallet, "SessionProposal")
  const { uri, approval } = await dapp.propose({ optionalNamespaces: proposed, expiryTimestamp: Math.floor(Date.now() / 1000) + 240 })
  await wallet.pair(uri)
  const received = await proposal
  if (received._tag !== "SessionProposal") throw new Error("no proposal")
  await wallet.approve(received.proposal.id, approved)
  const session = await approval
  wallet.subscribe((event) => {
    if (event._tag !== "SessionRequest") return
    const [message] = event.params.request.params as ReadonlyArray<Hex>
    void account.signMessage({ message: { raw: message ?? "0x" } }).then((result) => wallet.respond(event.topic, event.id, { result })).catch(() => undefined)
  })
  return {
    signs: async (message) => verified(message, await dapp.request(session.topic, chain, { method: "personal_sign", params: [stringToHex(message), account.address] })),
    close: async () => {
      dapp.close()
      wallet.close()
    }
  }
}

/** The reference sign-client's dapp on `dappUrl` and wallet on `walletUrl`, settled. */
export const referenceSession = async (dappUrl: string, walletUrl: string): Promise<SettledSession> => {
  const [dapp, wallet] = await Promise.all([reference("dapp", dappUrl), reference("wallet", walletUrl)])
  wallet.on("session_proposal", ({ id }) => void wallet.approve({ id, namespaces: approved }))
  wallet.on("session_request", async ({ id, topic, params }) => {
    const result = await account.signMessage({ message: { raw: params.request.params[0] } })
    await wallet.respond({ topic, response: { id, jsonrpc: "2.0", result } })
  })
  const { uri, approval } = await dapp.connect({ optionalNamespaces: proposed })
  if (uri === undefined) throw new Error("the dapp produced no pairing URI")
  // Called before pairing: sign-client drops a settlement that arrives before approval() is awaited.
  const settled = approval()
  await wallet.pair({ uri })
  const session = await settled
  return {
    signs: async (message) =>
      verified(message, await dapp.request({ topic: session.topic, chainId: chain, request: { method: "personal_sign", params: [stringToHex(message), account.address] } })),
    close: async () => {
      await Promise.allSettled([dapp.core.relayer.transportClose(), wallet.core.relayer.transportClose()])
    }
  }
}
