/**
 * Sending tokens from the modal (spec §4 "Sending", §5 "Send", §7 "Sending", §2 after a send): the send
 * form (reset whenever the active account, its network or its namespace changes), a receiver typed as an address or a name
 * (resolved through the profile endpoints, its name kept for the preview), the network fee, and the
 * send itself by namespace through whichever connector holds the account: loading on, send, loading
 * off and the form reset; SEND_INITIATED / SEND_SUCCESS tracked; the transaction pending in Activity
 * until mined; balances and Activity refreshed; the stack back (to Account for ERC20 and Solana sends).
 * A refused or failed send keeps everything the visitor typed.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Analytics from "../Analytics.ts"
import type { FeatureUnavailableError } from "../CodeChunk.ts"
import { Connectors } from "../connectors/Connectors.ts"
import type * as Connector from "../Connector.ts"
import * as Modal from "../Modal.ts"
import * as Networks from "../Networks.ts"
import type { ChainReadError } from "../rpc/ChainRead.ts"
import { ChainReads } from "../rpc/ChainReads.ts"
import type * as Name from "../Name.ts"
import * as Send from "../Send.ts"
import * as Receiver from "../send/Receiver.ts"
import * as Amount from "../send/Amount.ts"
import type * as EvmSend from "../send/EvmSend.ts"
import * as SendFlow from "../send/SendFlow.ts"
import type * as SolanaSend from "../send/SolanaSend.ts"
import * as Transfer from "../send/Transfer.ts"
import * as Session from "../Session.ts"
import type * as TokenBalance from "../TokenBalance.ts"
import { HostConfig } from "../HostConfig.ts"
import { AccountData } from "./AccountData.ts"
import { Activity } from "./Activity.ts"
import { routerContext } from "./ChainSupport.ts"
import { Names } from "./Names.ts"
import { notConnected, type WalletRequestError } from "./WalletRequests.ts"

/** What a send can fail with: the form's rules, the amount, the receiver, the chain, the wallet. */
export type SendFailure =
  | Send.SendUnsupportedChainError
  | Send.SendAmountAndReceiverRequiredError
  | Send.SendTokenRequiredError
  | Amount.InvalidAmountError
  | Amount.InsufficientBalanceError
  | Transfer.TransferTokenError
  | FeatureUnavailableError
  | EvmSend.EvmSendInvalidAddressError
  | EvmSend.EvmTransferRefusedError
  | EvmSend.EvmSendAnswerError
  | SolanaSend.SolanaSendInvalidAddressError
  | SolanaSend.SolanaSendAnswerError
  | ChainReadError
  | Networks.NetworkNotFoundError
  | Connector.ConnectorFailure
  | WalletRequestError

/** The request's amount (with `fee`, when paid in the coin sent) within the balance the form shows for its token. */
const affordable = (request: Send.SendRequest, units: bigint, fee = 0n) =>
  Amount.requireAffordable(units, { numeric: request.token.quantity.numeric, decimals: Number(request.token.quantity.decimals), symbol: request.token.symbol }, fee)

export class Sending extends Context.Service<Sending, {
  /** The send form (spec §3 "Send state"), reset whenever the active account or its network changes. */
  readonly form: SubscriptionRef.SubscriptionRef<Send.SendState>
  readonly setToken: (token: TokenBalance.TokenBalance) => Effect.Effect<void>
  readonly setAmount: (amount: string) => Effect.Effect<void>
  /** Sets the receiver: an address, or a name resolved to its address (its name and avatar kept for the preview). */
  readonly setReceiver: (text: string) => Effect.Effect<void, Receiver.InvalidReceiverError | Name.NameNotFoundError | Name.NameResolutionError | WalletRequestError>
  /** The network fee of the send as the form stands, in the native coin's smallest unit. */
  readonly estimateFee: Effect.Effect<bigint, SendFailure>
  /** Sends as the form stands; answers the transaction hash (eip155) or signature (solana). */
  readonly send: Effect.Effect<string, SendFailure>
}>()("portico/core/features/Sending") {
  static readonly layer = Layer.effect(
    Sending,
    Effect.gen(function*() {
      const config = yield* HostConfig
      const session = yield* Session.Session
      const form = yield* SubscriptionRef.make(Send.initial)
      // Spec §4: switching the network (or the account, or the namespace) resets the send form.
      yield* SubscriptionRef.changes(session.state).pipe(
        Stream.map((state) => Session.activeAccount(state)),
        Stream.changesWith((a, b) => a?.namespace === b?.namespace && a?.address === b?.address && a?.caipNetworkId === b?.caipNetworkId),
        Stream.drop(1),
        Stream.runForEach(() => SubscriptionRef.update(form, Send.reset)),
        Effect.forkScoped
      )
      const connectors = yield* Connectors
      const chainReads = yield* ChainReads
      const names = yield* Names
      const modal = yield* Modal.Modal
      const accountData = yield* AccountData
      const activity = yield* Activity
      const analytics = yield* Analytics.Analytics
      const track = (event: Analytics.TrackedEvent) => Effect.provideService(Analytics.trackDetached(event), Analytics.Analytics, analytics)

      const activeAccount = Effect.flatMap(SubscriptionRef.get(session.state), (state) => {
        const account = Session.activeAccount(state)
        return account === undefined ? Effect.fail(notConnected()) : Effect.succeed(account)
      })

      /** The form as a transfer from the active account, within the token's balance, with the reads of its network. */
      const prepared = Effect.gen(function*() {
        const account = yield* activeAccount
        const request = yield* Send.validate(account.namespace, yield* SubscriptionRef.get(form))
        const transfer = yield* Transfer.fromRequest(request, account.address)
        yield* affordable(request, transfer.transfer.units)
        const read = yield* chainReads.on(account.caipNetworkId)
        return { request, transfer, read }
      })

      /** The network fee of the form's send, once the balance also covers it where it is paid in the coin sent. */
      const estimateFee = Effect.gen(function*() {
        const { request, transfer, read } = yield* prepared
        const fee = yield* Transfer.estimateFee(read, transfer)
        if (request.token.address === undefined) yield* affordable(request, transfer.transfer.units, fee)
        return fee
      })

      const setReceiver = Effect.fn("Sending.setReceiver")(function*(text: string) {
        // Nothing typed: the form's own rule says what is missing when the visitor goes on.
        if (text.trim() === "") return yield* SubscriptionRef.update(form, (state) => Receiver.apply(state, { address: "" }))
        const account = yield* activeAccount
        const receiver = yield* Receiver.resolve(account.namespace, text, { resolve: names.lookup })
        yield* SubscriptionRef.update(form, (state) => Receiver.apply(state, receiver))
      })

      const send = Effect.gen(function*() {
        // Nothing the balance cannot cover reaches the wallet; without a fee estimate the amount alone is checked.
        yield* Effect.catchTag(estimateFee, "ChainReadError", () => Effect.void)
        const account = yield* activeAccount
        const client = yield* connectors.get(account.connectorId)
        const read = yield* chainReads.on(account.caipNetworkId)
        const sent = yield* SendFlow.submit(form, account.caipNetworkId, account.address, {
          client,
          read,
          track: (event) => track({ event: event.event, address: account.address, properties: event.properties })
        })
        yield* activity.addPending(account, sent.pending)
        // Spec §2: after a send the stack goes back; ERC20 and Solana sends go to Account.
        if (sent.next === "Account") yield* modal.goBackTo("Account")
        else yield* modal.back(yield* Effect.provideService(Effect.provideService(routerContext, Session.Session, session), HostConfig, config))
        yield* accountData.loadBalances(account, { refresh: true })
        yield* activity.refresh(account)
        return sent.id
      })

      return Sending.of({
        form,
        setToken: (token) => SubscriptionRef.update(form, (state) => ({ ...state, token })),
        setAmount: (amount) => SubscriptionRef.update(form, (state) => ({ ...state, sendTokenAmount: amount.trim() })),
        setReceiver,
        estimateFee,
        send
      })
    })
  )
}
