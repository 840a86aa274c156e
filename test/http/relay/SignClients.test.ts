/**
 * Two real `@walletconnect/sign-client` 2.25 clients (a dapp and a wallet) pair through the local relay with
 * no internet: session approval, a personal_sign verified with viem, and a rejected request answering 4001.
 */
import { SignClient } from "@walletconnect/sign-client"
import { hexToString, stringToHex, verifyMessage } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { accountAt } from "../../../sandbox/evm/DemoAccounts.ts"
import { startRelay, type Relay } from "../../../http/relay/Relay.ts"

// Hardhat's first default account: public test key.
const account = privateKeyToAccount(accountAt(0).privateKey)
const chain = "eip155:31337"

const metadata = (name: string) => ({ name, description: name, url: `http://${name}.localhost`, icons: [] })

const startClient = (relay: Relay, name: string) =>
  SignClient.init({
    projectId: "portico-test",
    relayUrl: relay.url,
    customStoragePrefix: `${name}-${Math.random()}`,
    telemetryEnabled: false,
    logger: "silent",
    metadata: metadata(name)
  })

type Client = Awaited<ReturnType<typeof startClient>>

describe("WalletConnect sign-clients through the local relay", () => {
  let relay: Relay
  let dapp: Client
  let wallet: Client
  let topic: string

  beforeAll(async () => {
    relay = await startRelay({})
    ;[dapp, wallet] = await Promise.all([startClient(relay, "dapp"), startClient(relay, "wallet")])

    // The wallet signs personal_sign with the demo key and refuses everything else as the user would.
    wallet.on("session_proposal", (proposal) => {
      void wallet.approve({
        id: proposal.id,
        namespaces: {
          eip155: {
            chains: [chain],
            accounts: [`${chain}:${account.address}`],
            methods: ["personal_sign", "eth_sendTransaction"],
            events: ["chainChanged", "accountsChanged"]
          }
        }
      })
    })
    wallet.on("session_request", async ({ id, topic: requestTopic, params }) => {
      const response =
        params.request.method === "personal_sign"
          ? { id, jsonrpc: "2.0", result: await account.signMessage({ message: { raw: params.request.params[0] } }) }
          : { id, jsonrpc: "2.0", error: { code: 4001, message: "User rejected the request." } }
      await wallet.respond({ topic: requestTopic, response })
    })

    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: { chains: [chain], methods: ["personal_sign", "eth_sendTransaction"], events: ["chainChanged"] }
      }
    })
    if (uri === undefined) throw new Error("the dapp produced no pairing URI")
    // Called before pairing: sign-client drops a settlement that arrives before approval() is awaited.
    const settled = approval()
    await wallet.pair({ uri })
    const session = await settled
    topic = session.topic
  })

  afterAll(async () => {
    await Promise.allSettled([dapp?.core.relayer.transportClose(), wallet?.core.relayer.transportClose()])
    await relay?.stop()
  })

  it("settles a session whose accounts the wallet approved", () => {
    const session = dapp.session.get(topic)
    expect(session.namespaces["eip155"]?.accounts).toEqual([`${chain}:${account.address}`])
    expect(wallet.session.get(topic).peer.metadata.name).toBe("dapp")
  })

  it("returns a personal_sign signature that viem verifies for the wallet's address", async () => {
    const message = "Sign in to Portico"
    const signature = await dapp.request<`0x${string}`>({
      topic,
      chainId: chain,
      request: { method: "personal_sign", params: [stringToHex(message), account.address] }
    })
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)
    expect(hexToString(stringToHex(message))).toBe(message)
  })

  it("answers a request the wallet rejects with the 4001 user-rejected error", async () => {
    const request = dapp.request({
      topic,
      chainId: chain,
      request: { method: "eth_sendTransaction", params: [{ from: account.address, to: account.address, value: "0x1" }] }
    })
    await expect(request).rejects.toMatchObject({ code: 4001 })
  })
})
