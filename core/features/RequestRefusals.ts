/**
 * What the visitor is told when their wallet refused a site's request before asking them anything: no
 * prompt came, so without a word they could not know why the site stopped. Only refusals that say
 * something a visitor should know, by what the wallet answered (its EIP-1474 / JSON-RPC code, and for
 * permissions the refusal's own words or `data.reason`):
 * - a permission the wallet must not grant (ERC-7715, -32602): of a type it does not offer, expired,
 *   too broad, or invalid;
 * - the app's sponsor declined the fee of calls the app offered to sponsor (ERC-7677, -32003);
 * - the service that sends the wallet's transactions cannot be reached (-32002: a bundler that is down).
 * The toast names the refusal by tag; the modal words it in the visitor's language (ui's errorText).
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type * as Connector from "../Connector.ts"
import { type PermissionRefusal, refusalNamed } from "../permissions/PermissionErrors.ts"
import * as RpcCode from "../RpcCode.ts"

export type Told = PermissionRefusal["_tag"] | "SponsorshipRefusedError" | "WalletServiceUnavailableError"

/** The methods that send from the account or sign a grant: what a transaction service's outage stops. */
const sendingOrGranting: ReadonlySet<string> = new Set([
  "eth_sendTransaction",
  "wallet_sendCalls",
  "wallet_requestExecutionPermissions",
  "wallet_revokeExecutionPermission"
])

/** `wallet_sendCalls` params whose capabilities name an ERC-7677 paymaster service. */
const Sponsored = Schema.Tuple([Schema.Struct({ capabilities: Schema.Struct({ paymasterService: Schema.Struct({ url: Schema.String }) }) })])
const decodeSponsored = Schema.decodeUnknownOption(Sponsored)
const isSponsored = (params: unknown) => {
  try {
    return Option.isSome(decodeSponsored(params))
  } catch {
    // A hostile value (a throwing getter) names no sponsor.
    return false
  }
}

/** The refusal to tell the visitor of, if `error` (the wallet's answer to `args`) is one. */
export const toldOf = (args: Connector.RequestArguments, error: { readonly message: string; readonly code?: unknown }): Told | undefined => {
  const code = typeof error.code === "number" ? error.code : undefined
  if (code === RpcCode.table.InvalidParams.code && args.method === "wallet_requestExecutionPermissions") {
    return refusalNamed(error.message, undefined)?._tag ?? "InvalidPermissionError"
  }
  if (code === RpcCode.table.TransactionRejected.code && args.method === "wallet_sendCalls" && isSponsored(args.params)) return "SponsorshipRefusedError"
  if (code === RpcCode.table.ResourceUnavailable.code && sendingOrGranting.has(args.method)) return "WalletServiceUnavailableError"
  return undefined
}
