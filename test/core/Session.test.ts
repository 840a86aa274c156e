import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Snapshot from "../../app/Snapshot.ts"
import * as Session from "../../core/Session.ts"
import * as Storage from "../../core/Storage.ts"
import * as StorageKey from "../../core/StorageKey.ts"

const evm: Session.SessionAccount = {
  namespace: "eip155",
  address: "0x00000000000000000000000000000000000000aa",
  allAccounts: ["0x00000000000000000000000000000000000000aa"],
  caipNetworkId: "eip155:31337",
  connectorId: "com.demo.evm",
  connectorName: "Demo EVM",
  connectorType: "ANNOUNCED"
}
const sol: Session.SessionAccount = {
  namespace: "solana",
  address: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
  allAccounts: ["9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"],
  caipNetworkId: "solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ",
  connectorId: "wallet-standard:Demo Solana",
  connectorName: "Demo Solana",
  connectorType: "WALLET_STANDARD"
}

describe("Session (pure)", () => {
  it("holds one account per namespace; the last added is active", () => {
    const both = Session.add(Session.add(Session.empty, evm), sol)
    assert.strictEqual(Session.accounts(both).length, 2)
    assert.strictEqual(Session.activeAccount(both), sol)
    const replaced = Session.add(both, { ...evm, address: "0x00000000000000000000000000000000000000bb" })
    assert.strictEqual(Session.accounts(replaced).length, 2)
    assert.strictEqual(replaced.eip155?.address, "0x00000000000000000000000000000000000000bb")
  })

  it("removing the active namespace activates the other; removing the last empties", () => {
    const both = Session.add(Session.add(Session.empty, evm), sol)
    const left = Session.remove(both, "solana")
    assert.deepStrictEqual(left, { eip155: evm, activeNamespace: "eip155" })
    assert.deepStrictEqual(Session.remove(left, "eip155"), Session.empty)
  })

  it("the CAIP address joins namespace, chain reference and address", () => {
    assert.strictEqual(Session.caipAddress(evm), `eip155:31337:${evm.address}`)
    assert.strictEqual(Session.caipAddress(sol), `solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ:${sol.address}`)
  })

  it("amend changes only the given namespace; setActive ignores an empty namespace", () => {
    const one = Session.add(Session.empty, evm)
    assert.strictEqual(Session.amend(one, "eip155", { caipNetworkId: "eip155:1" }).eip155?.caipNetworkId, "eip155:1")
    assert.strictEqual(Session.amend(one, "solana", { caipNetworkId: "solana:x" }), one)
    assert.strictEqual(Session.setActive(one, "solana"), one)
  })
})

describe("Session service", () => {
  const layer = Layer.provideMerge(Session.Session.layer, Storage.layerMemory)

  it.effect("persists on every change; forget empties memory and storage", () =>
    Effect.gen(function*() {
      const session = yield* Session.Session
      const storage = yield* Storage.Storage
      yield* session.connected(evm)
      assert.deepStrictEqual(yield* session.stored, { eip155: evm, activeNamespace: "eip155" })
      assert.strictEqual(yield* storage.get(StorageKey.walletId), evm.connectorId)
      yield* session.forget()
      assert.deepStrictEqual(yield* SubscriptionRef.get(session.state), Session.empty)
      assert.deepStrictEqual(yield* session.stored, Session.empty)
    }).pipe(Effect.provide(layer)))
})

describe("Session storage key", () => {
  it("is the key the first chunk checks before loading the engine", () => {
    assert.strictEqual(Session.storageKey.name, Snapshot.sessionStorageName)
    assert.strictEqual(StorageKey.activeCaipNetworkId.name, Snapshot.activeNetworkStorageName)
    assert.strictEqual(StorageKey.walletConnectProposals.name, Snapshot.walletConnectStorageName)
  })
})

describe("Session invariants", () => {
  const operation = fc.oneof(
    fc.record({ kind: fc.constant("add" as const), namespace: fc.constantFrom("eip155" as const, "solana" as const), n: fc.nat(9) }),
    fc.record({ kind: fc.constant("remove" as const), namespace: fc.constantFrom("eip155" as const, "solana" as const) }),
    fc.record({ kind: fc.constant("activate" as const), namespace: fc.constantFrom("eip155" as const, "solana" as const) })
  )

  it("the active namespace always names a held account, and an empty session has none", () => {
    fc.assert(fc.property(fc.array(operation, { maxLength: 30 }), (operations) => {
      let state = Session.empty
      for (const op of operations) {
        const template = op.namespace === "eip155" ? evm : sol
        state = op.kind === "add"
          ? Session.add(state, { ...template, address: `${template.address.slice(0, -1)}${"n" in op ? op.n : 0}` })
          : op.kind === "remove"
          ? Session.remove(state, op.namespace)
          : Session.setActive(state, op.namespace)
        const held = Session.accounts(state)
        if (held.length === 0) {
          if (state.activeNamespace !== undefined) return false
        } else if (state.activeNamespace === undefined || state[state.activeNamespace] === undefined) {
          return false
        }
        if (held.some((account) => state[account.namespace] !== account)) return false
      }
      return true
    }))
  })
})
