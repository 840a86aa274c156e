/**
 * What the EVM account signs: `personal_sign` (EIP-191), `eth_signTypedData_v4` (EIP-712) and
 * transactions (EIP-1559, and legacy with EIP-155's chain id), each with viem's local account derived
 * for the call and dropped after it.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { isAddressEqual, type Address, type Hex, type SignableMessage, type SignedAuthorization, type TransactionSerializableEIP1559, type TransactionSerializableLegacy, type TypedDataDefinition } from "viem"
import { fixed } from "../../core/FixedMessage.ts"
import * as SmartAccount7702 from "../../core/SmartAccount7702.ts"
import * as ShareReplacement from "../../core/embedded/ShareReplacement.ts"
import type { WireShareSet } from "../../core/embedded/ShareSet.ts"
import { evmAccount } from "./Accounts.ts"
import type { Seed } from "./Seed.ts"

/** A transaction to sign: EIP-1559, or legacy bound to a chain (a legacy one without a chain id replays on every chain). */
export type EvmTransaction = TransactionSerializableEIP1559 | (TransactionSerializableLegacy & { readonly chainId: number })

export type EvmTypedData = TypedDataDefinition<Record<string, unknown>, string>

const failure = (method: EvmSigningError["method"]) => (cause: unknown) =>
  new EvmSigningError({ method, message: cause instanceof Error ? cause.message : String(cause) })

/** personal_sign: every message is signable, so this cannot fail. */
export const signPersonalMessage = (seed: Seed, message: SignableMessage): Effect.Effect<Hex> =>
  Effect.promise(() => evmAccount(seed).signMessage({ message }))

/** eth_signTypedData_v4: fails when the typed data does not fit its types. */
export const signTypedData = (seed: Seed, typedData: EvmTypedData): Effect.Effect<Hex, EvmSigningError> =>
  Effect.tryPromise({ try: () => evmAccount(seed).signTypedData(typedData), catch: failure("eth_signTypedData_v4") })

/**
 * The EIP-712 signature replacing the server's shares with `set` (core/embedded/ShareReplacement.ts).
 * The typed data is ours and always fits its types, so this cannot fail.
 */
export const signShareReplacement = (seed: Seed, authorization: ShareReplacement.ReplacementAuthorization, set: WireShareSet): Effect.Effect<Hex> =>
  Effect.promise(() => evmAccount(seed).signTypedData(ShareReplacement.typedData(authorization, set)))

/** The signed transaction, serialized (what eth_sendRawTransaction takes). */
export const signTransaction = (seed: Seed, transaction: EvmTransaction): Effect.Effect<Hex, EvmSigningError> =>
  Effect.tryPromise({ try: () => evmAccount(seed).signTransaction(transaction), catch: failure("eth_signTransaction") })

/** An EIP-7702 authorization to sign: the account's code becomes a delegation to `contractAddress` on `chainId`. */
export interface AuthorizationRequest {
  readonly chainId: number
  readonly nonce: number
  readonly contractAddress: Address
}

/**
 * The EIP-7702 authorization upgrading the account to Simple7702Account. Any other contract is refused
 * here, below every caller: an authorization hands the account's whole balance to the contract's code,
 * and chain id 0 (valid on every chain) is refused for the same reason.
 */
export const signAuthorization = (seed: Seed, request: AuthorizationRequest): Effect.Effect<SignedAuthorization, DelegationRefusedError> =>
  !isAddressEqual(request.contractAddress, SmartAccount7702.implementationAddress) || request.chainId <= 0
    ? Effect.fail(new DelegationRefusedError({ contractAddress: request.contractAddress, chainId: request.chainId }))
    : Effect.promise(() => evmAccount(seed).signAuthorization({ chainId: request.chainId, nonce: request.nonce, contractAddress: request.contractAddress }))

/** An authorization to delegate the account to a contract other than Simple7702Account, or on every chain at once. */
export class DelegationRefusedError extends Schema.TaggedError<DelegationRefusedError>()("DelegationRefusedError", {
  message: fixed("This wallet delegates only to Simple7702Account, on one network"),
  contractAddress: Schema.String,
  chainId: Schema.Number
}) {}

export class EvmSigningError extends Schema.TaggedError<EvmSigningError>()("EvmSigningError", {
  method: Schema.Literals(["eth_signTypedData_v4", "eth_signTransaction"]),
  message: Schema.String
}) {}
