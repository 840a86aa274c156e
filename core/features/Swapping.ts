/**
 * Swaps (spec §2 feature area "swaps", §7 convert calls): the form's pair and amount, a quote from our
 * server (the best of the network's Uniswap v2 and v3 venues) that follows every change, and the swap
 * itself through the visitor's wallet — first an approval of exactly the amount when the venue's router
 * may not spend enough of the token, then the swap — each waited for until mined. On Solana the swap is
 * one transaction from the swap API, signed and sent by the wallet (core/swap/SolanaSwap.ts). After it,
 * balances and activity load again and the modal returns to Account.
 * Its own chunk (app/SwapEngine.ts): a visitor who never opens Swap never loads it.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schedule from "effect/Schedule"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { Backend, type BackendError } from "../Backend.ts"
import type * as Connector from "../Connector.ts"
import { Connectors } from "../connectors/Connectors.ts"
import * as Modal from "../Modal.ts"
import type * as Networks from "../Networks.ts"
import type { ChainReadError } from "../rpc/ChainRead.ts"
import { ChainReads } from "../rpc/ChainReads.ts"
import { fixed } from "../FixedMessage.ts"
import * as Amount from "../send/Amount.ts"
import type * as SolanaSend from "../send/SolanaSend.ts"
import * as Session from "../Session.ts"
import { HostConfig } from "../HostConfig.ts"
import * as HostFeatures from "../HostFeatures.ts"
import * as SolanaSwap from "../swap/SolanaSwap.ts"
import * as Swap from "../swap/Swap.ts"
import * as SwapGuards from "../swap/SwapGuards.ts"
import * as AccountData from "./AccountData.ts"
import { Activity, keyOf } from "./Activity.ts"
import { notConnected, WalletRequests, type WalletRequestError } from "./WalletRequests.ts"

export type SwapFailure =
  | BackendError
  | WalletRequestError
  | ChainReadError
  | Networks.NetworkNotFoundError
  | Amount.InvalidAmountError
  | Swap.SwapRevertedError
  | SolanaSend.SolanaSendAnswerError
  | SwapNotReadyError
  | SwapGuards.SwapRefusal
  | HostFeatures.FeatureDisabledError

/** Receipts are asked for every second, for up to two minutes. */
const receiptPolls = 120

const Receipt = Schema.NullOr(Schema.Struct({ status: Schema.String }))
const decodeReceipt = Schema.decodeUnknownEffect(Receipt)

const problemOf = (error: { readonly _tag: string; readonly message: string }) => ({ _tag: error._tag, message: error.message })
const units = (text: string, decimals: number) => Effect.runSync(Effect.orElseSucceed(Amount.parse(text, decimals), () => undefined))

/** Sends a transaction through the wallet and waits until it is mined; a revert fails with its hash. */
const sendAndWait = (requests: WalletRequests["Service"], chainReads: ChainReads["Service"]) =>
(account: Session.SessionAccount, transaction: Swap.SwapTransaction) =>
  Effect.gen(function*() {
    const sent = yield* requests.request("eip155", {
      method: "eth_sendTransaction",
      params: [{ from: account.address, to: transaction.to, data: transaction.data, value: `0x${transaction.value.toString(16)}` }]
    } satisfies Connector.RequestArguments)
    const hash = String(sent)
    const read = yield* chainReads.on(account.caipNetworkId)
    const receipt = yield* read({ method: "eth_getTransactionReceipt", params: [hash] }).pipe(
      Effect.flatMap((answer) => Effect.orDie(decodeReceipt(answer))),
      Effect.flatMap((answer) => answer === null ? Effect.fail("pending" as const) : Effect.succeed(answer)),
      Effect.retry({ while: (error) => error === "pending", schedule: Schedule.spaced("1 second"), times: receiptPolls }),
      Effect.catch((error): Effect.Effect<never, ChainReadError | Swap.SwapRevertedError> =>
        error === "pending" ? Effect.fail(new Swap.SwapRevertedError({ hash, message: "The transaction was not mined in time" })) : Effect.fail(error))
    )
    if (receipt.status !== "0x1") return yield* new Swap.SwapRevertedError({ hash, message: "The network refused the transaction" })
    return hash
  })

/** The account's balances as the Account view shows them, once a load in flight has ended. */
const balancesOf = (accountData: AccountData.AccountData["Service"]) => (account: Session.SessionAccount) =>
  Effect.gen(function*() {
    yield* accountData.loadBalances(account)
    const settled = yield* SubscriptionRef.changes(accountData.balances).pipe(
      Stream.map((all) => all.get(keyOf(account))),
      Stream.filter((state) => state?._tag !== "Loading"),
      Stream.runHead
    )
    const state = Option.getOrUndefined(settled)
    return state === undefined ? [] : AccountData.shownBalances(state)?.balances ?? []
  })

export class Swapping extends Context.Service<Swapping, {
  readonly form: SubscriptionRef.SubscriptionRef<Swap.SwapState>
  /** Loads the active network's tokens (Ether and USDC chosen when there), and quotes. */
  readonly open: Effect.Effect<void>
  readonly setFrom: (address: string) => Effect.Effect<void>
  readonly setTo: (address: string) => Effect.Effect<void>
  readonly setAmount: (amount: string) => Effect.Effect<void>
  readonly setSlippage: (percent: string) => Effect.Effect<void>
  /** Swaps the pair's sides. */
  readonly flip: Effect.Effect<void>
  /** Asks for a quote of the form as it stands (the view calls it while open, to follow the market). */
  readonly requote: Effect.Effect<void>
  /**
   * Approves when needed, then swaps; answers the swap's hash. Refuses, before asking the wallet, an
   * amount above the account's balance of the token or a price impact above 5 % (SwapGuards).
   */
  readonly swap: Effect.Effect<string, SwapFailure>
}>()("portico/core/features/Swapping") {
  static readonly layer = Layer.effect(
    Swapping,
    Effect.gen(function*() {
      const backend = yield* Backend
      const hostConfig = yield* HostConfig
      const session = yield* Session.Session
      const requests = yield* WalletRequests
      const chainReads = yield* ChainReads
      const modal = yield* Modal.Modal
      const accountData = yield* AccountData.AccountData
      const activity = yield* Activity
      const form = yield* Swap.SwapForm
      const connectors = yield* Connectors
      const mined = sendAndWait(requests, chainReads)

      /** The account swapping: the active one (eip155 or solana). */
      const swapAccount = Effect.flatMap(SubscriptionRef.get(session.state), (state) => {
        const account = Session.activeAccount(state)
        return account === undefined ? Effect.fail(notConnected()) : Effect.succeed(account)
      })

      /** A quote (and the allowance) for the form as it stands; a form that cannot be quoted clears it. */
      const requote = Effect.gen(function*() {
        const state = yield* SubscriptionRef.get(form)
        const { from, to } = state
        if (from === undefined || to === undefined || state.amount === "") {
          return yield* SubscriptionRef.update(form, (current) => ({ ...current, quote: undefined, quoting: false, problem: undefined }))
        }
        const account = yield* swapAccount
        const amount = yield* Amount.parse(state.amount, from.decimals)
        yield* SubscriptionRef.update(form, (current) => ({ ...current, quoting: true }))
        const query = { amount, from: from.address, to: to.address, userAddress: account.address }
        const [quote, allowance] = yield* Effect.all([
          backend.swapQuote(query),
          Swap.needsAllowance(from) ? backend.swapAllowance(from.address, account.address, { to: to.address, amount }) : Effect.succeed(undefined)
        ], { concurrency: 2 })
        // A quote for a form that changed meanwhile is not this form's.
        yield* SubscriptionRef.update(form, (current) =>
          current.amount === state.amount && current.from === from && current.to === to
            ? { ...current, quote, allowance, quoting: false, problem: undefined }
            : current)
      }).pipe(
        Effect.catch((error) => SubscriptionRef.update(form, (current) => ({ ...current, quote: undefined, quoting: false, problem: problemOf(error) })))
      )

      const open = Effect.gen(function*() {
        const account = yield* swapAccount
        yield* SubscriptionRef.set(form, Swap.initial)
        const tokens = yield* backend.swapTokens(account.caipNetworkId)
        const from = tokens.find(Swap.isNative)
        const to = tokens.find((token) => token.symbol === "USDC") ?? tokens.find((token) => token !== from)
        yield* SubscriptionRef.update(form, (current) => ({ ...current, tokens, from, to }))
      }).pipe(
        Effect.catch((error) => SubscriptionRef.update(form, (current) => ({ ...current, tokens: [], problem: problemOf(error) })))
      )

      const choose = (side: "from" | "to") => (address: string) =>
        Effect.gen(function*() {
          const state = yield* SubscriptionRef.get(form)
          const token = state.tokens?.find((candidate) => candidate.address === address)
          if (token === undefined) return
          const other = side === "from" ? state.to : state.from
          // Choosing the token on the other side swaps the two.
          const next = other?.address === address
            ? { from: side === "from" ? token : state.to, to: side === "to" ? token : state.from }
            : side === "from" ? { from: token, to: state.to } : { from: state.from, to: token }
          yield* SubscriptionRef.set(form, Swap.withUnits({ ...state, ...next, quote: undefined, allowance: undefined }, units))
          yield* requote
        })

      /** The swap's transaction through the wallet of the account's namespace, waited for until mined. */
      const sendSwap = (account: Session.SessionAccount, transaction: Swap.SwapTransaction) =>
        account.namespace === "solana"
          ? Effect.gen(function*() {
            const client = yield* connectors.get(account.connectorId)
            return yield* SolanaSwap.sendAndConfirm(client, yield* chainReads.on(account.caipNetworkId), transaction.data)
          })
          : mined(account, transaction)

      const swap = Effect.gen(function*() {
        yield* HostFeatures.ensureOn(hostConfig, "swaps")
        const account = yield* swapAccount
        const state = yield* SubscriptionRef.get(form)
        const { from, to } = state
        if (from === undefined || to === undefined || state.quote === undefined) return yield* new SwapNotReadyError()
        const amount = yield* Amount.parse(state.amount, from.decimals)
        yield* SwapGuards.check({ ...state, units: amount }, yield* balancesOf(accountData)(account))
        const query = { amount, from: from.address, to: to.address, userAddress: account.address }
        const finish = SubscriptionRef.update(form, (current) => ({ ...current, step: "form" as const }))
        return yield* Effect.gen(function*() {
          if (SwapGuards.needsApproval(from, state.allowance, amount)) {
            yield* SubscriptionRef.update(form, (current) => ({ ...current, step: "approving" as const }))
            yield* mined(account, yield* backend.swapApproval(query))
          }
          yield* SubscriptionRef.update(form, (current) => ({ ...current, step: "swapping" as const }))
          const transaction = yield* backend.swapTransaction({ ...query, slippage: state.slippage })
          const hash = yield* sendSwap(account, transaction)
          // Activity shows the swap at once; it leaves the pending list when the history lists it.
          yield* activity.addPending(account, {
            id: hash,
            chain: account.caipNetworkId,
            from: account.address,
            to: transaction.to,
            amount: state.amount,
            symbol: from.symbol,
            sentAt: yield* Clock.currentTimeMillis
          })
          yield* SubscriptionRef.set(form, { ...Swap.initial, tokens: state.tokens, from, to })
          yield* modal.goBackTo("Account")
          yield* accountData.loadBalances(account, { refresh: true })
          yield* activity.refresh(account)
          return hash
        }).pipe(Effect.ensuring(finish))
      })

      return Swapping.of({
        form,
        open,
        setFrom: choose("from"),
        setTo: choose("to"),
        setAmount: (amount) => Effect.andThen(SubscriptionRef.update(form, (state) => Swap.withUnits({ ...state, amount: amount.trim() }, units)), requote),
        setSlippage: (percent) => SubscriptionRef.update(form, (state) => ({ ...state, slippage: percent.trim() })),
        flip: Effect.andThen(
          SubscriptionRef.update(form, (state) => Swap.withUnits({ ...state, from: state.to, to: state.from, quote: undefined, allowance: undefined }, units)),
          requote
        ),
        requote,
        swap
      })
    })
  )
}

/** Swap pressed without a pair, an amount and a quote. */
export class SwapNotReadyError extends Schema.TaggedError<SwapNotReadyError>()("SwapNotReadyError", {
  message: fixed("Choose two tokens and an amount first")
}) {}
