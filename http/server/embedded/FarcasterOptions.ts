/**
 * `ServerOptions.embedded.farcaster`: Sign In With Farcaster for the embedded wallet. The relay is a
 * Farcaster Auth relay (FIP-11: `https://relay.farcaster.xyz`, or one the host runs); the IdRegistry is read
 * over an OP Mainnet JSON-RPC URL to prove that the address that signed owns the fid.
 */
import * as Schema from "effect/Schema"
import { EvmAddress } from "../../../core/Address.ts"

const HttpUrl = Schema.String.check(Schema.isPattern(/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/))

export const FarcasterOptions = Schema.Struct({
  /** The Farcaster Auth relay's base URL, e.g. `https://relay.farcaster.xyz`. */
  relayUrl: HttpUrl,
  idRegistry: Schema.Struct({
    /** An OP Mainnet (chain 10) JSON-RPC URL: the registry's `idOf(custody)` is read there. */
    rpcUrl: HttpUrl,
    /** Default Farcaster's IdRegistry, 0x00000000Fc6c5F01Fc30151999387Bb99A9f489b. */
    address: Schema.optionalKey(EvmAddress)
  })
})
export type FarcasterOptions = typeof FarcasterOptions.Type
