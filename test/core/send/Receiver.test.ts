import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Name from "../../../core/Name.ts"
import * as Send from "../../../core/Send.ts"
import * as Receiver from "../../../core/send/Receiver.ts"

const bob = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const names: Receiver.NameLookup<string> = {
  resolve: (name, namespace) =>
    name === "down.portico.id"
      ? Effect.fail("unreachable")
      : Effect.succeed(
        name !== "bob.portico.id" ? "notRegistered" : namespace === "eip155" ? { address: bob, avatarUrl: "https://example.com/bob.png" } : "noAddress"
      )
}

describe("send receiver", () => {
  it.effect("an address of the namespace is taken as it is, without a lookup", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* Receiver.resolve("eip155", ` ${bob} `, names), { address: bob })
      const solana = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
      assert.deepStrictEqual(yield* Receiver.resolve("solana", solana, names), { address: solana })
    }))

  it.effect("a name resolves to its address, name and avatar", () =>
    Effect.gen(function*() {
      const receiver = yield* Receiver.resolve("eip155", "bob.portico.id", names)
      assert.deepStrictEqual(receiver, { address: bob, name: "bob.portico.id", avatarUrl: "https://example.com/bob.png" })
      const state = Receiver.apply({ ...Send.initial, receiverProfileName: "old" }, receiver)
      assert.strictEqual(state.receiverAddress, bob)
      assert.strictEqual(state.receiverProfileName, "bob.portico.id")
      assert.strictEqual(state.receiverProfileImageUrl, "https://example.com/bob.png")
      assert.isUndefined(Receiver.apply(state, { address: bob }).receiverProfileName)
    }))

  it.effect("junk, an unknown name, a name without an address there, and a failed lookup are refused", () =>
    Effect.gen(function*() {
      assert.strictEqual((yield* Effect.flip(Receiver.resolve("eip155", "0x1234", names))).message, "Invalid address")
      // Nobody registered carol: said as such, not as a vague failure.
      assert.deepStrictEqual(yield* Effect.flip(Receiver.resolve("eip155", "carol.portico.id", names)), new Name.NameNotFoundError({ name: "carol.portico.id" }))
      assert.strictEqual((yield* Effect.flip(Receiver.resolve("solana", "bob.portico.id", names)))._tag, "InvalidReceiverError")
      const failed = yield* Effect.flip(Receiver.resolve("eip155", "down.portico.id", names))
      assert.strictEqual(failed.message, "Error resolving name")
    }))
})
