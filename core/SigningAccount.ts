/**
 * Which account an EVM request signs with. A dapp cannot move an injected wallet's own selected
 * account, so a request that signs names the visitor's active account itself: a transaction or a call
 * bundle without `from` gets the active account as `from` (else the wallet would pick its own), and a
 * request naming an account the wallet did not expose to the page is refused with EIP-1193's 4100
 * before it reaches the wallet.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as AccountList from "./AccountList.ts"
import type * as Connector from "./Connector.ts"
import * as RpcCode from "./RpcCode.ts"
import type * as Session from "./Session.ts"
import * as WalletError from "./WalletError.ts"

/** `eth_sendTransaction` and `wallet_sendCalls`: one object whose `from` names the signer. */
const FromParams = Schema.Tuple([Schema.Struct({ from: Schema.optionalKey(Schema.UndefinedOr(Schema.String)) })]).pipe(
  Schema.decodeUnknownOption
)
/** `personal_sign`: message, then address. */
const MessageFirst = Schema.Tuple([Schema.Unknown, Schema.String]).pipe(Schema.decodeUnknownOption)
/** `eth_sign`, `eth_signTypedData_v4`: address, then what is signed. */
const AddressFirst = Schema.Tuple([Schema.String, Schema.Unknown]).pipe(Schema.decodeUnknownOption)

const fromMethods = ["eth_sendTransaction", "wallet_sendCalls"]

/** The account a signing request names, if it names one. */
export const signerOf = (args: Connector.RequestArguments): string | undefined => {
  if (fromMethods.includes(args.method)) return Option.getOrUndefined(FromParams(args.params))?.[0].from
  if (args.method === "personal_sign") return Option.getOrUndefined(MessageFirst(args.params))?.[1]
  if (args.method === "eth_sign" || args.method === "eth_signTypedData_v4") return Option.getOrUndefined(AddressFirst(args.params))?.[0]
  return undefined
}

/**
 * The request as the wallet receives it: refused when it names an account the wallet did not list for
 * this page, given the active account as `from` when a transaction or bundle names none.
 */
export const forAccount = (
  args: Connector.RequestArguments,
  account: Session.SessionAccount
): Effect.Effect<Connector.RequestArguments, WalletError.UnauthorizedError> => {
  const signer = signerOf(args)
  if (signer !== undefined) {
    return AccountList.find("eip155", account.allAccounts, signer) === undefined
      ? Effect.fail(new WalletError.UnauthorizedError({ code: RpcCode.table.Unauthorized.code, message: "The request names an account the wallet did not connect" }))
      : Effect.succeed(args)
  }
  if (!fromMethods.includes(args.method) || !Array.isArray(args.params)) return Effect.succeed(args)
  const [first, ...rest] = args.params as ReadonlyArray<unknown>
  if (typeof first !== "object" || first === null || Array.isArray(first)) return Effect.succeed(args)
  return Effect.succeed({ ...args, params: [{ ...first, from: account.address }, ...rest] })
}
