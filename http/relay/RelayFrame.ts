/**
 * The WalletConnect v2 relay JSON-RPC frames, as `@walletconnect/core` 2.x and Portico's own client send them.
 *
 * Every incoming text frame is decoded here before the server looks at it: anything that is not one of these
 * shapes becomes a JSON-RPC error answer, never an exception in the server.
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"

/** Longest TTL a publish may ask for: 30 days, the real relay's bound. */
export const maxTtlSeconds = 30 * 24 * 60 * 60
/** Most topics a batch call may name. */
export const maxBatchSize = 500

/**
 * JSON-RPC ids: the client sends numbers, or strings when its id is a bigint (`"123n"`) or a stringified
 * publish id. They are echoed back unchanged.
 */
export const RpcId = Schema.Union([Schema.Number, Schema.String.check(Schema.isMaxLength(64))])
export type RpcId = typeof RpcId.Type

const Topic = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(128))
/** Its size is a bound of the relay's configuration (RelayLimits.maxMessageBytes), checked by the methods. */
const Message = Schema.String.check(Schema.isMinLength(1))
const Ttl = Schema.Int.check(Schema.isGreaterThan(0), Schema.isLessThanOrEqualTo(maxTtlSeconds))
const Batch = <S extends Schema.Top>(item: S) => Schema.Array(item).check(Schema.isMaxLength(maxBatchSize))

const PublishOptions = {
  ttl: Ttl,
  tag: Schema.optionalKey(Schema.Int),
  prompt: Schema.optionalKey(Schema.Boolean),
  attestation: Schema.optionalKey(Schema.String)
}

export const PublishParams = Schema.Struct({ topic: Topic, message: Message, ...PublishOptions })
export type PublishParams = typeof PublishParams.Type

export const SubscribeParams = Schema.Struct({ topic: Topic })
export const UnsubscribeParams = Schema.Struct({ topic: Topic, id: Schema.String })
export const BatchSubscribeParams = Schema.Struct({ topics: Batch(Topic) })
export const BatchUnsubscribeParams = Schema.Struct({ subscriptions: Batch(UnsubscribeParams) })
export const BatchPublishParams = Schema.Struct({ messages: Batch(PublishParams) })
export const BatchFetchMessagesParams = Schema.Struct({ topics: Batch(Topic) })

/** `wc_proposeSession`: the dapp publishes the proposal on the pairing topic (and listens there). */
export const ProposeSessionParams = Schema.Struct({
  pairingTopic: Topic,
  sessionProposal: Message,
  ...PublishOptions
})

/**
 * `wc_approveSession`: the wallet answers the proposal on the pairing topic and publishes the session settle
 * request on the new session topic (and listens there).
 */
export const ApproveSessionParams = Schema.Struct({
  sessionTopic: Topic,
  pairingTopic: Topic,
  sessionProposalResponse: Message,
  sessionSettlementRequest: Message,
  ...PublishOptions
})

const Request = Schema.Struct({
  id: RpcId,
  jsonrpc: Schema.Literal("2.0"),
  method: Schema.String.check(Schema.isMaxLength(64)),
  params: Schema.optionalKey(Schema.Unknown)
})

const Response = Schema.Struct({
  id: RpcId,
  jsonrpc: Schema.Literal("2.0"),
  result: Schema.optionalKey(Schema.Unknown),
  error: Schema.optionalKey(Schema.Unknown)
})

/** JSON-RPC 2.0 error codes the relay answers with. */
export const ErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603
} as const

export type IncomingFrame =
  | { readonly _tag: "Request"; readonly id: RpcId; readonly method: string; readonly params: unknown }
  | { readonly _tag: "Response"; readonly id: RpcId; readonly ok: boolean }
  | { readonly _tag: "Invalid"; readonly id: RpcId | null; readonly code: number; readonly message: string }

const decodeRequest = Schema.decodeUnknownResult(Request)
const decodeResponse = Schema.decodeUnknownResult(Response)
const decodeId = Schema.decodeUnknownResult(Schema.Struct({ id: RpcId }))

const parseJson = (text: string): Result.Result<unknown, string> => {
  try {
    return Result.succeed(JSON.parse(text))
  } catch (error) {
    return Result.fail(error instanceof Error ? error.message : "invalid JSON")
  }
}

/** Classifies one text frame: a request to serve, an answer to one of our pushes, or an error to report. */
export const decodeFrame = (text: string): IncomingFrame => {
  const json = parseJson(text)
  if (Result.isFailure(json)) return { _tag: "Invalid", id: null, code: ErrorCode.parseError, message: "Parse error" }
  const request = decodeRequest(json.success)
  if (Result.isSuccess(request)) {
    return { _tag: "Request", id: request.success.id, method: request.success.method, params: request.success.params }
  }
  const response = decodeResponse(json.success)
  if (Result.isSuccess(response) && !("method" in (json.success as object))) {
    return { _tag: "Response", id: response.success.id, ok: response.success.result === true }
  }
  const id = decodeId(json.success)
  return {
    _tag: "Invalid",
    id: Result.isSuccess(id) ? id.success.id : null,
    code: ErrorCode.invalidRequest,
    message: `Invalid request: ${request.failure.message}`
  }
}

/** Decodes a method's params, or says why they are invalid. */
export const decodeParams = <S extends Schema.ConstraintDecoder<unknown>>(schema: S) => {
  const decode = Schema.decodeUnknownResult(schema)
  return (params: unknown): Result.Result<S["Type"], string> =>
    Result.mapError(decode(params), (error) => error.message)
}

export const result = (id: RpcId, value: unknown): string => JSON.stringify({ id, jsonrpc: "2.0", result: value })

export const error = (id: RpcId | null, code: number, message: string): string =>
  JSON.stringify({ id, jsonrpc: "2.0", error: { code, message } })

/** What a subscriber receives for each message on a topic it listens to. */
export interface Delivery {
  readonly topic: string
  readonly message: string
  readonly publishedAt: number
  readonly tag: number
  readonly attestation?: string
}

export const subscription = (id: number, subscriptionId: string, data: Delivery): string =>
  JSON.stringify({ id, jsonrpc: "2.0", method: "irn_subscription", params: { id: subscriptionId, data } })
