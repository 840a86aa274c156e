/**
 * The calls of a `wallet_sendCalls` request (EIP-5792, spec §5): each needs a `to`, and `data`,
 * when present, must start with `0x`.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fixed } from "./FixedMessage.ts"

export const Call = Schema.Struct({
  to: Schema.NonEmptyString,
  data: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^0x/))),
  value: Schema.optionalKey(Schema.String)
})
export type Call = typeof Call.Type

/** Input as a dapp hands it over: fields may be missing. */
export interface CallInput {
  readonly to?: string | undefined
  readonly data?: string | undefined
  readonly value?: string | undefined
}

const validateCall = (call: CallInput, index: number): Effect.Effect<Call, CallMissingToError | CallDataNotHexError> => {
  const { to, data, value } = call
  if (to === undefined || to === "") {
    return Effect.fail(new CallMissingToError({ index }))
  }
  if (data !== undefined && !data.startsWith("0x")) {
    return Effect.fail(new CallDataNotHexError({ index }))
  }
  return Effect.succeed({
    to,
    ...(data === undefined ? {} : { data }),
    ...(value === undefined ? {} : { value })
  })
}

/** Validates every call in order and fails on the first bad one, naming its index. */
export const validate = (
  calls: ReadonlyArray<CallInput>
): Effect.Effect<ReadonlyArray<Call>, CallMissingToError | CallDataNotHexError> => Effect.forEach(calls, validateCall)

export class CallMissingToError extends Schema.TaggedError<CallMissingToError>()("CallMissingToError", {
  message: fixed("Each call needs a 'to' address"),
  index: Schema.Int
}) {}

export class CallDataNotHexError extends Schema.TaggedError<CallDataNotHexError>()("CallDataNotHexError", {
  message: fixed("Call data must start with 0x"),
  index: Schema.Int
}) {}
