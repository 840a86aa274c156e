/**
 * The Blockchain API's names: an address's identity (its primary ENS name first, then Portico's), name
 * profiles (Portico's own zone, and ENS through EnsNames.ts), reverse lookups, suggestions and signed
 * registrations.
 */
import { createHash } from "node:crypto"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Identity } from "../../core/Identity.ts"
import * as Name from "../../core/Name.ts"
import { NameAccount, NameNotRegistered, NameSuggestions, RegisterNameMessage, type RegisterNameRequest, RegisterNameResult } from "../../core/Name.ts"
import { BadRequest, Conflict, InvalidSignature } from "../api/ApiError.ts"
import { namespaceOf } from "./AddressNamespace.ts"
import { EnsNames, type EnsProfile } from "./EnsNames.ts"
import { NameRules } from "./NameRules.ts"
import { Repository, type NameRecord } from "./Repository.ts"
import { verify } from "./SignatureVerification.ts"

const toAccount = (record: NameRecord): NameAccount =>
  new NameAccount({
    name: record.name,
    registered: record.registered,
    updated: record.updated,
    attributes: record.attributes,
    addresses: Object.fromEntries(record.addresses.map((entry) => [String(entry.coinType), { address: entry.address, created: entry.created }]))
  })

/** An ENS name as the profile lookup answers it: its Ethereum address (coin type 60) and avatar; one ENS knows no address for is not registered. */
const ensAccount = (name: string, profile: EnsProfile | undefined): NameAccount | NameNotRegistered =>
  profile === undefined
    ? new NameNotRegistered({ name })
    : new NameAccount({
      name,
      registered: "",
      updated: "",
      attributes: profile.avatar === null ? {} : { avatar: profile.avatar },
      addresses: { "60": { address: profile.address, created: "" } }
    })

const decodeMessage = Schema.decodeUnknownEffect(Schema.fromJsonString(RegisterNameMessage))

/** A registration as the API receives it: the signed JSON message and who signed it. */
type Registration = typeof RegisterNameRequest.Type

export const make = Effect.gen(function*() {
  const repository = yield* Repository
  const ens = yield* EnsNames
  const { registrationMaxAgeSeconds, zone } = yield* NameRules

  /** `alice.portico.id` → `alice`; the label must follow core's name rules. */
  const labelOf = (field: string, name: string) => {
    const label = name.endsWith(zone) ? name.slice(0, -zone.length) : name
    return Name.validate(label).pipe(Effect.mapError((error) => new BadRequest({ message: `${field}: ${error.message}` })))
  }

  /** The name a registration's signed message claims, once it is in the zone, fresh and signed by the address. */
  const checkedName = (payload: Registration) =>
    Effect.gen(function*() {
      const message = yield* decodeMessage(payload.message).pipe(
        Effect.mapError(() => new BadRequest({ message: "message: must be the JSON text {name, attributes?, timestamp, nonce?}" }))
      )
      // Names are case-insensitive: stored lower-case, so `Alice` can never shadow `alice`.
      const name = message.name.toLowerCase()
      if (!name.endsWith(zone)) return yield* new BadRequest({ message: `name: must end with ${zone}` })
      yield* labelOf("name", name)
      const now = yield* Clock.currentTimeMillis
      if (Math.abs(now - message.timestamp) > registrationMaxAgeSeconds * 1000) {
        return yield* new BadRequest({ message: "message.timestamp: the signed message is too old or in the future" })
      }
      const valid = yield* Effect.promise(() => verify(payload.coin_type, payload.address, payload.message, payload.signature))
      if (!valid) return yield* new InvalidSignature({ message: "signature: does not sign the message for this address" })
      return { name, attributes: message.attributes ?? {} }
    })

  return {
    identity: (address: string) =>
      Effect.gen(function*() {
        const namespace = yield* namespaceOf(address)
        // An EVM address's primary ENS name comes first: it is the one the visitor chose on chain.
        const primary = namespace === "eip155" ? yield* ens.primary(address) : undefined
        if (primary !== undefined) return new Identity({ name: primary.name, avatar: primary.avatar })
        const [first] = yield* repository.namesOf(address)
        return new Identity({ name: first?.name ?? null, avatar: first?.attributes["avatar"] ?? null })
      }),
    account: (requested: string) =>
      Effect.gen(function*() {
        const name = requested.toLowerCase()
        // A name outside Portico's zone is ENS's (with ENS configured): one ENS has no address for is
        // answered as not registered, as an unknown Portico name is (no 404 on the way).
        if (!name.endsWith(zone) && ens.configured) return ensAccount(name, yield* ens.resolve(name))
        yield* labelOf("name", name)
        const record = yield* repository.findName(name)
        return record === undefined ? new NameNotRegistered({ name }) : toAccount(record)
      }),
    reverse: (address: string) =>
      Effect.gen(function*() {
        yield* namespaceOf(address)
        return (yield* repository.namesOf(address)).map(toAccount)
      }),
    suggestions: (requested: string) =>
      Effect.gen(function*() {
        const label = yield* labelOf("name", requested.toLowerCase())
        const candidates = [label, `${label}-1`, `${label}1`, `${label}-app`, `my-${label}`].map((candidate) => `${candidate}${zone}`)
        const taken = yield* repository.takenNames(candidates)
        return new NameSuggestions({ suggestions: candidates.map((name) => ({ name, registered: taken.has(name) })) })
      }),
    register: (payload: Registration) =>
      Effect.gen(function*() {
        const { attributes, name } = yield* checkedName(payload)
        const messageDigest = createHash("sha256").update(`${payload.coin_type}\n${payload.address.toLowerCase()}\n${payload.message}`).digest("hex")
        const outcome = yield* repository.register({ name, coinType: payload.coin_type, address: payload.address, attributes, messageDigest })
        if (outcome === "replayed") {
          // A retry of a registration that went through (the answer was lost) succeeds again: the
          // signed message is its idempotency key. Any other reuse of a signed message is refused.
          const record = yield* repository.findName(name)
          const same = record?.addresses.some((entry) => entry.coinType === payload.coin_type && entry.address.toLowerCase() === payload.address.toLowerCase())
          if (same === true) return new RegisterNameResult({ success: true, name })
          return yield* new Conflict({ message: "message: this signed message was already used" })
        }
        if (outcome === "taken") return yield* new Conflict({ message: `name: ${name} is already taken` })
        return new RegisterNameResult({ success: true, name })
      })
  }
})
