/**
 * Sign-in messages per CAIP-122: EIP-4361 ("Sign-In with Ethereum") on eip155 and the Sign-In With
 * Solana text on solana share one grammar; only the account line's chain name differs. `format` writes
 * the canonical text of a message's fields and `parse` reads one back, so a verifier can rebuild the
 * text from what it parsed and refuse anything that is not exactly canonical.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Caip from "../Caip.ts"
import type { SignInMessageData } from "../SignInSession.ts"

/** The chain names of the account line, per CAIP-122 namespace profile. */
const chainNames: Readonly<Record<string, string>> = { eip155: "Ethereum", solana: "Solana" }

const accountLine = (namespace: string): string => ` wants you to sign in with your ${chainNames[namespace] ?? namespace} account:`

/** What the composition root knows of the page and the host's options when it builds a message. */
export interface MessageSettings {
  /** The page's host (`app.example.com`). */
  readonly domain: string
  /** The page's origin (`https://app.example.com`). */
  readonly uri: string
  readonly statement?: string
  /** How long the sign-in is valid. */
  readonly expiresInMillis: number
}

/** A message's fields before a wallet names its account (a connect that signs in at once fills the address in). */
export type SignInTemplate = Omit<SignInMessageData, "accountAddress">

/** The fields of a message on `chainId`, issued at `now` with `nonce`, for whichever account signs it. */
export const template = (settings: MessageSettings, chainId: Caip.CaipNetworkId, nonce: string, now: number): SignInTemplate => ({
  domain: settings.domain,
  chainId,
  uri: settings.uri,
  version: "1",
  nonce,
  ...(settings.statement === undefined ? {} : { statement: settings.statement }),
  issuedAt: new Date(now).toISOString(),
  expirationTime: new Date(now + settings.expiresInMillis).toISOString()
})

/** The fields of a message for `account`, issued at `now` with `nonce`. */
export const create = (
  settings: MessageSettings,
  account: { readonly chainId: Caip.CaipNetworkId; readonly address: string },
  nonce: string,
  now: number
): SignInMessageData => ({ accountAddress: account.address, ...template(settings, account.chainId, nonce, now) })

/** The canonical text of a sign-in message (ABNF of EIP-4361: an empty statement leaves its line out). */
export const format = (data: SignInMessageData): string => {
  const lines = [
    `${data.domain}${accountLine(Caip.namespaceOf(data.chainId))}`,
    data.accountAddress,
    "",
    ...(data.statement === undefined ? [] : [data.statement]),
    "",
    `URI: ${data.uri}`,
    `Version: ${data.version}`,
    // The "Chain ID" line carries the CAIP-2 reference: a number on eip155, the genesis-hash prefix on solana.
    `Chain ID: ${Caip.referenceOf(data.chainId)}`,
    `Nonce: ${data.nonce}`,
    ...(data.issuedAt === undefined ? [] : [`Issued At: ${data.issuedAt}`]),
    ...(data.expirationTime === undefined ? [] : [`Expiration Time: ${data.expirationTime}`]),
    ...(data.notBefore === undefined ? [] : [`Not Before: ${data.notBefore}`]),
    ...(data.requestId === undefined ? [] : [`Request ID: ${data.requestId}`]),
    ...(data.resources === undefined ? [] : ["Resources:", ...data.resources.map((resource) => `- ${resource}`)])
  ]
  return lines.join("\n")
}

/** The optional tagged lines after "Nonce", in the order the grammar fixes. */
const optionalFields = [
  ["Issued At: ", "issuedAt"],
  ["Expiration Time: ", "expirationTime"],
  ["Not Before: ", "notBefore"],
  ["Request ID: ", "requestId"]
] as const

/**
 * Reads a message back into its fields for the namespace of `chainId`'s configured networks. The text
 * must be canonical: `format(parse(text)) === text`, otherwise it is refused.
 */
const fail = (message: string) => Effect.fail(new SignInMessageParseError({ message }))

export const parse = (text: string, namespace: string): Effect.Effect<SignInMessageData, SignInMessageParseError> =>
  Effect.suspend(() => {
    const lines = text.split("\n")
    const header = lines[0] ?? ""
    const suffix = accountLine(namespace)
    if (!header.endsWith(suffix) || header.length === suffix.length) return fail("the first line names no domain or another chain")
    const domain = header.slice(0, -suffix.length)
    const accountAddress = lines[1] ?? ""
    if (lines[2] !== "") return fail("the address is not followed by an empty line")
    let index = 3
    let statement: string | undefined
    if (lines[index] !== "") {
      statement = lines[index]
      index += 1
    }
    if (lines[index] !== "") return fail("the statement is not followed by an empty line")
    index += 1
    const take = (prefix: string): string | undefined => {
      const line = lines[index]
      if (line === undefined || !line.startsWith(prefix)) return undefined
      index += 1
      return line.slice(prefix.length)
    }
    const uri = take("URI: ")
    const version = take("Version: ")
    const chainReference = take("Chain ID: ")
    const nonce = take("Nonce: ")
    if (uri === undefined || version === undefined || chainReference === undefined || nonce === undefined) {
      return fail("a required field (URI, Version, Chain ID, Nonce) is missing or out of order")
    }
    const chainId = `${namespace}:${chainReference}`
    if (!Caip.isNetworkId(chainId)) return fail("the chain id is not a CAIP-2 reference")
    const optional: Partial<Record<(typeof optionalFields)[number][1], string>> = {}
    for (const [prefix, key] of optionalFields) {
      const value = take(prefix)
      if (value !== undefined) optional[key] = value
    }
    let resources: Array<string> | undefined
    if (lines[index] === "Resources:") {
      index += 1
      resources = []
      for (let line = lines[index]; line !== undefined && line.startsWith("- "); line = lines[index]) {
        resources.push(line.slice(2))
        index += 1
      }
    }
    if (index !== lines.length) return fail("unexpected text after the last field")
    const data: SignInMessageData = {
      domain,
      accountAddress,
      chainId,
      uri,
      version,
      nonce,
      ...(statement === undefined ? {} : { statement }),
      ...optional,
      ...(resources === undefined ? {} : { resources })
    }
    return format(data) === text ? Effect.succeed(data) : fail("the text is not in canonical form")
  })

/** The text is not a canonical sign-in message; `message` says where it departs from the grammar. */
export class SignInMessageParseError extends Schema.TaggedError<SignInMessageParseError>()("SignInMessageParseError", {
  message: Schema.String
}) {}
