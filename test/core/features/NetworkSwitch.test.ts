/**
 * A wallet that does not move: one that refuses a switch, and one that says yes but stays (or goes
 * elsewhere). The session holds where the wallet is, and everything follows it: what the host sees, the
 * balance read, a send (mined on the wallet's chain) and the preference a disconnect falls back to.
 * Real sandbox devnets and the sandbox's demo EVM wallet behind the EIP-1193 connector.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { createPublicClient, http, type Hex } from "viem"
import type * as Backend from "../../../core/Backend.ts"
import type * as Caip from "../../../core/Caip.ts"
import * as Connection from "../../../core/Connection.ts"
import { Connectors } from "../../../core/connectors/Connectors.ts"
import * as Eip1193 from "../../../core/connectors/Eip1193.ts"
import { AccountData } from "../../../core/features/AccountData.ts"
import { Activity } from "../../../core/features/Activity.ts"
import { NetworkSwitch } from "../../../core/features/NetworkSwitch.ts"
import { Sending } from "../../../core/features/Sending.ts"
import * as Networks from "../../../core/Networks.ts"
import * as Session from "../../../core/Session.ts"
import type * as TokenBalance from "../../../core/TokenBalance.ts"
import * as Transaction from "../../../core/Transaction.ts"
import type { EvmProvider } from "../../../sandbox/wallets/EvmWallet.ts"
import type * as Features from "../../../core/features/Features.ts"
import { demoConnector, demoWallet, networksOf, useDemoDevnets } from "../support/DemoDevnets.ts"
import { features } from "../support/Environment.ts"

const devnets = useDemoDevnets()

type Behaviour = "refuses" | "stays" | "moves"

/** The demo wallet, except for what it does when asked to switch. */
const walletThat = (behaviour: Behaviour): Eip1193.Provider => {
  const provider = demoWallet(devnets(), 2)
  return {
    on: (event, listener) => provider.on(event as Parameters<EvmProvider["on"]>[0], listener),
    request: async (args) => {
      if (args.method !== "wallet_switchEthereumChain" || behaviour === "moves") return provider.request(args)
      if (behaviour === "refuses") throw Object.assign(new Error("User rejected the request."), { code: 4001 })
      return null
    }
  }
}

/** Connects the wallet, records which network each balance read asks for, and asks to move to the second chain. */
const scenario = <A, E>(
  behaviour: Behaviour,
  then: (asked: Array<string>, landed: Caip.CaipNetworkId | undefined) => Effect.Effect<A, E, Features.Features | Features.Environment>
) => {
  const asked: Array<string> = []
  const balances: Backend.Backend["Service"]["balances"] = (account) =>
    Effect.sync(() => {
      asked.push(account.caipNetworkId)
      return { balances: [] as ReadonlyArray<TokenBalance.TokenBalance> }
    })
  return Effect.gen(function*() {
    yield* Effect.flatMap(Connectors, (connectors) => connectors.discover)
    yield* Effect.flatMap(Connection.Connection, (connection) => connection.connect(demoConnector.id))
    const second = `eip155:${devnets().chains[1]?.chainId}` as const
    const landed = yield* Effect.option(Effect.flatMap(NetworkSwitch, (networks) => networks.switchNetwork(second)))
    const account = Session.activeAccount(yield* Effect.flatMap(Session.Session, (session) => SubscriptionRef.get(session.state)))
    if (account !== undefined) yield* Effect.flatMap(AccountData, (data) => data.loadBalances(account))
    return yield* then(asked, landed._tag === "Some" ? landed.value : undefined)
  }).pipe(Effect.provide(features({
    clients: [Eip1193.make(demoConnector, walletThat(behaviour))],
    config: { networks: networksOf(devnets()) },
    backend: { balances, history: () => Effect.succeed(new Transaction.History({ data: [], next: null })) }
  })))
}

const first = (): Caip.CaipNetworkId => `eip155:${devnets().chains[0]?.chainId}`
const second = (): Caip.CaipNetworkId => `eip155:${devnets().chains[1]?.chainId}`

const where = Effect.gen(function*() {
  const session = yield* Effect.flatMap(Session.Session, (service) => SubscriptionRef.get(service.state))
  const networks = yield* Effect.flatMap(Networks.Networks, (service) => SubscriptionRef.get(service.state))
  return { account: session.eip155?.caipNetworkId, host: Networks.activeNetworkId(session, networks) }
})

describe("a wallet that does not move", () => {
  it.effect("refuses: the switch fails, and the session, the host's network and the balance read stay on the wallet's chain", () =>
    scenario("refuses", (asked, landed) =>
      Effect.gen(function*() {
        assert.strictEqual(landed, undefined)
        assert.deepStrictEqual(yield* where, { account: first(), host: first() })
        assert.deepStrictEqual(asked, [first()])
      })))

  it.effect("says yes but stays: the switch answers where the wallet is, and everything follows the wallet", () =>
    scenario("stays", (asked, landed) =>
      Effect.gen(function*() {
        assert.strictEqual(landed, first())
        assert.deepStrictEqual(yield* where, { account: first(), host: first() })
        assert.deepStrictEqual(asked, [first()])
      })))

  it.effect("moves: the session, the host and the balance read follow it to the second chain", () =>
    scenario("moves", (asked, landed) =>
      Effect.gen(function*() {
        assert.strictEqual(landed, second())
        assert.deepStrictEqual(yield* where, { account: second(), host: second() })
        assert.deepStrictEqual(asked, [second()])
      })))

  it.effect("a send after a switch the wallet ignored is mined on the wallet's chain, not the one asked for", () =>
    scenario("stays", (asked) =>
      Effect.gen(function*() {
        const sending = yield* Sending
        const to = devnets().deployment.accounts[6]?.address as Hex
        yield* sending.setToken({
          name: "Ether",
          symbol: "ETH",
          chainId: first(),
          iconUrl: "",
          quantity: { decimals: "18", numeric: "100" }
        })
        yield* sending.setAmount("0.000000000000000777")
        yield* sending.setReceiver(to)
        const hash = (yield* sending.send) as Hex
        const [one, two] = devnets().chains.map((chain) => createPublicClient({ transport: http(chain.rpcUrl) }))
        const receipt = yield* Effect.promise(() => one!.waitForTransactionReceipt({ hash }))
        assert.strictEqual(receipt.status, "success")
        assert.isNull(yield* Effect.promise(() => two!.getTransactionReceipt({ hash }).catch(() => null)))
        // Activity waits for it on the chain it was mined on, and the balances read after it are that chain's.
        const pending = yield* Effect.flatMap(Activity, (activity) => SubscriptionRef.get(activity.pending))
        assert.deepStrictEqual([...pending.values()].flat().map((entry) => [entry.id, entry.chain]), [[hash, first()]])
        assert.deepStrictEqual(asked, [first(), first()])
      })))
})
