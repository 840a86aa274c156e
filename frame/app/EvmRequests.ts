/**
 * The EVM account's JSON-RPC calls (spec §6): the safe ones the wallet answers itself (its account, the
 * network, its capabilities, its assets, the status of its call bundles), and the ones the visitor
 * approves in the frame's panel first — `personal_sign`, `eth_signTypedData_v4`, `eth_sendTransaction`
 * (filled from the chain, signed, sent raw, answered with the hash) and `wallet_sendCalls`, answered with
 * the bundle's id: where the account is a smart account (SmartAccounts.ts) a bundle of several calls, any
 * bundle once upgraded, and any bundle whose gas the app sponsors (ERC-7677) is one atomic user operation
 * (SmartCalls.ts); elsewhere each call is filled and sent in turn. ERC-7715 execution permissions are
 * granted and revoked by the smart account (ExecutionPermissions.ts); the older `wallet_grantPermissions`
 * drafts and raw user operations are not served.
 *
 * Calls naming an account name this one, or are refused (4100) before anything is shown; so are messages
 * and typed data reserved for the wallet's own share replacement (ReservedSigning.ts).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { isHex, numberToHex, parseTransaction, type Hex } from "viem"
import { fixed } from "../../core/FixedMessage.ts"
import * as SendCalls from "../../core/SendCalls.ts"
import { Custody } from "../custody/Custody.ts"
import type { EvmTransaction, EvmTypedData } from "../custody/EvmSigner.ts"
import { baseView, cut, formatAmount, messageText, type Currency } from "./ApprovalViews.ts"
import { Approvals, type Ticket } from "./Approvals.ts"
import * as CallBundles from "./CallBundles.ts"
import { ChainClient } from "./ChainClient.ts"
import * as EvmReview from "./EvmReview.ts"
import * as ExecutionPermissions from "./ExecutionPermissions.ts"
import { ChainMismatchError, evmChainId, fill, TransactionRequest, UnreadableChainAnswerError, type Filled } from "./EvmTransactions.ts"
import { fixedCode } from "../../core/FixedCode.ts"
import * as Holdings from "./Holdings.ts"
import { randomId } from "./RandomId.ts"
import { refuseReservedMessage, refuseReservedTypedData } from "./ReservedSigning.ts"
import { InvalidParamsError, paramsOf, TransactionAsMessageError } from "./RpcParams.ts"
import { ServerApi } from "./ServerApi.ts"
import * as SmartCalls from "./SmartCalls.ts"
import { SmartAccounts } from "./SmartAccounts.ts"
import { Wallet } from "./Wallet.ts"

const EvmAddress = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{40}$/))
const HexString = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]*$/))

const PersonalSignParams = Schema.TupleWithRest(Schema.Tuple([Schema.String.check(Schema.isMaxLength(200_000)), EvmAddress]), [Schema.Unknown])

const TypedData = Schema.Struct({
  types: Schema.Record(Schema.String, Schema.Array(Schema.Struct({ name: Schema.String, type: Schema.String }))),
  primaryType: Schema.String,
  domain: Schema.Record(Schema.String, Schema.Unknown),
  message: Schema.Record(Schema.String, Schema.Unknown)
})
const TypedDataParams = Schema.Tuple([EvmAddress, Schema.Union([TypedData, Schema.fromJsonString(TypedData)])])

const SendTransactionParams = Schema.TupleWithRest(Schema.Tuple([TransactionRequest]), [Schema.Unknown])

const SendCallsParams = Schema.Tuple([
  Schema.Struct({
    version: Schema.optionalKey(Schema.String),
    chainId: HexString,
    from: Schema.optionalKey(EvmAddress),
    // viem hands over `data: undefined` for a plain transfer: an absent field may also be undefined.
    calls: Schema.Array(Schema.Struct({
      to: Schema.optional(Schema.String),
      data: Schema.optional(Schema.String),
      value: Schema.optional(Schema.String)
    })).check(Schema.isMinLength(1), Schema.isMaxLength(64)),
    atomicRequired: Schema.optionalKey(Schema.Boolean),
    capabilities: Schema.optionalKey(Schema.Unknown)
  })
])

const CapabilitiesParams = Schema.TupleWithRest(Schema.Tuple([EvmAddress]), [Schema.Array(HexString)])
const CallsStatusParams = Schema.Tuple([Schema.String.check(Schema.isMaxLength(200))])

/** A typed data domain's chain id (a number, a decimal or a hex string), or undefined when it is none of them. */
const chainIdOf = (value: unknown): bigint | undefined =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0
    ? BigInt(value)
    : typeof value === "string" && /^(0x[0-9a-fA-F]{1,16}|\d{1,20})$/.test(value)
    ? BigInt(value)
    : undefined

/** A typed data part as the panel shows it: indented JSON, cut to what the panel takes. */
const asJson = (value: unknown, length: number) => cut(JSON.stringify(value, null, 2), length)

/** Whether `message` is a serialized EVM transaction: signing it as a message is refused, whatever the prefix. */
const isTransaction = (message: string): boolean => {
  if (!isHex(message) || message.length < 4) return false
  try {
    parseTransaction(message)
    return true
  } catch {
    return false
  }
}

/** The open account, when `named` (if any) is it. */
const accountOf = (wallet: Wallet["Service"], named: string | undefined) =>
  Effect.flatMap(wallet.addresses, (addresses) =>
    named === undefined || named.toLowerCase() === addresses.evm.toLowerCase()
      ? Effect.succeed(addresses.evm)
      : Effect.fail(new UnauthorizedAccountError()))

const currencyOf = (api: ServerApi["Service"], address: string, chainId: string) => Effect.map(Holdings.nativeCurrency(api, address, chainId), Option.getOrUndefined)

/** The transactions as the panel shows them: what each call does, and what the simulation says. */
const reviewedBy = (chain: ChainClient["Service"], method: string, chainId: string, from: Hex, transactions: ReadonlyArray<EvmTransaction>, shown: Currency | undefined) =>
  Effect.map(EvmReview.review(chain, chainId, from, transactions, shown), (review) => ({
    ...baseView(method, chainId, from),
    transactions: review.transactions,
    simulation: review.simulation,
    ...(review.truncated ? { truncated: true } : {})
  }))

const sendSigned = (chain: ChainClient["Service"], custody: Custody["Service"], chainId: string, filled: Filled) =>
  Effect.gen(function*() {
    const signed = yield* custody.signEvmTransaction(filled.transaction)
    const hash = yield* chain.call(chainId, "eth_sendRawTransaction", [signed])
    return yield* Effect.mapError(Schema.decodeUnknownEffect(HexString)(hash), () => new UnreadableChainAnswerError({ method: "eth_sendRawTransaction" }))
  })

/** What wallet_sendCalls uses of the EVM requests' services. */
interface SendCallsParts {
  readonly chain: ChainClient["Service"]
  readonly custody: Custody["Service"]
  readonly approvals: Approvals["Service"]
  readonly smartAccounts: SmartAccounts["Service"]
  readonly bundles: CallBundles.CallBundles
  readonly wallet: Wallet["Service"]
  readonly api: ServerApi["Service"]
}

/** wallet_sendCalls: one user operation where the account is a smart account (SmartCalls.ts), else each call in turn. */
const sendCallsWith = (made: SendCallsParts) => (ticket: Ticket, requestId: string, chainId: string, method: string, params: unknown) =>
  Effect.gen(function*() {
    const [bundle] = yield* paramsOf(SendCallsParams, method, params ?? [])
    const calls = yield* SendCalls.validate(bundle.calls)
    if (BigInt(bundle.chainId) !== BigInt(evmChainId(chainId))) return yield* new UnsupportedChainIdError({ chainId: bundle.chainId })
    const from = yield* accountOf(made.wallet, bundle.from)
    const plan = yield* SmartCalls.plan(made.smartAccounts, made.chain, method, chainId, from, calls.length, bundle)
    if (plan.kind === "smart") {
      const prepared = yield* SmartCalls.prepare(made.chain, chainId, from, calls, plan)
      const shown = yield* currencyOf(made.api, from, chainId)
      yield* made.approvals.approve(ticket, requestId, {
        ...(yield* reviewedBy(made.chain, method, chainId, from, SmartCalls.asTransactions(prepared), shown)),
        ...SmartCalls.viewOf(prepared, (fee) => formatAmount(fee, shown, "eip155"))
      })
      const hash = yield* SmartCalls.send(made.chain, made.custody, prepared)
      const id = `0x${randomId()}`
      yield* made.bundles.record(id, { kind: "userOperation", chainId, hash })
      return { id }
    }
    if (bundle.atomicRequired === true) return yield* new AtomicityNotSupportedError()
    const filled = yield* Effect.forEach(calls, (call, index) =>
      Effect.flatMap(paramsOf(TransactionRequest, method, call), (request) => fill(made.chain, chainId, from, request, index)))
    const shown = yield* currencyOf(made.api, from, chainId)
    yield* made.approvals.approve(ticket, requestId, {
      ...(yield* reviewedBy(made.chain, method, chainId, from, filled.map((entry) => entry.transaction), shown)),
      fee: formatAmount(filled.reduce((sum, entry) => sum + entry.maxFee, 0n), shown, "eip155"),
      ...(plan.delegatedElsewhere === undefined ? {} : { delegatedElsewhere: plan.delegatedElsewhere })
    })
    const hashes = yield* Effect.forEach(filled, (entry) => sendSigned(made.chain, made.custody, chainId, entry))
    const id = `0x${randomId()}`
    yield* made.bundles.record(id, { kind: "transactions", chainId, hashes })
    return { id }
  })

const make = Effect.gen(function*() {
  const chain = yield* ChainClient
  const wallet = yield* Wallet
  const custody = yield* Custody
  const approvals = yield* Approvals
  const api = yield* ServerApi
  const smartAccounts = yield* SmartAccounts
  const bundles = CallBundles.make()

  const account = (named: string | undefined) => accountOf(wallet, named)
  const currency = (address: string, chainId: string) => currencyOf(api, address, chainId)
  const reviewed = (method: string, chainId: string, from: Hex, transactions: ReadonlyArray<EvmTransaction>, shown: Currency | undefined) =>
    reviewedBy(chain, method, chainId, from, transactions, shown)
  const send = (chainId: string, filled: Filled) => sendSigned(chain, custody, chainId, filled)

  /** A safe call the wallet answers itself (core/embedded/RpcPolicy.ts `answeredByWallet`). */
  const local = (chainId: string, method: string, params: unknown) =>
    Effect.gen(function*() {
      switch (method) {
        case "eth_chainId":
          return numberToHex(evmChainId(chainId))
        case "eth_accounts":
          return Option.match(yield* Effect.option(wallet.addresses), { onNone: () => [], onSome: (addresses) => [addresses.evm] })
        case "eth_requestAccounts": {
          const addresses = yield* Effect.mapError(wallet.addresses, () => new UnauthorizedAccountError())
          return [addresses.evm]
        }
        case "wallet_getCapabilities": {
          const [address, chains] = yield* paramsOf(CapabilitiesParams, method, params ?? [])
          const from = yield* account(address)
          const listed = chains ?? [numberToHex(evmChainId(chainId))]
          return Object.fromEntries(yield* Effect.forEach(listed, (id) =>
            Effect.map(SmartCalls.capabilities(smartAccounts, `eip155:${BigInt(id)}`, from), (capabilities) => [id, capabilities] as const)))
        }
        case "wallet_getAssets": {
          const request = yield* paramsOf(Holdings.AssetsRequest, method, params ?? [])
          const address = yield* account(request[0].account)
          return yield* Holdings.assets(api, address, chainId, request)
        }
        case "wallet_getCallsStatus": {
          const [id] = yield* paramsOf(CallsStatusParams, method, params ?? [])
          return yield* bundles.callsStatus(chain, id)
        }
        case "wallet_getGrantedExecutionPermissions":
          return yield* ExecutionPermissions.granted(permissionParts, chainId)
        case "wallet_getSupportedExecutionPermissions":
          return yield* ExecutionPermissions.supported(permissionParts, chainId)
        default:
          return yield* new InvalidParamsError({ method })
      }
    })

  const sendCalls = sendCallsWith({ chain, custody, approvals, smartAccounts, bundles, wallet, api })
  const permissionParts: ExecutionPermissions.Parts = { chain, custody, approvals, smartAccounts, account, currency }
  const requestPermissions = ExecutionPermissions.request(permissionParts)
  const revokePermission = ExecutionPermissions.revoke(permissionParts)

  /** A call the visitor approves first; `ticket` was taken when it arrived. */
  const approved = (ticket: Ticket, requestId: string, chainId: string, method: string, params: unknown) =>
    Effect.gen(function*() {
      switch (method) {
        case "personal_sign": {
          const [message, address] = yield* paramsOf(PersonalSignParams, method, params ?? [])
          yield* refuseReservedMessage(method, message)
          const from = yield* account(address)
          if (isTransaction(message)) return yield* new TransactionAsMessageError({ method })
          const shown = messageText(message)
          yield* approvals.approve(ticket, requestId, { ...baseView(method, chainId, from), message: shown.text, ...(shown.truncated ? { truncated: true } : {}) })
          return yield* custody.signPersonalMessage(isHex(message) ? { raw: message } : message)
        }
        case "eth_signTypedData_v4": {
          const [address, typedData] = yield* paramsOf(TypedDataParams, method, params ?? [])
          yield* refuseReservedTypedData(method, typedData.domain)
          const from = yield* account(address)
          // As common wallets do: typed data bound to a chain is signed on that chain only.
          const domainChain = typedData.domain["chainId"]
          if (domainChain !== undefined) {
            const named = chainIdOf(domainChain)
            if (named === undefined) return yield* new InvalidParamsError({ method })
            if (named !== BigInt(evmChainId(chainId))) return yield* new ChainMismatchError({ chainId })
          }
          const domain = asJson(typedData.domain, 10_000)
          const content = asJson(typedData.message, 100_000)
          const permits = yield* EvmReview.permits(chain, chainId, typedData)
          yield* approvals.approve(ticket, requestId, {
            ...baseView(method, chainId, from),
            typedData: { primaryType: typedData.primaryType.slice(0, 200), domain: domain.text, message: content.text, ...(permits.length === 0 ? {} : { permits }) },
            ...(domain.truncated || content.truncated ? { truncated: true } : {})
          })
          // viem derives the domain's type from the domain itself.
          const { EIP712Domain: _, ...types } = typedData.types
          return yield* custody.signTypedData({ ...typedData, types } as EvmTypedData)
        }
        case "eth_sendTransaction": {
          const [request] = yield* paramsOf(SendTransactionParams, method, params ?? [])
          const from = yield* account(request.from)
          const filled = yield* fill(chain, chainId, from, request)
          const shown = yield* currency(from, chainId)
          yield* approvals.approve(ticket, requestId, {
            ...(yield* reviewed(method, chainId, from, [filled.transaction], shown)),
            fee: formatAmount(filled.maxFee, shown, "eip155")
          })
          return yield* send(chainId, filled)
        }
        case "wallet_sendCalls":
          return yield* sendCalls(ticket, requestId, chainId, method, params)
        case "wallet_requestExecutionPermissions":
          return yield* requestPermissions(ticket, requestId, chainId, method, params)
        case "wallet_revokeExecutionPermission":
          return yield* revokePermission(ticket, requestId, chainId, method, params)
        default:
          return yield* supersededError(method)
      }
    })

  return { local, approved }
})

type Made = Effect.Success<typeof make>
export class EvmRequests extends Context.Service<EvmRequests, Made>()("portico/frame/app/EvmRequests") {
  static readonly layer = Layer.effect(EvmRequests, make)
}

/** The call names an account other than this wallet's, or none is connected (EIP-1193 4100). */
export class UnauthorizedAccountError extends Schema.TaggedError<UnauthorizedAccountError>()("UnauthorizedAccountError", {
  message: fixed("The requested account has not been authorized"),
  code: fixedCode("Unauthorized")
}) {}

/** EIP-5792 5760: the calls would be sent one by one (a plain account here), never atomically. */
export class AtomicityNotSupportedError extends Schema.TaggedError<AtomicityNotSupportedError>()("AtomicityNotSupportedError", {
  message: fixed("Atomicity not supported"),
  code: fixedCode("AtomicityNotSupported")
}) {}

/** EIP-5792 5710: the bundle names another chain than the request's network. */
export class UnsupportedChainIdError extends Schema.TaggedError<UnsupportedChainIdError>()("UnsupportedChainIdError", {
  message: fixed("Unsupported chain id"),
  code: fixedCode("UnsupportedChainId"),
  chainId: Schema.String
}) {}

/** Methods the wallet lets through to here but does not serve, and the current ones that do what they did. */
const supersededBy: Readonly<Record<string, string>> = {
  // ERC-7715's earlier drafts.
  wallet_grantPermissions: "wallet_requestExecutionPermissions",
  wallet_revokePermissions: "wallet_revokeExecutionPermission",
  // A raw user operation: the wallet builds its own from calls.
  eth_sendUserOperation: "wallet_sendCalls"
}

export const supersededError = (method: string) =>
  new SupersededMethodError({ method, message: `${method} is not served: ask with ${supersededBy[method] ?? "wallet_sendCalls"}` })

/** EIP-1193 4200: a method of an earlier draft (or a raw user operation), named with the one that replaced it. */
export class SupersededMethodError extends Schema.TaggedError<SupersededMethodError>()("SupersededMethodError", {
  message: Schema.String,
  code: fixedCode("UnsupportedMethod"),
  method: Schema.String
}) {}
