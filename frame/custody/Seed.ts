/**
 * The visitor's one secret (docs/embedded-wallet.md "Keys"): 128 bits of entropy from the frame's
 * CSPRNG, its BIP-39 English phrase, and the BIP-39 seed both accounts derive from. The entropy is what
 * custody splits, so the phrase can always be shown again on export.
 */
import { entropyToMnemonic, mnemonicToSeed } from "@scure/bip39"
import { wordlist } from "@scure/bip39/wordlists/english"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { secretLength } from "../../core/embedded/ShareSet.ts"
import { fixed } from "../../core/FixedMessage.ts"

export interface Seed {
  /** 16 bytes: what the shares split. */
  readonly entropy: Uint8Array
  /** The BIP-39 seed (empty passphrase), 64 bytes: what the accounts derive from. */
  readonly bip39Seed: Uint8Array
}

const derive = (entropy: Uint8Array): Effect.Effect<Seed> =>
  Effect.promise(() => mnemonicToSeed(entropyToMnemonic(entropy, wordlist))).pipe(
    Effect.map((bip39Seed) => ({ entropy, bip39Seed }))
  )

/** A new seed, of entropy from the CSPRNG. */
export const generate: Effect.Effect<Seed> = Effect.suspend(() => derive(crypto.getRandomValues(new Uint8Array(secretLength))))

/** The seed of 16 bytes of entropy (a copy: the caller may wipe its own). */
export const fromEntropy = (entropy: Uint8Array): Effect.Effect<Seed, InvalidEntropyError> =>
  entropy.length === secretLength ? derive(Uint8Array.from(entropy)) : Effect.fail(new InvalidEntropyError({ length: entropy.length }))

/** A copy whose bytes its user may wipe without touching the original. */
export const copy = (seed: Seed): Seed => ({ entropy: Uint8Array.from(seed.entropy), bip39Seed: Uint8Array.from(seed.bip39Seed) })

/** The 12-word English phrase, which MetaMask and Phantom import to the same two addresses. */
export const phraseOf = (seed: Seed): string => entropyToMnemonic(seed.entropy, wordlist)

/** Overwrites the seed's bytes, when the frame locks: the garbage collector decides when the memory goes. */
export const wipe = (seed: Seed): void => {
  seed.entropy.fill(0)
  seed.bip39Seed.fill(0)
}

export class InvalidEntropyError extends Schema.TaggedError<InvalidEntropyError>()("InvalidEntropyError", {
  message: fixed("A seed needs 16 bytes of entropy"),
  length: Schema.Int
}) {}
