/**
 * Name service errors (spec section 8): the default messages when a lookup fails without a
 * message of its own. Name *validation* lives in Name.ts.
 */
import * as Schema from "effect/Schema"
import { fixed } from "./FixedMessage.ts"

export class NameResolutionError extends Schema.TaggedError<NameResolutionError>()("NameResolutionError", {
  message: fixed("Error resolving name"),
  cause: Schema.optional(Schema.Defect())
}) {}

export class NameSuggestionsError extends Schema.TaggedError<NameSuggestionsError>()("NameSuggestionsError", {
  message: fixed("Error fetching name suggestions"),
  cause: Schema.optional(Schema.Defect())
}) {}

export class NamesForAddressError extends Schema.TaggedError<NamesForAddressError>()("NamesForAddressError", {
  message: fixed("Error fetching names for address"),
  cause: Schema.optional(Schema.Defect())
}) {}
