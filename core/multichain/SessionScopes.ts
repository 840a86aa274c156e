/**
 * The CAIP-25 session of the Multichain API, as a dapp asks for it and checks the wallet's answer.
 * Portico asks for each of the host's EVM and Solana networks as its own scope (`optionalScopes`, the
 * methods and notifications of its namespace) and keeps only what it asked for: a scope it does not
 * know, a chain it did not ask for, or an account outside its scope refuses the whole answer with
 * `InvalidAccountError`, since a wallet must never widen what a session lets the page do.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Address from "../Address.ts"
import * as Caip from "../Caip.ts"
import * as Connector from "../Connector.ts"

/** EVM methods a session asks for: signing and sending, EIP-5792 bundles, the chain the account is on. */
export const evmMethods: ReadonlyArray<string> = [
  "eth_sendTransaction",
  "personal_sign",
  "eth_signTypedData_v4",
  "wallet_sendCalls",
  "wallet_getCallsStatus",
  "wallet_getCapabilities"
]

/** Solana methods as the Multichain API names them (the Wallet Standard features, MetaMask's encoding). */
export const solanaMethods: ReadonlyArray<string> = ["signMessage", "signTransaction", "signAndSendTransaction", "signIn"]

export const notifications: ReadonlyArray<string> = ["accountsChanged", "chainChanged"]

const methodsOf: Readonly<Record<"eip155" | "solana", ReadonlyArray<string>>> = { eip155: evmMethods, solana: solanaMethods }

/** One scope of a session as the wallet grants it (CAIP-25 `sessionScopes` values, CAIP-217). */
export const SessionScope = Schema.Struct({
  methods: Schema.Array(Schema.String),
  notifications: Schema.Array(Schema.String),
  accounts: Schema.Array(Schema.String)
})
export type SessionScope = typeof SessionScope.Type

export const SessionScopes = Schema.Record(Schema.String, SessionScope)
export type SessionScopes = typeof SessionScopes.Type

/** What `wallet_createSession` and `wallet_getSession` answer. */
export const SessionAnswer = Schema.Struct({
  sessionId: Schema.optionalKey(Schema.String),
  sessionScopes: SessionScopes,
  sessionProperties: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown))
})
export type SessionAnswer = typeof SessionAnswer.Type

/** `wallet_sessionChanged` (CAIP-311): the session's scopes as they are now. */
export const SessionChanged = Schema.Struct({
  sessionId: Schema.optionalKey(Schema.String),
  sessionScopes: SessionScopes
})

/** `wallet_notify` (CAIP-319): an event of one scope, named as the namespace names it. */
export const Notify = Schema.Struct({
  scope: Schema.String,
  notification: Schema.Struct({ method: Schema.String, params: Schema.Unknown })
})
export type Notify = typeof Notify.Type

/** The `wallet_createSession` params: every host network of a namespace Portico connects, its own scope. */
export const sessionRequest = (networks: ReadonlyArray<Caip.CaipNetworkId>) => ({
  optionalScopes: Object.fromEntries(networks.flatMap((network) => {
    const namespace = Caip.namespaceOf(network)
    return namespace === "eip155" || namespace === "solana"
      ? [[network, { methods: [...methodsOf[namespace]], notifications: [...notifications], accounts: [] }]]
      : []
  }))
})

/** A checked session: a connection per namespace, and every scope of each namespace that granted an account. */
export interface Granted {
  readonly connections: ReadonlyArray<Connector.Connected>
  readonly scopes: ReadonlyMap<"eip155" | "solana", ReadonlyArray<Caip.CaipNetworkId>>
}

const decodeAnswer = Schema.decodeUnknownOption(SessionAnswer)
const parseAddress = (account: string) => Effect.runSync(Effect.option(Caip.parseAddress(account)))

/**
 * The connections a session grants, or why it is refused. `networks` are the scopes asked for;
 * `preferred` the networks to stay on (one per namespace at most) where the session grants an account.
 */
export const grantedOf = (
  connectorId: string,
  scopes: SessionScopes,
  networks: ReadonlyArray<Caip.CaipNetworkId>,
  preferred: ReadonlyArray<Caip.CaipNetworkId> = []
): Effect.Effect<Granted, Connector.InvalidAccountError> => {
  const invalid = (message: string) => Effect.fail(new Connector.InvalidAccountError({ connectorId, message: `The wallet answered with ${message}` }))
  const byNetwork = new Map<Caip.CaipNetworkId, ReadonlyArray<string>>()
  for (const [scope, granted] of Object.entries(scopes)) {
    const namespace = Caip.namespaceOf(scope)
    if (!Caip.isNetworkId(scope) || (namespace !== "eip155" && namespace !== "solana")) return invalid(`the scope ${scope}, which Portico does not know`)
    if (!networks.includes(scope)) return invalid(`the chain ${scope}, which was not asked for`)
    const addresses: Array<string> = []
    for (const account of granted.accounts) {
      const parsed = parseAddress(account)
      if (Option.isNone(parsed) || Caip.networkIdOf(parsed.value) !== scope) return invalid(`the account ${account}, outside the scope ${scope}`)
      if (!Address.isValid(namespace, parsed.value.address, { strict: true })) return invalid(`an account that is not a valid ${namespace} address`)
      if (!addresses.includes(parsed.value.address)) addresses.push(parsed.value.address)
    }
    if (addresses.length > 0) byNetwork.set(scope, addresses)
  }
  const connections: Array<Connector.Connected> = []
  const grantedScopes = new Map<"eip155" | "solana", ReadonlyArray<Caip.CaipNetworkId>>()
  for (const namespace of ["eip155", "solana"] as const) {
    const onNamespace = [...byNetwork.keys()].filter((network) => Caip.namespaceOf(network) === namespace)
    const caipNetworkId = onNamespace.find((network) => preferred.includes(network)) ?? onNamespace[0]
    if (caipNetworkId === undefined) continue
    grantedScopes.set(namespace, onNamespace)
    connections.push({ namespace, accounts: byNetwork.get(caipNetworkId) ?? [], caipNetworkId })
  }
  return connections.length === 0 ? invalid("no account") : Effect.succeed({ connections, scopes: grantedScopes })
}

/** `grantedOf` for an answer still undecoded (what `wallet_createSession` or `wallet_getSession` returned). */
export const grantedOfAnswer = (
  connectorId: string,
  answer: unknown,
  networks: ReadonlyArray<Caip.CaipNetworkId>,
  preferred: ReadonlyArray<Caip.CaipNetworkId> = []
): Effect.Effect<Granted, Connector.InvalidAccountError> =>
  Option.match(decodeAnswer(answer), {
    onNone: () => Effect.fail(new Connector.InvalidAccountError({ connectorId, message: "The wallet answered with a malformed session" })),
    onSome: (decoded) => grantedOf(connectorId, decoded.sessionScopes, networks, preferred)
  })

/** Whether a session answer grants nothing (`wallet_getSession` when the wallet keeps no session for the page). */
export const isEmpty = (answer: unknown): boolean =>
  Option.match(decodeAnswer(answer), { onNone: () => false, onSome: (decoded) => Object.keys(decoded.sessionScopes).length === 0 })
