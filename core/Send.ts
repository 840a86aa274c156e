/**
 * The send form (spec §3 "Send state") and its input rules (spec §5 "Send").
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fixed } from "./FixedMessage.ts"
import { TokenBalance } from "./TokenBalance.ts"

export const SendState = Schema.Struct({
  token: Schema.optionalKey(TokenBalance),
  /** Decimal string as typed, in token units. */
  sendTokenAmount: Schema.optionalKey(Schema.String),
  receiverAddress: Schema.optionalKey(Schema.String),
  receiverProfileName: Schema.optionalKey(Schema.String),
  receiverProfileImageUrl: Schema.optionalKey(Schema.String),
  networkBalanceInUSD: Schema.optionalKey(Schema.String),
  loading: Schema.Boolean,
  tokenBalances: Schema.Array(TokenBalance)
})
export type SendState = typeof SendState.Type

export const initial: SendState = { loading: false, tokenBalances: [] }

/** Spec §4: the form resets after a send and on a network switch; the fetched balances stay. */
export const reset = (state: SendState): SendState => ({ loading: false, tokenBalances: state.tokenBalances })

export const SendNamespace = Schema.Literals(["eip155", "solana"])
export type SendNamespace = typeof SendNamespace.Type

const isSendNamespace = Schema.is(SendNamespace)

export interface SendRequest {
  readonly namespace: SendNamespace
  readonly token: TokenBalance
  readonly amount: string
  readonly receiverAddress: string
}

/**
 * Checks a send before it runs: the chain first (only eip155 and solana can send), then the
 * amount and receiver, then the token.
 */
export const validate = (
  namespace: string,
  state: SendState
): Effect.Effect<SendRequest, SendUnsupportedChainError | SendAmountAndReceiverRequiredError | SendTokenRequiredError> => {
  if (!isSendNamespace(namespace)) {
    return Effect.fail(new SendUnsupportedChainError({ namespace }))
  }
  const { sendTokenAmount: amount, receiverAddress, token } = state
  if (amount === undefined || amount === "" || receiverAddress === undefined || receiverAddress === "") {
    return Effect.fail(new SendAmountAndReceiverRequiredError())
  }
  if (token === undefined) {
    return Effect.fail(new SendTokenRequiredError())
  }
  return Effect.succeed({ namespace, token, amount, receiverAddress })
}

export class SendUnsupportedChainError extends Schema.TaggedError<SendUnsupportedChainError>()("SendUnsupportedChainError", {
  message: fixed("Unsupported chain"),
  namespace: Schema.String
}) {}

export class SendAmountAndReceiverRequiredError extends Schema.TaggedError<SendAmountAndReceiverRequiredError>()(
  "SendAmountAndReceiverRequiredError",
  { message: fixed("An amount and receiver address are required") }
) {}

export class SendTokenRequiredError extends Schema.TaggedError<SendTokenRequiredError>()("SendTokenRequiredError", {
  message: fixed("A token is required")
}) {}
