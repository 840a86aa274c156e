/**
 * The send form's receiver as typed: an address of the network's namespace, or a name (`alice.portico.id`)
 * resolved through the profile endpoints, whose name and avatar the form then shows.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Address from "../Address.ts"
import { NameNotFoundError, NameResolutionError } from "../Name.ts"
import type { SendState } from "../Send.ts"

export interface Receiver {
  readonly address: string
  readonly name?: string
  readonly avatarUrl?: string
}

/** What a name gives on a namespace: its address and avatar, no address there, or nobody registered it. */
export type NameProfile = { readonly address: string; readonly avatarUrl?: string } | "noAddress" | "notRegistered"

/** A name's profile as the profile endpoint answers it. */
export interface NameLookup<E> {
  readonly resolve: (name: string, namespace: string) => Effect.Effect<NameProfile, E>
}

const namePattern = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i

/** Resolves what the visitor typed into the receiver to send to. */
export const resolve = <E>(
  namespace: string,
  input: string,
  lookup: NameLookup<E>
): Effect.Effect<Receiver, InvalidReceiverError | NameNotFoundError | NameResolutionError> => {
  const typed = input.trim()
  if (Address.isValid(namespace, typed)) return Effect.succeed({ address: typed })
  if (!namePattern.test(typed)) return Effect.fail(new InvalidReceiverError({ input, message: "Invalid address" }))
  return lookup.resolve(typed, namespace).pipe(
    Effect.mapError((cause) => new NameResolutionError({ cause })),
    Effect.flatMap((profile): Effect.Effect<Receiver, InvalidReceiverError | NameNotFoundError> =>
      profile === "notRegistered"
        ? Effect.fail(new NameNotFoundError({ name: typed }))
        : profile === "noAddress" || !Address.isValid(namespace, profile.address)
        ? Effect.fail(new InvalidReceiverError({ input, message: `No ${namespace} address for ${typed}` }))
        : Effect.succeed({ address: profile.address, name: typed, ...(profile.avatarUrl === undefined ? {} : { avatarUrl: profile.avatarUrl }) })
    )
  )
}

/** The form with the resolved receiver: its address, and the name and avatar when it came from a name. */
export const apply = (state: SendState, receiver: Receiver): SendState => {
  const { receiverProfileName: _name, receiverProfileImageUrl: _image, ...rest } = state
  return {
    ...rest,
    receiverAddress: receiver.address,
    ...(receiver.name === undefined ? {} : { receiverProfileName: receiver.name }),
    ...(receiver.avatarUrl === undefined ? {} : { receiverProfileImageUrl: receiver.avatarUrl })
  }
}

export class InvalidReceiverError extends Schema.TaggedError<InvalidReceiverError>()("InvalidReceiverError", {
  input: Schema.String,
  message: Schema.String
}) {}
