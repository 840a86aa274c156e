/**
 * ERC-7715 from the embedded wallet (frame/app/ExecutionPermissions.ts), run by the frame's own ChainClient
 * against Portico's API server in front of a devnet and its Alto bundler, the visitor's keys in the
 * custody's own signer. The visitor grants a site's session key 10 USDC a day as one user operation; the
 * site (the session key) spends within it and is refused beyond it on chain; the visitor revokes and the
 * next spend is refused. Requests the wallet must not grant are refused before any panel or signature.
 */
import { describe, expect, it } from "@effect/vitest"
import { mnemonicToEntropy } from "@scure/bip39"
import { wordlist } from "@scure/bip39/wordlists/english"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { BaseError, ContractFunctionRevertedError, createTestClient, http, numberToHex, publicActions, walletActions, type Address, type Hex } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll } from "vitest"
import { FrameQuery } from "../../../core/embedded/FrameProtocol.ts"
import { spendPermissionsAbi, spendPermissionsAddress } from "../../../core/permissions/SpendPermissions.ts"
import * as Accounts from "../../../frame/custody/Accounts.ts"
import * as EvmSigner from "../../../frame/custody/EvmSigner.ts"
import * as Seed from "../../../frame/custody/Seed.ts"
import type { Ticket } from "../../../frame/app/Approvals.ts"
import { ChainClient } from "../../../frame/app/ChainClient.ts"
import * as ExecutionPermissions from "../../../frame/app/ExecutionPermissions.ts"
import { FrameSettings } from "../../../frame/app/FrameSettings.ts"
import type { ApprovalView } from "../../../frame/app/PanelChannel.ts"
import { SmartAccounts } from "../../../frame/app/SmartAccounts.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { startAccountAbstractionServices, type AccountAbstractionServices } from "../../../sandbox/bundler/AccountAbstractionServices.ts"
import { demoMnemonic } from "../../../sandbox/evm/DemoAccounts.ts"
import { chainOf } from "../../../sandbox/evm/EvmDeployment.ts"
import { startEvmDevnets, type EvmDevnets } from "../../../sandbox/evm/EvmDevnet.ts"

let devnets: EvmDevnets
let services: AccountAbstractionServices
let api: ApiServer

beforeAll(async () => {
  devnets = await startEvmDevnets()
  services = await startAccountAbstractionServices({ host: "127.0.0.1", devnets, bundlerPorts: [0, 0], paymasterPort: 0 })
  const first = devnets.chains[0]
  if (first === undefined) throw new Error("a devnet expected")
  api = await startApiServer({
    port: 0,
    projects: { site: { allowedOrigins: ["*"] } },
    rateLimit: { requests: 10_000, perSeconds: 60 },
    evm: [{ chainId: first.chainId, rpcUrl: first.rpcUrl, accountAbstraction: { bundlerUrl: services.bundlers.get(first.chainId)?.url ?? "" } }]
  })
}, 240_000)

afterAll(async () => {
  await Promise.allSettled([api?.stop(), services?.stop(), devnets?.stop()])
})

const network = "eip155:31337"
const day = 86_400
const dead: Address = "0x000000000000000000000000000000000000dEaD"
const query = Schema.decodeUnknownSync(FrameQuery)({ projectId: "site", chainId: network, version: "test", enableLogger: "false" })
const frame = () => Layer.fresh(SmartAccounts.layer).pipe(Layer.provideMerge(Layer.mergeAll(FrameSettings.layer(query), ChainClient.layer({ origin: api.url, projectId: "site" }))))

/** The visitor: the demo phrase's first account (ether and demo USDC), approving every panel it is shown and counting signatures. */
const visitor = Effect.gen(function*() {
  const seed = yield* Seed.fromEntropy(mnemonicToEntropy(demoMnemonic, wordlist))
  const address = Accounts.addressesOf(seed).evm as Address
  const shown: Array<ApprovalView> = []
  let signatures = 0
  const counted = Effect.sync(() => void (signatures += 1))
  const parts: ExecutionPermissions.Parts = {
    chain: yield* ChainClient,
    smartAccounts: yield* SmartAccounts,
    custody: {
      signAuthorization: (request) => Effect.tap(EvmSigner.signAuthorization(seed, request), () => counted),
      signTypedData: (typedData) => Effect.tap(EvmSigner.signTypedData(seed, typedData), () => counted)
    },
    approvals: { approve: (_ticket, _id, view) => Effect.sync(() => void shown.push(view)) },
    account: (named) => (named === undefined || named.toLowerCase() === address.toLowerCase() ? Effect.succeed(address) : Effect.fail({ _tag: "UnauthorizedAccountError" })),
    currency: () => Effect.succeed({ symbol: "ETH", decimals: 18 })
  }
  return { address, parts, shown, signatures: () => signatures }
})

const ticket: Ticket = { rejections: 0 }

const site = () => {
  const devnet = devnets.chains[0]
  const client = createTestClient({ mode: "hardhat", transport: http(devnet?.rpcUrl ?? "") }).extend(publicActions).extend(walletActions)
  const sessionKey = privateKeyToAccount(generatePrivateKey())
  /** The site spends as the session key: "ok" once mined, else the contract's error. */
  const spend = async (account: Address, id: Hex, amount: bigint): Promise<string> => {
    try {
      await client.simulateContract({ account: sessionKey, address: spendPermissionsAddress, abi: spendPermissionsAbi, functionName: "spend", args: [account, id, dead, amount] })
    } catch (error) {
      const reverted = error instanceof BaseError ? error.walk((cause) => cause instanceof ContractFunctionRevertedError) : undefined
      if (reverted instanceof ContractFunctionRevertedError) return reverted.data?.errorName ?? "reverted"
      throw error
    }
    await client.writeContract({ account: sessionKey, address: spendPermissionsAddress, abi: spendPermissionsAbi, functionName: "spend", args: [account, id, dead, amount], chain: null })
    return "ok"
  }
  return { client, sessionKey, spend }
}

const usdcRequest = (to: Address, rules: ReadonlyArray<unknown> | undefined, type = "erc20-token-periodic", periodAmount: Hex = numberToHex(10_000_000n)) => [[{
  chainId: numberToHex(31337),
  to,
  permission: {
    type,
    isAdjustmentAllowed: false,
    data: { tokenAddress: chainOf(devnets.deployment, 31337).contracts["usdc"], periodAmount, periodDuration: day, justification: "Daily top-up" }
  },
  ...(rules === undefined ? {} : { rules })
}]]

const inAWeek = () => [{ type: "expiry", data: { timestamp: Math.floor(Date.now() / 1000) + 7 * day } }]

describe("ERC-7715 permissions from the embedded wallet", () => {
  it.live("grants a daily USDC allowance as one user operation; the site spends within it, not beyond, and not once revoked", () =>
    Effect.gen(function*() {
      const { address, parts, shown, signatures } = yield* visitor
      const { sessionKey, spend } = site()
      yield* Effect.promise(() => site().client.setBalance({ address: sessionKey.address, value: 10n ** 18n }))
      expect(yield* ExecutionPermissions.supported(parts, network)).toEqual({ "erc20-token-periodic": { chainIds: ["0x7a69"], ruleTypes: ["expiry"] } })

      const answer = yield* ExecutionPermissions.request(parts)(ticket, "r1", network, "wallet_requestExecutionPermissions", usdcRequest(sessionKey.address, inAWeek()))
      expect(answer).toHaveLength(1)
      const [granted] = answer
      expect(granted).toMatchObject({ from: address, to: sessionKey.address, delegationManager: spendPermissionsAddress, dependencies: [] })
      // The panel said it in words: the token by its symbol, the amount in its units, the period and the end.
      expect(shown).toHaveLength(1)
      expect(shown[0]?.permissions).toMatchObject({ action: "grant", granted: [{ amount: "10 USDC", periodSeconds: day, spender: sessionKey.address, justification: "Daily top-up" }] })
      expect(shown[0]?.smartAccount?.upgrade).toBe(true)
      expect(signatures()).toBe(2)

      const context = granted?.context as Hex
      const id = `0x${context.slice(66, 130)}` as Hex
      expect(yield* Effect.promise(() => spend(address, id, 6_000_000n))).toBe("ok")
      expect(yield* Effect.promise(() => spend(address, id, 5_000_000n))).toBe("OverPeriodAllowance")
      expect(yield* Effect.promise(() => spend(address, id, 4_000_000n))).toBe("ok")
      expect((yield* ExecutionPermissions.granted(parts, network)).map((entry) => entry.context)).toContain(context)

      const revoked = yield* ExecutionPermissions.revoke(parts)(ticket, "r2", network, "wallet_revokeExecutionPermission", [{ permissionContext: context }])
      expect(revoked).toEqual({})
      expect(shown[1]?.permissions).toMatchObject({ action: "revoke", granted: [{ amount: "10 USDC", spender: sessionKey.address }] })
      expect(yield* Effect.promise(() => spend(address, id, 1n))).toBe("PermissionIsRevoked")
      expect((yield* ExecutionPermissions.granted(parts, network)).map((entry) => entry.context)).not.toContain(context)
      // Revoking again: nothing to withdraw, nothing shown.
      const again = yield* Effect.flip(ExecutionPermissions.revoke(parts)(ticket, "r3", network, "wallet_revokeExecutionPermission", [{ permissionContext: context }]))
      expect(again._tag).toBe("PermissionNotActiveError")
      expect(shown).toHaveLength(2)
    }).pipe(Effect.provide(frame())), 180_000)

  it.live("refuses an unknown type, an expired request and over-broad ones, typed, before any panel or signature", () =>
    Effect.gen(function*() {
      const { parts, shown, signatures } = yield* visitor
      const { sessionKey } = site()
      const refused = (params: unknown) => Effect.flip(ExecutionPermissions.request(parts)(ticket, "r", network, "wallet_requestExecutionPermissions", params))
      expect(yield* refused(usdcRequest(sessionKey.address, inAWeek(), "native-token-stream"))).toMatchObject({ _tag: "UnknownPermissionTypeError", message: "Unknown permission type", code: -32602 })
      expect(yield* refused(usdcRequest(sessionKey.address, [{ type: "expiry", data: { timestamp: 1_000 } }]))).toMatchObject({ _tag: "PermissionExpiredError" })
      expect(yield* refused(usdcRequest(sessionKey.address, undefined))).toMatchObject({ _tag: "PermissionTooBroadError", reason: "noExpiry" })
      const farAway = [{ type: "expiry", data: { timestamp: Math.floor(Date.now() / 1000) + 365 * day } }]
      expect(yield* refused(usdcRequest(sessionKey.address, farAway))).toMatchObject({ _tag: "PermissionTooBroadError", reason: "tooLong" })
      const unlimited = usdcRequest(sessionKey.address, inAWeek(), "erc20-token-periodic", `0x${"f".repeat(64)}`)
      expect(yield* refused(unlimited)).toMatchObject({ _tag: "PermissionTooBroadError", reason: "unlimited" })
      expect(shown).toHaveLength(0)
      expect(signatures()).toBe(0)
    }).pipe(Effect.provide(frame())), 60_000)

  it.live("grants nothing on a network without the contract: a call there would succeed doing nothing", () =>
    Effect.gen(function*() {
      const { parts, shown, signatures } = yield* visitor
      const { client, sessionKey } = site()
      const code = yield* Effect.promise(() => client.getCode({ address: spendPermissionsAddress }))
      yield* Effect.promise(() => client.setCode({ address: spendPermissionsAddress, bytecode: "0x" }))
      const outcome = yield* Effect.all([
        ExecutionPermissions.supported(parts, network),
        Effect.flip(ExecutionPermissions.request(parts)(ticket, "r", network, "wallet_requestExecutionPermissions", usdcRequest(sessionKey.address, inAWeek())))
      ]).pipe(Effect.ensuring(Effect.promise(() => client.setCode({ address: spendPermissionsAddress, bytecode: code ?? "0x" }))))
      expect(outcome[0]).toEqual({})
      expect(outcome[1]).toMatchObject({ _tag: "PermissionsUnavailableError", code: 4200 })
      expect(shown).toHaveLength(0)
      expect(signatures()).toBe(0)
    }).pipe(Effect.provide(frame())), 60_000)
})
