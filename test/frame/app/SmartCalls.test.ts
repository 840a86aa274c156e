/**
 * The embedded wallet as a smart account (frame/app/SmartAccounts.ts, SmartCalls.ts, UserOperations.ts,
 * CallBundles.ts), run by the frame's own ChainClient against Portico's API server in front of the
 * devnets, their Alto bundlers and the sandbox's ERC-7677 sponsorship service — everything real, the
 * visitor's keys in the custody's own signer. The first chain has a bundler and a sponsor, the second a
 * bundler only; a second server has no bundler at all.
 */
import { describe, expect, it } from "@effect/vitest"
import { mnemonicToEntropy } from "@scure/bip39"
import { wordlist } from "@scure/bip39/wordlists/english"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import { createPublicClient, encodeFunctionData, erc20Abi, http, type Address } from "viem"
import { afterAll, beforeAll } from "vitest"
import { FrameQuery } from "../../../core/embedded/FrameProtocol.ts"
import * as SmartAccount7702 from "../../../core/SmartAccount7702.ts"
import * as Accounts from "../../../frame/custody/Accounts.ts"
import * as EvmSigner from "../../../frame/custody/EvmSigner.ts"
import * as Seed from "../../../frame/custody/Seed.ts"
import * as CallBundles from "../../../frame/app/CallBundles.ts"
import { ChainClient } from "../../../frame/app/ChainClient.ts"
import { FrameSettings } from "../../../frame/app/FrameSettings.ts"
import * as SmartCalls from "../../../frame/app/SmartCalls.ts"
import { SmartAccounts } from "../../../frame/app/SmartAccounts.ts"
import type { OperationSigner } from "../../../frame/app/UserOperations.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { startAccountAbstractionServices, type AccountAbstractionServices } from "../../../sandbox/bundler/AccountAbstractionServices.ts"
import { decliningPolicy, paymasterUrlOf } from "../../../sandbox/bundler/PaymasterService.ts"
import { demoMnemonic } from "../../../sandbox/evm/DemoAccounts.ts"
import { chainOf } from "../../../sandbox/evm/EvmDeployment.ts"
import { startEvmDevnets, type EvmDevnets } from "../../../sandbox/evm/EvmDevnet.ts"

let devnets: EvmDevnets
let services: AccountAbstractionServices
let api: ApiServer
let plainApi: ApiServer

beforeAll(async () => {
  devnets = await startEvmDevnets()
  services = await startAccountAbstractionServices({ host: "127.0.0.1", devnets, bundlerPorts: [0, 0], paymasterPort: 0 })
  const [first, second] = devnets.chains
  if (first === undefined || second === undefined) throw new Error("two devnets expected")
  const base = { port: 0, projects: { site: { allowedOrigins: ["*"] } }, rateLimit: { requests: 10_000, perSeconds: 60 } }
  api = await startApiServer({
    ...base,
    evm: [
      { chainId: first.chainId, rpcUrl: first.rpcUrl, accountAbstraction: { bundlerUrl: services.bundlers.get(first.chainId)?.url ?? "", paymasterUrl: paymasterUrlOf(services.paymaster) } },
      { chainId: second.chainId, rpcUrl: second.rpcUrl, accountAbstraction: { bundlerUrl: services.bundlers.get(second.chainId)?.url ?? "" } }
    ]
  })
  plainApi = await startApiServer({ ...base, evm: [{ chainId: first.chainId, rpcUrl: first.rpcUrl }] })
}, 240_000)

afterAll(async () => {
  await Promise.allSettled([api?.stop(), plainApi?.stop(), services?.stop(), devnets?.stop()])
})

const sponsored = "eip155:31337"
const bundlerOnly = "eip155:31338"
const dead: Address = "0x000000000000000000000000000000000000dEaD"

/** A wallet whose account is a fresh one (no ether, no code), or the demo phrase's first account (ether and demo tokens). */
const walletOf = (entropy: Uint8Array) =>
  Effect.map(Seed.fromEntropy(entropy), (seed) => {
    const signer: OperationSigner = {
      signAuthorization: (request) => EvmSigner.signAuthorization(seed, request),
      signTypedData: (typedData) => EvmSigner.signTypedData(seed, typedData)
    }
    return { address: Accounts.addressesOf(seed).evm as Address, signer }
  })
const freshWallet = () => walletOf(crypto.getRandomValues(new Uint8Array(16)))
const demoWallet = () => walletOf(mnemonicToEntropy(demoMnemonic, wordlist))

const query = Schema.decodeUnknownSync(FrameQuery)({ projectId: "site", chainId: sponsored, version: "test", enableLogger: "false" })

/** The frame's services against `server`, as FrameMain builds them (fresh: each test, each server its own). */
const frame = (server: ApiServer) =>
  Layer.fresh(SmartAccounts.layer).pipe(Layer.provideMerge(Layer.mergeAll(FrameSettings.layer(query), ChainClient.layer({ origin: server.url, projectId: "site" }))))

const frameServices = Effect.gen(function*() {
  return { chain: yield* ChainClient, smartAccounts: yield* SmartAccounts, settings: yield* FrameSettings }
})

const endpoint = (chainId: string) => `${api.url}/v1/?chainId=${chainId}&projectId=site`

const transfer = (to: Address, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] })
const approve = (spender: Address, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, amount] })

const client = (chainId: number) => {
  const chain = devnets.chains.find((candidate) => candidate.chainId === chainId)
  return createPublicClient({ transport: http(chain?.rpcUrl ?? "") })
}

/** Polls the bundle's status (wallet_getCallsStatus) until it is no longer pending. */
const settled = (bundles: CallBundles.CallBundles, chain: ChainClient["Service"], id: string) =>
  bundles.callsStatus(chain, id).pipe(
    Effect.flatMap((status) => (status.status === 100 ? Effect.fail("pending" as const) : Effect.succeed(status))),
    Effect.retry({ times: 240, schedule: Schedule.spaced("250 millis") })
  )

describe("the embedded wallet's smart account", () => {
  it.live("knows what each network offers: a bundler and a sponsor, a bundler only, nothing", () =>
    Effect.gen(function*() {
      const { smartAccounts } = yield* frameServices
      expect(yield* smartAccounts.support(sponsored)).toEqual({ bundler: true, sponsorship: true })
      expect(yield* smartAccounts.support(bundlerOnly)).toEqual({ bundler: true, sponsorship: false })
      const plain = yield* Effect.provide(Effect.flatMap(SmartAccounts, (other) => other.support(sponsored)), frame(plainApi))
      expect(plain).toEqual({ bundler: false, sponsorship: false })
    }).pipe(Effect.provide(frame(api))), 60_000)

  it.live("reports its capabilities: ready before the upgrade, sponsorship where the server has it, nothing for a plain account", () =>
    Effect.gen(function*() {
      const { smartAccounts, settings } = yield* frameServices
      const { address } = yield* freshWallet()
      expect(yield* SmartCalls.capabilities(smartAccounts, sponsored, address)).toEqual({ atomic: { status: "ready" }, paymasterService: { supported: true } })
      expect(yield* SmartCalls.capabilities(smartAccounts, bundlerOnly, address)).toEqual({ atomic: { status: "ready" } })
      // The visitor chose to stay a plain account.
      yield* settings.setAccountType("eoa")
      expect(yield* SmartCalls.capabilities(smartAccounts, sponsored, address)).toEqual({ atomic: { status: "unsupported" } })
      const plain = yield* Effect.provide(
        Effect.flatMap(SmartAccounts, (other) => SmartCalls.capabilities(other, sponsored, address)),
        frame(plainApi)
      )
      expect(plain).toEqual({ atomic: { status: "unsupported" } })
    }).pipe(Effect.provide(frame(api))), 60_000)

  it.live("the visitor's choice to stay plain outranks the host's preference, and the user the modal reads says which type is in force", () =>
    Effect.gen(function*() {
      const { smartAccounts, settings } = yield* frameServices
      const { address } = yield* freshWallet()
      const user = {
        accounts: [{ namespace: "eip155", address, type: "eoa", path: "m/44'/60'/0'/0/0" }, { namespace: "solana", address: "11111111111111111111111111111111", type: "eoa", path: "m/44'/501'/0'/0'" }],
        preferredAccountType: "eoa",
        smartAccountDeployed: false
      } as const
      expect(yield* smartAccounts.describe(user)).toMatchObject({ accounts: [{ type: "smartAccount" }, { type: "eoa" }], preferredAccountType: "smartAccount", smartAccountDeployed: false })
      yield* settings.chooseAccountType("eoa")
      // The host asks for a smart account again (as the modal does at every login): the visitor's choice stands.
      expect(yield* settings.setAccountType("smartAccount")).toBe("eoa")
      expect(yield* SmartCalls.capabilities(smartAccounts, sponsored, address)).toEqual({ atomic: { status: "unsupported" } })
      expect(yield* smartAccounts.describe(user)).toMatchObject({ accounts: [{ type: "eoa" }, { type: "eoa" }], preferredAccountType: "eoa" })
      yield* settings.chooseAccountType("smartAccount")
      expect(yield* settings.setAccountType("eoa")).toBe("smartAccount")
      expect(yield* SmartCalls.capabilities(smartAccounts, sponsored, address)).toMatchObject({ atomic: { status: "ready" } })
      // A network without a bundler: the account stays plain whatever the choice.
      const plain = yield* Effect.provide(Effect.flatMap(SmartAccounts, (other) => other.describe(user)), frame(plainApi))
      expect(plain).toMatchObject({ accounts: [{ type: "eoa" }, { type: "eoa" }] })
    }).pipe(Effect.provide(frame(api))), 60_000)

  it.live("plans: one call stays a transaction, several become one user operation, a page's own paymaster URL is refused", () =>
    Effect.gen(function*() {
      const { chain, smartAccounts, settings } = yield* frameServices
      const { address } = yield* freshWallet()
      const plan = (chainId: string, count: number, bundle: { readonly atomicRequired?: boolean; readonly capabilities?: unknown } = {}) =>
        SmartCalls.plan(smartAccounts, chain, "wallet_sendCalls", chainId, address, count, bundle)
      expect(yield* plan(sponsored, 1)).toEqual({ kind: "plain", delegatedElsewhere: undefined })
      expect(yield* plan(sponsored, 2)).toEqual({ kind: "smart", upgrade: true, sponsorship: undefined })
      expect(yield* plan(sponsored, 1, { atomicRequired: true })).toEqual({ kind: "smart", upgrade: true, sponsorship: undefined })
      const own = { paymasterService: { url: endpoint(sponsored), context: { sponsorshipPolicyId: "sp_any" } } }
      expect(yield* plan(sponsored, 1, { capabilities: own })).toEqual({ kind: "smart", upgrade: true, sponsorship: { context: { sponsorshipPolicyId: "sp_any" } } })
      // The host's own sponsor URL, another origin, another project, a look-alike path: never called.
      for (const url of [`${services.paymaster.url}?apikey=x`, endpoint(sponsored).replace("projectId=site", "projectId=other"), `${api.url}/v2/?projectId=site`, "https://evil.example/v1/?projectId=site"]) {
        const refused = yield* Effect.flip(plan(sponsored, 2, { capabilities: { paymasterService: { url } } }))
        expect(refused._tag).toBe("PaymasterServiceRefusedError")
        expect(refused).toMatchObject({ code: 5700 })
      }
      // Optional: the wallet goes without the sponsor rather than calling it.
      expect(yield* plan(sponsored, 2, { capabilities: { paymasterService: { url: "https://evil.example/", optional: true } } })).toEqual({ kind: "smart", upgrade: true, sponsorship: undefined })
      const unavailable = yield* Effect.flip(plan(bundlerOnly, 2, { capabilities: { paymasterService: { url: endpoint(bundlerOnly) } } }))
      expect(unavailable._tag).toBe("SponsorshipUnavailableError")
      yield* settings.setAccountType("eoa")
      expect(yield* plan(sponsored, 2)).toEqual({ kind: "plain", delegatedElsewhere: undefined })
    }).pipe(Effect.provide(frame(api))), 60_000)

  it.live("upgrades and sends an atomic approve + transfer as one user operation the app's sponsor pays: the visitor's ether is untouched", () =>
    Effect.gen(function*() {
      const { chain, smartAccounts } = yield* frameServices
      const { address, signer } = yield* demoWallet()
      const usdc = chainOf(devnets.deployment, 31337).contracts["usdc"] as Address
      const node = client(31337)
      const ether = yield* Effect.promise(() => node.getBalance({ address }))
      const tokens = yield* Effect.promise(() => node.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [address] }))
      const calls = [{ to: usdc, data: approve(dead, 5n) }, { to: usdc, data: transfer(dead, 7n) }]
      const plan = yield* SmartCalls.plan(smartAccounts, chain, "wallet_sendCalls", sponsored, address, calls.length, { capabilities: { paymasterService: { url: endpoint(sponsored) } } })
      if (plan.kind !== "smart") throw new Error("a smart plan expected")
      const prepared = yield* SmartCalls.prepare(chain, sponsored, address, calls, plan)
      expect(SmartCalls.viewOf(prepared, String)).toEqual({ smartAccount: { upgrade: true, implementation: SmartAccount7702.implementationAddress }, sponsored: true })
      const hash = yield* SmartCalls.send(chain, signer, prepared)
      const bundles = CallBundles.make()
      yield* bundles.record("0x01", { kind: "userOperation", chainId: sponsored, hash })
      const status = yield* settled(bundles, chain, "0x01")
      expect(status).toMatchObject({ status: 200, atomic: true, chainId: "0x7a69" })
      expect(status.receipts).toHaveLength(1)
      expect(yield* Effect.promise(() => node.getBalance({ address }))).toBe(ether)
      expect(yield* Effect.promise(() => node.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [address] }))).toBe(tokens - 7n)
      expect(yield* Effect.promise(() => node.readContract({ address: usdc, abi: erc20Abi, functionName: "allowance", args: [address, dead] }))).toBe(5n)
      expect(yield* Effect.promise(() => node.getCode({ address }))).toBe(`0xef0100${SmartAccount7702.implementationAddress.slice(2).toLowerCase()}`)
      // Upgraded: atomic batches are supported, and a single call now goes as a user operation too, without a new authorization.
      expect(yield* SmartCalls.capabilities(smartAccounts, sponsored, address)).toEqual({ atomic: { status: "supported" }, paymasterService: { supported: true } })
      const next = yield* SmartCalls.plan(smartAccounts, chain, "wallet_sendCalls", sponsored, address, 1, {})
      expect(next).toEqual({ kind: "smart", upgrade: false, sponsorship: undefined })
      // Paid by the account this time: its ether pays the bundler.
      if (next.kind !== "smart") throw new Error("a smart plan expected")
      const own = yield* SmartCalls.prepare(chain, sponsored, address, [{ to: dead, value: "0x1" }], next)
      expect(SmartCalls.viewOf(own, String)).toMatchObject({ smartAccount: { upgrade: false }, fee: String(own.operation.maxFee) })
      yield* bundles.record("0x02", { kind: "userOperation", chainId: sponsored, hash: yield* SmartCalls.send(chain, signer, own) })
      expect(yield* settled(bundles, chain, "0x02")).toMatchObject({ status: 200, atomic: true })
      expect((yield* Effect.promise(() => node.getBalance({ address }))) < ether).toBe(true)
    }).pipe(Effect.provide(frame(api))), 180_000)

  it.live("a sponsor's refusal is typed, its own words kept as data; nothing is signed or sent", () =>
    Effect.gen(function*() {
      const { chain, smartAccounts } = yield* frameServices
      const { address } = yield* freshWallet()
      const plan = yield* SmartCalls.plan(smartAccounts, chain, "wallet_sendCalls", sponsored, address, 2, {
        capabilities: { paymasterService: { url: endpoint(sponsored), context: { sponsorshipPolicyId: decliningPolicy } } }
      })
      if (plan.kind !== "smart") throw new Error("a smart plan expected")
      const refused = yield* Effect.flip(SmartCalls.prepare(chain, sponsored, address, [{ to: dead }, { to: dead }], plan))
      expect(refused._tag).toBe("SponsorshipRefusedError")
      expect(refused).toMatchObject({ code: -32003, message: "The app's sponsor refused to pay the network fee" })
      expect(refused._tag === "SponsorshipRefusedError" ? refused.data : "").toMatch(/not sponsored/)
    }).pipe(Effect.provide(frame(api))), 60_000)

  it.live("an account delegated to another contract is not used as a smart account, and is said to be so", () =>
    Effect.gen(function*() {
      const { chain, smartAccounts } = yield* frameServices
      const { address } = yield* freshWallet()
      const node = client(31338)
      // Code as another wallet's EIP-7702 delegation would leave it (hardhat_setCode stands in for that wallet's authorization).
      const other = "0x1111111111111111111111111111111111111111"
      yield* Effect.promise(() => node.request({ method: "hardhat_setCode" as never, params: [address, `0xef0100${other.slice(2)}`] as never }))
      expect(yield* SmartCalls.capabilities(smartAccounts, bundlerOnly, address)).toEqual({ atomic: { status: "unsupported" } })
      expect(yield* SmartCalls.plan(smartAccounts, chain, "wallet_sendCalls", bundlerOnly, address, 2, {})).toEqual({ kind: "plain", delegatedElsewhere: other })
    }).pipe(Effect.provide(frame(api))), 60_000)
})
