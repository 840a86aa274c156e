/**
 * CAIP-2 network ids (`eip155:1`) and CAIP-10 addresses (`eip155:1:0xabc…`).
 *
 * Spec §5: a CAIP-2 network id needs two non-empty parts; a CAIP address needs
 * three non-empty parts with a known namespace. Each part also follows its CAIP grammar: namespace
 * `[-a-z0-9]{3,8}`, reference `[-_a-zA-Z0-9]{1,32}` (CAIP-2), account address `[-.%a-zA-Z0-9]{1,128}`
 * (CAIP-10).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fixed } from "./FixedMessage.ts"

export { accountOf, namespaceOf, networkOf, referenceOf } from "./CaipParts.ts"

/** The chain namespaces Portico knows (spec §3). */
export const ChainNamespace = Schema.Literals(["eip155", "solana", "polkadot", "bip122", "cosmos"])
export type ChainNamespace = typeof ChainNamespace.Type

export const chainNamespaces: ReadonlyArray<ChainNamespace> = ChainNamespace.literals

export const isChainNamespace: (u: unknown) => u is ChainNamespace = Schema.is(ChainNamespace)

/** `namespace:reference`, e.g. `eip155:1`. The namespace is not restricted (spec §5). */
export type CaipNetworkId = `${string}:${string}`

/** `namespace:reference:address` with a known namespace. */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

export interface ParsedNetworkId {
  readonly namespace: string
  readonly reference: string
}

export interface ParsedAddress {
  readonly namespace: ChainNamespace
  readonly reference: string
  readonly address: string
}

const namespacePattern = /^[-a-z0-9]{3,8}$/
const referencePattern = /^[-_a-zA-Z0-9]{1,32}$/
const accountAddressPattern = /^[-.%a-zA-Z0-9]{1,128}$/

/** The parts of `input` split at ":", when there are `patterns.length` of them and each matches its pattern. */
const splitParts = (input: string, patterns: ReadonlyArray<RegExp>): ReadonlyArray<string> | undefined => {
  const parts = input.split(":")
  return parts.length === patterns.length && parts.every((part, index) => patterns[index]?.test(part) === true) ? parts : undefined
}

const networkIdParts = [namespacePattern, referencePattern]
const addressParts = [namespacePattern, referencePattern, accountAddressPattern]

export const isNetworkId = (input: unknown): input is CaipNetworkId =>
  typeof input === "string" && splitParts(input, networkIdParts) !== undefined

export const isAddress = (input: unknown): input is CaipAddress => {
  if (typeof input !== "string") return false
  const parts = splitParts(input, addressParts)
  return parts !== undefined && isChainNamespace(parts[0])
}

/** Schema of a CAIP-2 network id string. */
export const CaipNetworkId = Schema.String.pipe(
  Schema.refine(isNetworkId, { expected: "a CAIP-2 network id (namespace:reference)" })
)

/** Schema of a CAIP-10 address string with a known namespace. */
export const CaipAddress = Schema.String.pipe(
  Schema.refine(isAddress, { expected: "a CAIP-10 address (namespace:reference:address)" })
)

export const parseNetworkId = (input: string): Effect.Effect<ParsedNetworkId, InvalidCaipNetworkIdError> => {
  const parts = splitParts(input, networkIdParts)
  if (parts === undefined) {
    return Effect.fail(new InvalidCaipNetworkIdError({ input }))
  }
  const [namespace = "", reference = ""] = parts
  return Effect.succeed({ namespace, reference })
}

export const formatNetworkId = (id: ParsedNetworkId): CaipNetworkId => `${id.namespace}:${id.reference}`

export const parseAddress = (input: string): Effect.Effect<ParsedAddress, InvalidCaipAddressError> => {
  const parts = splitParts(input, addressParts)
  const [namespace, reference = "", address = ""] = parts ?? []
  if (!isChainNamespace(namespace)) {
    return Effect.fail(new InvalidCaipAddressError({ input }))
  }
  return Effect.succeed({ namespace, reference, address })
}

export const formatAddress = (address: ParsedAddress): CaipAddress =>
  `${address.namespace}:${address.reference}:${address.address}`

/** The network id part of a CAIP address. */
export const networkIdOf = (address: ParsedAddress): CaipNetworkId => `${address.namespace}:${address.reference}`

export class InvalidCaipNetworkIdError extends Schema.TaggedError<InvalidCaipNetworkIdError>()("InvalidCaipNetworkIdError", {
  message: fixed("Invalid CAIP-2 network id"),
  input: Schema.String
}) {}

export class InvalidCaipAddressError extends Schema.TaggedError<InvalidCaipAddressError>()("InvalidCaipAddressError", {
  message: fixed("Invalid CAIP-10 address"),
  input: Schema.String
}) {}
