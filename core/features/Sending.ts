/**
 * Sending tokens from the modal (spec §4 "Sending", §5 "Send", §7 "Sending", §2 after a send): the send
 * form (reset on every network switch by core/Networks), a receiver typed as an address or a name
 * (resolved through the profile endpoints, its name kept for the preview), the network fee, and the
 * send itself by namespace through whichever connector holds the account: loading on, send, loading
 * off and the form reset; SEND_INITIATED / SEND_SUCCESS tracked; the transaction pending in Activity
 * until mined; balances and Activity refreshed; the stack back (to Account for ERC20 and Solana sends).
 * A refused or failed send keeps everything the visitor typed.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Address from "../Address.ts"
import * as Analytics from "../Analytics.ts"
import { Connectors } from "../connectors/Connectors.ts"
import type * as Connector from "../Connector.ts"
import * as Modal from "../Modal.ts"
import * as Networks from "../Networks.ts"
import type { ChainReadError } from "../rpc/ChainRead.ts"
import { ChainReads } from "../rpc/ChainReads.ts"
import * as Send from "../Send.ts"
import type * as Amount from "../send/Amount.ts"
import type * as EvmSend from "../send/EvmSend.ts"
import * as Sending_ from "../send/Sending.ts"
import type * as SolanaSend from "../send/SolanaSend.ts"
import * as Transfer from "../send/Transfer.ts"
import * as Session from "../Session.ts"
import type * as TokenBalance from "../TokenBalance.ts"
import { HostConfig } from "../HostConfig.ts"
import { AccountData } from "./AccountData.ts"
import { Activity } from "./Activity.ts"
import { routerContext } from "./ChainSupport.ts"
import { Names, type NameResolutionError } from "./Names.ts"
import { notConnected, type WalletRequestError } from "./WalletRequests.ts"

/** What a send can fail with: the form's rules, the amount, the receiver, the chain, the wallet. */
export type SendFailure =
  | Send.SendUnsupportedChainError
  | Send.SendAmountAndReceiverRequiredError
  | Send.SendTokenRequiredError
  | Amount.InvalidAmountError
  | Transfer.TransferTokenError
  | EvmSend.EvmSendInvalidAddressError
  | EvmSend.EvmTransferRefusedError
  | EvmSend.EvmSendAnswerError
  | SolanaSend.SolanaSendInvalidAddressError
  | SolanaSend.SolanaSendAnswerError
  | ChainReadError
  | Networks.NetworkNotFoundError
  | Connector.ConnectorFailure
  | WalletRequestError

/** A name rather than an address: it has a dot and is not an address of the namespace. */
export const looksLikeName = (text: string, namespace: Session.SessionNamespace): boolean =>
  text.includes(".") && !Address.isValid(namespace, text)

export class Sending extends Context.Service<Sending, {
  /** The send form (spec §3 "Send state"); core/Networks resets it on every network switch. */
  readonly form: SubscriptionRef.SubscriptionRef<Send.SendState>
  readonly setToken: (token: TokenBalance.TokenBalance) => Effect.Effect<void>
  readonly setAmount: (amount: string) => Effect.Effect<void>
  /** Sets the receiver; a name is resolved to its address on the account's namespace, and kept for the preview. */
  readonly setReceiver: (text: string) => Effect.Effect<void, NameResolutionError>
  /** The network fee of the send as the form stands, in the native coin's smallest unit. */
  readonly estimateFee: Effect.Effect<bigint, SendFailure>
  /** Sends as the form stands; answers the transaction hash (eip155) or signature (solana). */
  readonly send: Effect.Effect<string, SendFailure>
}>()("portico/core/features/Sending") {
  static readonly layer = Layer.effect(
    Sending,
    Effect.gen(function*() {
      const config = yield* HostConfig
      const form = yield* Networks.SendForm
      const session = yield* Session.Session
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

      /** The form as a transfer from the active account, with the reads of its network. */
      const prepared = Effect.gen(function*() {
        const account = yield* activeAccount
        const request = yield* Send.validate(account.namespace, yield* SubscriptionRef.get(form))
        const transfer = yield* Transfer.fromRequest(request, account.address)
        const read = yield* chainReads.on(account.caipNetworkId)
        return { account, request, transfer, read }
      })

      const transition = (event: Sending_.SendingEvent) => SubscriptionRef.update(form, (state) => Sending_.transition(state, event))

      const setReceiver = Effect.fn("Sending.setReceiver")(function*(text: string) {
        const trimmed = text.trim()
        const account = Session.activeAccount(yield* SubscriptionRef.get(session.state))
        const { receiverProfileName: _name, ...rest } = yield* SubscriptionRef.get(form)
        if (account === undefined || !looksLikeName(trimmed, account.namespace)) {
          return yield* SubscriptionRef.set(form, { ...rest, receiverAddress: trimmed })
        }
        yield* SubscriptionRef.set(form, { ...rest, receiverAddress: "" })
        const address = yield* names.resolve(trimmed, account.namespace)
        yield* SubscriptionRef.update(form, (state) => ({ ...state, receiverAddress: address, receiverProfileName: trimmed.toLowerCase() }))
      })

      const send = Effect.gen(function*() {
        const { account, request, transfer, read } = yield* prepared
        const client = yield* connectors.get(account.connectorId)
        yield* track({ event: "SEND_INITIATED", address: account.address, properties: { network: account.caipNetworkId, token: request.token.symbol } })
        yield* transition({ _tag: "Started" })
        const sent: Effect.Effect<string, SendFailure> = Transfer.send(client, read, transfer)
        const id = yield* sent.pipe(Effect.tapError(() => transition({ _tag: "Failed" })))
        yield* transition({ _tag: "Succeeded" })
        yield* track({ event: "SEND_SUCCESS", address: account.address, properties: { network: account.caipNetworkId, token: request.token.symbol } })
        yield* activity.addPending(account, {
          id,
          chain: account.caipNetworkId,
          from: account.address,
          to: request.receiverAddress,
          amount: request.amount,
          symbol: request.token.symbol,
          sentAt: yield* Clock.currentTimeMillis
        })
        // Spec §2: after a send the stack goes back; ERC20 and Solana sends go to Account.
        if (Sending_.afterSend(request) === "Account") yield* modal.goBackTo("Account")
        else yield* modal.back(yield* Effect.provideService(Effect.provideService(routerContext, Session.Session, session), HostConfig, config))
        yield* accountData.loadBalances(account, { refresh: true })
        yield* activity.refresh(account)
        return id
      })

      return Sending.of({
        form,
        setToken: (token) => SubscriptionRef.update(form, (state) => ({ ...state, token })),
        setAmount: (amount) => SubscriptionRef.update(form, (state) => ({ ...state, sendTokenAmount: amount.trim() })),
        setReceiver,
        estimateFee: Effect.flatMap(prepared, ({ read, transfer }): Effect.Effect<bigint, SendFailure> => Transfer.estimateFee(read, transfer)),
        send
      })
    })
  )
}
