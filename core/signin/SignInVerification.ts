/**
 * Strict verification of a sign-in (issue 12): the message must be canonical CAIP-122 text for this
 * host's domain and origin, on a configured chain, for the expected address, inside its validity
 * window, signed by that address, and carry a nonce that was issued and is used here for the first
 * time (spent before the signature is checked). Anything not proven valid is refused with the reason named. The same effect runs in our
 * server and in a host's own backend (`portico/server`); the signature check and the nonce store are
 * services so each side brings its chain access and its storage.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Address from "../Address.ts"
import { namespaceOf } from "../Caip.ts"
import type { SignInMessageData } from "../SignInSession.ts"
import * as SignInMessage from "./SignInMessage.ts"
import { SignInRejectedError, type SignInRejectionReason } from "./SignInRejection.ts"

/** What the verifying side accepts. */
export interface SignInPolicy {
  /** The host's domain (authority) the message must name, e.g. `app.example.com`. */
  readonly domain: string
  /** The origin the message's URI must be on, e.g. `https://app.example.com`. */
  readonly origin: string
  /** CAIP-2 ids of the networks sign-in is accepted on. */
  readonly chains: ReadonlyArray<string>
  /** The address that must have signed, when the caller knows it. */
  readonly address?: string
  /** How far the signer's clock may run ahead of ours for issued-at and not-before (default 60 s). */
  readonly clockSkewMillis?: number
}

/** What is verified: the message text and its signature (hex on eip155, base58 on solana). */
export interface SignedMessage {
  readonly message: string
  readonly signature: string
}

/** Checks a signature on chain where it must be (EIP-1271 contracts, EIP-6492 undeployed accounts). */
export class SignatureVerifier extends Context.Service<SignatureVerifier, {
  readonly verify: (input: {
    readonly chainId: string
    readonly address: string
    readonly message: string
    readonly signature: string
  }) => Effect.Effect<boolean>
}>()("portico/core/signin/SignatureVerifier") {}

/** Nonces this side issued: `consume` answers true once per issued, unexpired nonce, then false forever. */
export class NonceStore extends Context.Service<NonceStore, {
  readonly consume: (nonce: string) => Effect.Effect<boolean>
}>()("portico/core/signin/NonceStore") {}

export const defaultClockSkewMillis = 60_000

const rfc3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/

/** Milliseconds of an RFC 3339 date-time, or undefined when it is not one (including a 30 February). */
export const parseTime = (text: string): number | undefined => {
  const match = rfc3339.exec(text)
  if (match === null) return undefined
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number]
  const calendar = new Date(Date.UTC(year, month - 1, day))
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return undefined
  const millis = Date.parse(text)
  return Number.isNaN(millis) ? undefined : millis
}

const sameAddress = (namespace: string, a: string, b: string): boolean =>
  namespace === "eip155" ? a.toLowerCase() === b.toLowerCase() : a === b

const originOf = (uri: string): string | undefined => {
  try {
    return new URL(uri).origin
  } catch {
    return undefined
  }
}

/** The namespaces the policy's chains are in, each tried as the message's account line. */
const namespaces = (policy: SignInPolicy): ReadonlyArray<string> => [...new Set(policy.chains.map(namespaceOf))]

const reject = (reason: SignInRejectionReason, detail: string) => Effect.fail(new SignInRejectedError({ reason, message: detail }))

/** The message's fields once everything but the signature and the nonce holds. */
const checkFields = (signed: SignedMessage, policy: SignInPolicy, now: number) =>
  Effect.gen(function*() {
    let data: SignInMessageData | undefined
    let namespace = ""
    for (const candidate of namespaces(policy)) {
      const parsed = yield* Effect.option(SignInMessage.parse(signed.message, candidate))
      if (parsed._tag === "Some") {
        data = parsed.value
        namespace = candidate
        break
      }
    }
    if (data === undefined) return yield* reject("message", "The message is not a sign-in message for a configured chain")
    if (data.version !== "1") return yield* reject("message", "The message version is not 1")
    if (data.domain !== policy.domain) return yield* reject("domain", `The message is for ${data.domain}, not ${policy.domain}`)
    if (originOf(data.uri) !== policy.origin) return yield* reject("uri", `The message URI is not on ${policy.origin}`)
    if (!policy.chains.includes(data.chainId)) return yield* reject("chain", `The network ${data.chainId} is not configured`)
    if (!Address.isValid(namespace, data.accountAddress, { strict: true })) return yield* reject("address", "The message's address is not valid")
    if (policy.address !== undefined && !sameAddress(namespace, policy.address, data.accountAddress)) {
      return yield* reject("address", "The message was signed for another address")
    }
    const skew = policy.clockSkewMillis ?? defaultClockSkewMillis
    if (data.issuedAt === undefined) return yield* reject("time", "The message has no issued-at time")
    const issuedAt = parseTime(data.issuedAt)
    const expiresAt = data.expirationTime === undefined ? undefined : parseTime(data.expirationTime)
    const notBefore = data.notBefore === undefined ? undefined : parseTime(data.notBefore)
    if (issuedAt === undefined || (data.expirationTime !== undefined && expiresAt === undefined) || (data.notBefore !== undefined && notBefore === undefined)) {
      return yield* reject("time", "A time of the message is not an RFC 3339 date-time")
    }
    if (expiresAt !== undefined && expiresAt <= now) return yield* reject("expired", "The message has expired")
    if (issuedAt > now + skew || (notBefore !== undefined && notBefore > now + skew)) return yield* reject("notYetValid", "The message is not valid yet")
    return data
  })

/**
 * Verifies a signed sign-in message under `policy`; succeeds with the message's fields. The nonce is
 * consumed once the message's own fields hold and before the signature is checked: a signature check
 * may cost an `eth_call` (EIP-1271, EIP-6492), so a message with a nonce that was never issued costs
 * nothing but its parsing, and a nonce is good for one check, valid or not.
 */
export const verify = Effect.fn("SignInVerification.verify")(function*(signed: SignedMessage, policy: SignInPolicy) {
  const now = yield* Clock.currentTimeMillis
  const data = yield* checkFields(signed, policy, now)
  const nonces = yield* NonceStore
  if (!(yield* nonces.consume(data.nonce))) {
    return yield* new SignInRejectedError({ reason: "nonce", message: "The nonce was not issued here, has expired or was already used" })
  }
  const signatures = yield* SignatureVerifier
  const valid = yield* signatures.verify({ chainId: data.chainId, address: data.accountAddress, message: signed.message, signature: signed.signature })
  if (!valid) return yield* new SignInRejectedError({ reason: "signature", message: "The signature is not the address's signature of this message" })
  return data
})
