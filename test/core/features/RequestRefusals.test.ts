/**
 * A wallet's refusal of a site's request that the visitor was never asked about is told to them
 * (core/features/RequestRefusals.ts, through WalletRequests): a permission the wallet must not grant,
 * the app's sponsor declining the fee of sponsored calls, the wallet's transaction service down — as a
 * toast named by the refusal's tag, which the modal words in the visitor's language. Anything else (the
 * visitor's own "no", a refusal of unsponsored calls, a read) stays between the site and the wallet.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type * as Connector from "../../../core/Connector.ts"
import { ConnectAttempt } from "../../../core/features/ConnectAttempt.ts"
import { Navigation } from "../../../core/features/Navigation.ts"
import { toldOf } from "../../../core/features/RequestRefusals.ts"
import { WalletRequests } from "../../../core/features/WalletRequests.ts"
import * as Modal from "../../../core/Modal.ts"
import * as Permissions from "../../../core/permissions/PermissionErrors.ts"
import * as WalletError from "../../../core/WalletError.ts"
import { features } from "../support/Environment.ts"
import { evmConnected, evmConnector, fake } from "../support/Wallets.ts"

const calls = [{ to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", value: "0x1" }]
const sponsored = { method: "wallet_sendCalls", params: [{ calls, capabilities: { paymasterService: { url: "https://paymaster.example/v1" } } }] }
const unsponsored = { method: "wallet_sendCalls", params: [{ calls }] }
const permission = { method: "wallet_requestExecutionPermissions", params: [[]] }
const answer = (code: number, message: string) => WalletError.fromProviderError({ code, message })

describe("RequestRefusals.toldOf", () => {
  it("names each permission refusal by its words, any other -32602 to a permission request as invalid", () => {
    for (const refusal of [
      new Permissions.UnknownPermissionTypeError({ permissionType: "native-token-stream" }),
      new Permissions.PermissionExpiredError({ expiry: 1 }),
      new Permissions.PermissionTooBroadError({ reason: "unlimited" }),
      new Permissions.InvalidPermissionError()
    ]) {
      assert.strictEqual(toldOf(permission, answer(-32602, refusal.message)), refusal._tag)
    }
    assert.strictEqual(toldOf(permission, answer(-32602, "a third-party wallet's own words")), "InvalidPermissionError")
  })

  it("tells of a sponsor's refusal only for calls the app offered to sponsor, and of a transaction service down only for what sends", () => {
    assert.strictEqual(toldOf(sponsored, answer(-32003, "The app's sponsor refused to pay the network fee")), "SponsorshipRefusedError")
    assert.strictEqual(toldOf(unsponsored, answer(-32003, "Transaction rejected")), undefined)
    assert.strictEqual(toldOf(sponsored, answer(-32002, "The bundler is unreachable")), "WalletServiceUnavailableError")
    assert.strictEqual(toldOf(permission, answer(-32002, "The bundler is unreachable")), "WalletServiceUnavailableError")
    assert.strictEqual(toldOf({ method: "eth_getBalance", params: [] }, answer(-32002, "Resource unavailable")), undefined)
  })

  it("keeps the visitor's own rejection, and a hostile params object, to themselves", () => {
    assert.strictEqual(toldOf(permission, answer(4001, "User rejected the request")), undefined)
    assert.strictEqual(toldOf(sponsored, answer(4001, "User rejected the request")), undefined)
    const hostile = { method: "wallet_sendCalls", params: [new Proxy({}, { get: () => { throw new Error("no") } })] }
    assert.strictEqual(toldOf(hostile, answer(-32003, "Transaction rejected")), undefined)
  })
})

/** A connected wallet that refuses every request with `error`. */
const refusing = (error: Connector.ConnectorFailure) =>
  fake(evmConnector, { connect: Effect.succeed(evmConnected), request: () => Effect.fail(error) }).client
const connected = Effect.gen(function*() {
  yield* Effect.flatMap(Navigation, (navigation) => navigation.open())
  yield* Effect.flatMap(ConnectAttempt, (attempt) => attempt.choose({ _tag: "Installed", connectorId: evmConnector.id }))
})
const toast = Effect.flatMap(Modal.Modal, (modal) => Effect.map(SubscriptionRef.get(modal.state), (state) => state.toast))

describe("WalletRequests", () => {

  it.effect("shows a refused permission request as a toast named by the refusal, and hands the site the wallet's error", () =>
    Effect.gen(function*() {
      yield* connected
      const refused = yield* Effect.flip(Effect.flatMap(WalletRequests, (requests) => requests.request("eip155", permission)))
      assert.strictEqual(refused._tag, "RpcError")
      assert.deepStrictEqual(yield* toast, { message: "The permission request has expired", variant: "error", errorTag: "PermissionExpiredError" })
    }).pipe(Effect.provide(features({ clients: [refusing(answer(-32602, "The permission request has expired"))] }))))

  it.effect("shows no toast for the visitor's own rejection", () =>
    Effect.gen(function*() {
      yield* connected
      const refused = yield* Effect.flip(Effect.flatMap(WalletRequests, (requests) => requests.request("eip155", sponsored)))
      assert.strictEqual(refused._tag, "UserRejectedRequestError")
      assert.isUndefined(yield* toast)
    }).pipe(Effect.provide(features({ clients: [refusing(answer(4001, "User rejected the request"))] }))))
})
