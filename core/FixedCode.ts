/**
 * The `code` field of an error whose EIP-1193 / JSON-RPC code is fixed (RpcCode.ts): typed as
 * that literal and filled in by the constructor, as FixedMessage.ts does for messages. The modal
 * reads it from the error answer (FrameProtocol's `ErrorPayload.code`).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as RpcCode from "./RpcCode.ts"

export const fixedCode = <const K extends RpcCode.Key>(key: K) => {
  const code: (typeof RpcCode.table)[K]["code"] = RpcCode.table[key].code
  return Schema.Literal(code).pipe(Schema.withConstructorDefault(Effect.succeed(code)))
}
