/**
 * WalletConnect through Portico's own Sign client (core/walletconnect/): one session grants EVM and
 * Solana accounts at once. This module loads behind WalletConnectConnector.ts, and the client (and its
 * crypto) by dynamic import the first time a visitor leans toward WalletConnect or a stored session is
 * restored, never before; the relay URL is configuration, so
 * a self-hosted relay (or the sandbox's) works, and nothing but the relay is ever contacted.
 *
 * What the wallet settles is checked like every connector's accounts (spec §5): every namespace must be
 * one that was proposed, every account a valid address on a configured network; anything else ends the
 * session and fails with `InvalidAccountError`.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Predicate from "effect/Predicate"
import * as Address from "../Address.ts"
import * as Caip from "../Caip.ts"
import * as Connector from "../Connector.ts"
import type * as Config from "../Config.ts"
import * as Constants from "../Constants.ts"
import * as RpcCode from "../RpcCode.ts"
import type * as Storage from "../Storage.ts"
import * as WalletError from "../WalletError.ts"
import type * as Protocol from "../walletconnect/Protocol.ts"
import type * as SignClient from "../walletconnect/SignClient.ts"
import * as Eip1193 from "./Eip1193.ts"
import * as OneClickAuth from "./OneClickAuth.ts"
import * as SolanaSigner from "./SolanaSigner.ts"
import * as WalletConnectPairings from "./WalletConnectPairings.ts"
import * as WalletConnectConnector from "./WalletConnectConnector.ts"
import * as WalletConnectResume from "./WalletConnectResume.ts"

export interface Options {
  readonly projectId: string
  /** `wss://…` of the relay. */
  readonly relayUrl: string
  /** What the wallet is told about the site; `redirect` is how it sends the visitor back (WalletRedirect.ts). */
  readonly metadata: Config.AppMetadata
  /** The networks offered to the wallet: EVM and Solana ones. */
  readonly networks: ReadonlyArray<Caip.CaipNetworkId>
  readonly storage: Storage.Storage["Service"]
  /**
   * Called after a request went to the wallet, with the wallet's own link: on a phone the composition root
   * opens it, so the visitor lands in the wallet that must approve (spec: wcLinking).
   */
  readonly openWallet?: (link: string) => void
  /** Tests: a WebSocket other than the global one. */
  readonly openSocket?: SignClient.Options["openSocket"]
}

/** Its name and id are the engine's (WalletConnectConnector.ts, which loads this module). */
export const connector = WalletConnectConnector.connector

export const evmMethods = [
  "eth_sendTransaction",
  "personal_sign",
  "eth_signTypedData_v4",
  "wallet_switchEthereumChain",
  "wallet_addEthereumChain",
  "wallet_sendCalls",
  "wallet_getCallsStatus",
  "wallet_getCapabilities"
]

export const solanaMethods = ["solana_signMessage", "solana_signTransaction", "solana_signAndSendTransaction", "solana_signAllTransactions"]

const events = ["chainChanged", "accountsChanged"]

/** How a namespace is named in the words a host reads. */
const namespaceNames: Readonly<Record<string, string>> = { eip155: "EVM", solana: "Solana" }

/** The namespaces proposed: EVM and Solana methods on the configured networks of each, preferred first. */
export const proposalNamespaces = (
  networks: ReadonlyArray<Caip.CaipNetworkId>,
  preferred: Caip.CaipNetworkId | undefined
): Protocol.ProposalNamespaces => {
  const ordered = preferred !== undefined && networks.includes(preferred) ? [preferred, ...networks.filter((n) => n !== preferred)] : networks
  const of = (namespace: "eip155" | "solana", methods: ReadonlyArray<string>) => {
    const chains = ordered.filter((network) => network.startsWith(`${namespace}:`))
    return chains.length === 0 ? {} : { [namespace]: { chains, methods, events } }
  }
  return { ...of("eip155", evmMethods), ...of("solana", solanaMethods) }
}

const invalid = (message: string) => Effect.fail(new Connector.InvalidAccountError({ connectorId: connector.id, message }))

/**
 * The connections a settled session grants, one per namespace, or why it is refused: an unproposed
 * namespace, an account on a network that was not offered, or an address not valid for its namespace.
 */
export const connectionsOf = (
  session: Pick<SignClient.Session, "namespaces" | "peer">,
  networks: ReadonlyArray<Caip.CaipNetworkId>,
  /** Networks to stay on, one per namespace at most, where the wallet grants an account there. */
  preferred: ReadonlyArray<Caip.CaipNetworkId> = []
): Effect.Effect<ReadonlyArray<Connector.Connected>, Connector.InvalidAccountError> => {
  const grouped = new Map<"eip155" | "solana", Array<Caip.ParsedAddress>>()
  for (const [key, namespace] of Object.entries(session.namespaces)) {
    const name = Caip.namespaceOf(key)
    if (name !== "eip155" && name !== "solana") return invalid(`The wallet approved the namespace ${key}, which was not proposed`)
    for (const entry of namespace.accounts) {
      const parsed = Effect.runSync(Effect.option(Caip.parseAddress(entry)))
      if (Option.isNone(parsed) || parsed.value.namespace !== name) return invalid(`The wallet answered with a malformed account ${entry}`)
      if (!networks.includes(Caip.networkIdOf(parsed.value))) return invalid(`The wallet answered with an account on ${Caip.networkIdOf(parsed.value)}, a network that was not offered`)
      if (!Address.isValid(name, parsed.value.address, { strict: true })) return invalid(`The wallet answered with an account that is not a valid ${name} address`)
      grouped.set(name, [...(grouped.get(name) ?? []), parsed.value])
    }
  }
  const metadata = session.peer.metadata
  const linking = metadata.redirect?.native ?? metadata.redirect?.universal
  const icon = metadata.icons[0]
  // The wallet that answered names the account (Connection keeps its icon only from a safe source).
  const wallet = metadata.name === "" ? {} : { wallet: { name: metadata.name, ...(icon === undefined ? {} : { icon }) } }
  const connections = [...grouped].map(([namespace, entries]): Connector.Connected => {
    const first = entries.find((entry) => preferred.includes(Caip.networkIdOf(entry))) ?? entries[0]
    const caipNetworkId = first === undefined ? `${namespace}:0` as const : Caip.networkIdOf(first)
    const accounts = [...new Set(entries.filter((entry) => Caip.networkIdOf(entry) === caipNetworkId).map((entry) => entry.address))]
    return { namespace, accounts, caipNetworkId, ...wallet, ...(linking === undefined || linking === "" ? {} : { linking }) }
  })
  return connections.length === 0 ? invalid("The wallet approved no account") : Effect.succeed(connections)
}

/** WalletConnect's "User rejected." (5000) is the same act as EIP-1193's 4001, and maps to the same error. */
const failure = (cause: unknown): Connector.ConnectorFailure => {
  if (Predicate.isTagged(cause, "InvalidAccountError")) return cause as Connector.InvalidAccountError
  // A settlement the dapp refused (networks, methods or events it did not offer) is an answer that is not valid.
  if (Predicate.isTagged(cause, "SettlementRefusedError")) return new Connector.InvalidAccountError({ connectorId: connector.id, message: (cause as SignClient.SettlementRefusedError).message })
  const mapped = Connector.failure(cause)
  return mapped._tag === "RpcError" && (/user rejected/i.test(mapped.message) || Predicate.hasProperty(cause, "code") && cause.code === 5000)
    ? new WalletError.UserRejectedRequestError({ code: RpcCode.table.UserRejectedRequest.code, message: mapped.message })
    : mapped
}

const attempt = <A>(evaluate: () => Promise<A>) => Effect.tryPromise({ try: evaluate, catch: failure })

/** The session's topic and what it grants per namespace (its network follows chainChanged). */
interface Live {
  readonly topic: string
  readonly peer: SignClient.Session["peer"]
  readonly connections: Map<string, Connector.Connected>
  readonly linking: string | undefined
}

const liveOf = (session: SignClient.Session, connections: ReadonlyArray<Connector.Connected>): Live => ({
  topic: session.topic,
  peer: session.peer,
  connections: new Map(connections.map((connection) => [connection.namespace, connection])),
  linking: connections[0]?.linking
})

/**
 * The session's own events as connector events: a namespace's chain or accounts changed, the wallet
 * changed what the session grants (checked as at connection, else the session ends), or it ended.
 */
const sessionEvents = (
  networks: ReadonlyArray<Caip.CaipNetworkId>,
  emit: (event: Connector.ConnectorEvent) => void,
  live: {
    readonly get: () => Live | undefined
    /** Forgets the session; with a reason, also tells the wallet it ended. */
    readonly end: (session: Live, reason?: { readonly code: number; readonly message: string }) => void
  }
) => {
  const onUpdate = (session: Live, namespaces: Protocol.SessionNamespaces) => {
    // The networks the page is on stay where the wallet still grants an account there.
    const onNetworks = [...session.connections.values()].map((connection) => connection.caipNetworkId)
    const checked = Effect.runSync(Effect.result(connectionsOf({ namespaces, peer: session.peer }, networks, onNetworks)))
    if (checked._tag === "Failure") {
      live.end(session, { code: 5103, message: "Unsupported accounts." })
      return emit({ _tag: "Disconnected" })
    }
    for (const connection of checked.success) {
      session.connections.set(connection.namespace, connection)
      emit({ _tag: "AccountsChanged", namespace: connection.namespace, accounts: connection.accounts })
    }
  }
  return (event: SignClient.SignEvent) => {
    const current = live.get()
    if (current === undefined || !("topic" in event) || event.topic !== current.topic) return
    switch (event._tag) {
      case "SessionEvent": {
        const { name, data } = event.params.event
        const namespace = Caip.namespaceOf(event.params.chainId)
        if (name === "chainChanged") {
          const caipNetworkId = namespace === "eip155" ? Eip1193.caipNetworkIdOf(data) : Caip.isNetworkId(event.params.chainId) ? event.params.chainId : undefined
          const connection = current.connections.get(namespace)
          if (caipNetworkId === undefined || connection === undefined || !networks.includes(caipNetworkId)) return
          current.connections.set(namespace, { ...connection, caipNetworkId })
          return emit({ _tag: "ChainChanged", caipNetworkId, namespace: connection.namespace })
        }
        if (name === "accountsChanged" && Array.isArray(data) && (namespace === "eip155" || namespace === "solana")) {
          // Accounts arrive bare (`0x…`) or as CAIP-10 (`eip155:1:0x…`): the address is the last part.
          return emit({ _tag: "AccountsChanged", namespace, accounts: data.filter(Predicate.isString).map((account) => Caip.accountOf(account) ?? account) })
        }
        return
      }
      case "SessionUpdate":
        return onUpdate(current, event.namespaces)
      case "SessionDelete":
      case "SessionExpire":
        live.end(current)
        return emit({ _tag: "Disconnected" })
      default:
        return
    }
  }
}

/** The dapp's Sign client, its code loaded at the first use; a failed load is tried again by the next use. */
const clientOf = (options: Options, onEvent: (event: SignClient.SignEvent) => void) => {
  let loading: Promise<SignClient.SignClient> | undefined
  const load = () => {
    loading ??= import("../walletconnect/SignClient.ts").then(async (SignClientModule) => {
      const client = await SignClientModule.make({
        role: "dapp",
        relayUrl: options.relayUrl,
        projectId: options.projectId,
        metadata: { ...options.metadata, icons: [...options.metadata.icons], ...(options.metadata.redirect === undefined ? {} : { redirect: { ...options.metadata.redirect } }) },
        storage: options.storage,
        ...(options.openSocket === undefined ? {} : { openSocket: options.openSocket })
      })
      client.subscribe(onEvent)
      return client
    })
    loading.catch(() => {
      loading = undefined
    })
    return loading
  }
  return { load, loaded: () => loading }
}

/** A new proposal of the configured networks, `caipNetworkId` first, with its pairing's expiry; with `authenticate`, One-Click Auth too. */
const proposer = (networks: ReadonlyArray<Caip.CaipNetworkId>, load: () => Promise<SignClient.SignClient>) => (caipNetworkId: Caip.CaipNetworkId | undefined, authenticate?: Protocol.AuthPayload) =>
  Effect.gen(function*() {
    const client = yield* attempt(load)
    const expiry = (yield* Clock.currentTimeMillis) + Constants.pairingExpiryMillis
    const optionalNamespaces = proposalNamespaces(networks, caipNetworkId)
    const expiryTimestamp = Math.floor(expiry / 1000)
    const proposal = yield* attempt(() => client.propose({ optionalNamespaces, expiryTimestamp, ...(authenticate === undefined ? {} : { authenticate }) }))
    return { proposal, expiry, caipNetworkId }
  })

export const make = (options: Options): Connector.ConnectorClient => {
  const listeners = new Set<(event: Connector.ConnectorEvent) => void>()
  const emit = (event: Connector.ConnectorEvent) => {
    for (const listener of listeners) listener(event)
  }
  let current: Live | undefined

  const fail = (message: string) => new Connector.ConnectorError({ connectorId: connector.id, message })
  const primaryOf = (session: typeof current) => session?.connections.get("eip155") ?? session?.connections.get("solana")

  const onEvent = sessionEvents(options.networks, emit, {
    get: () => current,
    end: (session, reason) => {
      current = undefined
      if (reason !== undefined) void loaded()?.then((client) => client.disconnect(session.topic, reason)).catch(() => undefined)
    }
  })

  const { load, loaded } = clientOf(options, (event) => onEvent(event))

  /** Accepts a settled session, or ends it and fails when its accounts do not pass the checks. */
  const adopt = (client: SignClient.SignClient, session: SignClient.Session, preferred: Caip.CaipNetworkId | undefined) =>
    connectionsOf(session, options.networks, preferred === undefined ? [] : [preferred]).pipe(
      Effect.tapError(() => Effect.promise(() => client.disconnect(session.topic, { code: 5103, message: "Unsupported accounts." }).catch(() => undefined))),
      Effect.tap((connections) => Effect.sync(() => {
        current = liveOf(session, connections)
      })),
      // connectionsOf never succeeds with an empty list.
      Effect.flatMap(([primary, ...others]) =>
        primary === undefined
          ? Effect.fail(fail("The wallet approved no account"))
          : Effect.succeed<Connector.Connected>(others.length === 0 ? primary : { ...primary, also: others }))
    )

  const propose = proposer(options.networks, load)
  const pairings = WalletConnectPairings.make(propose)

  const connect = (connectOptions: Connector.ConnectOptions) =>
    Effect.gen(function*() {
      const auth = yield* OneClickAuth.load(connectOptions.signIn, options.networks, evmMethods, attempt)
      const { proposal, expiry } = yield* pairings.take(connectOptions.caipNetworkId, auth === undefined ? undefined : () => propose(connectOptions.caipNetworkId, auth.asked))
      emit({ _tag: "DisplayUri", uri: proposal.uri, expiry })
      const session = yield* attempt(() => proposal.approval).pipe(
        // An abandoned attempt (modal closed, URI expired) must not leave its pairing followed.
        Effect.onInterrupt(() => Effect.sync(proposal.abandon))
      )
      const connected = yield* adopt(yield* attempt(load), session, connectOptions.caipNetworkId)
      return auth === undefined ? connected : auth.withSignedIn(connected, proposal.signedIn())
    })

  /** The stored session's connection of the namespace asked for (restore after a reload). */
  const reconnect = (reconnectOptions: Connector.ConnectOptions) =>
    Effect.gen(function*() {
      const client = yield* attempt(load)
      const [session] = client.sessions()
      if (session === undefined) return yield* fail("No WalletConnect session to restore")
      const connected = yield* adopt(client, session, reconnectOptions.caipNetworkId)
      const namespace = reconnectOptions.caipNetworkId === undefined ? undefined : Caip.namespaceOf(reconnectOptions.caipNetworkId)
      return namespace === undefined ? connected : (current?.connections.get(namespace) ?? connected)
    })

  const topic = Effect.suspend(() => (current === undefined ? Effect.fail(fail("The wallet is not connected")) : Effect.succeed(current)))

  /** The session's connection of `namespace`, and the network it is on. */
  const connectionOf = (namespace: string) =>
    Effect.flatMap(topic, (session) => {
      const connection = session.connections.get(namespace)
      return connection === undefined ? Effect.fail(fail(`The WalletConnect session has no ${namespaceNames[namespace] ?? namespace} account`)) : Effect.succeed(connection)
    })
  const networkOf = (namespace: string) => Effect.map(connectionOf(namespace), (connection) => connection.caipNetworkId)

  /** Sends one request to the wallet on `chainId`; on a phone, the visitor is taken to the wallet to approve it. */
  const ask = (chainId: string, method: string, params: unknown) =>
    Effect.gen(function*() {
      const session = yield* topic
      // Before any wait: a request made in the visitor's tap keeps the gesture the wallet's link needs.
      if (session.linking !== undefined) options.openWallet?.(session.linking)
      const client = yield* attempt(load)
      return yield* attempt(() => client.request(session.topic, chainId, { method, ...(params === undefined ? {} : { params }) }))
    })

  /** An EVM request, sent on the network the session's EVM account is on. */
  const evmRequest = (args: Connector.RequestArguments) =>
    Effect.flatMap(networkOf("eip155"), (chainId) => ask(chainId, args.method, args.params))

  /** Solana requests in WalletConnect's encoding; that code loads with the client, after the visitor picked WalletConnect. */
  const solanaRequest = (method: string, params: Record<string, unknown>) =>
    Effect.gen(function*() {
      const solana = yield* connectionOf("solana")
      const encoding = yield* attempt(() => import("../walletconnect/SolanaRequests.ts"))
      return yield* encoding.request(method, params, {
        pubkey: solana.accounts[0],
        ask: (wire) => ask(solana.caipNetworkId, method, wire),
        fail
      })
    })

  const disconnect = Effect.gen(function*() {
    const session = current
    current = undefined
    if (session === undefined) return
    const client = yield* attempt(load)
    yield* attempt(() => client.disconnect(session.topic))
  })

  return {
    connector,
    // The client's code only: the relay is contacted when a session exists or the visitor picks WalletConnect.
    prepare: () => void load().catch(() => undefined),
    preparePairing: pairings.prepare,
    wake: () => void loaded()?.then((client) => client.wake()).catch(() => undefined),
    connect,
    reconnect,
    resume: WalletConnectResume.resume({ storage: options.storage, client: attempt(load), attempt, adopt: (client, session) => adopt(client, session, undefined) }),
    disconnect,
    // One namespace of the session: our side lets it go (only the wallet may change what a session
    // grants); the session itself ends with the last one.
    release: (namespace) =>
      Effect.suspend(() => {
        current?.connections.delete(namespace)
        return current?.connections.size === 0 ? disconnect : Effect.void
      }),
    accounts: Effect.sync(() => primaryOf(current)?.accounts ?? []),
    selectAccount: (namespace, address) => SolanaSigner.select(current?.connections, namespace, address, fail),
    chain: Effect.flatMap(topic, (session) => {
      const primary = primaryOf(session)
      return primary === undefined ? Effect.fail(fail("The wallet is not connected")) : Effect.succeed(primary.caipNetworkId)
    }),
    // EVM: the wallet is asked and announces where it went (chainChanged); Solana: the session's network stays.
    switchChain: (network) =>
      network.chainNamespace === "eip155"
        ? Eip1193.switchChain({ request: evmRequest, chain: networkOf("eip155") })(network)
        : networkOf(network.chainNamespace),
    request: (args) => {
      const { method, params } = args
      // EIP-1193 params are an array or an object; anything else never reaches the wallet.
      if (params !== undefined && (typeof params !== "object" || params === null)) {
        return Effect.fail(failure({ code: RpcCode.table.InvalidParams.code, message: "Request params must be an array or an object" }))
      }
      if (method.startsWith("solana_")) return solanaRequest(method, (params ?? {}) as Record<string, unknown>)
      return evmRequest(args)
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    }
  }
}
