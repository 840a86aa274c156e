/**
 * The whole send the Send view confirms, as one effect (spec §4 "Sending", §7 analytics): the form is
 * validated (spec §5 messages), SEND_INITIATED is tracked, the transfer is built and sent by namespace
 * between the Sending transitions (loading on, send, loading off and form reset; a failure keeps the
 * form), SEND_SUCCESS is tracked, and the answer carries the pending Activity entry and where the view
 * stack goes next.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Caip from "../Caip.ts"
import type * as Connector from "../Connector.ts"
import * as Send from "../Send.ts"
import type { ChainRead } from "../rpc/ChainRead.ts"
import type { PendingTransaction } from "./PendingTransactions.ts"
import * as Sending from "./Sending.ts"
import * as Transfer from "./Transfer.ts"

export interface SendEvent {
  readonly event: "SEND_INITIATED" | "SEND_SUCCESS"
  readonly properties: Readonly<Record<string, string>>
}

export interface SendFlow {
  readonly client: Connector.ConnectorClient
  readonly read: ChainRead
  /** The analytics sink; never fails the send. */
  readonly track: (event: SendEvent) => Effect.Effect<void>
}

export interface Sent {
  /** Transaction hash (eip155) or signature (solana). */
  readonly id: string
  readonly pending: PendingTransaction
  readonly next: "Account" | "back"
}

/** Sends what the form holds on `network` (CAIP-2) from `from`. */
export const submit = (form: SubscriptionRef.SubscriptionRef<Send.SendState>, network: string, from: string, flow: SendFlow) =>
  Effect.gen(function*() {
    const request = yield* Send.validate(Caip.namespaceOf(network), yield* SubscriptionRef.get(form))
    const properties = { network, token: request.token.symbol, amount: request.amount }
    yield* flow.track({ event: "SEND_INITIATED", properties })
    const id = yield* Sending.run(
      form,
      Effect.flatMap(Transfer.fromRequest(request, from), (transfer) => Transfer.send(flow.client, flow.read, transfer))
    )
    yield* flow.track({ event: "SEND_SUCCESS", properties: { ...properties, hash: id } })
    const sentAt = yield* Clock.currentTimeMillis
    const pending: PendingTransaction = {
      id,
      chain: network,
      from,
      to: request.receiverAddress,
      amount: request.amount,
      symbol: request.token.symbol,
      sentAt
    }
    return { id, pending, next: Sending.afterSend(request) } satisfies Sent
  })
