/**
 * The demo WalletConnect wallet, without any DOM: a `@walletconnect/sign-client` on the sandbox relay that
 * pairs from a `wc:` URI, holds session proposals and requests until the person approves or rejects them,
 * and answers requests by signing with the sandbox demo key through the EVM demo wallet (EvmWallet.ts).
 *
 * The page renders `getState()` and calls the actions; Node tests drive the very same object.
 */
import { SignClient } from "@walletconnect/sign-client"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type { Hex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import type { SandboxConfig } from "../SandboxConfig.ts"
import type { ApprovalRequest } from "../wallets/Approval.ts"
import { createEvmProvider, type EvmProvider, type EvmWalletChain } from "../wallets/EvmWallet.ts"
import { memory } from "../wallets/Permission.ts"
import { ProviderRpcError } from "../wallets/ProviderRpcError.ts"
import { approvedNamespaces, describeProposal, userRejectedProposal, type ProposalView } from "./Namespaces.ts"

export const walletMetadataName = "Portico WalletConnect Demo Wallet"

export interface WcWalletOptions {
  readonly relayUrl: string
  readonly projectId: string
  readonly chains: ReadonlyArray<EvmWalletChain>
  readonly privateKey: Hex
  /** The wallet's own URL, shown to dapps (the page passes its origin). */
  readonly url: string
  /** Distinct per client when several share one JavaScript realm (Node tests). */
  readonly storagePrefix?: string
}

/** The second demo account when there is one, so this wallet differs from the injected demo wallet (account 0). */
export const fromSandboxConfig = (config: SandboxConfig, url: string): WcWalletOptions => {
  const account = config.evm.accounts[1] ?? config.evm.accounts[0]
  if (account === undefined) throw new Error("The sandbox configuration lists no EVM account")
  return {
    relayUrl: config.relayUrl,
    projectId: config.projectId,
    chains: config.evm.chains,
    privateKey: account.privateKey,
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
  readonly approveProposal: (id: number) => Promise<void>
  readonly rejectProposal: (id: number) => Promise<void>
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

/** A JSON-RPC error body for whatever the EVM wallet threw (4001 when the person rejected). */
const rpcError = (error: unknown) =>
  error instanceof ProviderRpcError
    ? { code: error.code, message: error.message }
    : { code: -32603, message: errorMessage(error) }

export const createWcWallet = async (options: WcWalletOptions): Promise<WcWallet> => {
  const address = privateKeyToAccount(options.privateKey).address
  const client = await SignClient.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    telemetryEnabled: false,
    logger: "silent",
    ...(options.storagePrefix === undefined ? {} : { customStoragePrefix: options.storagePrefix }),
    metadata: { name: walletMetadataName, description: "Portico sandbox wallet", url: options.url, icons: [] }
  })

  const listeners = new Set<() => void>()
  // Raw proposals by id: approval answers from the proposal the dapp sent, not from the view of it.
  const proposals = new Map<number, { readonly raw: unknown; readonly view: ProposalView }>()
  const pending = new Map<string, PendingRequest & { readonly topic: string; readonly resolve: (ok: boolean) => void }>()
  // One EVM demo wallet per (session, chain): it keeps per-chain state such as wallet_sendCalls bundles.
  const providers = new Map<string, EvmProvider>()
  let status = "Ready"
  let error: string | undefined

  const sessions = (): ReadonlyArray<ActiveSession> =>
    client.session.getAll().map((session) => ({
      topic: session.topic,
      name: session.peer.metadata.name,
      url: session.peer.metadata.url,
      // Peer metadata is whatever the dapp sent: icons may be missing despite the SDK's type.
      icons: (session.peer.metadata.icons ?? []).filter(isHttpUrl),
      accounts: Object.values(session.namespaces).flatMap((namespace) => namespace.accounts)
    }))

  let state: WcWalletState = { address, proposals: [], requests: [], sessions: sessions(), status, error }
  const publish = (): void => {
    state = {
      address,
      proposals: [...proposals.values()].map((proposal) => proposal.view),
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
      const peerName = client.session.keys.includes(topic) ? client.session.get(topic).peer.metadata.name : topic
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

  // The request being handed to an EVM demo wallet. Its `approve` runs synchronously inside `request()` (before
  // the wallet's first await), so the prompt is attributed to this request; a later call is refused.
  let asking: { readonly key: string; readonly topic: string; readonly method: string; readonly chainId: string } | undefined

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
      approve: (request) =>
        asking === undefined
          ? Promise.resolve(false)
          : ask(asking.key, asking.topic, asking.method, asking.chainId, request)
    })
    providers.set(id, provider)
    return provider
  }

  const sessionChains = (topic: string): ReadonlyArray<string> =>
    Object.values(client.session.get(topic).namespaces).flatMap((namespace) =>
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
      details: [`Site: ${client.session.get(topic).peer.metadata.url}`, `Network: ${chain.name} (${chain.chainId})`]
    })
    if (!approved) throw new ProviderRpcError(4001, "User rejected the request.")
    await client.emit({ topic, chainId: target, event: { name: "chainChanged", data: chain.chainId } })
    return null
  }

  const answer = async (key: string, topic: string, chainId: string, method: string, params: unknown) => {
    if (method === "wallet_switchEthereumChain") return switchChain(key, topic, chainId, params)
    const chain = chainById(chainId)
    if (chain === undefined || !sessionChains(topic).includes(chainId)) {
      throw new ProviderRpcError(4902, `Unrecognized chain ID "${chainId}".`)
    }
    const provider = providerFor(topic, chain, client.session.get(topic).peer.metadata.url)
    asking = { key, topic, method, chainId }
    try {
      return provider.request({ method, params })
    } finally {
      asking = undefined
    }
  }

  client.on("session_proposal", (proposal) => {
    const view = describeProposal(proposal.params)
    if (Result.isFailure(view)) {
      void client.reject({ id: proposal.id, reason: view.failure })
      return report("Refused a malformed session proposal", view.failure.message)
    }
    proposals.set(proposal.id, { raw: proposal.params, view: view.success })
    report(`Session proposal from ${view.success.name}`)
  })

  client.on("proposal_expire", ({ id }) => {
    if (proposals.delete(id)) report("A session proposal expired")
  })

  client.on("session_request", (event) => {
    const { id, topic, params } = event
    const key = `${topic}:${id}`
    void answer(key, topic, params.chainId, params.request.method, params.request.params)
      .then(
        (result) => ({ id, jsonrpc: "2.0", result }),
        (failure: unknown) => ({ id, jsonrpc: "2.0", error: rpcError(failure) })
      )
      // A session ended meanwhile has nobody left to answer.
      .then((response) => (client.session.keys.includes(topic) ? client.respond({ topic, response }) : undefined))
      .then(
        () => report(`Answered ${params.request.method}`),
        (failure: unknown) => report(`Could not answer ${params.request.method}`, failure)
      )
  })

  const forget = (topic: string): void => {
    for (const [key, entry] of pending) if (entry.topic === topic) settle(key, false)
    for (const id of providers.keys()) if (id.startsWith(`${topic}|`)) providers.delete(id)
  }

  client.on("session_delete", ({ topic }) => {
    forget(topic)
    report("The dapp ended a session")
  })
  client.on("session_expire", ({ topic }) => {
    forget(topic)
    report("A session expired")
  })

  const pair = async (uri: string): Promise<void> => {
    try {
      await client.pair({ uri: uri.trim() })
      report("Paired: waiting for the session proposal")
    } catch (failure) {
      report("Pairing failed", failure)
    }
  }

  const approveProposal = async (id: number): Promise<void> => {
    const proposal = proposals.get(id)
    if (proposal === undefined) return
    proposals.delete(id)
    const namespaces = approvedNamespaces(proposal.raw, { chainIds: options.chains.map((chain) => chain.chainId), address })
    try {
      if (Result.isFailure(namespaces)) {
        await client.reject({ id, reason: namespaces.failure })
        return report(`Cannot serve ${proposal.view.name}`, namespaces.failure.message)
      }
      const { acknowledged } = await client.approve({
        id,
        namespaces: {
          eip155: {
            chains: [...namespaces.success.eip155.chains],
            accounts: [...namespaces.success.eip155.accounts],
            methods: [...namespaces.success.eip155.methods],
            events: [...namespaces.success.eip155.events]
          }
        }
      })
      report(`Connected to ${proposal.view.name}`)
      await acknowledged()
      publish()
    } catch (failure) {
      report(`Approving ${proposal.view.name} failed`, failure)
    }
  }

  const rejectProposal = async (id: number): Promise<void> => {
    const proposal = proposals.get(id)
    if (proposal === undefined) return
    proposals.delete(id)
    try {
      await client.reject({ id, reason: userRejectedProposal })
      report(`Rejected ${proposal.view.name}`)
    } catch (failure) {
      report(`Rejecting ${proposal.view.name} failed`, failure)
    }
  }

  const disconnect = async (topic: string): Promise<void> => {
    forget(topic)
    try {
      await client.disconnect({ topic, reason: userDisconnected })
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
    approveRequest: (key) => settle(key, true),
    rejectRequest: (key) => settle(key, false),
    disconnect,
    close: () => client.core.relayer.transportClose()
  }
}
