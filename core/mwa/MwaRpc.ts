/**
 * The Wallet RPC interface of MWA 2.0 as Portico speaks it: JSON-RPC 2.0 requests inside sealed frames,
 * and every answer decoded by Schema (a wallet's message is as untrusted as any page script's). Addresses,
 * transactions, messages and signatures travel as standard base64.
 */
import * as Schema from "effect/Schema"

const Base64 = Schema.String.check(Schema.isPattern(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/))
const Text = Schema.String.check(Schema.isMaxLength(200))

export const Response = Schema.Union([
  Schema.Struct({ jsonrpc: Schema.Literal("2.0"), id: Schema.Int, result: Schema.Unknown }),
  Schema.Struct({
    jsonrpc: Schema.Literal("2.0"),
    id: Schema.Int,
    error: Schema.Struct({ code: Schema.Int, message: Schema.String.check(Schema.isMaxLength(1000)) })
  })
])
export type Response = typeof Response.Type

export const decodeResponse = Schema.decodeUnknownOption(Schema.fromJsonString(Response))

/** The session properties a v1 wallet seals into HELLO_RSP: the version it chose. */
export const SessionProperties = Schema.Struct({ v: Schema.Union([Schema.String, Schema.Number]) })
export const decodeSessionProperties = Schema.decodeUnknownOption(Schema.fromJsonString(SessionProperties))

/** Whether a wallet's chosen version is the one Portico speaks (wallets write it "v1", "1" or 1). */
export const isSpokenVersion = (version: string | number): boolean => version === "v1" || version === "1" || version === 1

export const Account = Schema.Struct({
  address: Base64,
  label: Schema.optionalKey(Text),
  chains: Schema.optionalKey(Schema.Array(Text)),
  features: Schema.optionalKey(Schema.Array(Text))
})
export type Account = typeof Account.Type

export const AuthorizeResult = Schema.Struct({
  auth_token: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(4096)),
  accounts: Schema.NonEmptyArray(Account)
})
export type AuthorizeResult = typeof AuthorizeResult.Type

export const SignMessagesResult = Schema.Struct({ signed_payloads: Schema.Array(Base64) })
export const SignAndSendResult = Schema.Struct({ signatures: Schema.Array(Base64) })
export const DeauthorizeResult = Schema.Struct({})

/** Who asks (the host's identity, which the wallet shows and may verify) and for which chain. */
export interface AuthorizeParams {
  readonly identity: { readonly name?: string; readonly uri?: string; readonly icon?: string }
  readonly chain: string
  readonly auth_token?: string
}

/** The request's text: a JSON-RPC 2.0 call. */
export const requestText = (id: number, method: string, params: unknown): string =>
  JSON.stringify({ jsonrpc: "2.0", id, method, params })
