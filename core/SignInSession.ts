/**
 * A sign-in-with-wallet session (spec §3 "Sign-in session"): the signed message data, the
 * message text, its signature and, when the server issued one, the CAIP-74 cacao.
 */
import * as Schema from "effect/Schema"
import { CaipNetworkId } from "./Caip.ts"

/** The fields a CAIP-122 sign-in message is made of. */
export const SignInMessageData = Schema.Struct({
  accountAddress: Schema.String,
  chainId: CaipNetworkId,
  domain: Schema.String,
  uri: Schema.String,
  version: Schema.String,
  nonce: Schema.String,
  statement: Schema.optionalKey(Schema.String),
  issuedAt: Schema.optionalKey(Schema.String),
  expirationTime: Schema.optionalKey(Schema.String),
  notBefore: Schema.optionalKey(Schema.String),
  requestId: Schema.optionalKey(Schema.String),
  resources: Schema.optionalKey(Schema.Array(Schema.String))
})
export type SignInMessageData = typeof SignInMessageData.Type

/** CAIP-74 chain agnostic capability object: header, payload, signature. */
export const Cacao = Schema.Struct({
  h: Schema.Struct({ t: Schema.String }),
  p: Schema.Struct({
    domain: Schema.String,
    aud: Schema.String,
    nonce: Schema.String,
    iss: Schema.String,
    version: Schema.optionalKey(Schema.String),
    iat: Schema.optionalKey(Schema.String),
    nbf: Schema.optionalKey(Schema.String),
    exp: Schema.optionalKey(Schema.String),
    statement: Schema.optionalKey(Schema.String),
    requestId: Schema.optionalKey(Schema.String),
    resources: Schema.optionalKey(Schema.Array(Schema.String))
  }),
  s: Schema.Struct({ t: Schema.String, s: Schema.String, m: Schema.optionalKey(Schema.String) })
})
export type Cacao = typeof Cacao.Type

export const SignInSession = Schema.Struct({
  data: SignInMessageData,
  message: Schema.String,
  signature: Schema.String,
  cacao: Schema.optionalKey(Cacao)
})
export type SignInSession = typeof SignInSession.Type
