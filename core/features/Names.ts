/**
 * Names (spec §4 "Name registration", §5 name rules, §7 profile endpoints): suggestions for a label in
 * the configured zone, and registration in the spec's steps: push the success view, sign the message
 * with the connected wallet, register it on our server, set the profile name (the account's identity
 * is read again past its cache). On any error the flow returns to the register view with the error.
 * Looking a name up (a Send receiver) resolves it to the account's address on a namespace.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { bytesToHex } from "viem"
import { Backend, type BackendError } from "../Backend.ts"
import type { FeatureUnavailableError } from "../CodeChunk.ts"
import { fixed } from "../FixedMessage.ts"
import { HostConfig } from "../HostConfig.ts"
import * as Modal from "../Modal.ts"
import * as Name from "../Name.ts"
import type * as Receiver from "../send/Receiver.ts"
import * as Session from "../Session.ts"
import { AccountData } from "./AccountData.ts"
import { signMessage } from "./MessageSigning.ts"
import { notConnected, WalletRequests, type WalletRequestError } from "./WalletRequests.ts"

/** The zone Portico's server registers names in unless the host configures another (spec §9 suffixes). */
export const defaultZone = ".portico.id"

export type SuggestionsFailure = NameSuggestionsError | Name.NameInvalidCharactersError | Name.NameTooShortError

export type RegistrationFailure = Name.NameInvalidCharactersError | Name.NameTooShortError | WalletRequestError | BackendError | FeatureUnavailableError

export type Registration =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Registering"; readonly name: string }
  | { readonly _tag: "Registered"; readonly name: string }
  | { readonly _tag: "Failed"; readonly name: string; readonly error: RegistrationFailure }

const idle: Registration = { _tag: "Idle" }

/** The CAIP-2 coin types of the registration body: 60 for eip155, 501 for solana. */
const coinTypes = { eip155: 60, solana: 501 } as const

export class Names extends Context.Service<Names, {
  readonly registration: SubscriptionRef.SubscriptionRef<Registration>
  /** The zone names are registered in (".portico.id" unless configured). */
  readonly zone: string
  /** Names close to `label`; a label breaking the §5 rules fails with its rule's error. */
  readonly suggestions: (label: string) => Effect.Effect<Name.NameSuggestions, SuggestionsFailure>
  /** Registers `label` in the zone for the active account, in the spec's steps; the outcome lands in `registration`. */
  readonly register: (label: string) => Effect.Effect<void>
  /** The address a registered name points to on `namespace` and its avatar, or why there is none. */
  readonly lookup: (name: string, namespace: string) => Effect.Effect<Receiver.NameProfile, BackendError>
}>()("portico/core/features/Names") {
  static readonly layer = Layer.effect(
    Names,
    Effect.gen(function*() {
      const backend = yield* Backend
      const modal = yield* Modal.Modal
      const session = yield* Session.Session
      const requests = yield* WalletRequests
      const accountData = yield* AccountData
      const zone = (yield* HostConfig).nameZone ?? defaultZone
      const registration = yield* SubscriptionRef.make<Registration>(idle)

      const steps = (label: string) =>
        Effect.gen(function*() {
          const valid = yield* Name.validate(label)
          const name = `${valid.toLowerCase()}${zone}`
          const account = Session.activeAccount(yield* SubscriptionRef.get(session.state))
          if (account === undefined) return yield* notConnected()
          yield* SubscriptionRef.set(registration, { _tag: "Registering", name })
          yield* modal.push({ view: "RegisterAccountNameSuccess" })
          const nonce = bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(16))).slice(2)
          const message = JSON.stringify({ name, attributes: {}, timestamp: yield* Clock.currentTimeMillis, nonce })
          const signature = yield* signMessage(requests, account, message)
          yield* backend.registerName({ coin_type: coinTypes[account.namespace], address: account.address, message, signature })
          // Spec §4's last step: the profile name is read again past its cache, and what shows it follows.
          yield* accountData.refreshIdentity(account.address)
          yield* SubscriptionRef.set(registration, { _tag: "Registered", name })
        })

      const register = Effect.fn("Names.register")(function*(label: string) {
        yield* steps(label).pipe(
          Effect.catch((error: RegistrationFailure) =>
            Effect.gen(function*() {
              yield* SubscriptionRef.set(registration, { _tag: "Failed", name: `${label}${zone}`, error })
              yield* modal.goBackTo("RegisterAccountName")
            })
          )
        )
      })

      return Names.of({
        registration,
        zone,
        suggestions: (label) =>
          Effect.flatMap(Name.validate(label), (valid) =>
            backend.nameSuggestions(valid.toLowerCase(), zone).pipe(Effect.mapError((cause) => new NameSuggestionsError({ cause })))),
        register,
        lookup: (name, namespace) =>
          Effect.map(backend.lookupName(name.toLowerCase()), (account): Receiver.NameProfile => {
            if (account instanceof Name.NameNotRegistered) return "notRegistered"
            const coinType = namespace === "eip155" || namespace === "solana" ? coinTypes[namespace] : undefined
            const entry = coinType === undefined ? undefined : account.addresses[String(coinType)]
            const avatarUrl = account.attributes["avatar"]
            return entry === undefined ? "noAddress" : { address: entry.address, ...(avatarUrl === undefined ? {} : { avatarUrl }) }
          })
      })
    })
  )
}

export class NameSuggestionsError extends Schema.TaggedError<NameSuggestionsError>()("NameSuggestionsError", {
  message: fixed("Error fetching name suggestions"),
  cause: Schema.optional(Schema.Defect())
}) {}
