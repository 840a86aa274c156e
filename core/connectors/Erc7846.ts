/**
 * ERC-7846 `wallet_connect` with the `signInWithEthereum` capability: one approval gives the accounts and
 * a signed EIP-4361 message. The request's parameters and the answer's shape; the answer comes from page
 * script, so it is decoded strictly, and its message is checked against the request afterwards
 * (core/signin/ConnectSignIn.ts).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { SignInTemplate } from "../signin/SignInMessage.ts"

export const method = "wallet_connect"

/** The `wallet_connect` parameters asking to sign in with exactly the template's fields (chain id as EIP-155 hex). */
export const paramsOf = (template: SignInTemplate, chainIdHex: string) => [{
  version: "1",
  capabilities: {
    signInWithEthereum: {
      nonce: template.nonce,
      chainId: chainIdHex,
      version: template.version,
      domain: template.domain,
      uri: template.uri,
      ...(template.statement === undefined ? {} : { statement: template.statement }),
      ...(template.issuedAt === undefined ? {} : { issuedAt: template.issuedAt }),
      ...(template.expirationTime === undefined ? {} : { expirationTime: template.expirationTime }),
      ...(template.notBefore === undefined ? {} : { notBefore: template.notBefore }),
      ...(template.requestId === undefined ? {} : { requestId: template.requestId }),
      ...(template.resources === undefined ? {} : { resources: template.resources })
    }
  }
}]

const SignedMessage = Schema.Struct({
  message: Schema.String.check(Schema.isMaxLength(4096)),
  signature: Schema.String.check(Schema.isPattern(/^0x(?:[0-9a-fA-F]{2})+$/))
})

const Answer = Schema.Struct({
  accounts: Schema.Array(Schema.Struct({
    address: Schema.String,
    capabilities: Schema.optionalKey(Schema.Struct({ signInWithEthereum: Schema.optionalKey(SignedMessage) }))
  }))
})

export interface Connected {
  readonly accounts: ReadonlyArray<string>
  readonly signedIn?: { readonly message: string; readonly signature: string }
}

/** The accounts and, when the wallet signed, the first account's signed message; undefined when the answer is not ERC-7846's shape. */
export const answerOf = (value: unknown): Effect.Effect<Connected | undefined> =>
  Effect.map(Effect.option(Schema.decodeUnknownEffect(Answer)(value)), (decoded) => {
    if (decoded._tag === "None") return undefined
    const accounts = decoded.value.accounts
    const signedIn = accounts[0]?.capabilities?.signInWithEthereum
    return { accounts: accounts.map((account) => account.address), ...(signedIn === undefined ? {} : { signedIn }) }
  })
