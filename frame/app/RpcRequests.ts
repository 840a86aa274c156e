/**
 * `RPC_REQUEST` (spec §6 "Embedded wallet RPC methods", core/embedded/RpcPolicy.ts): a safe call is
 * answered at once — by the wallet itself, or by the chain through this server's RPC endpoint — and is
 * never aborted; a call needing approval waits for the visitor in the frame's panel; anything else is
 * refused with 'Requested RPC call is not allowed' (4200).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import type { Payload } from "../../core/embedded/FrameProtocol.ts"
import { answeredByWallet, classify } from "../../core/embedded/RpcPolicy.ts"
import { fixed } from "../../core/FixedMessage.ts"
import { Approvals } from "./Approvals.ts"
import { ChainClient } from "./ChainClient.ts"
import { EvmRequests } from "./EvmRequests.ts"
import { fixedCode } from "../../core/FixedCode.ts"
import { InvalidParamsError } from "./RpcParams.ts"
import { SolanaRequests } from "./SolanaRequests.ts"

const make = Effect.gen(function*() {
  const chain = yield* ChainClient
  const approvals = yield* Approvals
  const evm = yield* EvmRequests
  const solana = yield* SolanaRequests

  const handle = (requestId: string, request: Payload<"RPC_REQUEST">) =>
    Effect.gen(function*() {
      const { chainId, method, params } = request
      const namespace = chainId.startsWith("solana:") ? "solana" : "eip155"
      switch (classify(namespace, method)) {
        case "disallowed":
          return yield* new RpcNotAllowedError({ method })
        case "safe": {
          if (namespace === "eip155" && answeredByWallet.has(method)) return { result: yield* evm.local(chainId, method, params) }
          if (params !== undefined && !Array.isArray(params)) return yield* new InvalidParamsError({ method })
          return { result: yield* chain.call(chainId, method, params ?? []) }
        }
        case "approval": {
          const ticket = yield* approvals.begin
          const result = namespace === "eip155"
            ? yield* evm.approved(ticket, requestId, chainId, method, params)
            : yield* solana.approved(ticket, requestId, chainId, method, params)
          return { result }
        }
      }
    })

  return { handle }
})

export class RpcRequests extends Context.Service<RpcRequests, Effect.Success<typeof make>>()("portico/frame/app/RpcRequests") {
  static readonly layer = Layer.effect(RpcRequests, make)
}

/** Spec §6: a method neither safe nor approvable ('Action not allowed' in the modal; EIP-1193 4200). */
export class RpcNotAllowedError extends Schema.TaggedError<RpcNotAllowedError>()("RpcNotAllowedError", {
  message: fixed("Requested RPC call is not allowed"),
  code: fixedCode("UnsupportedMethod"),
  method: Schema.String
}) {}
