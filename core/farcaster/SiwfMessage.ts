/**
 * Sign In With Farcaster messages (FIP-11): an EIP-4361 message signed by the custody address of a
 * Farcaster account, with the statement "Farcaster Auth", OP Mainnet's chain id (where the IdRegistry
 * lives) and one resource `farcaster://fid/<fid>` naming the account. `check` holds a message's text to
 * the request the app made (domain, URI, nonce) and to the time; what it cannot decide alone — the
 * signature, and that the address owns the fid on chain — is the verifier's (http/server/embedded/).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Address from "../Address.ts"
import * as SignInMessage from "../signin/SignInMessage.ts"
import { parseTime } from "../signin/SignInVerification.ts"

/** The statement every SIWF message carries. */
export const statement = "Farcaster Auth"
/** OP Mainnet, where Farcaster's IdRegistry answers who owns a fid. */
export const chainId = "eip155:10"
/** Farcaster's IdRegistry on OP Mainnet. */
export const idRegistryAddress = "0x00000000Fc6c5F01Fc30151999387Bb99A9f489b"

/** EIP-4361 writes the address with its EIP-55 checksum: a lower-case one is not a canonical message. */
const isChecksummed = (address: string): boolean => Address.isValid("eip155", address) && address.startsWith("0x") && Address.toChecksum(address) === address

const fidResource = /^farcaster:\/\/fid\/([1-9]\d{0,15})$/

/** What the app asked for when it opened the channel: the message must repeat it. */
export interface Expected {
  readonly domain: string
  readonly uri: string
  readonly nonce: string
  /** The fid the relay reports: the message's resource must name the same one. */
  readonly fid: number
}

/** A message that passed every check but the signature and the ownership of the fid. */
export interface CheckedMessage {
  readonly text: string
  readonly address: string
  readonly fid: number
}

const reject = (reason: SiwfRejectionReason, message: string) => Effect.fail(new SiwfRejectedError({ reason, message }))

/** The fid a message's resources name, when they name exactly one. */
const fidOf = (resources: ReadonlyArray<string> | undefined): number | undefined => {
  const fids = (resources ?? []).flatMap((resource) => {
    const match = fidResource.exec(resource)
    return match?.[1] === undefined ? [] : [Number(match[1])]
  })
  return fids.length === 1 ? fids[0] : undefined
}

/** Checks a message's text against the request and the time `now` (milliseconds). */
export const check = (text: string, expected: Expected, now: number): Effect.Effect<CheckedMessage, SiwfRejectedError> =>
  Effect.gen(function*() {
    const data = yield* SignInMessage.parse(text, "eip155").pipe(
      Effect.mapError((error) => new SiwfRejectedError({ reason: "message", message: error.message }))
    )
    if (data.statement !== statement || data.version !== "1") return yield* reject("message", `the statement is not "${statement}" or the version not 1`)
    if (data.chainId !== chainId) return yield* reject("chain", `the chain is ${data.chainId}, not OP Mainnet (${chainId})`)
    if (!isChecksummed(data.accountAddress)) return yield* reject("message", "the account is not a checksummed EVM address")
    if (data.domain !== expected.domain) return yield* reject("domain", `the message is for ${data.domain}`)
    if (data.uri !== expected.uri) return yield* reject("uri", `the message's URI is ${data.uri}`)
    if (data.nonce !== expected.nonce) return yield* reject("nonce", "the nonce is not this sign-in's")
    const fid = fidOf(data.resources)
    if (fid === undefined || fid !== expected.fid) return yield* reject("fid", "the message names no fid, several, or another than the relay's")
    const issuedAt = data.issuedAt === undefined ? undefined : parseTime(data.issuedAt)
    const expiresAt = data.expirationTime === undefined ? undefined : parseTime(data.expirationTime)
    const notBefore = data.notBefore === undefined ? undefined : parseTime(data.notBefore)
    if (issuedAt === undefined || expiresAt === undefined || (data.notBefore !== undefined && notBefore === undefined)) {
      return yield* reject("message", "the issue or expiration time is missing or not an RFC 3339 time")
    }
    if (expiresAt <= now) return yield* reject("expired", "the message has expired")
    if (notBefore !== undefined && notBefore > now) return yield* reject("notYetValid", "the message is not valid yet")
    return { text, address: data.accountAddress, fid }
  })

export const SiwfRejectionReason = Schema.Literals([
  "message",
  "chain",
  "domain",
  "uri",
  "nonce",
  "fid",
  "expired",
  "notYetValid",
  "signature",
  "custody"
])
export type SiwfRejectionReason = typeof SiwfRejectionReason.Type

/** A Sign In With Farcaster answer that is not proven valid; `reason` names the check it failed. */
export class SiwfRejectedError extends Schema.TaggedError<SiwfRejectedError>()("SiwfRejectedError", {
  reason: SiwfRejectionReason,
  message: Schema.String
}) {}
