/**
 * Smart accounts through Portico's chain RPC endpoint, as a page reaches them: one URL per network serves
 * the node's reads, the ERC-4337 bundler's user operations and the host's ERC-7677 sponsorship service,
 * whose key stays on the server. viem's own bundler and paymaster clients point at that one URL.
 */
import { createPublicClient, defineChain, http, type Address } from "viem"
import { createBundlerClient, createPaymasterClient, toSimple7702SmartAccount } from "viem/account-abstraction"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { startAccountAbstractionServices, type AccountAbstractionServices } from "../../../sandbox/bundler/AccountAbstractionServices.ts"
import { paymasterUrlOf, sandboxPaymasterApiKey } from "../../../sandbox/bundler/PaymasterService.ts"
import { simple7702AccountAddress } from "../../../sandbox/evm/AccountAbstraction.ts"
import { accountAt } from "../../../sandbox/evm/DemoAccounts.ts"
import { startEvmDevnets, type EvmDevnets } from "../../../sandbox/evm/EvmDevnet.ts"

let devnets: EvmDevnets
let services: AccountAbstractionServices
let api: ApiServer
const logged: Array<string> = []

beforeAll(async () => {
  devnets = await startEvmDevnets()
  services = await startAccountAbstractionServices({ host: "127.0.0.1", devnets, bundlerPorts: [0, 0], paymasterPort: 0 })
  const [first, second] = devnets.chains
  if (first === undefined || second === undefined) throw new Error("two devnets expected")
  api = await startApiServer({
    port: 0,
    projects: { site: { allowedOrigins: ["*"] } },
    rateLimit: { requests: 10_000, perSeconds: 60 },
    evm: [
      // The first chain has both services; the second a bundler but no sponsorship.
      { chainId: first.chainId, rpcUrl: first.rpcUrl, accountAbstraction: { bundlerUrl: services.bundlers.get(first.chainId)?.url ?? "", paymasterUrl: paymasterUrlOf(services.paymaster) } },
      { chainId: second.chainId, rpcUrl: second.rpcUrl, accountAbstraction: { bundlerUrl: services.bundlers.get(second.chainId)?.url ?? "" } }
    ]
  }, { log: (line) => logged.push(line) })
}, 240_000)

afterAll(async () => {
  await Promise.allSettled([api?.stop(), services?.stop(), devnets?.stop()])
})

const endpoint = (chainId: number) => `${api.url}/v1/?chainId=eip155:${chainId}&projectId=site`
const dead: Address = "0x000000000000000000000000000000000000dEaD"

const post = async (url: string, body: unknown) => {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
  return (await response.json()) as { readonly result?: unknown; readonly error?: { readonly code: number; readonly message: string } }
}

describe("the chain RPC endpoint's smart accounts", () => {
  it("answers bundler calls from the network's bundler", async () => {
    expect(await post(endpoint(31337), { jsonrpc: "2.0", id: 3, method: "eth_supportedEntryPoints", params: [] })).toEqual({
      jsonrpc: "2.0",
      id: 3,
      result: ["0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108"]
    })
  })

  it("sends a sponsored EIP-7702 batch through the one URL: the visitor's ether is untouched", async () => {
    const chain = defineChain({ id: 31337, name: "Portico Local", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [endpoint(31337)] } } })
    const transport = http(endpoint(31337))
    const client = createPublicClient({ chain, transport, pollingInterval: 100 })
    const owner = privateKeyToAccount(accountAt(4).privateKey)
    const account = await toSimple7702SmartAccount({ client, owner })
    const bundler = createBundlerClient({ client, transport, pollingInterval: 100, paymaster: createPaymasterClient({ transport }) })
    const authorization = await owner.signAuthorization({ chainId: 31337, nonce: await client.getTransactionCount({ address: owner.address }), contractAddress: simple7702AccountAddress })
    const ether = await client.getBalance({ address: owner.address })
    const hash = await bundler.sendUserOperation({ account, authorization, calls: [{ to: dead, value: 0n }, { to: dead, value: 0n }] })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 60_000 })
    expect(receipt.success).toBe(true)
    expect(await client.getBalance({ address: owner.address })).toBe(ether)
  }, 120_000)

  it("refuses what a network is not configured for, naming the missing service", async () => {
    const sponsor = await post(endpoint(31338), { jsonrpc: "2.0", id: 1, method: "pm_getPaymasterStubData", params: [] })
    expect(sponsor.error?.message).toBe("pm_getPaymasterStubData: no ERC-7677 sponsorship service is configured for eip155:31338")
    const sponsorAbsent = await startApiServer({ port: 0, projects: { site: { allowedOrigins: ["*"] } }, evm: [{ chainId: 31337, rpcUrl: devnets.chains[0]?.rpcUrl ?? "" }] })
    try {
      const send = await post(`${sponsorAbsent.url}/v1/?chainId=eip155:31337&projectId=site`, { jsonrpc: "2.0", id: 1, method: "eth_sendUserOperation", params: [] })
      expect(send.error?.message).toBe("eth_sendUserOperation: no ERC-4337 bundler is configured for eip155:31337")
    } finally {
      await sponsorAbsent.stop()
    }
  })

  it("passes the service's refusal on, and never shows or logs the host's key", async () => {
    const refused = await post(endpoint(31337), { jsonrpc: "2.0", id: 9, method: "pm_getPaymasterData", params: [{}, "0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108", "0x7a69", null] })
    expect(refused.error?.message).toMatch(/^Invalid params/)
    expect(JSON.stringify(refused)).not.toContain(sandboxPaymasterApiKey)
    expect(logged.length > 0).toBe(true)
    expect(logged.join("\n")).not.toContain(sandboxPaymasterApiKey)
  })
})
