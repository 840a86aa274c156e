/**
 * One-Click Auth's signed answers (CAIP-74 CACAOs of CAIP-122 messages): the message a payload stands for,
 * written by the wallet to sign and rebuilt by the dapp to check, and the dapp's strict reading of a CACAO
 * against what it asked. Every signed field must be exactly what was asked, the signer an EIP-55 address
 * on one of the chains asked; the signature itself is the sign-in verifier's (ECDSA, EIP-1271, EIP-6492).
 * The session such an answer makes grants the accounts signed for and the methods of the asked ReCap.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Address from "../Address.ts"
import * as Caip from "../Caip.ts"
import { SignInMismatchError } from "../signin/ConnectSignIn.ts"
import * as Recap from "../signin/Recap.ts"
import * as SignInMessage from "../signin/SignInMessage.ts"
import type * as Protocol from "./Protocol.ts"

const didPrefix = "did:pkh:"

/** The account a CACAO's issuer names (`did:pkh:eip155:<chain>:<address>`), when it is an EVM one. */
export const issuerOf = (iss: string): Option.Option<Caip.ParsedAddress> =>
  iss.startsWith(didPrefix)
    ? Option.filter(Effect.runSync(Effect.option(Caip.parseAddress(iss.slice(didPrefix.length)))), (parsed) => parsed.namespace === "eip155")
    : Option.none()

export const issuerFor = (account: Caip.ParsedAddress): string => `${didPrefix}${Caip.formatAddress(account)}`

type Signed = Omit<Protocol.Cacao["p"], "iss">

/** The CAIP-122 text of `payload` for `account`: EIP-4361's, its statement ending with the ReCap sentence when the last resource is one. */
export const messageOf = (payload: Signed, account: Caip.ParsedAddress): string => {
  const last = payload.resources?.at(-1)
  const att = last === undefined ? Option.none() : Recap.decode(last)
  const statement = Option.isNone(att)
    ? payload.statement
    : payload.statement === undefined ? Recap.statementOf(att.value) : `${payload.statement} ${Recap.statementOf(att.value)}`
  return SignInMessage.format({
    domain: payload.domain,
    accountAddress: account.address,
    chainId: Caip.networkIdOf(account),
    uri: payload.aud,
    version: payload.version,
    nonce: payload.nonce,
    issuedAt: payload.iat,
    ...(statement === undefined ? {} : { statement }),
    ...(payload.exp === undefined ? {} : { expirationTime: payload.exp }),
    ...(payload.nbf === undefined ? {} : { notBefore: payload.nbf }),
    ...(payload.requestId === undefined ? {} : { requestId: payload.requestId }),
    ...(payload.resources === undefined ? {} : { resources: payload.resources })
  })
}

/** The wallet's side: the payload it signs for `account` (the asked fields and its issuer), and the message that stands for it. */
export const signable = (asked: Protocol.AuthPayload, account: Caip.ParsedAddress): { readonly payload: Protocol.Cacao["p"]; readonly message: string } => {
  const { type: _type, chains: _chains, ...fields } = asked
  return { payload: { ...fields, iss: issuerFor(account) }, message: messageOf(fields, account) }
}

/** A CACAO taken: the account it signs in, and the message and signature for the sign-in verifier. */
export interface Checked {
  readonly account: Caip.ParsedAddress
  readonly message: string
  readonly signature: string
}

/** The signed fields, named as the sign-in message names them (what a mismatch reports). */
const fields = [
  ["domain", "domain"],
  ["aud", "uri"],
  ["version", "version"],
  ["nonce", "nonce"],
  ["iat", "issuedAt"],
  ["exp", "expirationTime"],
  ["nbf", "notBefore"],
  ["statement", "statement"],
  ["requestId", "requestId"],
  ["resources", "resources"]
] as const

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/** A CACAO read against the payload asked: any field changed, another signer's chain or a non-EIP-55 issuer is refused. */
export const check = (asked: Protocol.AuthPayload, cacao: Protocol.Cacao): Effect.Effect<Checked, SignInMismatchError> =>
  Effect.gen(function*() {
    const differing = fields.find(([key]) => !same(cacao.p[key], asked[key]))
    if (differing !== undefined) return yield* new SignInMismatchError({ field: differing[1] })
    const account = issuerOf(cacao.p.iss)
    if (Option.isNone(account) || !asked.chains.includes(Caip.networkIdOf(account.value))) return yield* new SignInMismatchError({ field: "chainId" })
    const { address } = account.value
    if (!Address.isValid("eip155", address, { strict: true }) || address !== Address.toChecksum(address)) return yield* new SignInMismatchError({ field: "address" })
    return { account: account.value, message: messageOf(cacao.p, account.value), signature: cacao.s.s }
  })

/** The events a session from One-Click Auth carries, as a proposal's would. */
const events = ["chainChanged", "accountsChanged"]

/** What a session made from One-Click Auth grants: the accounts signed for, on their chains, with the ReCap's methods. */
export const namespacesOf = (asked: Protocol.AuthPayload, accounts: ReadonlyArray<Caip.ParsedAddress>): Protocol.SessionNamespaces => {
  const last = asked.resources?.at(-1)
  const methods = Option.match(last === undefined ? Option.none() : Recap.decode(last), { onNone: () => [], onSome: (att) => Recap.methodsOf(att, "eip155") })
  return {
    eip155: {
      chains: [...new Set(accounts.map(Caip.networkIdOf))],
      accounts: [...new Set(accounts.map(Caip.formatAddress))],
      methods: [...methods],
      events
    }
  }
}
