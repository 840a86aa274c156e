/**
 * `wallet_sendCalls` and `wallet_getCapabilities` where the account is a smart account (EIP-5792,
 * ERC-7677; SmartAccounts.ts says where): which bundles become one user operation, what the panel says of
 * them, and the app's gas sponsorship, accepted only through this wallet's own chain RPC endpoint — the
 * frame never calls an origin the page chose.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { hexToBigInt, type Address, type Hex } from "viem"
import { fixed } from "../../core/FixedMessage.ts"
import * as SmartAccount7702 from "../../core/SmartAccount7702.ts"
import type { EvmTransaction } from "../custody/EvmSigner.ts"
import type { ChainClient } from "./ChainClient.ts"
import { evmChainId } from "./EvmTransactions.ts"
import { fixedCode } from "../../core/FixedCode.ts"
import { paramsOf } from "./RpcParams.ts"
import type { SmartAccounts } from "./SmartAccounts.ts"
import * as UserOperations from "./UserOperations.ts"

/** ERC-7677's capability: the sponsor's URL and the context it is handed; `optional` lets a wallet go without. */
const PaymasterService = Schema.Struct({
  url: Schema.String.check(Schema.isMaxLength(2000)),
  context: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
  optional: Schema.optionalKey(Schema.Boolean)
})
const Capabilities = Schema.Struct({ paymasterService: Schema.optionalKey(PaymasterService) })

/** One call as the account's `execute` takes it: a target, and a value and data where given. */
const SmartCall = Schema.Struct({
  to: Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{40}$/)),
  value: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{1,64}$/))),
  data: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^0x(?:[0-9a-fA-F]{2})*$/)))
})

export type Plan =
  | { readonly kind: "smart"; readonly upgrade: boolean; readonly sponsorship: UserOperations.Sponsorship | undefined }
  | { readonly kind: "plain"; readonly delegatedElsewhere: string | undefined }

/** What the wallet can do on `chainId` for `from` (EIP-5792's `atomic`, ERC-7677's `paymasterService`). */
export const capabilities = (smartAccounts: SmartAccounts["Service"], chainId: string, from: Address) =>
  smartAccounts.standing(chainId, from).pipe(
    Effect.map((standing) =>
      !standing.smart
        ? { atomic: { status: "unsupported" } }
        : {
          // "ready": the wallet upgrades the account to atomic batches with the visitor's approval.
          atomic: { status: standing.delegation.kind === "simple7702" ? "supported" : "ready" },
          ...(standing.support.sponsorship ? { paymasterService: { supported: true } } : {})
        }
    ),
    Effect.orElseSucceed(() => ({ atomic: { status: "unsupported" } }))
  )

/**
 * How a bundle of `count` calls is sent: one user operation where the account is a smart account and
 * the bundle has several calls, the account is already upgraded, atomicity is required or the app pays
 * the gas; each call in turn otherwise. A paymaster service anywhere but this wallet's endpoint, or where
 * no sponsor is configured, is refused unless the app marked it optional.
 */
export const plan = (
  smartAccounts: SmartAccounts["Service"],
  chain: ChainClient["Service"],
  method: string,
  chainId: string,
  from: Address,
  count: number,
  bundle: { readonly atomicRequired?: boolean; readonly capabilities?: unknown }
) =>
  Effect.gen(function*() {
    const asked = (yield* paramsOf(Capabilities, method, bundle.capabilities ?? {})).paymasterService
    if (asked !== undefined && asked.optional !== true && !chain.isOwnEndpoint(asked.url, chainId)) {
      return yield* new PaymasterServiceRefusedError()
    }
    const standing = yield* smartAccounts.standing(chainId, from)
    const sponsored = asked !== undefined && chain.isOwnEndpoint(asked.url, chainId) && standing.smart && standing.support.sponsorship
    if (asked !== undefined && asked.optional !== true && !sponsored) return yield* new SponsorshipUnavailableError({ chainId })
    const upgraded = standing.delegation.kind === "simple7702"
    if (standing.smart && (count > 1 || upgraded || sponsored || bundle.atomicRequired === true)) {
      return { kind: "smart", upgrade: !upgraded, sponsorship: sponsored ? { context: asked?.context } : undefined } satisfies Plan
    }
    const elsewhere = standing.delegation.kind === "elsewhere" ? standing.delegation.address ?? "" : undefined
    return { kind: "plain", delegatedElsewhere: elsewhere } satisfies Plan
  })

export interface Prepared {
  readonly calls: ReadonlyArray<UserOperations.Call>
  readonly operation: UserOperations.Prepared
}

export const prepare = (
  chain: ChainClient["Service"],
  chainId: string,
  from: Address,
  calls: ReadonlyArray<unknown>,
  planned: Extract<Plan, { kind: "smart" }>
) =>
  Effect.gen(function*() {
    const decoded = yield* Effect.forEach(calls, (call) => paramsOf(SmartCall, "wallet_sendCalls", call))
    const smartCalls = decoded.map((call): UserOperations.Call => ({
      to: call.to as Address,
      value: call.value === undefined ? 0n : hexToBigInt(call.value as Hex),
      data: (call.data ?? "0x") as Hex
    }))
    return yield* prepareCalls(chain, chainId, from, smartCalls, planned)
  })

/** Calls the wallet built itself (a permission's grant or revocation) as one user operation. */
export const prepareCalls = (
  chain: ChainClient["Service"],
  chainId: string,
  from: Address,
  calls: ReadonlyArray<UserOperations.Call>,
  planned: Extract<Plan, { kind: "smart" }>
) =>
  Effect.map(
    UserOperations.prepare(chain, chainId, from, calls, { upgrade: planned.upgrade, sponsorship: planned.sponsorship }),
    (operation): Prepared => ({ calls, operation })
  )

/** The calls as the review reads them (what each does, what the simulation says), as if the account sent them. */
export const asTransactions = (prepared: Prepared): ReadonlyArray<EvmTransaction> =>
  prepared.calls.map((call) => ({
    type: "eip1559",
    chainId: evmChainId(prepared.operation.chainId),
    to: call.to,
    value: call.value,
    ...(call.data === "0x" ? {} : { data: call.data })
  }))

/** The panel's lines for a user operation: the upgrade, and who pays the fee. */
export const viewOf = (prepared: Prepared, format: (fee: bigint) => string) => ({
  smartAccount: { upgrade: prepared.operation.authorizationNonce !== undefined, implementation: SmartAccount7702.implementationAddress },
  ...(prepared.operation.sponsorship === undefined ? { fee: format(prepared.operation.maxFee) } : { sponsored: true })
})

export const send = (chain: ChainClient["Service"], custody: UserOperations.OperationSigner, prepared: Prepared) => UserOperations.send(chain, custody, prepared.operation)

/** ERC-7677's paymaster service at a URL other than this wallet's own endpoint: the frame never calls an origin the page chose. */
export class PaymasterServiceRefusedError extends Schema.TaggedError<PaymasterServiceRefusedError>()("PaymasterServiceRefusedError", {
  message: fixed("This wallet takes gas sponsorship only through its own server"),
  code: fixedCode("UnsupportedCapability")
}) {}

/** Sponsorship was asked where the account is no smart account or the server has no sponsorship service. */
export class SponsorshipUnavailableError extends Schema.TaggedError<SponsorshipUnavailableError>()("SponsorshipUnavailableError", {
  message: fixed("Gas sponsorship is not available on this network"),
  code: fixedCode("UnsupportedCapability"),
  chainId: Schema.String
}) {}

/** Permissions and user operations (ERC-7715, ERC-4337) need a smart account: this wallet is a plain account here. */
export class SmartAccountRequiredError extends Schema.TaggedError<SmartAccountRequiredError>()("SmartAccountRequiredError", {
  message: fixed("This method needs a smart account, which this wallet does not have"),
  code: fixedCode("UnsupportedMethod"),
  method: Schema.String
}) {}
