/**
 * What a host's own code asks the visitor's wallet (EIP-1193 requests, Solana signing): forwarded to
 * the connector holding the account of that namespace, whichever kind it is.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Option from "effect/Option"
import * as Predicate from "effect/Predicate"
import * as PubSub from "effect/PubSub"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as CodeChunk from "../CodeChunk.ts"
import { ConnectorError } from "../Connector.ts"
import type * as Connector from "../Connector.ts"
import { Connectors } from "../connectors/Connectors.ts"
import * as Modal from "../Modal.ts"
import * as RpcCode from "../RpcCode.ts"
import * as SendCalls from "../SendCalls.ts"
import * as Session from "../Session.ts"
import * as SigningAccount from "../SigningAccount.ts"
import * as WalletError from "../WalletError.ts"

export type WalletRequestError =
  | Connector.ConnectorFailure
  | Connector.ConnectorNotFound
  | WalletError.UnauthorizedError
  | SendCalls.CallMissingToError
  | SendCalls.CallDataNotHexError

/** `wallet_sendCalls` params as a host hands them over: only `calls` is read here. */
const SendCallsParams = Schema.Tuple([
  Schema.Struct({
    calls: Schema.Array(Schema.Struct({
      to: Schema.optionalKey(Schema.UndefinedOr(Schema.String)),
      data: Schema.optionalKey(Schema.UndefinedOr(Schema.String)),
      value: Schema.optionalKey(Schema.UndefinedOr(Schema.String))
    }))
  })
])
const decodeSendCalls = Schema.decodeUnknownOption(SendCallsParams)

/** Spec §5: every call of a `wallet_sendCalls` needs a `to`, and its data (if any) starts with 0x. */
const checkedSendCalls = (args: Connector.RequestArguments): Effect.Effect<void, SendCalls.CallMissingToError | SendCalls.CallDataNotHexError> => {
  if (args.method !== "wallet_sendCalls") return Effect.void
  const params = decodeSendCalls(args.params)
  return Option.isNone(params) ? Effect.void : Effect.asVoid(SendCalls.validate(params.value[0].calls))
}

/** What a refusal tells the visitor (the permission refusals' words among them): read only once a wallet refused. */
const refusals = CodeChunk.lazy("wallet refusals", () => import("./RequestRefusals.ts"))

/** EIP-1193's 4100: there is no account of that namespace to ask for. */
export const notConnected = (): WalletError.UnauthorizedError =>
  new WalletError.UnauthorizedError({ code: RpcCode.table.Unauthorized.code, message: "Unauthorized: no account is connected" })

/** The methods by which a request sends something from the account (its balances change once it is mined). */
export const sendingMethods: ReadonlyArray<string> = [
  "eth_sendTransaction",
  "eth_sendRawTransaction",
  "wallet_sendCalls",
  "solana_signAndSendTransaction"
]

/** A request that sent something from the account, and what the wallet answered (a hash, a bundle id, a signature). */
export interface Sent {
  readonly account: Session.SessionAccount
  readonly method: string
  readonly answer: unknown
}

export class WalletRequests extends Context.Service<WalletRequests, {
  readonly request: (namespace: Session.SessionNamespace, args: Connector.RequestArguments) => Effect.Effect<unknown, WalletRequestError>
  /** Every request that sent something, as the wallet answered it (core/features/AccountFollow.ts follows it on chain). */
  readonly sent: Stream.Stream<Sent>
  /** A request whose answer carries bytes in `field` (Solana signatures, signed transactions). */
  readonly requestBytes: (
    namespace: Session.SessionNamespace,
    args: Connector.RequestArguments,
    field: string
  ) => Effect.Effect<Uint8Array, WalletRequestError>
}>()("portico/core/features/WalletRequests") {
  static readonly layer = Layer.effect(
    WalletRequests,
    Effect.gen(function*() {
      const session = yield* Session.Session
      const connectors = yield* Connectors
      const modal = yield* Modal.Modal
      const sent = yield* PubSub.unbounded<Sent>()
      /**
       * A refusal the visitor was not asked about, told to them as a toast in their language. Its rules load
       * with the wallet's first refusal; a chunk that fails to load leaves the site's own error to speak.
       */
      const tell = (args: Connector.RequestArguments, error: Connector.ConnectorFailure) =>
        refusals.pipe(
          Effect.flatMap((rules) => {
            const told = rules.toldOf(args, error)
            return told === undefined ? Effect.void : modal.showToast({ message: error.message, variant: "error", errorTag: told })
          }),
          Effect.ignore
        )
      const request = Effect.fn("WalletRequests.request")(function*(namespace: Session.SessionNamespace, args: Connector.RequestArguments) {
        const account = (yield* SubscriptionRef.get(session.state))[namespace]
        if (account === undefined) return yield* notConnected()
        yield* checkedSendCalls(args)
        const asked = account.namespace === "eip155" ? yield* SigningAccount.forAccount(args, account) : args
        const client = yield* connectors.get(account.connectorId)
        const answer = yield* Effect.tapError(client.request(asked), (error) => tell(args, error))
        if (sendingMethods.includes(args.method)) yield* PubSub.publish(sent, { account, method: args.method, answer })
        return answer
      })
      return WalletRequests.of({
        request,
        sent: Stream.fromPubSub(sent),
        requestBytes: (namespace, args, field) =>
          Effect.flatMap(request(namespace, args), (answer) => {
            const bytes = Predicate.hasProperty(answer, field) ? answer[field] : undefined
            return bytes instanceof Uint8Array
              ? Effect.succeed(bytes)
              : Effect.fail(new ConnectorError({ connectorId: namespace, message: `The wallet answered ${args.method} without ${field} bytes` }))
          })
      })
    })
  )
}
