/**
 * A bundle of calls as one ERC-4337 user operation from the visitor's own address, run by
 * Simple7702Account (core/SmartAccount7702.ts) through EntryPoint v0.8, every step a documented call on
 * the network's chain RPC endpoint (its bundler and, for sponsored gas, the host's ERC-7677 service
 * behind it):
 * - `prepare`: the calls as `execute`/`executeBatch`, the EntryPoint's nonce, fees as the wallet's own
 *   transactions take them (EvmTransactions.ts), the sponsor's stub data (`pm_getPaymasterStubData`) and
 *   the bundler's gas estimate (`eth_estimateUserOperationGas`). An upgrade estimates with an unsigned
 *   EIP-7702 authorization (a placeholder signature), so nothing is signed before the visitor approves.
 * - `send`: the sponsor's final data (`pm_getPaymasterData`), the operation signed as EntryPoint v0.8's
 *   EIP-712 `PackedUserOperation`, `eth_sendUserOperation`; answered with the operation's hash.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { encodeFunctionData, hexToBigInt, numberToHex, type Address, type Hex, type SignedAuthorization } from "viem"
import { formatUserOperationRequest, getUserOperationTypedData, type UserOperation } from "viem/account-abstraction"
import { fixed } from "../../core/FixedMessage.ts"
import * as SmartAccount7702 from "../../core/SmartAccount7702.ts"
import type { Custody } from "../custody/Custody.ts"
import type { ChainClient } from "./ChainClient.ts"
import { evmChainId, quantity, read } from "./EvmTransactions.ts"
import { fixedCode } from "../../core/FixedCode.ts"

const Quantity = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{1,64}$/))
const Data = Schema.String.check(Schema.isPattern(/^0x(?:[0-9a-fA-F]{2})*$/))
const EvmAddress = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{40}$/))

const GasEstimate = Schema.Struct({
  preVerificationGas: Quantity,
  verificationGasLimit: Quantity,
  callGasLimit: Quantity,
  paymasterVerificationGasLimit: Schema.optionalKey(Schema.NullOr(Quantity)),
  paymasterPostOpGasLimit: Schema.optionalKey(Schema.NullOr(Quantity))
})

/** ERC-7677's answer: the paymaster and its data (v0.7 and later), and whether the stub is already final. */
const PaymasterAnswer = Schema.Struct({
  paymaster: EvmAddress,
  paymasterData: Data,
  paymasterVerificationGasLimit: Schema.optionalKey(Quantity),
  paymasterPostOpGasLimit: Schema.optionalKey(Quantity),
  isFinal: Schema.optionalKey(Schema.Boolean)
})

const LatestBlock = Schema.Struct({ baseFeePerGas: Schema.optionalKey(Schema.NullOr(Quantity)) })

export interface Call {
  readonly to: Address
  readonly value: bigint
  readonly data: Hex
}

/** The host's ERC-7677 context, passed on to its sponsorship service as it came. */
export interface Sponsorship {
  readonly context: Readonly<Record<string, unknown>> | undefined
}

export interface Prepared {
  readonly chainId: string
  readonly operation: UserOperation<"0.8">
  /** The account's nonce the EIP-7702 authorization is signed for; none when the account is already upgraded. */
  readonly authorizationNonce: number | undefined
  readonly sponsorship: Sponsorship | undefined
  /** The sponsor's stub data was already its final data. */
  readonly final: boolean
  /** All the gas the operation may use × its most per gas, in wei: what the account pays when nobody sponsors it. */
  readonly maxFee: bigint
}

const accountAbi = [
  { type: "function", name: "execute", stateMutability: "nonpayable", inputs: [{ name: "target", type: "address" }, { name: "value", type: "uint256" }, { name: "data", type: "bytes" }], outputs: [] },
  {
    type: "function",
    name: "executeBatch",
    stateMutability: "nonpayable",
    inputs: [{ name: "calls", type: "tuple[]", components: [{ name: "target", type: "address" }, { name: "value", type: "uint256" }, { name: "data", type: "bytes" }] }],
    outputs: []
  }
] as const

const entryPointAbi = [
  { type: "function", name: "getNonce", stateMutability: "view", inputs: [{ name: "sender", type: "address" }, { name: "key", type: "uint192" }], outputs: [{ name: "nonce", type: "uint256" }] }
] as const

/** Simple7702Account's placeholder signature for estimates: the length and cost of a real one. */
const stubSignature: Hex =
  "0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c"

/** The calls as the account's own entry point runs them, in one transaction: all of them or none. */
export const callData = (calls: ReadonlyArray<Call>): Hex => {
  const [only] = calls
  return calls.length === 1 && only !== undefined
    ? encodeFunctionData({ abi: accountAbi, functionName: "execute", args: [only.to, only.value, only.data] })
    : encodeFunctionData({ abi: accountAbi, functionName: "executeBatch", args: [calls.map((call) => ({ target: call.to, value: call.value, data: call.data }))] })
}

/** The sponsorship service's refusal keeps its own words as data; anything else (the network down) stays what it was. */
const sponsor = (chain: ChainClient["Service"], chainId: string, method: string, params: ReadonlyArray<unknown>) =>
  read(chain, chainId, PaymasterAnswer, method, params).pipe(
    Effect.catchTag("NodeError", (error) => Effect.fail(new SponsorshipRefusedError({ data: error.message.slice(0, 500) })))
  )

/** The placeholder authorization estimates run with: the real fields, a signature of the right shape. */
const unsigned = (chainId: number, nonce: number): SignedAuthorization => ({
  address: SmartAccount7702.implementationAddress,
  chainId,
  nonce,
  r: "0xfffffffffffffffffffffffffffffff000000000000000000000000000000000",
  s: "0x7aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
  yParity: 1
})

const sponsorParams = (operation: UserOperation<"0.8">, chainId: string, sponsorship: Sponsorship) => [
  formatUserOperationRequest(operation),
  SmartAccount7702.entryPointAddress,
  numberToHex(evmChainId(chainId)),
  sponsorship.context ?? {}
]

/** The bundler's estimate where it gave one, else the sponsor's. */
const orKept = (estimated: string | null | undefined, kept: bigint | undefined) => (estimated === undefined || estimated === null ? kept : hexToBigInt(estimated as Hex))

export const prepare = (
  chain: ChainClient["Service"],
  chainId: string,
  sender: Address,
  calls: ReadonlyArray<Call>,
  options: { readonly upgrade: boolean; readonly sponsorship: Sponsorship | undefined }
) =>
  Effect.gen(function*() {
    const id = evmChainId(chainId)
    const nonceCall = encodeFunctionData({ abi: entryPointAbi, functionName: "getNonce", args: [sender, 0n] })
    const nonce = yield* quantity(chain, chainId, "eth_call", [{ to: SmartAccount7702.entryPointAddress, data: nonceCall }, "latest"])
    const latest = yield* read(chain, chainId, LatestBlock, "eth_getBlockByNumber", ["latest", false])
    const priority = yield* quantity(chain, chainId, "eth_maxPriorityFeePerGas", [])
    const baseFee = latest.baseFeePerGas === undefined || latest.baseFeePerGas === null ? 0n : hexToBigInt(latest.baseFeePerGas as Hex)
    const authorizationNonce = options.upgrade ? Number(yield* quantity(chain, chainId, "eth_getTransactionCount", [sender, "pending"])) : undefined
    let operation: UserOperation<"0.8"> = {
      sender,
      nonce,
      callData: callData(calls),
      callGasLimit: 0n,
      verificationGasLimit: 0n,
      preVerificationGas: 0n,
      maxFeePerGas: baseFee * 2n + priority,
      maxPriorityFeePerGas: priority,
      signature: stubSignature,
      ...(authorizationNonce === undefined ? {} : { factory: "0x7702", factoryData: "0x", authorization: unsigned(id, authorizationNonce) })
    }
    let final = false
    if (options.sponsorship !== undefined) {
      const stub = yield* sponsor(chain, chainId, "pm_getPaymasterStubData", sponsorParams(operation, chainId, options.sponsorship))
      final = stub.isFinal === true
      operation = {
        ...operation,
        paymaster: stub.paymaster as Address,
        paymasterData: stub.paymasterData as Hex,
        paymasterVerificationGasLimit: stub.paymasterVerificationGasLimit === undefined ? 0n : hexToBigInt(stub.paymasterVerificationGasLimit as Hex),
        paymasterPostOpGasLimit: stub.paymasterPostOpGasLimit === undefined ? 0n : hexToBigInt(stub.paymasterPostOpGasLimit as Hex)
      }
    }
    const gas = yield* read(chain, chainId, GasEstimate, "eth_estimateUserOperationGas", [formatUserOperationRequest(operation), SmartAccount7702.entryPointAddress])
    operation = {
      ...operation,
      callGasLimit: hexToBigInt(gas.callGasLimit as Hex),
      verificationGasLimit: hexToBigInt(gas.verificationGasLimit as Hex),
      preVerificationGas: hexToBigInt(gas.preVerificationGas as Hex),
      ...(operation.paymaster === undefined
        ? {}
        : {
          paymasterVerificationGasLimit: orKept(gas.paymasterVerificationGasLimit, operation.paymasterVerificationGasLimit),
          paymasterPostOpGasLimit: orKept(gas.paymasterPostOpGasLimit, operation.paymasterPostOpGasLimit)
        })
    }
    const allGas = operation.callGasLimit + operation.verificationGasLimit + operation.preVerificationGas +
      (operation.paymasterVerificationGasLimit ?? 0n) + (operation.paymasterPostOpGasLimit ?? 0n)
    return { chainId, operation, authorizationNonce, sponsorship: options.sponsorship, final, maxFee: allGas * operation.maxFeePerGas } satisfies Prepared
  })

/** Signs what the visitor approved (the upgrade first, when it is one) and hands it to the bundler. */
/** What sending asks of the custody: the upgrade's authorization and the operation's signature. */
export type OperationSigner = Pick<Custody["Service"], "signAuthorization" | "signTypedData">

export const send = (chain: ChainClient["Service"], custody: OperationSigner, prepared: Prepared) =>
  Effect.gen(function*() {
    const id = evmChainId(prepared.chainId)
    let operation = prepared.operation
    if (prepared.authorizationNonce !== undefined) {
      const authorization = yield* custody.signAuthorization({ chainId: id, nonce: prepared.authorizationNonce, contractAddress: SmartAccount7702.implementationAddress })
      operation = { ...operation, authorization }
    }
    if (prepared.sponsorship !== undefined && !prepared.final) {
      const paid = yield* sponsor(chain, prepared.chainId, "pm_getPaymasterData", sponsorParams(operation, prepared.chainId, prepared.sponsorship))
      operation = { ...operation, paymaster: paid.paymaster as Address, paymasterData: paid.paymasterData as Hex }
    }
    const signature = yield* custody.signTypedData(getUserOperationTypedData({ chainId: id, entryPointAddress: SmartAccount7702.entryPointAddress, userOperation: operation }))
    return yield* read(chain, prepared.chainId, Quantity, "eth_sendUserOperation", [formatUserOperationRequest({ ...operation, signature }), SmartAccount7702.entryPointAddress]).pipe(
      Effect.map((hash) => hash as Hex)
    )
  })

/** The bundler's answer for an operation: a receipt once it is in a block, none before. */
export const UserOperationReceipt = Schema.NullOr(Schema.Struct({
  success: Schema.Boolean,
  receipt: Schema.Struct({
    status: Quantity,
    blockHash: Data,
    blockNumber: Quantity,
    gasUsed: Quantity,
    transactionHash: Data,
    logs: Schema.Array(Schema.Struct({ address: EvmAddress, data: Data, topics: Schema.Array(Data) }))
  })
}))

/** ERC-7677: the host's sponsorship service would not pay; `data` is its own words. */
export class SponsorshipRefusedError extends Schema.TaggedError<SponsorshipRefusedError>()("SponsorshipRefusedError", {
  message: fixed("The app's sponsor refused to pay the network fee"),
  code: fixedCode("TransactionRejected"),
  data: Schema.String
}) {}
