/**
 * A swap on Solana: the swap API's transaction (base64, signed by everyone but the visitor, built and
 * checked by our server) signed and sent by the visitor's wallet, then waited for until the cluster
 * confirms it; an error in its status, or no confirmation within two minutes, is a SwapRevertedError.
 */
import { getBase64Encoder } from "@solana/kit"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import type * as Connector from "../Connector.ts"
import type { ChainRead, ChainReadError } from "../rpc/ChainRead.ts"
import * as SolanaSend from "../send/SolanaSend.ts"
import { SwapRevertedError } from "./Swap.ts"

/** Statuses are asked for every second, for up to two minutes. */
const statusPolls = 120

const Statuses = Schema.Struct({
  value: Schema.Array(Schema.NullOr(Schema.Struct({ err: Schema.Unknown, confirmationStatus: Schema.NullOr(Schema.String) })))
})
const decodeStatuses = Schema.decodeUnknownEffect(Statuses)

/** Sends the swap's transaction through the wallet and answers its signature once confirmed. */
export const sendAndConfirm = (
  client: Connector.ConnectorClient,
  read: ChainRead,
  base64: string
): Effect.Effect<string, Connector.ConnectorFailure | SolanaSend.SolanaSendAnswerError | ChainReadError | SwapRevertedError> =>
  Effect.gen(function*() {
    const signature = yield* SolanaSend.signAndSend(client, new Uint8Array(getBase64Encoder().encode(base64)))
    const status = yield* read({ method: "getSignatureStatuses", params: [[signature]] }).pipe(
      Effect.flatMap((answer) => Effect.mapError(decodeStatuses(answer), () => new SolanaSend.SolanaSendAnswerError({ method: "getSignatureStatuses", message: "getSignatureStatuses answered an unexpected shape" }))),
      Effect.flatMap(({ value: [entry] }) =>
        entry === null || entry === undefined || entry.confirmationStatus === "processed" ? Effect.fail("pending" as const) : Effect.succeed(entry)),
      Effect.retry({ while: (error) => error === "pending", schedule: Schedule.spaced("1 second"), times: statusPolls }),
      Effect.catch((error): Effect.Effect<never, ChainReadError | SolanaSend.SolanaSendAnswerError | SwapRevertedError> =>
        error === "pending" ? Effect.fail(new SwapRevertedError({ hash: signature, message: "The transaction was not mined in time" })) : Effect.fail(error))
    )
    if (status.err !== null) return yield* new SwapRevertedError({ hash: signature, message: "The network refused the transaction" })
    return signature
  })
