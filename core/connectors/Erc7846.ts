/**
 * ERC-7846 `wallet_connect` with the `signInWithEthereum` capability: one approval gives the accounts and
 * a signed EIP-4361 message. The request's parameters and the answer's shape; the answer comes from page
 * script, so it is decoded strictly, and its message is checked against the request afterwards
 * (core/signin/ConnectSignIn.ts). A chunk of its own: only a connect that signs in loads it.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Connector from "../Connector.ts"
import type { SignInTemplate } from "../signin/SignInMessage.ts"

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
const answerOf = (value: unknown): Effect.Effect<Connected | undefined> =>
  Effect.map(Effect.option(Schema.decodeUnknownEffect(Answer)(value)), (decoded) => {
    if (decoded._tag === "None") return undefined
    const accounts = decoded.value.accounts
    const signedIn = accounts[0]?.capabilities?.signInWithEthereum
    return { accounts: accounts.map((account) => account.address), ...(signedIn === undefined ? {} : { signedIn }) }
  })

/** The wallet does not know the method it was asked (EIP-1193 4200, JSON-RPC -32601): answered without a prompt. */
const isUnknownMethod = (error: Connector.ConnectorFailure): boolean =>
  error._tag === "UnsupportedMethodError" || (error._tag === "RpcError" && error.code === -32601)

/**
 * Connects and signs in with one approval. A wallet that does not know the method says so without a
 * prompt (4200, -32601): `fallback` asks it the EIP-1193 way, and sign-in follows as its own step.
 */
export const connect = <A>(wallet: {
  readonly connectorId: string
  readonly request: (args: Connector.RequestArguments) => Effect.Effect<unknown, Connector.ConnectorFailure>
  readonly chainIdHex: string
  readonly connected: (answer: Connected) => Effect.Effect<A, Connector.ConnectorFailure>
  readonly fallback: Effect.Effect<A, Connector.ConnectorFailure>
}, template: SignInTemplate): Effect.Effect<A, Connector.ConnectorFailure> =>
  wallet.request({ method: "wallet_connect", params: paramsOf(template, wallet.chainIdHex) }).pipe(
    Effect.flatMap(answerOf),
    Effect.flatMap((answer) =>
      answer === undefined
        ? Effect.fail(new Connector.ConnectorError({ connectorId: wallet.connectorId, message: "The wallet answered wallet_connect with another shape" }))
        : wallet.connected(answer)
    ),
    Effect.catchIf(isUnknownMethod, () => wallet.fallback)
  )
