/**
 * The Sign API's messages (WalletConnect v2): the JSON-RPC payloads peers exchange inside envelopes,
 * each method's relay options (how long the relay keeps it, the tag that tells the relay and a push
 * service what it is), and the schemas every payload from a peer is decoded with.
 */
import * as Schema from "effect/Schema"
import * as SymKey from "./SymKey.ts"

export interface RelayOptions {
  /** Seconds the relay keeps the message for an offline peer. */
  readonly ttl: number
  readonly tag: number
  /** Whether a push notification may wake the wallet. */
  readonly prompt?: boolean
}

const fiveMinutes = 300
const oneDay = 86_400
const thirtySeconds = 30
const oneHour = 3600

/** Request and response options of every Sign API method. */
export const relayOptions = {
  wc_sessionPropose: {
    request: { ttl: fiveMinutes, tag: 1100, prompt: true },
    response: { ttl: fiveMinutes, tag: 1101 },
    reject: { ttl: fiveMinutes, tag: 1120 }
  },
  wc_sessionAuthenticate: {
    request: { ttl: oneHour, tag: 1116, prompt: true },
    response: { ttl: oneHour, tag: 1117 },
    reject: { ttl: fiveMinutes, tag: 1118 }
  },
  wc_sessionSettle: { request: { ttl: fiveMinutes, tag: 1102 }, response: { ttl: fiveMinutes, tag: 1103 } },
  wc_sessionUpdate: { request: { ttl: oneDay, tag: 1104 }, response: { ttl: oneDay, tag: 1105 } },
  wc_sessionExtend: { request: { ttl: oneDay, tag: 1106 }, response: { ttl: oneDay, tag: 1107 } },
  wc_sessionRequest: { request: { ttl: fiveMinutes, tag: 1108, prompt: true }, response: { ttl: fiveMinutes, tag: 1109 } },
  wc_sessionEvent: { request: { ttl: fiveMinutes, tag: 1110 }, response: { ttl: fiveMinutes, tag: 1111 } },
  wc_sessionDelete: { request: { ttl: oneDay, tag: 1112 }, response: { ttl: oneDay, tag: 1113 } },
  wc_sessionPing: { request: { ttl: thirtySeconds, tag: 1114 }, response: { ttl: thirtySeconds, tag: 1115 } },
  wc_pairingDelete: { request: { ttl: oneDay, tag: 1000 }, response: { ttl: oneDay, tag: 1001 } },
  wc_pairingPing: { request: { ttl: thirtySeconds, tag: 1002 }, response: { ttl: thirtySeconds, tag: 1003 } }
} as const satisfies Record<string, { readonly request: RelayOptions; readonly response: RelayOptions; readonly reject?: RelayOptions }>

export type Method = keyof typeof relayOptions

export const isMethod = (method: string): method is Method => Object.hasOwn(relayOptions, method)

/** A session lives 7 days from settlement or its last extension. */
export const sessionLifetimeSeconds = 7 * oneDay

/** A client renews a session it restores with less than this left. */
export const renewWithinSeconds = oneDay

/** What a peer says about itself. Shown to people as text; icons only as `<img>` after the connector's checks. */
export const Metadata = Schema.Struct({
  name: Schema.String.check(Schema.isMaxLength(200)),
  description: Schema.String.check(Schema.isMaxLength(2000)),
  url: Schema.String.check(Schema.isMaxLength(2000)),
  icons: Schema.Array(Schema.String.check(Schema.isMaxLength(4000))).check(Schema.isMaxLength(20)),
  redirect: Schema.optionalKey(Schema.Struct({
    native: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(2000))),
    universal: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(2000)))
  }))
})
export type Metadata = typeof Metadata.Type

const Names = Schema.Array(Schema.String.check(Schema.isMaxLength(200))).check(Schema.isMaxLength(200))

export const ProposalNamespace = Schema.Struct({
  chains: Schema.optionalKey(Names),
  methods: Names,
  events: Names
})
export type ProposalNamespace = typeof ProposalNamespace.Type

export const ProposalNamespaces = Schema.Record(Schema.String, ProposalNamespace)
export type ProposalNamespaces = typeof ProposalNamespaces.Type

export const SessionNamespace = Schema.Struct({
  chains: Schema.optionalKey(Names),
  accounts: Names,
  methods: Names,
  events: Names
})
export type SessionNamespace = typeof SessionNamespace.Type

export const SessionNamespaces = Schema.Record(Schema.String, SessionNamespace)
export type SessionNamespaces = typeof SessionNamespaces.Type

const Relay = Schema.Struct({ protocol: Schema.String })

export const ProposeParams = Schema.Struct({
  requiredNamespaces: Schema.optionalKey(ProposalNamespaces),
  optionalNamespaces: Schema.optionalKey(ProposalNamespaces),
  relays: Schema.Array(Relay),
  proposer: Schema.Struct({ publicKey: SymKey.Hex32, metadata: Metadata }),
  expiryTimestamp: Schema.optionalKey(Schema.Number),
  sessionProperties: Schema.optionalKey(Schema.Record(Schema.String, Schema.String))
})
export type ProposeParams = typeof ProposeParams.Type

export const ProposeResult = Schema.Struct({ relay: Relay, responderPublicKey: SymKey.Hex32 })

const Text = Schema.String.check(Schema.isMaxLength(2000))

/** The CAIP-122 fields a sign-in message is made of (`aud` is its URI), as asked and as signed. */
const signedFields = {
  domain: Text,
  aud: Text,
  version: Schema.Literal("1"),
  nonce: Text,
  iat: Text,
  exp: Schema.optionalKey(Text),
  nbf: Schema.optionalKey(Text),
  statement: Schema.optionalKey(Text),
  requestId: Schema.optionalKey(Text),
  resources: Schema.optionalKey(Schema.Array(Text).check(Schema.isMaxLength(20)))
}

/** What `wc_sessionAuthenticate` asks the wallet to sign, on one of `chains`. */
export const AuthPayload = Schema.Struct({ type: Schema.Literal("caip122"), chains: Names.check(Schema.isMinLength(1)), ...signedFields })
export type AuthPayload = typeof AuthPayload.Type

const Participant = Schema.Struct({ publicKey: SymKey.Hex32, metadata: Metadata })

export const AuthenticateParams = Schema.Struct({ authPayload: AuthPayload, requester: Participant, expiryTimestamp: Schema.Number })
export type AuthenticateParams = typeof AuthenticateParams.Type

/** CAIP-74: the signed payload (`iss` the signer's did:pkh) and its signature. */
export const Cacao = Schema.Struct({
  h: Schema.Struct({ t: Schema.Literals(["caip122", "eip4361"]) }),
  p: Schema.Struct({ ...signedFields, iss: Schema.String.check(Schema.isMaxLength(200)) }),
  s: Schema.Struct({
    t: Schema.Literals(["eip191", "eip1271", "eip6492"]),
    s: Schema.String.check(Schema.isPattern(/^0x(?:[0-9a-fA-F]{2}){1,4096}$/)),
    m: Schema.optionalKey(Text)
  })
})
export type Cacao = typeof Cacao.Type

export const AuthenticateResult = Schema.Struct({ cacaos: Schema.Array(Cacao).check(Schema.isMinLength(1), Schema.isMaxLength(50)), responder: Participant })
export type AuthenticateResult = typeof AuthenticateResult.Type

export const SettleParams = Schema.Struct({
  relay: Relay,
  namespaces: SessionNamespaces,
  controller: Schema.Struct({ publicKey: SymKey.Hex32, metadata: Metadata }),
  expiry: Schema.Number,
  sessionProperties: Schema.optionalKey(Schema.Record(Schema.String, Schema.String))
})
export type SettleParams = typeof SettleParams.Type

export const RequestParams = Schema.Struct({
  request: Schema.Struct({
    method: Schema.String.check(Schema.isMaxLength(200)),
    params: Schema.optionalKey(Schema.Unknown),
    expiryTimestamp: Schema.optionalKey(Schema.Number)
  }),
  chainId: Schema.String.check(Schema.isMaxLength(200))
})
export type RequestParams = typeof RequestParams.Type

export const EventParams = Schema.Struct({
  event: Schema.Struct({ name: Schema.String.check(Schema.isMaxLength(200)), data: Schema.Unknown }),
  chainId: Schema.String.check(Schema.isMaxLength(200))
})
export type EventParams = typeof EventParams.Type

export const UpdateParams = Schema.Struct({ namespaces: SessionNamespaces })

export const ReasonParams = Schema.Struct({ code: Schema.Number, message: Schema.String })
export type Reason = typeof ReasonParams.Type

const Id = Schema.Number.check(Schema.isInt(), Schema.isGreaterThan(0), Schema.isLessThanOrEqualTo(Number.MAX_SAFE_INTEGER))

/** A JSON-RPC message from a peer: a request, or the answer to one of ours. */
export const Payload = Schema.Union([
  Schema.Struct({ id: Id, jsonrpc: Schema.Literal("2.0"), method: Schema.String, params: Schema.optionalKey(Schema.Unknown) }),
  Schema.Struct({ id: Id, jsonrpc: Schema.Literal("2.0"), result: Schema.Unknown }),
  Schema.Struct({ id: Id, jsonrpc: Schema.Literal("2.0"), error: ReasonParams })
])
export type Payload = typeof Payload.Type

export const decodePayload = Schema.decodeUnknownOption(Schema.fromJsonString(Payload))

/** The reasons the protocol names (the SDK's error table), for rejects and deletes. */
export const reasons = {
  userRejected: { code: 5000, message: "User rejected." },
  unsupportedChains: { code: 5100, message: "Unsupported chains." },
  unsupportedAccounts: { code: 5103, message: "Unsupported accounts." },
  userDisconnected: { code: 6000, message: "User disconnected." },
  expired: { code: 8000, message: "Request expired." }
} as const satisfies Record<string, Reason>

let lastId = 0

/** JSON-RPC ids as the protocol makes them: milliseconds × 1000 plus a counter, unique in this client. */
export const nextId = (nowMs: number): number => {
  lastId = Math.max(lastId + 1, nowMs * 1000)
  return lastId
}
