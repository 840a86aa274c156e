/**
 * Name registration rules (spec §5 "Name registration") and the name suggestion entity.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fixed } from "./FixedMessage.ts"

export const minimumLength = 4

const allowed = /^[A-Za-z0-9-]*$/

export const NameSuggestion = Schema.Struct({ name: Schema.String })
export type NameSuggestion = typeof NameSuggestion.Type

/** The CAIP-10 address a name points to for one coin type (60 = eip155, 501 = solana). */
export const NameAddress = Schema.Struct({
  address: Schema.String,
  created: Schema.String
})

/** A registered name with its addresses (keyed by coin type, as a string) and attributes. */
export class NameAccount extends Schema.Class<NameAccount>("NameAccount")({
  name: Schema.String,
  registered: Schema.String,
  updated: Schema.String,
  addresses: Schema.Record(Schema.String, NameAddress),
  attributes: Schema.Record(Schema.String, Schema.String)
}) {}

/**
 * The profile endpoint's answer for a name nobody registered: an answer, not a failed request (a lookup
 * of a name being typed is expected to miss, and a 404 would show in every console).
 */
export class NameNotRegistered extends Schema.TaggedClass<NameNotRegistered>()("NameNotRegistered", {
  name: Schema.String
}) {}

/** `GET /v1/profile/account/{name}`: the name's addresses and attributes, or that it is not registered. */
export const NameLookupAnswer = Schema.Union([NameAccount, NameNotRegistered])
export type NameLookupAnswer = typeof NameLookupAnswer.Type

/** Every name an address registered, oldest first. */
export const ReverseNames = Schema.Array(NameAccount)

/** core's name suggestion plus whether the name is already registered here. */
export const NameSuggestionAnswer = Schema.Struct({
  ...NameSuggestion.fields,
  registered: Schema.Boolean
})
export type NameSuggestionAnswer = typeof NameSuggestionAnswer.Type

export class NameSuggestions extends Schema.Class<NameSuggestions>("NameSuggestions")({
  suggestions: Schema.Array(NameSuggestionAnswer)
}) {}

/**
 * Registration body. `message` is the exact JSON text the address signed:
 * `{"name":"alice.portico.id","attributes":{},"timestamp":1700000000000,"nonce":"…"}` (timestamp in epoch
 * milliseconds). `signature` is 0x hex
 * (eip155, personal_sign) or base58 (solana, ed25519 over the UTF-8 bytes of `message`).
 */
export const RegisterNameRequest = Schema.Struct({
  coin_type: Schema.Literals([60, 501]),
  address: Schema.String,
  message: Schema.String,
  signature: Schema.String
})

/** The decoded `message` of a registration. */
export const RegisterNameMessage = Schema.Struct({
  name: Schema.String,
  attributes: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
  timestamp: Schema.Finite,
  nonce: Schema.optionalKey(Schema.String)
})

export class RegisterNameResult extends Schema.Class<RegisterNameResult>("RegisterNameResult")({
  success: Schema.Boolean,
  name: Schema.String
}) {}

export const isValid = (name: string): boolean => allowed.test(name) && name.length >= minimumLength

/** Characters are checked before length: a short name with a bad character names the character. */
export const validate = (name: string): Effect.Effect<string, NameInvalidCharactersError | NameTooShortError> => {
  if (!allowed.test(name)) {
    return Effect.fail(new NameInvalidCharactersError({ name }))
  }
  if (name.length < minimumLength) {
    return Effect.fail(new NameTooShortError({ name }))
  }
  return Effect.succeed(name)
}

export const Name = Schema.String.check(
  Schema.isPattern(allowed),
  Schema.isMinLength(minimumLength)
)

export class NameInvalidCharactersError extends Schema.TaggedError<NameInvalidCharactersError>()("NameInvalidCharactersError", {
  message: fixed("Only letters, digits and hyphens are allowed"),
  name: Schema.String
}) {}

export class NameTooShortError extends Schema.TaggedError<NameTooShortError>()("NameTooShortError", {
  message: fixed("Name must be at least 4 characters"),
  name: Schema.String
}) {}

/** Spec §8 names default: the lookup itself failed (the server or the network), so whether the name exists is unknown. */
export class NameResolutionError extends Schema.TaggedError<NameResolutionError>()("NameResolutionError", {
  message: fixed("Error resolving name"),
  cause: Schema.optional(Schema.Defect())
}) {}

/** A name nobody registered (the profile endpoint answered NameNotRegistered). */
export class NameNotFoundError extends Schema.TaggedError<NameNotFoundError>()("NameNotFoundError", {
  message: fixed("Name not found"),
  name: Schema.String
}) {}
