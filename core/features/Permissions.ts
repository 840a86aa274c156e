/**
 * The Permissions view's feature (issue 27): the ERC-7715 permissions the connected wallet granted this
 * site, each as the chain holds it now (what is spent, whether it still holds), and revoking one. The
 * wallet says which permissions it granted (`wallet_getGrantedExecutionPermissions`); our server reads
 * each from the chain (`GET /v1/sessions/{pci}`); a revocation is the account's EIP-712 signature
 * (`eth_signTypedData_v4`, approved in the wallet), which the server's relayer sends. The list is read
 * again afterwards, so what the view shows is what the chain says, never what we hoped.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { decodeFunctionResult, encodeFunctionData, erc20Abi, getTypesForEIP712Domain, stringify, type Address, type Hex } from "viem"
import { Backend, type BackendError } from "../Backend.ts"
import { fixed } from "../FixedMessage.ts"
import { ConnectorError } from "../Connector.ts"
import type { NetworkNotFoundError } from "../Networks.ts"
import { revocable, revocationOf, summarize, type PermissionSummary } from "../permissions/PermissionSummary.ts"
import type { ChainReadError } from "../rpc/ChainRead.ts"
import { ChainReads } from "../rpc/ChainReads.ts"
import { type WalletRequestError, WalletRequests } from "./WalletRequests.ts"

/** The token a permission spends, as its contract names it. */
export interface PermissionToken {
  readonly symbol: string
  readonly decimals: number
}

/** One row of the view: the permission in the chain's terms, and its token. */
export interface PermissionRow {
  readonly summary: PermissionSummary
  readonly token: PermissionToken
}

export type PermissionsListError =
  | WalletRequestError
  | BackendError
  | ChainReadError
  | NetworkNotFoundError
  | PermissionListInvalidError
  | PermissionTokenUnreadableError

export type PermissionRevokeError = PermissionsListError | PermissionNotRevocableError | PermissionRevokeRefusedError

/** What of `wallet_getGrantedExecutionPermissions`'s answer the view needs: where each permission lives. */
const GrantedList = Schema.Array(Schema.Struct({
  chainId: Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{1,16}$/)),
  context: Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{128}$/))
})).check(Schema.isMaxLength(1000))
const decodeGranted = Schema.decodeUnknownOption(GrantedList)

const Signature = Schema.String.check(Schema.isPattern(/^0x(?:[0-9a-fA-F]{2}){65,}$/))
const decodeSignature = Schema.decodeUnknownOption(Signature)

/** A symbol shown as text: printable, short (a token contract names itself; we trust nothing of it). */
const shownSymbol = (symbol: string): string | undefined => {
  const trimmed = symbol.trim()
  return trimmed.length === 0 || trimmed.length > 32 || /[\p{C}]/u.test(trimmed) ? undefined : trimmed
}

export class Permissions extends Context.Service<Permissions, {
  /** Whether the wallet lists any permission it granted this site (the Account view's entry shows then). */
  readonly any: Effect.Effect<boolean, WalletRequestError | PermissionListInvalidError>
  /** The connected EVM account's permissions for this site that still hold (active or not yet started), as the chain says now. */
  readonly list: Effect.Effect<ReadonlyArray<PermissionRow>, PermissionsListError>
  /** Has the visitor sign the revocation of `summary`'s permission, has the server send it, then lists again. */
  readonly revoke: (summary: PermissionSummary) => Effect.Effect<ReadonlyArray<PermissionRow>, PermissionRevokeError>
}>()("portico/core/features/Permissions") {
  static readonly layer = Layer.effect(
    Permissions,
    Effect.gen(function*() {
      const requests = yield* WalletRequests
      const backend = yield* Backend
      const chainReads = yield* ChainReads
      const nowSeconds = Effect.map(Clock.currentTimeMillis, (millis) => Math.floor(millis / 1000))

      const call = (caipNetworkId: string, token: Address, functionName: "symbol" | "decimals") =>
        Effect.flatMap(chainReads.on(caipNetworkId), (read) =>
          read({ method: "eth_call", params: [{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName }) }, "latest"] }))

      const tokenOf = Effect.fn("Permissions.tokenOf")(function*(caipNetworkId: string, token: Address) {
        const [symbolData, decimalsData] = yield* Effect.all([call(caipNetworkId, token, "symbol"), call(caipNetworkId, token, "decimals")], { concurrency: 2 })
        const decoded = yield* Effect.try({
          try: () => ({
            symbol: shownSymbol(decodeFunctionResult({ abi: erc20Abi, functionName: "symbol", data: symbolData as Hex })),
            decimals: decodeFunctionResult({ abi: erc20Abi, functionName: "decimals", data: decimalsData as Hex })
          }),
          catch: () => new PermissionTokenUnreadableError({ token })
        })
        if (decoded.symbol === undefined || decoded.decimals > 36) return yield* new PermissionTokenUnreadableError({ token })
        return { symbol: decoded.symbol, decimals: decoded.decimals }
      })

      const granted = Effect.flatMap(
        requests.request("eip155", { method: "wallet_getGrantedExecutionPermissions" }),
        (answer) => Option.match(decodeGranted(answer), { onNone: () => Effect.fail(new PermissionListInvalidError()), onSome: Effect.succeed })
      )

      const list = Effect.gen(function*() {
        const permissions = yield* granted
        const now = yield* nowSeconds
        const rows = yield* Effect.forEach(permissions, (permission) =>
          Effect.gen(function*() {
            const caipNetworkId = `eip155:${BigInt(permission.chainId)}`
            const session = yield* backend.smartSession(permission.context.toLowerCase(), caipNetworkId)
            // A context the chain does not hold (another deployment, a wallet's stale list) is nothing to show or revoke;
            // nor is one revoked or ended, whatever the wallet still lists: the view shows what the site can still do.
            const summary = session === undefined ? undefined : summarize(session, now)
            if (summary === undefined || !revocable(summary)) return undefined
            return { summary, token: yield* tokenOf(caipNetworkId, summary.token) }
          }), { concurrency: 4 })
        return rows.filter((row): row is PermissionRow => row !== undefined)
      }).pipe(Effect.withSpan("Permissions.list"))

      const revoke = Effect.fn("Permissions.revoke")(function*(summary: PermissionSummary) {
        // The chain's state now, not the row's: a permission revoked or ended meanwhile is not signed for again.
        const session = yield* backend.smartSession(summary.pci, summary.caipNetworkId)
        const now = yield* nowSeconds
        if (session === undefined || !revocable(summarize(session, now))) return yield* new PermissionNotRevocableError()
        const { deadline, typedData } = revocationOf(session, now)
        const answer = yield* requests.request("eip155", {
          method: "eth_signTypedData_v4",
          // As viem's signTypedData sends it: the domain's own type listed, or a wallet signs an empty domain.
          params: [session.address, stringify({ ...typedData, types: { EIP712Domain: getTypesForEIP712Domain(typedData), ...typedData.types } })]
        })
        const signature = decodeSignature(answer)
        if (Option.isNone(signature)) {
          return yield* new ConnectorError({ connectorId: "eip155", message: "The wallet answered eth_signTypedData_v4 without a signature" })
        }
        yield* backend.revokeSmartSession({ pci: session.pci, signature: signature.value, deadline }, summary.caipNetworkId).pipe(
          // The server answered and said no (a signature it does not accept, a deadline passed): not a network failure.
          Effect.catchTag("BackendRequestError", (error): Effect.Effect<never, BackendError | PermissionRevokeRefusedError> =>
            error.status !== undefined && error.status >= 400 && error.status < 500
              ? Effect.fail(new PermissionRevokeRefusedError({ status: error.status }))
              : Effect.fail(error))
        )
        return yield* list
      })

      return Permissions.of({ any: Effect.map(granted, (permissions) => permissions.length > 0), list, revoke })
    })
  )
}

/** The wallet's answer to `wallet_getGrantedExecutionPermissions` is not ERC-7715's: nothing of it is shown. */
export class PermissionListInvalidError extends Schema.TaggedError<PermissionListInvalidError>()("PermissionListInvalidError", {
  message: fixed("The wallet's list of permissions is not an ERC-7715 answer")
}) {}

/** The permission's token does not say what it is (no ERC-20 symbol or decimals): its amounts cannot be put in words. */
export class PermissionTokenUnreadableError extends Schema.TaggedError<PermissionTokenUnreadableError>()("PermissionTokenUnreadableError", {
  message: fixed("The permission's token does not name its symbol and decimals"),
  token: Schema.String
}) {}

/** The chain says the permission no longer holds (revoked or ended meanwhile), or holds no such permission. */
export class PermissionNotRevocableError extends Schema.TaggedError<PermissionNotRevocableError>()("PermissionNotRevocableError", {
  message: fixed("This permission no longer holds")
}) {}

/** Our server refused the signed revocation (its relayer sent nothing): the permission still holds. */
export class PermissionRevokeRefusedError extends Schema.TaggedError<PermissionRevokeRefusedError>()("PermissionRevokeRefusedError", {
  message: fixed("The server refused the revocation"),
  status: Schema.Int
}) {}
