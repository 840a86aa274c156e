/** The namespace an account address belongs to, as the Blockchain API's handlers accept them. */
import * as Effect from "effect/Effect"
import * as Address from "../../core/Address.ts"
import { BadRequest } from "../api/ApiError.ts"

/** The namespace of an EVM or Solana address; anything else is a BadRequest. */
export const namespaceOf = (address: string): Effect.Effect<"eip155" | "solana", BadRequest> =>
  Address.isValid("eip155", address)
    ? Effect.succeed("eip155")
    : Address.isValid("solana", address)
    ? Effect.succeed("solana")
    : Effect.fail(new BadRequest({ message: `address: ${address} is not an eip155 or solana address` }))
