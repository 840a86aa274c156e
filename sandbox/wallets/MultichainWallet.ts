/**
 * The demo wallet's Multichain API (CAIP-25 sessions over CAIP-294 window events), as MetaMask offers it
 * beside its EIP-6963 provider and Wallet Standard wallet: one approval gives a site a session with the
 * EVM and Solana accounts of the scopes it asked for; `wallet_invokeMethod` runs a request of one scope
 * through the same EVM provider or Solana wallet (and their own approval prompts); `wallet_getSession`
 * answers without a prompt; `wallet_revokeSession` ends it; the EVM wallet's account and network changes
 * reach the site as `wallet_sessionChanged` and `wallet_notify`. Every request it serves is logged.
 * `malformedSession` is a test switch: the next sessions it answers carry what a broken or hostile
 * wallet would answer, so the dapp's checks can be tried.
 */
import { base58, base64 } from "@scure/base"
import type { IdentifierString } from "@wallet-standard/base"
import * as Schema from "effect/Schema"
import { numberToHex } from "viem"
import * as Caip from "../../core/Caip.ts"
import type { Approve } from "./Approval.ts"
import type { EvmProvider } from "./EvmWallet.ts"
import type { Permission } from "./Permission.ts"
import { invalidParams, ProviderRpcError, unauthorized, unsupportedMethod } from "./ProviderRpcError.ts"
import type { SolanaDemoWallet } from "./SolanaWallet.ts"

/** What a broken or hostile wallet answers instead of the session asked for (the dapp must refuse each). */
export type MalformedSession = "unknown-scope" | "unrequested-chain" | "foreign-account"

export interface LogEntry {
  readonly method: string
  readonly scope?: string
  readonly request?: string
}

export interface MultichainWalletOptions {
  readonly name: string
  readonly evm: EvmProvider
  readonly evmChainIds: ReadonlyArray<number>
  readonly solana: SolanaDemoWallet
  readonly solanaChain: IdentifierString
  readonly approve: Approve
  readonly origin: string
  /** The session's permission and the two wallets' own, all granted by the one approval. */
  readonly permission: Permission
  readonly evmPermission: Permission
  readonly solanaPermission: Permission
  readonly log: (entry: LogEntry) => void
  readonly malformed: () => MalformedSession | undefined
}

export interface MultichainWallet {
  readonly handle: (method: string, params: unknown) => Promise<unknown>
  /** Calls `listener` with each notification for the site; returns the function that stops it. */
  readonly onNotification: (listener: (method: string, params: unknown) => void) => () => void
}

const ScopeRequest = Schema.Struct({
  references: Schema.optional(Schema.Array(Schema.String)),
  methods: Schema.optional(Schema.Array(Schema.String)),
  notifications: Schema.optional(Schema.Array(Schema.String))
})
const CreateSession = Schema.Struct({
  requiredScopes: Schema.optional(Schema.Record(Schema.String, ScopeRequest)),
  optionalScopes: Schema.optional(Schema.Record(Schema.String, ScopeRequest))
})
const Invoke = Schema.Struct({
  scope: Schema.String,
  request: Schema.Struct({ method: Schema.String, params: Schema.optional(Schema.Unknown) })
})
const SolanaParams = Schema.Struct({
  account: Schema.optional(Schema.Struct({ address: Schema.String })),
  message: Schema.optional(Schema.String),
  transaction: Schema.optional(Schema.String)
})

const evmMethods = ["eth_sendTransaction", "personal_sign", "eth_signTypedData_v4", "wallet_sendCalls", "wallet_getCallsStatus", "wallet_getCapabilities"]
const solanaMethods = ["signMessage", "signTransaction", "signAndSendTransaction", "signIn"]
const notificationNames = ["accountsChanged", "chainChanged"]

const decode = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, value: unknown): S["Type"] => {
  try {
    return Schema.decodeUnknownSync(schema)(value)
  } catch {
    throw invalidParams("the params do not match the method")
  }
}

/** The scopes a request names: `eip155:1`, or a namespace with `references`. */
const scopesOf = (asked: Readonly<Record<string, typeof ScopeRequest.Type>>) =>
  Object.entries(asked).flatMap(([key, scope]) =>
    Caip.isNetworkId(key) ? [{ id: key, scope }] : (scope.references ?? []).map((reference) => ({ id: `${key}:${reference}`, scope }))
  )

export const createMultichainWallet = (options: MultichainWalletOptions): MultichainWallet => {
  const listeners = new Set<(method: string, params: unknown) => void>()
  const notify = (method: string, params: unknown) => {
    for (const listener of listeners) listener(method, params)
  }
  // The scopes granted, by id; kept with the permission so a reload answers wallet_getSession the same.
  let granted: ReadonlyArray<string> = options.permission.granted()
    ? [...options.evmChainIds.map((chainId) => `eip155:${chainId}`), options.solanaChain]
    : []

  const evmAccounts = async () => (await options.evm.request({ method: "eth_accounts" })) as ReadonlyArray<string>
  const solanaAccount = () => options.solana.accounts[0]

  const sessionScopes = async (scopes: ReadonlyArray<string>) => {
    const evm = await evmAccounts()
    const entries = scopes.map((scope) => {
      const isEvm = Caip.namespaceOf(scope) === "eip155"
      const accounts = isEvm ? evm.map((address) => `${scope}:${address}`) : [`${scope}:${solanaAccount()?.address ?? ""}`]
      return [scope, { methods: isEvm ? evmMethods : solanaMethods, notifications: notificationNames, accounts }] as const
    })
    const malformed = options.malformed()
    if (malformed === "unknown-scope") entries.push(["bip122:000000000019d6689c085ae165831e93", { methods: [], notifications: [], accounts: [] }])
    if (malformed === "unrequested-chain") entries.push(["eip155:1", { methods: evmMethods, notifications: notificationNames, accounts: evm.map((address) => `eip155:1:${address}`) }])
    if (malformed === "foreign-account") entries.push([options.solanaChain, { methods: solanaMethods, notifications: notificationNames, accounts: evm.map((address) => `eip155:1:${address}`) }])
    return { sessionScopes: Object.fromEntries(entries) }
  }

  const supported = (scope: string) =>
    scope === options.solanaChain || (Caip.namespaceOf(scope) === "eip155" && options.evmChainIds.includes(Number(Caip.referenceOf(scope))))

  const createSession = async (params: unknown) => {
    const asked = decode(CreateSession, params)
    const scopes = [...new Set(scopesOf({ ...asked.optionalScopes, ...asked.requiredScopes }).map((entry) => entry.id))].filter(supported)
    const evm = scopes.filter((scope) => Caip.namespaceOf(scope) === "eip155")
    const approved = await options.approve({
      wallet: options.name,
      title: "Connect to this site",
      details: [`Site: ${options.origin}`, ...scopes.map((scope) => `Network: ${scope}`), ...(evm.length > 0 ? [`EVM accounts: ${evm.length}`] : [])]
    })
    if (!approved) throw new ProviderRpcError(4001, "User rejected the request.")
    options.permission.set(true)
    options.evmPermission.set(evm.length > 0)
    options.solanaPermission.set(scopes.includes(options.solanaChain))
    granted = scopes
    return sessionScopes(scopes)
  }

  const requireScope = (scope: string) => {
    if (!options.permission.granted() || !granted.includes(scope)) throw unauthorized()
  }

  const evmInvoke = async (scope: string, method: string, params: unknown) => {
    const chainId = numberToHex(Number(Caip.referenceOf(scope)))
    // A session has no active chain: the request names its own, and the wallet signs there.
    if ((await options.evm.request({ method: "eth_chainId" })) !== chainId) {
      await options.evm.request({ method: "wallet_switchEthereumChain", params: [{ chainId }] })
    }
    return options.evm.request(params === undefined ? { method } : { method, params })
  }

  const solanaInvoke = async (scope: string, method: string, params: unknown) => {
    const account = solanaAccount()
    const input = decode(SolanaParams, params ?? {})
    if (account === undefined || (input.account !== undefined && input.account.address !== account.address)) throw unauthorized()
    const features = options.solana.features
    const chain = scope as IdentifierString
    switch (method) {
      case "signMessage": {
        const [output] = await features["solana:signMessage"].signMessage({ account, message: base64.decode(input.message ?? "") })
        return output === undefined ? null : { signature: base58.encode(output.signature), signedMessage: base64.encode(output.signedMessage), signatureType: "ed25519" }
      }
      case "signIn": {
        const [output] = await features["solana:signIn"].signIn(params as object)
        return output === undefined ? null : { account: { address: output.account.address }, signature: base58.encode(output.signature), signedMessage: base64.encode(output.signedMessage) }
      }
      case "signTransaction": {
        const [output] = await features["solana:signTransaction"].signTransaction({ account, transaction: base64.decode(input.transaction ?? ""), chain })
        return output === undefined ? null : { signedTransaction: base64.encode(output.signedTransaction) }
      }
      case "signAndSendTransaction": {
        const [output] = await features["solana:signAndSendTransaction"].signAndSendTransaction({ account, transaction: base64.decode(input.transaction ?? ""), chain })
        return output === undefined ? null : { signature: base58.encode(output.signature) }
      }
      default:
        throw unsupportedMethod(method)
    }
  }

  // The EVM wallet's own changes: its accounts are the session's (wallet_sessionChanged), its network an event.
  options.evm.on("accountsChanged", () => {
    if (granted.length > 0) void sessionScopes(granted).then((scopes) => notify("wallet_sessionChanged", scopes))
  })
  options.evm.on("chainChanged", (chainId) => {
    const scope = `eip155:${Number(chainId)}`
    if (granted.includes(scope)) notify("wallet_notify", { scope, notification: { method: "chainChanged", params: chainId } })
  })

  const handle = async (method: string, params: unknown): Promise<unknown> => {
    const invocation = method === "wallet_invokeMethod" ? decode(Invoke, params) : undefined
    options.log({ method, ...(invocation === undefined ? {} : { scope: invocation.scope, request: invocation.request.method }) })
    switch (method) {
      case "wallet_createSession":
        return createSession(params)
      case "wallet_getSession":
        return options.permission.granted() ? sessionScopes(granted) : { sessionScopes: {} }
      case "wallet_revokeSession":
        options.permission.set(false)
        options.evmPermission.set(false)
        options.solanaPermission.set(false)
        granted = []
        return true
      case "wallet_invokeMethod": {
        if (invocation === undefined) throw invalidParams("wallet_invokeMethod needs a scope and a request")
        requireScope(invocation.scope)
        return Caip.namespaceOf(invocation.scope) === "eip155"
          ? evmInvoke(invocation.scope, invocation.request.method, invocation.request.params)
          : solanaInvoke(invocation.scope, invocation.request.method, invocation.request.params)
      }
      default:
        throw unsupportedMethod(method)
    }
  }

  return {
    handle,
    onNotification: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    }
  }
}
