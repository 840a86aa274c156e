/**
 * Transaction history errors (spec section 8). A failed fetch marks the list empty.
 */
import * as Schema from "effect/Schema"
import { fixed } from "./FixedMessage.ts"

export class TransactionsFetchFailedError extends Schema.TaggedError<TransactionsFetchFailedError>()(
  "TransactionsFetchFailedError",
  { message: fixed("Failed to fetch transactions"), cause: Schema.optional(Schema.Defect()) }
) {}

/** Internal: history needs the account's address. */
export class MissingAccountAddressError extends Schema.TaggedError<MissingAccountAddressError>()(
  "MissingAccountAddressError",
  { message: fixed("Transactions can't be fetched without an accountAddress") }
) {}
