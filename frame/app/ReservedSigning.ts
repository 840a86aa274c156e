/**
 * The wallet's own signatures are never a site's to ask for (docs/embedded-wallet.md "Replacing the
 * shares"): a site's `personal_sign`, `eth_signTypedData_v4` or Solana `signMessage` that uses the
 * replacement's reserved EIP-712 domain name, or the legacy `Portico:` text prefix, is refused before
 * anything is shown, so no click on a disguised approval can turn it into a share replacement.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { hexToBytes, isHex } from "viem"
import { isReservedText, isReservedTypedData } from "../../core/embedded/ShareReplacement.ts"
import { fixed } from "../../core/FixedMessage.ts"
import { fixedCode } from "../../core/FixedCode.ts"

/** The text of a message as a signer would read it: hex and bytes decoded as UTF-8, invalid sequences replaced. */
const textOf = (message: string | Uint8Array): string =>
  typeof message === "string" ? (isHex(message) ? new TextDecoder().decode(hexToBytes(message)) : message) : new TextDecoder().decode(message)

/** Fails when a site's message to sign starts with the reserved prefix. */
export const refuseReservedMessage = (method: string, message: string | Uint8Array): Effect.Effect<void, ReservedSigningError> =>
  isReservedText(textOf(message)) ? Effect.fail(new ReservedSigningError({ method })) : Effect.void

/** Fails when a site's typed data names the reserved domain. */
export const refuseReservedTypedData = (method: string, domain: Readonly<Record<string, unknown>>): Effect.Effect<void, ReservedSigningError> =>
  isReservedTypedData(domain) ? Effect.fail(new ReservedSigningError({ method })) : Effect.void

/** EIP-1193 4100: what the site asked to sign is reserved for the wallet itself. */
export class ReservedSigningError extends Schema.TaggedError<ReservedSigningError>()("ReservedSigningError", {
  message: fixed("This message is reserved for the wallet itself and cannot be signed for a site"),
  code: fixedCode("Unauthorized"),
  method: Schema.String
}) {}
