/**
 * EIP-5792 through any connector: `wallet_sendCalls` with the spec §5 checks on every call first (core
 * SendCalls.ts), `wallet_getCallsStatus` and `wallet_getCapabilities`, each answer decoded.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { numberToHex } from "viem"
import type * as Connector from "../Connector.ts"
import * as SendCalls from "../SendCalls.ts"

export interface SendCallsRequest {
  readonly chainId: number
  readonly from: string
  readonly calls: ReadonlyArray<SendCalls.CallInput>
  /** Refuse to run unless the wallet runs every call or none (EIP-5792 `atomicRequired`). */
  readonly atomicRequired?: boolean
}

/** EIP-5792 v2 answers `{ id }`; wallets of the first draft answer the id itself. */
const SendCallsAnswer = Schema.Union([Schema.Struct({ id: Schema.String }), Schema.String])

export const CallsStatus = Schema.Struct({
  id: Schema.optionalKey(Schema.String),
  chainId: Schema.optionalKey(Schema.String),
  /** 100 pending, 200 confirmed, 400 failed off chain, 500 reverted, 600 partly reverted. */
  status: Schema.Number,
  atomic: Schema.optionalKey(Schema.Boolean),
  receipts: Schema.optionalKey(Schema.Array(Schema.Struct({
    transactionHash: Schema.String,
    status: Schema.String
  })))
})
export type CallsStatus = typeof CallsStatus.Type

const decode = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, method: string) => (answer: unknown) =>
  Effect.mapError(Schema.decodeUnknownEffect(schema)(answer), () => new BatchCallsAnswerError({ method, message: `${method} answered an unexpected shape` }))

/** Checks every call, then asks the wallet to send them; answers the bundle id. */
export const send = (
  client: Connector.ConnectorClient,
  request: SendCallsRequest
): Effect.Effect<string, SendCalls.CallMissingToError | SendCalls.CallDataNotHexError | Connector.ConnectorFailure | BatchCallsAnswerError> =>
  Effect.gen(function*() {
    const calls = yield* SendCalls.validate(request.calls)
    const answer = yield* client.request({
      method: "wallet_sendCalls",
      params: [{
        version: "2.0.0",
        chainId: numberToHex(request.chainId),
        from: request.from,
        atomicRequired: request.atomicRequired ?? false,
        calls
      }]
    }).pipe(Effect.flatMap(decode(SendCallsAnswer, "wallet_sendCalls")))
    return typeof answer === "string" ? answer : answer.id
  })

export const status = (client: Connector.ConnectorClient, id: string): Effect.Effect<CallsStatus, Connector.ConnectorFailure | BatchCallsAnswerError> =>
  Effect.flatMap(client.request({ method: "wallet_getCallsStatus", params: [id] }), decode(CallsStatus, "wallet_getCallsStatus"))

/** The wallet's capabilities per chain (hex chain id → capability name → its description). */
export const capabilities = (
  client: Connector.ConnectorClient,
  address: string
): Effect.Effect<Readonly<Record<string, Readonly<Record<string, unknown>>>>, Connector.ConnectorFailure | BatchCallsAnswerError> =>
  Effect.flatMap(
    client.request({ method: "wallet_getCapabilities", params: [address] }),
    decode(Schema.Record(Schema.String, Schema.Record(Schema.String, Schema.Unknown)), "wallet_getCapabilities")
  )

export class BatchCallsAnswerError extends Schema.TaggedError<BatchCallsAnswerError>()("BatchCallsAnswerError", {
  method: Schema.String,
  message: Schema.String
}) {}
