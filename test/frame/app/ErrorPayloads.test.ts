/**
 * What a failed request answers (frame/app/ErrorPayloads.ts): the spec's wording for a rejection and a
 * refused method with their EIP-1193 codes, a node's error as the node gave it, and for anything not
 * written for the host — defects, transport details, storage errors — 'Something went wrong'.
 */
import * as Cause from "effect/Cause"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { RequestAbortedError } from "../../../frame/app/Approvals.ts"
import { NodeError } from "../../../frame/app/ChainClient.ts"
import { payloadOf } from "../../../frame/app/ErrorPayloads.ts"
import { supersededError } from "../../../frame/app/EvmRequests.ts"
import { RpcNotAllowedError } from "../../../frame/app/RpcRequests.ts"
import { DeviceVaultError } from "../../../frame/custody/DeviceVault.ts"
import { EmailCooldown, OtpRefused } from "../../../http/api/EmbeddedApi.ts"

describe("payloadOf", () => {
  it("answers the spec's messages with their codes", () => {
    expect(payloadOf(Cause.fail(new RequestAbortedError()))).toEqual({ message: "Request was aborted", code: 4001, reason: "RequestAbortedError" })
    expect(payloadOf(Cause.fail(new RpcNotAllowedError({ method: "eth_sign" })))).toEqual({ message: "Requested RPC call is not allowed", code: 4200, reason: "RpcNotAllowedError" })
  })

  it("names the current method for an earlier draft's: ERC-7715's permissions and raw user operations", () => {
    for (const [method, current] of [["wallet_grantPermissions", "wallet_requestExecutionPermissions"], ["wallet_revokePermissions", "wallet_revokeExecutionPermission"], ["eth_sendUserOperation", "wallet_sendCalls"]] as const) {
      expect(payloadOf(Cause.fail(supersededError(method)))).toEqual({ message: `${method} is not served: ask with ${current}`, code: 4200, reason: "SupersededMethodError" })
    }
  })

  it("passes a node's error on with its code and data, and the server's refusals with their words", () => {
    expect(payloadOf(Cause.fail(new NodeError({ method: "eth_call", code: 3, message: "execution reverted", data: "0x08c379a0" }))))
      .toEqual({ message: "execution reverted", code: 3, data: "0x08c379a0", reason: "NodeError" })
    expect(payloadOf(Cause.fail(new OtpRefused({ message: "The code is wrong", reason: "wrong", triesLeft: 4 })))).toEqual({ message: "The code is wrong", reason: "OtpRefused.wrong" })
    // The cooldown's seconds travel as a number: the modal never reads them out of the English text.
    expect(payloadOf(Cause.fail(EmailCooldown.of(20)))).toEqual({ message: "Please try again after 20 seconds", reason: "EmailCooldown", retryAfter: 20 })
  })

  it("says 'Something went wrong' for whatever is not written for the host", () => {
    expect(payloadOf(Cause.fail(new DeviceVaultError({ reason: "unavailable", message: "QuotaExceededError: the disk is full" })))).toEqual({ message: "Something went wrong" })
    expect(payloadOf(Cause.die(new Error("secret internals")))).toEqual({ message: "Something went wrong" })
    expect(payloadOf(Cause.interrupt())).toEqual({ message: "Something went wrong" })
    fc.assert(fc.property(fc.string(), fc.string(), (tag, message) => {
      fc.pre(!/^[A-Z]/.test(tag))
      expect(payloadOf(Cause.fail({ _tag: tag, message }))).toEqual({ message: "Something went wrong" })
    }))
  })
})
