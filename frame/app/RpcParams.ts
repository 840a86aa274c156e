/**
 * A JSON-RPC call's params as the method takes them: decoded by the method's schema, or the call is
 * refused as invalid (-32602) before anything is shown or read; so is a "message" that is a transaction.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fixed } from "../../core/FixedMessage.ts"
import { fixedCode } from "../../core/FixedCode.ts"

export const paramsOf = <S extends Schema.Decoder<unknown>>(schema: S, method: string, params: unknown) =>
  Effect.mapError(Schema.decodeUnknownEffect(schema)(params), () => new InvalidParamsError({ method }))

export class InvalidParamsError extends Schema.TaggedError<InvalidParamsError>()("InvalidParamsError", {
  message: fixed("Invalid params"),
  code: fixedCode("InvalidParams"),
  method: Schema.String
}) {}

/**
 * Bytes offered to `personal_sign` or `solana_signMessage` that are a transaction: their signature could
 * authorise what the visitor never saw as a transaction, so they are refused as invalid params.
 */
export class TransactionAsMessageError extends Schema.TaggedError<TransactionAsMessageError>()("TransactionAsMessageError", {
  message: fixed("This message is a transaction: it is not signed as a message"),
  code: fixedCode("InvalidParams"),
  method: Schema.String
}) {}
