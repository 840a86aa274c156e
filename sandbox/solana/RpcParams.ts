import { isAddress, isSignature } from "@solana/kit"
import * as Schema from "effect/Schema"

/** Param schemas shared by the HTTP methods and the subscriptions. */
export const AddressParam = Schema.String.check(Schema.makeFilter((text: string) => isAddress(text), { message: "Invalid param: Invalid" }))
export const SignatureParam = Schema.String.check(Schema.makeFilter((text: string) => isSignature(text), { message: "Invalid param: Invalid" }))
export const NonNegativeInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
export const Commitment = Schema.Literals(["processed", "confirmed", "finalized"])
export const AccountEncodingParam = Schema.Literals(["binary", "base58", "base64", "jsonParsed"])
export const DataSliceParam = Schema.Struct({ offset: NonNegativeInt, length: NonNegativeInt })
