import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Exit from "effect/Exit"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type * as Connector from "../../core/Connector.ts"
import * as WalletError from "../../core/WalletError.ts"
import type * as Network from "../../core/Network.ts"
import * as Networks from "../../core/Networks.ts"
import * as Storage from "../../core/Storage.ts"

const evm = (id: number, name: string): Network.Network => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: "eip155",
  name,
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:1/${id}`] } },
  blockExplorers: { default: { name: "Explorer", url: `https://explorer.example/${id}` } }
})
const local = evm(31337, "Portico Local")
const local2 = evm(31338, "Portico Local 2")
const solana: Network.Network = {
  id: "4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ",
  caipNetworkId: "solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ",
  chainNamespace: "solana",
  name: "Portico Solana",
  nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
  rpcUrls: { default: { http: ["http://127.0.0.1:1"] } }
}

/** A fake EVM wallet: knows `known` chains, answers 4902 for others until added. Dies on anything else. */
const fakeWallet = (known: Array<number>, calls: Array<string>): Connector.ConnectorClient => {
  let current = known[0]!
  const die = Effect.die("not part of this fake")
  return {
    connector: { id: "fake", name: "Fake", chain: "eip155", type: "ANNOUNCED" },
    connect: () => die,
    reconnect: () => die,
    disconnect: die,
    accounts: die,
    subscribe: () => () => undefined,
    chain: Effect.sync(() => `eip155:${current}` as const),
    request: ({ method, params }) => {
      calls.push(method)
      const [first] = params as ReadonlyArray<{ readonly chainId: string }>
      const id = Number.parseInt(first!.chainId, 16)
      if (method === "wallet_switchEthereumChain") {
        if (!known.includes(id)) return Effect.fail(new WalletError.UnrecognizedChainError({ code: 4902, message: "Unrecognized chain" }))
        current = id
        return Effect.succeed(null)
      }
      if (method === "wallet_addEthereumChain") {
        known.push(id)
        current = id // wallets usually switch to a chain they just added
        return Effect.succeed(null)
      }
      return die
    }
  }
}

const run = <A, E>(effect: Effect.Effect<A, E, Networks.Networks | Networks.SendForm>) =>
  effect.pipe(Effect.provide(Networks.Networks.layer([local, local2, solana]).pipe(Layer.provide(Storage.layerMemory))))

const state = Effect.flatMap(Networks.Networks, (n) => SubscriptionRef.get(n.state))

describe("Networks", () => {
  it("starts on the first configured network of each namespace", () => {
    const initial = Networks.make([local, local2, solana])
    assert.deepStrictEqual(initial.activeIds, { eip155: "eip155:31337", solana: solana.caipNetworkId })
    assert.strictEqual(initial.activeNamespace, "eip155")
    assert.isFalse(initial.switchingNamespace)
  })

  it.effect("a namespace change sets the switching flag and resets the send form", () =>
    run(Effect.gen(function*() {
      const networks = yield* Networks.Networks
      const sendForm = yield* Networks.SendForm
      yield* SubscriptionRef.set(sendForm, { loading: true, sendTokenAmount: "1.5", receiverAddress: "0xabc", tokenBalances: [] })
      yield* networks.switchNetwork(solana)
      const after = yield* state
      assert.strictEqual(after.activeNamespace, "solana")
      assert.isTrue(after.switchingNamespace)
      assert.deepStrictEqual(yield* SubscriptionRef.get(sendForm), { loading: false, tokenBalances: [] })
      yield* networks.switchNetwork(solana)
      assert.isFalse((yield* state).switchingNamespace)
    })))

  it.effect("a switch within the namespace clears the flag", () =>
    run(Effect.gen(function*() {
      const networks = yield* Networks.Networks
      yield* networks.switchNetwork(local2)
      const after = yield* state
      assert.strictEqual(Networks.activeNetworkId(after), "eip155:31338")
      assert.isFalse(after.switchingNamespace)
    })))

  it.effect("EVM 4902: adds the chain, then re-reads eth_chainId", () =>
    run(Effect.gen(function*() {
      const networks = yield* Networks.Networks
      const calls: Array<string> = []
      yield* networks.switchNetwork(local2, fakeWallet([31337], calls))
      assert.deepStrictEqual(calls, ["wallet_switchEthereumChain", "wallet_addEthereumChain"])
      assert.strictEqual(Networks.activeNetworkId(yield* state), "eip155:31338")
    })))

  it.effect("the active network is where the wallet says it landed", () =>
    run(Effect.gen(function*() {
      const networks = yield* Networks.Networks
      const wallet = fakeWallet([31337], [])
      // This wallet "adds" the chain but stays where it was.
      const stubborn: Connector.ConnectorClient = {
        ...wallet,
        request: (args) => args.method === "wallet_addEthereumChain" ? Effect.succeed(null) : wallet.request(args)
      }
      yield* networks.switchNetwork(local2, stubborn)
      assert.strictEqual(Networks.activeNetworkId(yield* state), "eip155:31337")
    })))

  it.effect("a rejection leaves the active network alone", () =>
    run(Effect.gen(function*() {
      const networks = yield* Networks.Networks
      const wallet = fakeWallet([31337], [])
      const refusing: Connector.ConnectorClient = {
        ...wallet,
        request: () => Effect.fail(new WalletError.UserRejectedRequestError({ code: 4001, message: "User rejected the request." }))
      }
      const exit = yield* Effect.exit(networks.switchNetwork(local2, refusing))
      assert.isTrue(Exit.isFailure(exit))
      assert.strictEqual(Networks.activeNetworkId(yield* state), "eip155:31337")
    })))

  it.effect("an unconfigured network fails with 'Network not found'", () =>
    run(Effect.gen(function*() {
      const networks = yield* Networks.Networks
      const error = yield* Effect.flip(networks.switchNetwork(evm(10, "Elsewhere")))
      assert.strictEqual(error.message, "Network not found")
    })))

  it.effect("the chosen network survives a reload, and one the host no longer configures is ignored", () =>
    Effect.gen(function*() {
      const storage = yield* Storage.Storage
      const page = Networks.Networks.layer([local, local2, solana]).pipe(Layer.provide(Layer.succeed(Storage.Storage, storage)))
      yield* Effect.gen(function*() {
        const networks = yield* Networks.Networks
        yield* networks.switchNetwork(local2)
      }).pipe(Effect.provide(page))
      const reloaded = yield* Effect.flatMap(Networks.Networks, (n) => SubscriptionRef.get(n.state)).pipe(Effect.provide(page))
      assert.strictEqual(Networks.activeNetworkId(reloaded), "eip155:31338")
      assert.isFalse(reloaded.switchingNamespace)
      const withoutIt = Networks.Networks.layer([local, solana]).pipe(Layer.provide(Layer.succeed(Storage.Storage, storage)))
      const narrowed = yield* Effect.flatMap(Networks.Networks, (n) => SubscriptionRef.get(n.state)).pipe(Effect.provide(withoutIt))
      assert.strictEqual(Networks.activeNetworkId(narrowed), "eip155:31337")
    }).pipe(Effect.provide(Storage.layerMemory)))

  it("addEthereumChain parameters follow EIP-3085", () => {
    assert.deepStrictEqual(Networks.addChainParameters(local2), {
      chainId: "0x7a6a",
      chainName: "Portico Local 2",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: ["http://127.0.0.1:1/31338"],
      blockExplorerUrls: ["https://explorer.example/31338"]
    })
  })
})
