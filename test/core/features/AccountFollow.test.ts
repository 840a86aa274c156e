/**
 * The account's data follows the chain: a send the host's own code made through the wallet, and a
 * transfer made outside Portico altogether, each bring the balances and the activity up to date without
 * "Refresh balances". Real devnet, the sandbox's demo EVM wallet, the engine's features in Node.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { TestClock } from "effect/testing"
import { createWalletClient, http, parseEther, type Hex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import * as Connection from "../../../core/Connection.ts"
import { Connectors } from "../../../core/connectors/Connectors.ts"
import * as Eip1193 from "../../../core/connectors/Eip1193.ts"
import * as Constants from "../../../core/Constants.ts"
import { AccountData } from "../../../core/features/AccountData.ts"
import type * as Features from "../../../core/features/Features.ts"
import { Navigation } from "../../../core/features/Navigation.ts"
import { WalletRequests } from "../../../core/features/WalletRequests.ts"
import * as Session from "../../../core/Session.ts"
import * as Transaction from "../../../core/Transaction.ts"
import { demoConnector, demoWallet, networksOf, useDemoDevnets } from "../support/DemoDevnets.ts"
import { features } from "../support/Environment.ts"

const devnets = useDemoDevnets()

/** Connects the demo wallet of account `index`; every balance read is recorded with whether it forced past the cache. */
const connected = <A, E>(index: number, then: (reads: Array<boolean>) => Effect.Effect<A, E, Features.Features | Features.Environment>) => {
  const provider = demoWallet(devnets(), index)
  const reads: Array<boolean> = []
  const networks = networksOf(devnets())
  return Effect.gen(function*() {
    yield* Effect.flatMap(Connectors, (connectors) => connectors.discover)
    yield* Effect.flatMap(Connection.Connection, (connection) => connection.connect(demoConnector.id))
    const account = Session.activeAccount(yield* Effect.flatMap(Session.Session, (session) => SubscriptionRef.get(session.state)))
    if (account === undefined) throw new Error("not connected")
    yield* Effect.flatMap(AccountData, (data) => data.loadBalances(account))
    return yield* then(reads)
  }).pipe(Effect.provide(features({
    clients: [Eip1193.make(demoConnector, { request: (args) => provider.request(args) })],
    config: { networks },
    backend: {
      balances: (_account, options) =>
        Effect.sync(() => {
          reads.push(options?.force === true)
          return { balances: [] }
        }),
      history: () => Effect.succeed(new Transaction.History({ data: [], next: null }))
    }
  })))
}

/** Lets real I/O (the devnet's answers) and the clock move until `done`, or fails after ~10 s of real time. */
const until = (done: () => boolean, step = 0) =>
  Effect.gen(function*() {
    for (let i = 0; i < 100 && !done(); i++) {
      if (step > 0) yield* TestClock.adjust(step)
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 100)))
    }
    assert.isTrue(done())
  })

describe("the account follows the chain", () => {
  it.effect("a send the host made through the wallet reads the balances again once it is mined, the modal closed", () =>
    connected(4, (reads) =>
      Effect.gen(function*() {
        assert.deepStrictEqual(reads, [false])
        const to = devnets().deployment.accounts[9]?.address as Hex
        const from = devnets().deployment.accounts[4]?.address as Hex
        yield* Effect.flatMap(WalletRequests, (requests) =>
          requests.request("eip155", { method: "eth_sendTransaction", params: [{ from, to, value: "0x1" }] }))
        yield* until(() => reads.includes(true), Constants.pendingRefreshMillis)
      })))

  it.effect("while the modal is open, a transfer made outside Portico reads the balances again", () =>
    connected(5, (reads) =>
      Effect.gen(function*() {
        yield* Effect.flatMap(Navigation, (navigation) => navigation.open())
        // The first reading of the account's fingerprint, before anything changed.
        yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 500)))
        yield* TestClock.adjust(Constants.accountFollowMillis)
        yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 500)))
        assert.deepStrictEqual(reads, [false], "nothing changed: nothing read again")
        const stranger = devnets().deployment.accounts[6]
        if (stranger === undefined) throw new Error("no demo account")
        const chain = devnets().chains[0]
        const wallet = createWalletClient({ account: privateKeyToAccount(stranger.privateKey), transport: http(chain?.rpcUrl) })
        yield* Effect.promise(() => wallet.sendTransaction({ chain: null, to: devnets().deployment.accounts[5]?.address as Hex, value: parseEther("0.5") }))
        yield* until(() => reads.includes(true), Constants.accountFollowMillis)
      })))
})
