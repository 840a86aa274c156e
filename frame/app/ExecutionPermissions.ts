/**
 * ERC-7715 execution permissions from the embedded wallet (core/permissions/ExecutionPermissions.ts):
 * - `wallet_requestExecutionPermissions`: every request checked before anything is shown (a type it does
 *   not offer, an expiry past, beyond 30 days or missing, an unlimited amount: refused, nothing signed),
 *   then said in words in the frame's panel and granted as one atomic user operation of the smart account
 *   — the token's allowance to SpendPermissions and the registration — answered once it is on chain;
 * - `wallet_revokeExecutionPermission`: the visitor approves, the account calls `revoke`;
 * - `wallet_getGrantedExecutionPermissions` and `wallet_getSupportedExecutionPermissions`: read from the
 *   chain (the contract's events and state), never from memory a page could have shaped.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import { decodeEventLog, decodeFunctionResult, encodeEventTopics, encodeFunctionData, erc20Abi, numberToHex, zeroAddress, type Address, type Hex } from "viem"
import { fixed } from "../../core/FixedMessage.ts"
import { fixedCode } from "../../core/FixedCode.ts"
import * as Permissions from "../../core/permissions/ExecutionPermissions.ts"
import { decodePermissionContext, spendPermissionsAbi, spendPermissionsAddress } from "../../core/permissions/SpendPermissions.ts"
import { baseView, formatAmount, type Currency } from "./ApprovalViews.ts"
import type { Approvals, Ticket } from "./Approvals.ts"
import type { ChainClient } from "./ChainClient.ts"
import { evmChainId, read } from "./EvmTransactions.ts"
import type { PermissionView } from "./PanelChannel.ts"
import { paramsOf } from "./RpcParams.ts"
import * as SmartCalls from "./SmartCalls.ts"
import type { SmartAccounts } from "./SmartAccounts.ts"
import * as TokenFacts from "./TokenFacts.ts"
import { UserOperationReceipt, type OperationSigner } from "./UserOperations.ts"

const Data = Schema.String.check(Schema.isPattern(/^0x(?:[0-9a-fA-F]{2})*$/))
const Logs = Schema.Array(Schema.Struct({ topics: Schema.Array(Data), data: Data })).check(Schema.isMaxLength(10_000))
const RevokeParams = Schema.Tuple([Schema.Struct({ permissionContext: Data.check(Schema.isMaxLength(2000)) })])

/** What the permission methods use of the EVM requests' services. */
export interface Parts {
  readonly chain: ChainClient["Service"]
  readonly custody: OperationSigner
  readonly approvals: Pick<Approvals["Service"], "approve">
  readonly smartAccounts: SmartAccounts["Service"]
  /** The open account, when `named` (if any) is it. */
  readonly account: (named: string | undefined) => Effect.Effect<Address, { readonly _tag: string }>
  readonly currency: (address: string, chainId: string) => Effect.Effect<Currency | undefined, { readonly _tag: string }>
}

const nowSeconds = Effect.map(Clock.currentTimeMillis, (millis) => Math.floor(millis / 1000))

const randomPermissionId = (): Hex => `0x${Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, "0")).join("")}`

const contractCall = (chain: ChainClient["Service"], chainId: string, to: Address, data: Hex) =>
  read(chain, chainId, Data, "eth_call", [{ to, data }, "latest"]).pipe(Effect.map((answer) => answer as Hex))

const allowanceOf = (chain: ChainClient["Service"], chainId: string, token: Address, owner: Address) =>
  contractCall(chain, chainId, token, encodeFunctionData({ abi: erc20Abi, functionName: "allowance", args: [owner, spendPermissionsAddress] })).pipe(
    Effect.flatMap((data) => Effect.try({ try: () => decodeFunctionResult({ abi: erc20Abi, functionName: "allowance", data }), catch: () => new PermissionUnreadableError() }))
  )

/** The permission `id` of `account` as the contract holds it (a zero spender: none). */
const permissionOf = (chain: ChainClient["Service"], chainId: string, account: Address, id: Hex) =>
  contractCall(chain, chainId, spendPermissionsAddress, encodeFunctionData({ abi: spendPermissionsAbi, functionName: "permissionOf", args: [account, id] })).pipe(
    Effect.flatMap((data) => Effect.try({ try: () => decodeFunctionResult({ abi: spendPermissionsAbi, functionName: "permissionOf", data }), catch: () => new PermissionUnreadableError() }))
  )

type Held = Effect.Success<ReturnType<typeof permissionOf>>

const grantOf = (chainId: string, held: Held): Permissions.PeriodicGrant => ({
  chainId: numberToHex(evmChainId(chainId)),
  spender: held.spender,
  token: held.token,
  periodAmount: held.periodAmount,
  periodDuration: Number(held.periodDuration),
  start: Number(held.start),
  end: Number(held.end),
  justification: undefined
})

/** What the panel says of `grant`: the token by its own name, the amount in its units. */
const viewOf = (chain: ChainClient["Service"], chainId: string, grant: Permissions.PeriodicGrant): Effect.Effect<PermissionView> =>
  Effect.map(TokenFacts.facts(chain, chainId, grant.token), (token) => ({
    token: TokenFacts.label(token),
    amount: TokenFacts.amountIn(token, grant.periodAmount).slice(0, 100),
    periodSeconds: grant.periodDuration,
    until: grant.end,
    spender: grant.spender,
    ...(grant.justification === undefined ? {} : { justification: grant.justification })
  }))

/** Waits for the operation's receipt: the site may spend as soon as it has the answer. */
const included = (chain: ChainClient["Service"], chainId: string, hash: Hex) =>
  read(chain, chainId, UserOperationReceipt, "eth_getUserOperationReceipt", [hash]).pipe(
    Effect.flatMap((receipt) => (receipt === null ? Effect.fail("pending" as const) : Effect.succeed(receipt))),
    Effect.retry({ while: (error) => error === "pending", schedule: Schedule.spaced("500 millis"), times: 240 }),
    Effect.flatMap((receipt) => (receipt.success ? Effect.void : Effect.fail(new PermissionNotRecordedError()))),
    Effect.catchIf((error) => error === "pending", () => Effect.fail(new PermissionNotRecordedError()))
  )

/**
 * Whether SpendPermissions is deployed on `chainId`: a call to an address without code succeeds doing
 * nothing, so a grant there would be answered without existing.
 */
const deployed = (chain: ChainClient["Service"], chainId: string) =>
  Effect.map(read(chain, chainId, Data, "eth_getCode", [spendPermissionsAddress, "latest"]), (code) => code !== "0x")

/** The account as a smart account on `chainId`: permissions are granted by its own calls, never one by one. */
const smartPlan = (parts: Parts, method: string, chainId: string, from: Address) =>
  Effect.flatMap(parts.smartAccounts.standing(chainId, from), (standing) =>
    standing.smart
      ? Effect.succeed({ kind: "smart", upgrade: standing.delegation.kind !== "simple7702", sponsorship: undefined } as const)
      : Effect.fail(new SmartCalls.SmartAccountRequiredError({ method })))

/** Shows `calls` with `permissions` in the panel, sends them as one user operation once approved, and waits for it. */
const approveAndSend = (
  parts: Parts,
  ticket: Ticket,
  requestId: string,
  method: string,
  chainId: string,
  from: Address,
  calls: ReadonlyArray<{ readonly to: Address; readonly value: bigint; readonly data: Hex }>,
  permissions: { readonly action: "grant" | "revoke"; readonly granted: ReadonlyArray<Permissions.PeriodicGrant> }
) =>
  Effect.gen(function*() {
    const plan = yield* smartPlan(parts, method, chainId, from)
    if (!(yield* deployed(parts.chain, chainId))) return yield* new PermissionsUnavailableError({ chainId })
    const prepared = yield* SmartCalls.prepareCalls(parts.chain, chainId, from, calls, plan)
    const shown = yield* parts.currency(from, chainId)
    const granted = yield* Effect.forEach(permissions.granted, (grant) => viewOf(parts.chain, chainId, grant))
    yield* parts.approvals.approve(ticket, requestId, {
      ...baseView(method, chainId, from),
      ...SmartCalls.viewOf(prepared, (fee) => formatAmount(fee, shown, "eip155")),
      permissions: { action: permissions.action, granted: granted as [PermissionView, ...Array<PermissionView>] }
    })
    const hash = yield* SmartCalls.send(parts.chain, parts.custody, prepared)
    yield* included(parts.chain, chainId, hash)
  })

/** `wallet_requestExecutionPermissions`: all the requests granted together, or none. */
export const request = (parts: Parts) => (ticket: Ticket, requestId: string, chainId: string, method: string, params: unknown) =>
  Effect.gen(function*() {
    const [requests] = yield* paramsOf(Permissions.RequestParams, method, params ?? [])
    const now = yield* nowSeconds
    const grants: Array<Permissions.PeriodicGrant> = []
    for (const asked of requests) {
      const checked = Permissions.check(asked, now, evmChainId(chainId))
      if ("_tag" in checked) return yield* checked
      grants.push(checked)
    }
    const named = new Set(requests.flatMap((asked) => (asked.from === undefined ? [] : [asked.from.toLowerCase()])))
    if (named.size > 1) return yield* new Permissions.InvalidPermissionError()
    const from = yield* parts.account([...named][0])
    // Each grant raises the allowance the ones before it (and earlier grants) left to the contract.
    const allowances = new Map<Address, bigint>()
    const ids = grants.map(randomPermissionId)
    const calls = []
    for (const [index, grant] of grants.entries()) {
      const token = grant.token.toLowerCase() as Address
      const before = allowances.get(token) ?? (yield* allowanceOf(parts.chain, chainId, grant.token, from))
      calls.push(...Permissions.grantCalls(grant, ids[index] as Hex, before))
      allowances.set(token, before + Permissions.lifetimeAmount(grant))
    }
    yield* approveAndSend(parts, ticket, requestId, method, chainId, from, calls, { action: "grant", granted: grants })
    return grants.map((grant, index) => Permissions.grantedResponse(grant, from, ids[index] as Hex))
  })

/** `wallet_revokeExecutionPermission`: the account ends the permission its context names. */
export const revoke = (parts: Parts) => (ticket: Ticket, requestId: string, chainId: string, method: string, params: unknown) =>
  Effect.gen(function*() {
    const [{ permissionContext }] = yield* paramsOf(RevokeParams, method, params ?? [])
    const named = yield* Effect.try({ try: () => decodePermissionContext(permissionContext as Hex), catch: () => new Permissions.InvalidPermissionError() })
    const from = yield* parts.account(named.account)
    const held = yield* permissionOf(parts.chain, chainId, from, named.id)
    if (held.spender === zeroAddress || held.revoked) return yield* new PermissionNotActiveError()
    yield* approveAndSend(parts, ticket, requestId, method, chainId, from, [Permissions.revokeCall(named.id)], { action: "revoke", granted: [grantOf(chainId, held)] })
    return {}
  })

const registered = encodeEventTopics({ abi: spendPermissionsAbi, eventName: "PermissionRegistered" })[0]

/** `wallet_getGrantedExecutionPermissions`: the account's permissions still in force, from the contract's events and state. */
export const granted = (parts: Parts, chainId: string) =>
  Effect.gen(function*() {
    const from = yield* parts.account(undefined)
    const now = yield* nowSeconds
    const accountTopic = `0x${from.slice(2).toLowerCase().padStart(64, "0")}`
    const logs = yield* read(parts.chain, chainId, Logs, "eth_getLogs", [{ address: spendPermissionsAddress, fromBlock: "0x0", toBlock: "latest", topics: [registered, accountTopic] }])
    const ids = logs.flatMap((log) => {
      try {
        const event = decodeEventLog({ abi: spendPermissionsAbi, eventName: "PermissionRegistered", topics: log.topics as [Hex, ...Array<Hex>], data: log.data as Hex })
        return [event.args.id]
      } catch {
        // Not the contract's event after all: nothing of the account's.
        return []
      }
    })
    const held = yield* Effect.forEach(ids, (id) => Effect.map(permissionOf(parts.chain, chainId, from, id), (permission) => ({ id, permission })))
    return held
      .filter(({ permission }) => !permission.revoked && Number(permission.end) > now)
      .map(({ id, permission }) => Permissions.grantedResponse(grantOf(chainId, permission), from, id))
  })

/** `wallet_getSupportedExecutionPermissions`: the one type where the account can be a smart account and the contract is deployed. */
export const supported = (parts: Parts, chainId: string) =>
  Effect.gen(function*() {
    const support = yield* parts.smartAccounts.support(chainId)
    return support.bundler && (yield* deployed(parts.chain, chainId)) ? Permissions.supported([numberToHex(evmChainId(chainId))]) : {}
  })

/** The chain answered the contract's reads with something that is not its ABI's answer. */
export class PermissionUnreadableError extends Schema.TaggedError<PermissionUnreadableError>()("PermissionUnreadableError", {
  message: fixed("The permission contract's answer could not be read")
}) {}

/** The user operation granting or revoking the permission did not succeed on chain. */
export class PermissionNotRecordedError extends Schema.TaggedError<PermissionNotRecordedError>()("PermissionNotRecordedError", {
  message: fixed("The permission could not be recorded on chain"),
  code: fixedCode("TransactionRejected")
}) {}

/** The context names no permission of this account, or one already revoked. */
export class PermissionNotActiveError extends Schema.TaggedError<PermissionNotActiveError>()("PermissionNotActiveError", {
  message: fixed("This permission is not active"),
  code: fixedCode("InvalidParams")
}) {}

/** SpendPermissions has no code on this network: nothing can enforce a permission there, so none is granted. */
export class PermissionsUnavailableError extends Schema.TaggedError<PermissionsUnavailableError>()("PermissionsUnavailableError", {
  message: fixed("Execution permissions are not available on this network"),
  code: fixedCode("UnsupportedMethod"),
  chainId: Schema.String
}) {}
