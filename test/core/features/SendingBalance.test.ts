/**
 * Send refuses what the balance cannot cover before the wallet is asked: the amount beyond the token's
 * balance, and for the coin the fee is paid in, the amount plus its network fee. Real devnet (fees are
 * estimated on it), the sandbox's demo EVM wallet, the engine's features in Node.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Hex } from "viem"
import * as Connection from "../../../core/Connection.ts"
import { Connectors } from "../../../core/connectors/Connectors.ts"
import * as Eip1193 from "../../../core/connectors/Eip1193.ts"
import type * as Features from "../../../core/features/Features.ts"
import { Sending } from "../../../core/features/Sending.ts"
import type * as TokenBalance from "../../../core/TokenBalance.ts"
import { demoConnector, demoWallet, networksOf, useDemoDevnets } from "../support/DemoDevnets.ts"
import { features } from "../support/Environment.ts"

const devnets = useDemoDevnets()

/** Connects the demo wallet (recording what it is asked) and runs `then` with its calls. */
const withWallet = <A, E>(then: (asked: Array<string>) => Effect.Effect<A, E, Features.Features | Features.Environment>) => {
  const provider = demoWallet(devnets(), 3)
  const asked: Array<string> = []
  const client = Eip1193.make(demoConnector, {
    request: (args) => {
      asked.push(args.method)
      return provider.request(args)
    }
  })
  const networks = networksOf(devnets())
  return Effect.gen(function*() {
    yield* Effect.flatMap(Connectors, (connectors) => connectors.discover)
    yield* Effect.flatMap(Connection.Connection, (connection) => connection.connect(demoConnector.id))
    return yield* then(asked)
  }).pipe(Effect.provide(features({ clients: [client], config: { networks } })))
}

const ether = (numeric: string): TokenBalance.TokenBalance => ({
  name: "Ether",
  symbol: "ETH",
  chainId: `eip155:${devnets().chains[0]?.chainId}`,
  iconUrl: "",
  quantity: { decimals: "18", numeric }
})

const fill = (token: TokenBalance.TokenBalance, amount: string) =>
  Effect.gen(function*() {
    const sending = yield* Sending
    yield* sending.setToken(token)
    yield* sending.setAmount(amount)
    yield* sending.setReceiver(devnets().deployment.accounts[8]?.address as Hex)
    return sending
  })

describe("Send within the balance", () => {
  it.effect("999,999,999 ETH from an account holding 100 is refused at Review and at Send; the wallet is never asked to send", () =>
    withWallet((asked) =>
      Effect.gen(function*() {
        const sending = yield* fill(ether("100"), "999999999")
        const atReview = yield* Effect.flip(sending.estimateFee)
        assert.deepInclude(atReview, { _tag: "InsufficientBalanceError", symbol: "ETH" })
        const atSend = yield* Effect.flip(sending.send)
        assert.strictEqual(atSend._tag, "InsufficientBalanceError")
        assert.notInclude(asked, "eth_sendTransaction")
      })))

  it.effect("the whole balance of the coin the fee is paid in is refused: the fee does not fit", () =>
    withWallet(() =>
      Effect.gen(function*() {
        const sending = yield* fill(ether("0.5"), "0.5")
        assert.strictEqual((yield* Effect.flip(sending.estimateFee))._tag, "InsufficientBalanceError")
        const fits = yield* fill(ether("0.5"), "0.4")
        assert.isTrue((yield* fits.estimateFee) > 0n)
      })))
})
