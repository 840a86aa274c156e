import * as Result from "effect/Result"
import * as Schema from "effect/Schema"

/** JSON-RPC 2.0 plumbing shared by the HTTP and WebSocket endpoints. */
export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600
export const METHOD_NOT_FOUND = -32601
export const INVALID_PARAMS = -32602
export const INTERNAL_ERROR = -32603

const Id = Schema.Union([Schema.String, Schema.Number, Schema.Null])

export const Request = Schema.Struct({
  jsonrpc: Schema.Literal("2.0"),
  id: Schema.optionalKey(Id),
  method: Schema.String,
  params: Schema.optionalKey(Schema.Union([Schema.Array(Schema.Unknown), Schema.Record(Schema.String, Schema.Unknown)]))
})
export type Request = typeof Request.Type
export type Id = typeof Id.Type

/** One method: a schema for its positional params and the handler that gets them decoded. */
export interface Method {
  readonly handle: (params: unknown) => unknown
}

export const method = <A>(params: Schema.Decoder<A>, handle: (params: A) => unknown): Method => {
  const decode = Schema.decodeUnknownResult(params)
  return {
    handle: (raw) => {
      const decoded = decode(raw ?? [])
      if (Result.isFailure(decoded)) throw new RpcError(INVALID_PARAMS, `Invalid params: ${decoded.failure.message}`)
      return handle(decoded.success)
    }
  }
}

export type Response =
  | { readonly jsonrpc: "2.0"; readonly id: Id; readonly result: unknown }
  | { readonly jsonrpc: "2.0"; readonly id: Id; readonly error: { readonly code: number; readonly message: string; readonly data?: unknown } }

export const errorResponse = (id: Id, error: RpcError): Response => ({
  jsonrpc: "2.0",
  id,
  error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) }
})

const decodeRequest = Schema.decodeUnknownResult(Request)

/** Answers one parsed JSON value (a request or a batch); `undefined` when nothing must be sent back (notifications). */
export const dispatch = async (
  methods: Readonly<Record<string, Method>>,
  body: unknown
): Promise<Response | ReadonlyArray<Response> | undefined> => {
  if (Array.isArray(body)) {
    if (body.length === 0) return errorResponse(null, new RpcError(INVALID_REQUEST, "Invalid request"))
    const responses = await Promise.all(body.map((item) => dispatchOne(methods, item)))
    const sent = responses.filter((response): response is Response => response !== undefined)
    return sent.length === 0 ? undefined : sent
  }
  return dispatchOne(methods, body)
}

const dispatchOne = async (methods: Readonly<Record<string, Method>>, body: unknown): Promise<Response | undefined> => {
  const request = decodeRequest(body)
  if (Result.isFailure(request)) return errorResponse(null, new RpcError(INVALID_REQUEST, "Invalid request"))
  const { id, method: name, params } = request.success
  const handler = Object.hasOwn(methods, name) ? methods[name] : undefined
  let response: Response
  if (handler === undefined) {
    response = errorResponse(id ?? null, new RpcError(METHOD_NOT_FOUND, "Method not found"))
  } else {
    try {
      response = { jsonrpc: "2.0", id: id ?? null, result: await handler.handle(params) }
    } catch (cause) {
      const error = cause instanceof RpcError ? cause : new RpcError(INTERNAL_ERROR, cause instanceof Error ? cause.message : "Internal error")
      response = errorResponse(id ?? null, error)
    }
  }
  return id === undefined ? undefined : response
}

/** JSON with u64 values (bigints) written as bare numbers, as the Solana RPC does. */
export const stringify = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) => (typeof item === "bigint" ? `\u0000u64:${item}` : item)).replace(
    /"\\u0000u64:(-?\d+)"/g,
    "$1"
  )

/** An error answered as a JSON-RPC error object. */
export class RpcError extends Error {
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}
