/**
 * What the EVM account signs: `personal_sign` (EIP-191), `eth_signTypedData_v4` (EIP-712) and
 * transactions (EIP-1559, and legacy with EIP-155's chain id), each with viem's local account derived
 * for the call and dropped after it.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { Hex, SignableMessage, TransactionSerializableEIP1559, TransactionSerializableLegacy, TypedDataDefinition } from "viem"
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

export class EvmSigningError extends Schema.TaggedError<EvmSigningError>()("EvmSigningError", {
  method: Schema.Literals(["eth_signTypedData_v4", "eth_signTransaction"]),
  message: Schema.String
}) {}
