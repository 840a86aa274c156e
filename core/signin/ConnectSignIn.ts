/**
 * Connecting and signing in with one approval (ERC-7846 `wallet_connect` with `signInWithEthereum`, or
 * WalletConnect's One-Click Auth, whose message also grants a ReCap): the
 * message is asked for before the wallet names its account, so the wallet writes the text itself. What it
 * hands back is a stranger's text: it must be the canonical EIP-4361 message of exactly the fields we
 * asked for, for the account it connected, or it is refused before anything reaches the verifier.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Address from "../Address.ts"
import { fixed } from "../FixedMessage.ts"
import type { SignInMessageData, SignInSession } from "../SignInSession.ts"
import * as Recap from "./Recap.ts"
import * as SignInMessage from "./SignInMessage.ts"

/** A message the wallet signed while connecting, with the fields it was asked for and the account it connected. */
export interface SignedAtConnect {
  readonly template: SignInMessage.SignInTemplate
  readonly address: string
  readonly message: string
  readonly signature: string
  /** A ReCap the connect asked to grant as well (WalletConnect's One-Click Auth): the message carries its sentence and URI. */
  readonly recap?: string
}

/** The fields compared, in the message's order: every one must be what we asked for. */
const fields: ReadonlyArray<keyof SignInMessage.SignInTemplate> = [
  "domain",
  "statement",
  "uri",
  "version",
  "chainId",
  "nonce",
  "issuedAt",
  "expirationTime",
  "notBefore",
  "requestId",
  "resources"
]

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/**
 * The session a message signed at connect makes, once the text is the canonical message of the asked
 * fields for the connected address (EIP-55 checksum, as EIP-4361 writes it); refused otherwise.
 */
export const sessionOf = (signed: SignedAtConnect): Effect.Effect<SignInSession, SignInMismatchError> =>
  Effect.gen(function*() {
    const data: SignInMessageData = yield* SignInMessage.parse(signed.message, "eip155").pipe(
      Effect.mapError(() => new SignInMismatchError({ field: "message" }))
    )
    if (!Address.isValid("eip155", data.accountAddress, { strict: true }) || data.accountAddress !== Address.toChecksum(signed.address)) {
      return yield* new SignInMismatchError({ field: "address" })
    }
    const asked = signed.recap === undefined ? Option.some(signed.template) : Recap.withRecap(signed.template, signed.recap)
    if (Option.isNone(asked)) return yield* new SignInMismatchError({ field: "resources" })
    const differing = fields.find((field) => !same(data[field], asked.value[field]))
    if (differing !== undefined) return yield* new SignInMismatchError({ field: differing })
    return { data, message: signed.message, signature: signed.signature }
  })

/** The wallet signed in while connecting, but not with the message it was asked for (or for another account). */
export class SignInMismatchError extends Schema.TaggedError<SignInMismatchError>()("SignInMismatchError", {
  /** The first field that differs from the request: `message` when the text is no canonical sign-in message. */
  field: Schema.String,
  message: fixed("The wallet signed a sign-in message that differs from the request")
}) {}
