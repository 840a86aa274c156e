/**
 * The visitor's two accounts, derived from the seed as common wallets do (docs/embedded-wallet.md
 * "Keys"), so the exported phrase shows the same addresses in MetaMask and Phantom:
 * - EVM: BIP-32 secp256k1 at m/44'/60'/0'/0/0, the checksummed address;
 * - Solana: SLIP-0010 ed25519 at m/44'/501'/0'/0', the base58 public key.
 *
 * A private key exists only for the call that needs it: derived, used, its bytes overwritten.
 */
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import { HDKey } from "@scure/bip32"
import * as Schema from "effect/Schema"
import Slip10 from "micro-key-producer/slip10.js"
import { bytesToHex } from "viem"
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts"
import { SolanaAddress } from "../../core/Address.ts"
import type { Seed } from "./Seed.ts"

/** The derivation paths, as the frame reports them with the accounts. */
export const evmPath = "m/44'/60'/0'/0/0"
export const solanaPath = "m/44'/501'/0'/0'"

/** A wallet's two addresses: what tells its shares from another split's. */
export const Addresses = Schema.Struct({
  evm: Schema.TemplateLiteral(["0x", Schema.String]).check(Schema.isPattern(/^0x[0-9a-fA-F]{40}$/)),
  solana: SolanaAddress
})
export type Addresses = typeof Addresses.Type

/** Runs `use` (synchronous) with the EVM account's secp256k1 private key, then overwrites the key. */
export const withEvmKey = <A>(seed: Seed, use: (privateKey: Uint8Array) => A): A => {
  const root = HDKey.fromMasterSeed(seed.bip39Seed)
  const node = root.derive(evmPath)
  try {
    // A private derivation from a master seed always carries its private key.
    return use(node.privateKey!)
  } finally {
    node.wipePrivateData()
    root.wipePrivateData()
  }
}

/**
 * The EVM account as viem's local account, for the caller to sign with and drop. Our bytes of the key
 * are overwritten; viem keeps it as a string inside the account, gone with the account.
 */
export const evmAccount = (seed: Seed): PrivateKeyAccount => withEvmKey(seed, (privateKey) => privateKeyToAccount(bytesToHex(privateKey)))

/** Runs `use` (synchronous) with the Solana account's ed25519 private key, then overwrites the key. */
export const withSolanaKey = <A>(seed: Seed, use: (privateKey: Uint8Array) => A): A => {
  const root = Slip10.fromMasterSeed(seed.bip39Seed)
  const node = root.derive(solanaPath)
  try {
    return use(node.privateKey)
  } finally {
    node.privateKey.fill(0)
    root.privateKey.fill(0)
  }
}

export const solanaAddress = (seed: Seed): string =>
  withSolanaKey(seed, (privateKey) => base58.encode(ed25519.getPublicKey(privateKey)))

export const addressesOf = (seed: Seed): Addresses => ({ evm: evmAccount(seed).address, solana: solanaAddress(seed) })
