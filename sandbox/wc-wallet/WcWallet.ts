/**
 * The demo WalletConnect wallet, without any DOM: Portico's own Sign client (core/walletconnect/) in the
 * wallet role on the sandbox relay. It pairs from a `wc:` URI, holds session proposals and requests until the
 * person approves or rejects them, and answers EVM requests with the sandbox demo key through the EVM demo
 * wallet (EvmWallet.ts) and Solana requests through the Solana demo wallet (SolanaWallet.ts).
 *
 * The page renders `getState()` and calls the actions; Node tests drive the very same object.
 */
import { base58, base64 } from "@scure/base"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type { Hex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import * as Storage from "../../core/Storage.ts"
import * as SignClient from "../../core/walletconnect/SignClient.ts"
import type { SandboxConfig } from "../SandboxConfig.ts"
import type { ApprovalRequest } from "../wallets/Approval.ts"
import { createEvmProvider, type EvmProvider, type EvmWalletChain } from "../wallets/EvmWallet.ts"
import { solanaIcon } from "../wallets/Icons.ts"
import { memory } from "../wallets/Permission.ts"
import { ProviderRpcError } from "../wallets/ProviderRpcError.ts"
import { createSolanaWallet, SolanaWalletError, type SolanaDemoWallet } from "../wallets/SolanaWallet.ts"
import { approvedNamespaces, describeProposal, userRejectedProposal, type ProposalView } from "./Namespaces.ts"
import * as SignInRequests from "./SignInRequests.ts"

export const walletMetadataName = "Portico WalletConnect Demo Wallet"

export interface WcSolanaAccount {
  /** 64 bytes: seed then public key. */
  readonly secretKey: Uint8Array
  readonly address: string
  /** The cluster's CAIP-2 id. */
  readonly chain: string
  readonly rpcUrl: string
}

export interface WcWalletOptions {
  readonly relayUrl: string
  readonly projectId: string
  readonly chains: ReadonlyArray<EvmWalletChain>
  readonly privateKey: Hex
  /** The Solana account the wallet also offers, when the sandbox has one. */
  readonly solana?: WcSolanaAccount
  /** The wallet's own URL, shown to dapps (the page passes its origin). */
  readonly url: string
  /** Where pairings and sessions persist (the page: localStorage; Node tests: memory, the default). */
  readonly storage?: Storage.Storage["Service"]
}

/** The second demo accounts when there are, so this wallet differs from the injected demo wallets (account 0). */
export const fromSandboxConfig = (config: SandboxConfig, url: string): WcWalletOptions => {
  const account = config.evm.accounts[1] ?? config.evm.accounts[0]
  if (account === undefined) throw new Error("The sandbox configuration lists no EVM account")
  const solana = config.solana.accounts[1] ?? config.solana.accounts[0]
  return {
    relayUrl: config.relayUrl,
    projectId: config.projectId,
    chains: config.evm.chains,
    privateKey: account.privateKey,
    ...(solana === undefined ? {} : {
      solana: { secretKey: Uint8Array.from(solana.secretKey), address: solana.address, chain: config.solana.cluster.caipNetworkId, rpcUrl: config.solana.cluster.rpcUrl }
    }),
    url
  }
}

export interface PendingRequest {
  /** `topic:id`, unique across sessions. */
  readonly key: string
  readonly peerName: string
  readonly method: string
  readonly chainId: string
  readonly title: string
  readonly details: ReadonlyArray<string>
}

export interface ActiveSession {
  readonly topic: string
  readonly name: string
  readonly url: string
  readonly icons: ReadonlyArray<string>
  readonly accounts: ReadonlyArray<string>
}

export interface WcWalletState {
  readonly address: string
  readonly proposals: ReadonlyArray<ProposalView>
  /** One-Click Auth requests: connect and sign in with one Approve. */
  readonly signIns: ReadonlyArray<SignInRequests.SignInView>
  /** Whether the wallet answers One-Click Auth; off, it behaves as a wallet without it. */
  readonly oneClickAuth: boolean
  readonly requests: ReadonlyArray<PendingRequest>
  readonly sessions: ReadonlyArray<ActiveSession>
  /** The last thing that happened, for the page's status line. */
  readonly status: string
  readonly error: string | undefined
}

export interface WcWallet {
  readonly getState: () => WcWalletState
  readonly subscribe: (listener: () => void) => () => void
  readonly pair: (uri: string) => Promise<void>
  /** Approves; resolves once the settlement is sent, with where the dapp asks to be returned. */
  readonly approveProposal: (id: number) => Promise<string | undefined>
  readonly rejectProposal: (id: number) => Promise<void>
  /** Signs in and connects; resolves once the answer is sent, with where the dapp asks to be returned. */
  readonly approveSignIn: (id: number) => Promise<string | undefined>
  readonly rejectSignIn: (id: number) => Promise<void>
  readonly setOneClickAuth: (on: boolean) => void
  readonly approveRequest: (key: string) => void
  readonly rejectRequest: (key: string) => void
  readonly disconnect: (topic: string) => Promise<void>
  /** Closes the relay connection (tests; the page lives as long as the tab). */
  readonly close: () => Promise<void>
}

const SwitchChainParams = Schema.Tuple([Schema.Struct({ chainId: Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]+$/)) })])
const decodeSwitch = Schema.decodeUnknownResult(SwitchChainParams)

const userDisconnected = { code: 6000, message: "User disconnected." }

const isHttpUrl = (value: string): boolean => /^https?:\/\//.test(value)

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** A JSON-RPC error body for whatever a demo wallet threw (4001 when the person rejected). */
const rpcError = (error: unknown) =>
  error instanceof ProviderRpcError || error instanceof SolanaWalletError
    ? { code: error.code, message: error.message }
    : { code: -32603, message: errorMessage(error) }

const SolanaMessage = Schema.Struct({ message: Schema.String })
const SolanaTransaction = Schema.Struct({ transaction: Schema.String })
const SolanaTransactions = Schema.Struct({ transactions: Schema.Array(Schema.String) })
const decodeParams = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, params: unknown): S["Type"] => {
  const decoded = Schema.decodeUnknownResult(schema)(params)
  if (Result.isFailure(decoded)) throw new ProviderRpcError(-32602, `Invalid params: ${decoded.failure.message}`)
  return decoded.success
}

export const createWcWallet = async (options: WcWalletOptions): Promise<WcWallet> => {
  const address = privateKeyToAccount(options.privateKey).address
  const storage = options.storage ?? Storage.serviceOf(Storage.layerMemory)
  const client = await SignClient.make({
    role: "wallet",
    relayUrl: options.relayUrl,
    projectId: options.projectId,
    storage,
    metadata: { name: walletMetadataName, description: "Portico sandbox wallet", url: options.url, icons: [] }
  })

  const listeners = new Set<() => void>()
  // Raw proposals by id: approval answers from the proposal the dapp sent, not from the view of it.
  const proposals = new Map<number, { readonly raw: unknown; readonly view: ProposalView; readonly pairingTopic: string }>()
  const signIns = SignInRequests.make({ client, privateKey: options.privateKey, chainIds: options.chains.map((chain) => chain.chainId) })
  const pending = new Map<string, PendingRequest & { readonly topic: string; readonly resolve: (ok: boolean) => void }>()
  // One demo wallet per (session, chain): it keeps per-chain state such as wallet_sendCalls bundles.
  const providers = new Map<string, EvmProvider>()
  const solanaWallets = new Map<string, SolanaDemoWallet>()
  let status = "Ready"
  let error: string | undefined

  const sessionOf = (topic: string) => client.sessions().find((session) => session.topic === topic)
  const sessions = (): ReadonlyArray<ActiveSession> =>
    client.sessions().map((session) => ({
      topic: session.topic,
      name: session.peer.metadata.name,
      url: session.peer.metadata.url,
      icons: session.peer.metadata.icons.filter(isHttpUrl),
      accounts: Object.values(session.namespaces).flatMap((namespace) => namespace.accounts)
    }))

  let state: WcWalletState = { address, proposals: [], signIns: [], oneClickAuth: signIns.enabled(), requests: [], sessions: sessions(), status, error }
  const publish = (): void => {
    state = {
      address,
      proposals: [...proposals.values()].map((proposal) => proposal.view),
      signIns: signIns.views(),
      oneClickAuth: signIns.enabled(),
      requests: [...pending.values()].map(({ key, peerName, method, chainId, title, details }) => ({
        key,
        peerName,
        method,
        chainId,
        title,
        details
      })),
      sessions: sessions(),
      status,
      error
    }
    for (const listener of listeners) listener()
  }
  const report = (message: string, failure?: unknown): void => {
    status = message
    error = failure === undefined ? undefined : `${message}: ${errorMessage(failure)}`
    publish()
  }

  /** The consent step: shows the request and waits for Approve or Reject. */
  const ask = (key: string, topic: string, method: string, chainId: string, request: ApprovalRequest) =>
    new Promise<boolean>((resolve) => {
      const peerName = sessionOf(topic)?.peer.metadata.name ?? topic
      pending.set(key, { key, topic, peerName, method, chainId, title: request.title, details: request.details, resolve })
      publish()
    })

  const settle = (key: string, approved: boolean): void => {
    const entry = pending.get(key)
    if (entry === undefined) return
    pending.delete(key)
    entry.resolve(approved)
    publish()
  }

  // The request being handed to a demo wallet. Its `approve` runs synchronously inside the wallet's call (before
  // its first await), so the prompt is attributed to this request; a later call is refused.
  let asking: { readonly key: string; readonly topic: string; readonly method: string; readonly chainId: string } | undefined
  const approveAsking = (request: ApprovalRequest) =>
    asking === undefined ? Promise.resolve(false) : ask(asking.key, asking.topic, asking.method, asking.chainId, request)

  const providerFor = (topic: string, chain: EvmWalletChain, origin: string) => {
    const id = `${topic}|${chain.chainId}`
    const existing = providers.get(id)
    if (existing !== undefined) return existing
    const provider = createEvmProvider({
      privateKey: options.privateKey,
      chains: [chain, ...options.chains.filter((other) => other.chainId !== chain.chainId)],
      // Approving the session granted the account: the wallet does not ask to connect again.
      permission: memory(true),
      origin,
      approve: approveAsking
    })
    providers.set(id, provider)
    return provider
  }

  const solanaFor = (topic: string, solana: WcSolanaAccount, origin: string) => {
    const existing = solanaWallets.get(topic)
    if (existing !== undefined) return existing
    const wallet = createSolanaWallet({ ...solana, chain: solana.chain as `${string}:${string}`, icon: solanaIcon, approve: approveAsking, origin, permission: memory(true) })
    solanaWallets.set(topic, wallet)
    return wallet
  }

  const sessionChains = (topic: string): ReadonlyArray<string> =>
    Object.values(sessionOf(topic)?.namespaces ?? {}).flatMap((namespace) =>
      namespace.accounts.map((account) => account.split(":").slice(0, 2).join(":"))
    )

  const chainById = (caip: string): EvmWalletChain | undefined =>
    options.chains.find((chain) => `eip155:${chain.chainId}` === caip)

  /** wallet_switchEthereumChain: the session decides the chain, so the wallet announces chainChanged itself. */
  const switchChain = async (key: string, topic: string, chainId: string, params: unknown): Promise<null> => {
    const decoded = decodeSwitch(params)
    if (Result.isFailure(decoded)) throw new ProviderRpcError(-32602, `Invalid params: ${decoded.failure.message}`)
    const target = `eip155:${Number(BigInt(decoded.success[0].chainId))}`
    const chain = chainById(target)
    if (chain === undefined || !sessionChains(topic).includes(target)) {
      throw new ProviderRpcError(4902, `Unrecognized chain ID "${decoded.success[0].chainId}".`)
    }
    const approved = await ask(key, topic, "wallet_switchEthereumChain", chainId, {
      wallet: walletMetadataName,
      title: "Switch network",
      details: [`Site: ${sessionOf(topic)?.peer.metadata.url ?? ""}`, `Network: ${chain.name} (${chain.chainId})`]
    })
    if (!approved) throw new ProviderRpcError(4001, "User rejected the request.")
    await client.emit(topic, target, { name: "chainChanged", data: chain.chainId })
    return null
  }

  /** Solana requests in WalletConnect's encoding (base58 messages and signatures, base64 transactions). */
  const answerSolana = async (topic: string, solana: WcSolanaAccount, method: string, params: unknown) => {
    const wallet = solanaFor(topic, solana, sessionOf(topic)?.peer.metadata.url ?? "")
    const [account] = wallet.accounts
    if (account === undefined) throw new ProviderRpcError(4100, "The Solana account is not authorised")
    const chain = solana.chain as `${string}:${string}`
    const features = wallet.features
    switch (method) {
      case "solana_signMessage": {
        const [output] = await features["solana:signMessage"].signMessage({ account, message: base58.decode(decodeParams(SolanaMessage, params).message) })
        return { signature: base58.encode(output?.signature ?? new Uint8Array()) }
      }
      case "solana_signTransaction": {
        const [output] = await features["solana:signTransaction"].signTransaction({ account, chain, transaction: base64.decode(decodeParams(SolanaTransaction, params).transaction) })
        return { transaction: base64.encode(output?.signedTransaction ?? new Uint8Array()) }
      }
      case "solana_signAllTransactions": {
        const inputs = decodeParams(SolanaTransactions, params).transactions.map((transaction) => ({ account, chain, transaction: base64.decode(transaction) }))
        const outputs = await features["solana:signTransaction"].signTransaction(...inputs)
        return { transactions: outputs.map((output) => base64.encode(output.signedTransaction)) }
      }
      case "solana_signAndSendTransaction": {
        const [output] = await features["solana:signAndSendTransaction"].signAndSendTransaction({ account, chain, transaction: base64.decode(decodeParams(SolanaTransaction, params).transaction) })
        return { signature: base58.encode(output?.signature ?? new Uint8Array()) }
      }
      default:
        throw new ProviderRpcError(4200, `Unsupported method ${method}`)
    }
  }

  const answer = async (key: string, topic: string, chainId: string, method: string, params: unknown) => {
    if (method === "wallet_switchEthereumChain") return switchChain(key, topic, chainId, params)
    const solana = options.solana
    if (solana !== undefined && chainId === solana.chain && sessionChains(topic).includes(chainId)) {
      asking = { key, topic, method, chainId }
      const pendingAnswer = answerSolana(topic, solana, method, params)
      asking = undefined
      return pendingAnswer
    }
    const chain = chainById(chainId)
    if (chain === undefined || !sessionChains(topic).includes(chainId)) {
      throw new ProviderRpcError(4902, `Unrecognized chain ID "${chainId}".`)
    }
    const provider = providerFor(topic, chain, sessionOf(topic)?.peer.metadata.url ?? "")
    asking = { key, topic, method, chainId }
    try {
      return provider.request({ method, params })
    } finally {
      asking = undefined
    }
  }

  const forget = (topic: string): void => {
    for (const [key, entry] of pending) if (entry.topic === topic) settle(key, false)
    for (const id of providers.keys()) if (id.startsWith(`${topic}|`)) providers.delete(id)
    solanaWallets.delete(topic)
  }

  client.subscribe((event) => {
    switch (event._tag) {
      case "SessionAuthenticate": {
        if (!signIns.take(event.request)) return
        // The proposal sent alongside is for wallets without One-Click Auth: this one answers the sign-in only.
        for (const [id, proposal] of proposals) if (proposal.pairingTopic === event.request.pairingTopic) proposals.delete(id)
        return report(`Sign-in request from ${event.request.params.requester.metadata.name}`)
      }
      case "SessionProposal": {
        if (signIns.onPairing(event.proposal.pairingTopic)) return
        const raw = { id: event.proposal.id, ...event.proposal.params }
        const view = describeProposal(raw)
        if (Result.isFailure(view)) {
          void client.reject(event.proposal.id, view.failure).catch(() => undefined)
          return report("Refused a malformed session proposal", view.failure.message)
        }
        proposals.set(event.proposal.id, { raw, view: view.success, pairingTopic: event.proposal.pairingTopic })
        return report(`Session proposal from ${view.success.name}`)
      }
      case "SessionRequest": {
        const { id, topic, params } = event
        const key = `${topic}:${id}`
        void answer(key, topic, params.chainId, params.request.method, params.request.params)
          .then(
            (result: unknown) => ({ result }),
            (failure: unknown) => ({ error: rpcError(failure) })
          )
          // A session ended meanwhile has nobody left to answer.
          .then((outcome) => (sessionOf(topic) === undefined ? undefined : client.respond(topic, id, outcome)))
          .then(
            () => report(`Answered ${params.request.method}`),
            (failure: unknown) => report(`Could not answer ${params.request.method}`, failure)
          )
        return
      }
      case "SessionDelete":
        forget(event.topic)
        return report("The dapp ended a session")
      case "SessionExpire":
        forget(event.topic)
        return report("A session expired")
      default:
        return
    }
  })

  const pair = async (uri: string): Promise<void> => {
    try {
      await client.pair(uri.trim())
      report("Paired: waiting for the session proposal")
    } catch (failure) {
      report("Pairing failed", failure)
    }
  }

  const approveProposal = async (id: number): Promise<string | undefined> => {
    const proposal = proposals.get(id)
    if (proposal === undefined) return undefined
    proposals.delete(id)
    const solana = options.solana
    const namespaces = approvedNamespaces(proposal.raw, {
      chainIds: options.chains.map((chain) => chain.chainId),
      address,
      ...(solana === undefined ? {} : { solana: { chain: solana.chain, address: solana.address } })
    })
    try {
      if (Result.isFailure(namespaces)) {
        await client.reject(id, namespaces.failure)
        report(`Cannot serve ${proposal.view.name}`, namespaces.failure.message)
        return undefined
      }
      const granted = Object.fromEntries(
        Object.entries(namespaces.success).map(([name, namespace]) => [name, {
          chains: [...namespace.chains],
          accounts: [...namespace.accounts],
          methods: [...namespace.methods],
          events: [...namespace.events]
        }])
      )
      const { acknowledged } = await client.approve(id, granted)
      report(`Connected to ${proposal.view.name}`)
      // As wallet apps do, the visitor goes back once the settlement is sent: the dapp's page may be a fresh
      // load (a phone discarded it meanwhile) that acknowledges only once it took the kept answer.
      void acknowledged.then(publish, (failure: unknown) => report(`${proposal.view.name} did not acknowledge the session`, failure))
      return proposal.view.returnTo
    } catch (failure) {
      report(`Approving ${proposal.view.name} failed`, failure)
      return undefined
    }
  }

  const rejectProposal = async (id: number): Promise<void> => {
    const proposal = proposals.get(id)
    if (proposal === undefined) return
    proposals.delete(id)
    try {
      await client.reject(id, userRejectedProposal)
      report(`Rejected ${proposal.view.name}`)
    } catch (failure) {
      report(`Rejecting ${proposal.view.name} failed`, failure)
    }
  }

  const approveSignIn = (id: number): Promise<string | undefined> =>
    signIns.approve(id).then(
      ({ name, returnTo }) => {
        report(`Signed in to ${name}`)
        return returnTo
      },
      (failure: unknown) => {
        report("Signing in failed", failure)
        return undefined
      }
    )

  const rejectSignIn = (id: number): Promise<void> =>
    signIns.reject(id).then((name) => report(`Rejected the sign-in to ${name}`), (failure: unknown) => report("Rejecting the sign-in failed", failure))

  const disconnect = async (topic: string): Promise<void> => {
    forget(topic)
    try {
      await client.disconnect(topic, userDisconnected)
      report("Disconnected")
    } catch (failure) {
      report("Disconnecting failed", failure)
    }
  }

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    pair,
    approveProposal,
    rejectProposal,
    approveSignIn,
    rejectSignIn,
    setOneClickAuth: (on) => {
      signIns.setEnabled(on)
      publish()
    },
    approveRequest: (key) => settle(key, true),
    rejectRequest: (key) => settle(key, false),
    disconnect,
    close: () => Promise.resolve(client.close())
  }
}
