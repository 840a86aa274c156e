/**
 * JSON-RPC 2.0 messages as the chain RPC endpoint reads and answers them: one request or a batch, and
 * error answers carrying the codes of core/RpcCode.ts.
 */
import * as Schema from "effect/Schema"
import * as RpcCode from "../RpcCode.ts"

export const Id = Schema.Union([Schema.String, Schema.Number, Schema.Null])
export type Id = typeof Id.Type

export const Request = Schema.Struct({
  jsonrpc: Schema.Literal("2.0"),
  id: Schema.optionalKey(Id),
  method: Schema.NonEmptyString,
  params: Schema.optionalKey(Schema.Union([Schema.Array(Schema.Unknown), Schema.Record(Schema.String, Schema.Unknown)]))
})
export type Request = typeof Request.Type

export const ErrorObject = Schema.Struct({
  code: Schema.Number,
  message: Schema.String,
  data: Schema.optionalKey(Schema.Unknown)
})
export type ErrorObject = typeof ErrorObject.Type

/** An answer: a result or an error, for the request with the same id. */
export const Response = Schema.Struct({
  jsonrpc: Schema.Literal("2.0"),
  id: Id,
  result: Schema.optionalKey(Schema.Unknown),
  error: Schema.optionalKey(ErrorObject)
})
export type Response = typeof Response.Type

export const result = (id: Id, value: unknown): Response => ({ jsonrpc: "2.0", id, result: value })

/** An error answer with the table's code; the message names what went wrong for this request. */
export const error = (id: Id, key: RpcCode.Key, message: string = RpcCode.table[key].name): Response => ({
  jsonrpc: "2.0",
  id,
  error: { code: RpcCode.table[key].code, message }
})

/** The id of something that may or may not be a request, for an error answer about it (null when unreadable). */
export const idOf = (value: unknown): Id => {
  if (typeof value !== "object" || value === null || !("id" in value)) return null
  const { id } = value
  return typeof id === "string" || typeof id === "number" ? id : null
}
