/**
 * The Wallet Standard features a Solana wallet offers (the interfaces of @solana/wallet-standard-features,
 * written out here), which the demo wallet implements.
 */
import type { Commitment } from "@solana/kit"
import type { IdentifierString, WalletAccount } from "@wallet-standard/base"
import type { SignInFields } from "./SignInText.ts"

export interface SignMessageInput { readonly account: WalletAccount; readonly message: Uint8Array }
export interface SignMessageOutput { readonly signedMessage: Uint8Array; readonly signature: Uint8Array; readonly signatureType: "ed25519" }
export interface SignTransactionInput {
  readonly account: WalletAccount
  readonly transaction: Uint8Array
  readonly chain?: IdentifierString
}
export interface SignAndSendTransactionInput extends SignTransactionInput {
  readonly chain: IdentifierString
  readonly options?: {
    readonly preflightCommitment?: Commitment
    readonly commitment?: Commitment
    readonly skipPreflight?: boolean
    readonly maxRetries?: number
    readonly minContextSlot?: number
  }
}
export type ChangeListener = (properties: {
  readonly accounts?: ReadonlyArray<WalletAccount>
  readonly chains?: ReadonlyArray<IdentifierString>
}) => void

// A type alias, not an interface: Wallet["features"] needs the implicit index signature.
export type SolanaFeatures = {
  readonly "standard:connect": { readonly version: "1.0.0"; readonly connect: (input?: { readonly silent?: boolean }) => Promise<{ readonly accounts: ReadonlyArray<WalletAccount> }> }
  readonly "standard:disconnect": { readonly version: "1.0.0"; readonly disconnect: () => Promise<void> }
  readonly "standard:events": { readonly version: "1.0.0"; readonly on: (event: "change", listener: ChangeListener) => () => void }
  readonly "solana:signMessage": { readonly version: "1.1.0"; readonly signMessage: (...inputs: ReadonlyArray<SignMessageInput>) => Promise<ReadonlyArray<SignMessageOutput>> }
  readonly "solana:signIn": {
    readonly version: "1.0.0"
    readonly signIn: (...inputs: ReadonlyArray<SignInFields>) => Promise<ReadonlyArray<SignMessageOutput & { readonly account: WalletAccount }>>
  }
  readonly "solana:signTransaction": {
    readonly version: "1.0.0"
    readonly supportedTransactionVersions: ReadonlyArray<"legacy" | 0>
    readonly signTransaction: (...inputs: ReadonlyArray<SignTransactionInput>) => Promise<ReadonlyArray<{ readonly signedTransaction: Uint8Array }>>
  }
  readonly "solana:signAndSendTransaction": {
    readonly version: "1.0.0"
    readonly supportedTransactionVersions: ReadonlyArray<"legacy" | 0>
    readonly signAndSendTransaction: (...inputs: ReadonlyArray<SignAndSendTransactionInput>) => Promise<ReadonlyArray<{ readonly signature: Uint8Array }>>
  }
}
