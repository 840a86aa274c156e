/**
 * A wallet that offers the Multichain API is listed once: its EIP-6963 entry (same rdns) and its Wallet
 * Standard entry (same name) give way to its multichain entry, other wallets stay; a session made
 * through a hidden entry is still found by its connector id (restore after a reload).
 */
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { describe, expect, it } from "vitest"
import type * as Connector from "../../../core/Connector.ts"
import { Connectors } from "../../../core/connectors/Connectors.ts"
import * as Eip6963 from "../../../core/connectors/Eip6963.ts"
import { fake } from "../support/Wallets.ts"

const entry = (id: string, name: string, type: Connector.ConnectorType, rdns?: string): Connector.ConnectorClient =>
  fake({ id, name, chain: type === "WALLET_STANDARD" ? "solana" : "eip155", type, ...(rdns === undefined ? {} : { info: { rdns } }) }, {}).client

describe("one entry per wallet", () => {
  it("hides the single-namespace entries of a multichain wallet, keeps every other wallet, and still finds them by id", async () => {
    const multichain = entry("multichain:dev.portico.demo", "Demo", "MULTI_CHAIN", "dev.portico.demo")
    const announced = [entry("dev.portico.demo", "Demo", "ANNOUNCED", "dev.portico.demo"), entry("io.other", "Other", "ANNOUNCED", "io.other")]
    const standard = [entry("wallet-standard:Demo", "Demo", "WALLET_STANDARD"), entry("wallet-standard:Phantom", "Phantom", "WALLET_STANDARD")]
    const program = Effect.gen(function*() {
      const connectors = yield* Connectors
      yield* connectors.discover
      const { clients } = yield* SubscriptionRef.get(connectors.state)
      const hidden = yield* connectors.get("dev.portico.demo")
      return { ids: clients.map((client) => client.connector.id), hidden: hidden.connector.id }
    })
    const layer = Connectors.layer({
      eip6963: (onChange) => {
        onChange({ ...Eip6963.empty, wallets: announced.map((client) => ({ client, info: { uuid: "", name: "", icon: "", rdns: client.connector.info?.rdns ?? "" }, provider: { request: async () => null } })) })
        return () => undefined
      },
      walletStandard: (onChange) => {
        onChange(standard)
        return () => undefined
      },
      multichain: [(onChange) => {
        onChange([multichain])
        return () => undefined
      }],
      walletConnect: undefined
    })
    const { ids, hidden } = await Effect.runPromise(program.pipe(Effect.provide(layer), Effect.scoped))
    expect(ids).toEqual(["multichain:dev.portico.demo", "io.other", "wallet-standard:Phantom"])
    expect(hidden).toBe("dev.portico.demo")
  })
})
