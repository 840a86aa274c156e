/**
 * The EVM demo wallet's EIP-1193 provider: request handling and events, with consent delegated to an
 * injected `Approve` function. It holds a sandbox demo key and signs with viem; reads go to the sandbox RPC.
 * Browser-free, so Node tests drive it exactly as a page does.
 */
import * as Schema from "effect/Schema"
import {
  bytesToHex,
  createPublicClient,
  createWalletClient,
  defineChain,
  formatEther,
  hexToString,
  http,
  isHex,
  numberToHex,
  type Chain,
  type Hex
} from "viem"
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts"
import * as Address from "../../core/Address.ts"
import type { Approve } from "./Approval.ts"
import { connectAndSignIn } from "./ConnectAndSignIn.ts"
import { getAssets, GetAssetsParams } from "./AssetDiscovery.ts"
import { makeAtomicSender, type AtomicSender, type BatchCall } from "./AtomicBatch.ts"
import { makeExecutionPermissions } from "./ExecutionPermissions.ts"
import { makeSmartSender, type PaymasterService, type SmartSender } from "./SmartBatch.ts"
import type { ChainMemory } from "./ChainMemory.ts"
import { memory, type Permission } from "./Permission.ts"
import {
  decodeParams,
  duplicateCallsId,
  invalidParams,
  ProviderRpcError,
  unauthorized,
  unknownCallsId,
  unrecognizedChain,
  unsupportedCapability,
  unsupportedChainId,
  unsupportedMethod,
  userRejected
} from "./ProviderRpcError.ts"

export const walletName = "Portico Demo Wallet"
export const walletRdns = "dev.portico.demo"

export interface EvmWalletChain {
  readonly chainId: number
  readonly name: string
  readonly rpcUrl: string
  readonly nativeCurrency?: { readonly name: string; readonly symbol: string; readonly decimals: number }
  readonly explorer?: string
  /** The network's ERC-4337 bundler: there the wallet's bundles are user operations of its EIP-7702 smart account (SmartBatch.ts). */
  readonly bundlerUrl?: string
}

export interface EvmWalletOptions {
  /** The demo key of the wallet's first account, the one it has selected at start. */
  readonly privateKey: Hex
  /** The keys of the wallet's other accounts: it exposes them all to a connected site, its selected one first. */
  readonly otherKeys?: ReadonlyArray<Hex>
  /** Chains the wallet knows at start; the first is active. */
  readonly chains: ReadonlyArray<EvmWalletChain>
  readonly approve: Approve
  /** The origin of the page that talks to the wallet, shown in every prompt. */
  readonly origin: string
  /** Whether the site may see the account; remembered across reloads in the page. */
  readonly permission?: Permission
  /** The network the wallet was on for the site; the first chain when it remembers none it knows. */
  readonly chain?: ChainMemory
  /**
   * ERC20 contracts the wallet tracks. When given, it answers EIP-7811 `wallet_getAssets` and reports
   * `assetDiscovery` in its capabilities; without them it does neither (a wallet without discovery).
   */
  readonly tokens?: ReadonlyArray<Hex>
  /**
   * Whether it answers ERC-7846 `wallet_connect` (connect and sign in with one prompt); without it the
   * method is unknown (4200), as in most wallets today.
   */
  readonly connectWithSignIn?: boolean
}

export interface RequestArguments {
  readonly method: string
  readonly params?: unknown
}

export type EvmEvent = "accountsChanged" | "chainChanged" | "connect" | "disconnect" | "message"
type Listener = (payload: unknown) => void

export interface EvmProvider {
  request(args: RequestArguments): Promise<unknown>
  /**
   * The wallet's own account menu (what a person does in an extension's window, not something a site can
   * ask): selects another of its accounts and tells a connected site with `accountsChanged`.
   */
  selectAccount(address: string): void
  on(event: EvmEvent, listener: Listener): void
  removeListener(event: EvmEvent, listener: Listener): void
}

// Read-only methods answered by the active chain's node as they are.
const proxied = new Set([
  "eth_blockNumber",
  "eth_call",
  "eth_estimateGas",
  "eth_feeHistory",
  "eth_gasPrice",
  "eth_getBalance",
  "eth_getBlockByHash",
  "eth_getBlockByNumber",
  "eth_getCode",
  "eth_getLogs",
  "eth_getStorageAt",
  "eth_getTransactionByHash",
  "eth_getTransactionCount",
  "eth_getTransactionReceipt",
  "eth_maxPriorityFeePerGas",
  "eth_sendRawTransaction",
  "net_version",
  "web3_clientVersion"
])

const HexString = Schema.TemplateLiteral(["0x", Schema.String]).check(Schema.isPattern(/^0x[0-9a-fA-F]*$/))
const Quantity = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]+$/))
const TransactionRequest = Schema.Struct({
  from: Schema.optionalKey(HexString),
  to: Schema.optionalKey(Schema.NullOr(HexString)),
  value: Schema.optionalKey(Quantity),
  data: Schema.optionalKey(HexString),
  gas: Schema.optionalKey(Quantity)
})
const Call = Schema.Struct({
  to: HexString,
  data: Schema.optional(HexString),
  value: Schema.optional(Quantity)
})
const SendCallsParams = Schema.Tuple([
  // Hosts (viem among them) send absent fields as `undefined`: optional, not only optional keys.
  Schema.Struct({
    version: Schema.optional(Schema.String),
    id: Schema.optional(Schema.String),
    from: Schema.optional(HexString),
    chainId: Quantity,
    atomicRequired: Schema.optional(Schema.Boolean),
    capabilities: Schema.optional(Schema.Record(Schema.String, Schema.Struct({ optional: Schema.optional(Schema.Boolean) }))),
    calls: Schema.Array(Call)
  })
])
/** ERC-7677's capability, read where the network has a bundler. */
const PaymasterCapability = Schema.Struct({
  paymasterService: Schema.optional(Schema.Struct({
    url: Schema.String.check(Schema.isPattern(/^https?:\/\//)),
    context: Schema.optional(Schema.Record(Schema.String, Schema.Unknown))
  }))
})
const SendCallsCapabilities = Schema.Tuple([
  Schema.Struct({
    capabilities: Schema.optional(PaymasterCapability)
  })
])
const AddChainParams = Schema.Tuple([
  Schema.Struct({
    chainId: Quantity,
    chainName: Schema.String,
    rpcUrls: Schema.NonEmptyArray(Schema.String),
    nativeCurrency: Schema.optionalKey(
      Schema.Struct({ name: Schema.String, symbol: Schema.String, decimals: Schema.Int })
    ),
    blockExplorerUrls: Schema.optionalKey(Schema.NullOr(Schema.Array(Schema.String)))
  })
])
const SwitchChainParams = Schema.Tuple([Schema.Struct({ chainId: Quantity })])
const PersonalSignParams = Schema.Tuple([Schema.String, HexString])
const TypedDataParams = Schema.Tuple([HexString, Schema.Union([Schema.String, Schema.Record(Schema.String, Schema.Unknown)])])
const SendTransactionParams = Schema.Tuple([TransactionRequest])
const CallsStatusParams = Schema.Tuple([Schema.String])
// [address, chainIds?]: the wallet answers for every chain it knows
const CapabilitiesParams = Schema.Tuple([HexString])
const TypedData = Schema.Struct({
  domain: Schema.Record(Schema.String, Schema.Unknown),
  types: Schema.Record(Schema.String, Schema.Array(Schema.Struct({ name: Schema.String, type: Schema.String }))),
  primaryType: Schema.String,
  message: Schema.Record(Schema.String, Schema.Unknown)
})

/** A node's JSON-RPC answer to a proxied read: the result, or the error the wallet passes on. */
const RpcAnswer = Schema.Struct({
  result: Schema.optionalKey(Schema.Unknown),
  error: Schema.optionalKey(Schema.Struct({ code: Schema.Number, message: Schema.String, data: Schema.optionalKey(Schema.Unknown) }))
})

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    throw invalidParams("typed data is not JSON")
  }
}

const toViemChain = (chain: EvmWalletChain): Chain =>
  defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency ?? { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } }
  })

const describeMessage = (message: string): string => {
  if (!isHex(message)) return message
  const text = hexToString(message)
  // Show text when the bytes are printable UTF-8, the hex otherwise.
  return /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]*$/u.test(text) ? text : message
}

interface CallsBundle {
  readonly chainId: number
  readonly hashes: ReadonlyArray<Hex>
  readonly atomic: boolean
  /** Sent as a user operation (`hashes` holds its hash): its receipt comes from the bundler. */
  readonly smart?: SmartSender
}

export const createEvmProvider = (options: EvmWalletOptions): EvmProvider => {
  const accounts = [options.privateKey, ...(options.otherKeys ?? [])].map((key) => privateKeyToAccount(key))
  let selected = accounts[0]!
  /** What a connected site sees: every account, the selected one first (as MetaMask answers). */
  const exposed = () => [selected.address, ...accounts.filter((other) => other !== selected).map((other) => other.address)]
  const chains = new Map(options.chains.map((chain) => [chain.chainId, chain]))
  const first = options.chains[0]
  if (first === undefined) throw new Error("The EVM demo wallet needs at least one chain")
  const remembered = options.chain?.get()
  let active: EvmWalletChain = options.chains.find((chain) => chain.chainId === remembered) ?? first
  const permission = options.permission ?? memory()
  const bundles = new Map<string, CallsBundle>()
  const listeners = new Map<EvmEvent, Set<Listener>>()

  const emit = (event: EvmEvent, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload)
  }
  const chainHex = () => numberToHex(active.chainId)

  const consent = async (title: string, details: ReadonlyArray<string>) => {
    const approved = await options.approve({ wallet: walletName, title, details: [`Site: ${options.origin}`, ...details] })
    if (!approved) throw userRejected()
  }

  /** The account a request signs with: the one it names (any of ours), else the selected one. */
  const requireAccount = (address?: string) => {
    if (!permission.granted()) throw unauthorized()
    if (address === undefined) return selected
    // A malformed address names no account of ours: the same refusal as another account.
    const named = Address.isValid("eip155", address) ? accounts.find((candidate) => Address.toChecksum(address) === candidate.address) : undefined
    if (named === undefined) throw unauthorized()
    return named
  }

  const rpc = async (chain: EvmWalletChain, method: string, params: unknown): Promise<unknown> => {
    const response = await fetch(chain.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: params ?? [] })
    })
    const body = Schema.decodeUnknownSync(RpcAnswer)(await response.json())
    if (body.error !== undefined) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
    return body.result
  }

  const walletClient = (chain: EvmWalletChain, account: typeof selected) =>
    createWalletClient({ account, chain: toViemChain(chain), transport: http(chain.rpcUrl) })

  const atomicSenders = new Map<string, AtomicSender>()
  const atomicSender = (chain: EvmWalletChain, account: typeof selected): AtomicSender => {
    const key = `${chain.chainId}:${account.address}`
    const known = atomicSenders.get(key)
    if (known !== undefined) return known
    const viemChain = toViemChain(chain)
    const sender = makeAtomicSender(walletClient(chain, account), createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) }), account, viemChain)
    atomicSenders.set(key, sender)
    return sender
  }

  const grant = () => {
    permission.set(true)
    emit("connect", { chainId: chainHex() })
    emit("accountsChanged", exposed())
  }

  const connect = async () => {
    if (!permission.granted()) {
      await consent("Connect to this site", [...exposed().map((address) => `Account: ${address}`), `Network: ${active.name} (${active.chainId})`])
      grant()
    }
    return exposed()
  }

  const switchTo = (chain: EvmWalletChain) => {
    if (chain.chainId === active.chainId) return
    active = chain
    options.chain?.set(chain.chainId)
    emit("chainChanged", chainHex())
  }

  const sendTransaction = async (params: unknown) => {
    const [tx] = decodeParams(SendTransactionParams, params)
    const account = requireAccount(tx.from)
    const value = tx.value === undefined ? 0n : BigInt(tx.value)
    await consent("Send a transaction", [
      `From: ${account.address}`,
      `To: ${tx.to ?? "(contract creation)"}`,
      `Value: ${formatEther(value)} ${active.nativeCurrency?.symbol ?? "ETH"}`,
      `Network: ${active.name} (${active.chainId})`,
      ...(tx.data !== undefined && tx.data !== "0x" ? [`Data: ${tx.data}`] : [])
    ])
    return walletClient(active, account).sendTransaction({
      account,
      chain: toViemChain(active),
      ...(tx.to ? { to: tx.to } : {}),
      value,
      ...(tx.data !== undefined ? { data: tx.data } : {}),
      ...(tx.gas !== undefined ? { gas: BigInt(tx.gas) } : {})
    })
  }

  const sendCalls = async (params: unknown) => {
    const [bundle] = decodeParams(SendCallsParams, params)
    const account = requireAccount(bundle.from)
    const chain = chains.get(Number(BigInt(bundle.chainId)))
    if (chain === undefined) throw unsupportedChainId(bundle.chainId)
    // EIP-5792: a capability the wallet does not know must be marked optional, or the bundle is refused.
    // Where the network has a bundler, the wallet knows ERC-7677's paymasterService.
    const known = chain.bundlerUrl === undefined ? [] : ["paymasterService"]
    const required = Object.entries(bundle.capabilities ?? {}).find(([name, capability]) => capability.optional !== true && !known.includes(name))
    if (required !== undefined) throw unsupportedCapability(required[0])
    const id = bundle.id ?? bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
    if (bundles.has(id)) throw duplicateCallsId(id)
    await consent(`Send ${bundle.calls.length} call(s)`, [
      `Network: ${chain.name} (${chain.chainId})`,
      ...bundle.calls.map((call, i) =>
        `Call ${i + 1}: to ${call.to}, value ${formatEther(call.value === undefined ? 0n : BigInt(call.value))}${call.data !== undefined && call.data !== "0x" ? `, data ${call.data}` : ""}`)
    ])
    const calls = bundle.calls.map((call) => ({ to: call.to, value: call.value === undefined ? 0n : BigInt(call.value), data: call.data ?? "0x" as Hex }))
    const [{ capabilities }] = decodeParams(SendCallsCapabilities, params)
    bundles.set(id, await dispatch(chain, account, calls, capabilities?.paymasterService))
    return { id }
  }

  /** Sends calls as one atomic bundle, after the visitor approved them. */
  const dispatch = async (chain: EvmWalletChain, account: PrivateKeyAccount, calls: ReadonlyArray<BatchCall>, paymaster: PaymasterService | undefined): Promise<CallsBundle> => {
    if (chain.bundlerUrl !== undefined) {
      // One user operation of the account's EIP-7702 smart account, sponsored where the app named a paymaster service.
      const smart = makeSmartSender(account, toViemChain(chain), chain.rpcUrl, chain.bundlerUrl)
      return { chainId: chain.chainId, hashes: [await smart.send(calls, paymaster)], atomic: true, smart }
    }
    // Elsewhere every bundle still runs atomically: one EIP-7702 transaction through the batch executor (AtomicBatch.ts).
    return { chainId: chain.chainId, hashes: [await atomicSender(chain, account).send(calls)], atomic: true }
  }

  /** ERC-7715 permissions, granted and revoked by bundles of the wallet's own (already approved) sent and mined. */
  const permissions = makeExecutionPermissions({
    consent,
    account: () => requireAccount(),
    chain: (chainId) => chains.get(Number(BigInt(chainId))),
    send: async (chain, account, calls) => {
      const id = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
      bundles.set(id, await dispatch(chain, account, calls, undefined))
      for (let attempt = 0; attempt < 240; attempt++) {
        const status = await callsStatus([id])
        if (status.status === 200) return
        if (status.status !== 100) throw new ProviderRpcError(-32603, "The permission's calls reverted on chain.")
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      throw new ProviderRpcError(-32603, "The permission's calls were not mined in time.")
    }
  })

  const callsStatus = async (params: unknown) => {
    const [id] = decodeParams(CallsStatusParams, params)
    const bundle = bundles.get(id)
    if (bundle === undefined) throw unknownCallsId(id)
    const chain = chains.get(bundle.chainId)
    if (chain === undefined) throw unknownCallsId(id)
    const client = createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) })
    const { smart } = bundle
    // A user operation's transaction is known once the bundler included it.
    const hashes = smart === undefined
      ? bundle.hashes
      : (await Promise.all(bundle.hashes.map((hash) => smart.receipt(hash)))).flatMap((found) => (found.status === "done" ? [found.transactionHash] : []))
    if (hashes.length < bundle.hashes.length) return { version: "2.0.0", id, chainId: numberToHex(bundle.chainId), status: 100, atomic: bundle.atomic }
    const receipts = await Promise.all(
      hashes.map((hash) => client.getTransactionReceipt({ hash }).catch(() => undefined))
    )
    const done = receipts.every((receipt) => receipt !== undefined)
    const reverted = receipts.some((receipt) => receipt?.status === "reverted")
    return {
      version: "2.0.0",
      id,
      chainId: numberToHex(bundle.chainId),
      // EIP-5792: 100 pending, 200 confirmed, 500 reverted on chain
      status: !done ? 100 : reverted ? 500 : 200,
      atomic: bundle.atomic,
      ...(done
        ? {
            receipts: receipts.flatMap((receipt) =>
              receipt === undefined
                ? []
                : [{
                    logs: receipt.logs.map((log) => ({ address: log.address, data: log.data, topics: log.topics })),
                    status: receipt.status === "success" ? "0x1" : "0x0",
                    blockHash: receipt.blockHash,
                    blockNumber: numberToHex(receipt.blockNumber),
                    gasUsed: numberToHex(receipt.gasUsed),
                    transactionHash: receipt.transactionHash
                  }]
            )
          }
        : {})
    }
  }

  const handle = async (method: string, params: unknown): Promise<unknown> => {
    switch (method) {
      case "eth_requestAccounts":
        return connect()
      case "wallet_connect":
        if (options.connectWithSignIn !== true) throw unsupportedMethod(method)
        return connectAndSignIn({
          origin: options.origin,
          signer: () => selected,
          exposed,
          knowsChain: (chainId) => chains.has(chainId),
          network: () => `${active.name} (${active.chainId})`,
          consent,
          grant
        }, params)
      case "wallet_requestPermissions":
        await connect()
        return [{ parentCapability: "eth_accounts", caveats: [] }]
      case "wallet_getPermissions":
        return permission.granted() ? [{ parentCapability: "eth_accounts", caveats: [] }] : []
      case "eth_accounts":
        return permission.granted() ? exposed() : []
      case "eth_chainId":
        return chainHex()
      case "wallet_switchEthereumChain": {
        const [{ chainId }] = decodeParams(SwitchChainParams, params)
        const chain = chains.get(Number(BigInt(chainId)))
        if (chain === undefined) throw unrecognizedChain(chainId)
        switchTo(chain)
        return null
      }
      case "wallet_addEthereumChain": {
        const [add] = decodeParams(AddChainParams, params)
        const chainId = Number(BigInt(add.chainId))
        const known = chains.get(chainId)
        if (known === undefined) {
          await consent("Add a network", [`Name: ${add.chainName}`, `Chain ID: ${chainId}`, `RPC: ${add.rpcUrls[0]}`])
          const explorer = add.blockExplorerUrls?.[0]
          const chain: EvmWalletChain = {
            chainId,
            name: add.chainName,
            rpcUrl: add.rpcUrls[0],
            ...(add.nativeCurrency !== undefined ? { nativeCurrency: add.nativeCurrency } : {}),
            ...(explorer !== undefined ? { explorer } : {})
          }
          chains.set(chainId, chain)
          switchTo(chain)
        } else {
          switchTo(known)
        }
        return null
      }
      case "personal_sign": {
        const [message, address] = decodeParams(PersonalSignParams, params)
        const account = requireAccount(address)
        await consent("Sign a message", [`Account: ${account.address}`, `Message: ${describeMessage(message)}`])
        return account.signMessage({ message: isHex(message) ? { raw: message } : message })
      }
      case "eth_signTypedData_v4": {
        const [address, raw] = decodeParams(TypedDataParams, params)
        const account = requireAccount(address)
        const typedData = decodeParams(TypedData, typeof raw === "string" ? parseJson(raw) : raw)
        await consent("Sign typed data", [
          `Account: ${account.address}`,
          `Type: ${typedData.primaryType}`,
          `Domain: ${JSON.stringify(typedData.domain)}`,
          `Message: ${JSON.stringify(typedData.message)}`
        ])
        const { EIP712Domain: _domainType, ...types } = typedData.types
        return account.signTypedData({
          domain: typedData.domain,
          types,
          primaryType: typedData.primaryType,
          message: typedData.message
        } as Parameters<typeof account.signTypedData>[0])
      }
      case "eth_sendTransaction":
        return sendTransaction(params)
      case "wallet_getCapabilities": {
        const [address] = decodeParams(CapabilitiesParams, Array.isArray(params) ? params.slice(0, 1) : params)
        requireAccount(address)
        const discovery = options.tokens === undefined ? {} : { assetDiscovery: { supported: true } }
        return Object.fromEntries([...chains.values()].map((chain) => [numberToHex(chain.chainId), {
          atomic: { status: "supported" },
          ...(chain.bundlerUrl === undefined ? {} : { paymasterService: { supported: true } }),
          ...discovery
        }]))
      }
      case "wallet_getAssets": {
        if (options.tokens === undefined) throw unsupportedMethod(method)
        const [request] = decodeParams(GetAssetsParams, params)
        requireAccount(request.account)
        return getAssets([...chains.values()], options.tokens, request)
      }
      case "wallet_sendCalls":
        return sendCalls(params)
      case "wallet_getCallsStatus":
        return callsStatus(params)
      case "wallet_getSupportedExecutionPermissions":
      case "wallet_requestExecutionPermissions":
      case "wallet_getGrantedExecutionPermissions":
      case "wallet_revokeExecutionPermission":
        return permissions.request(method, params, [...chains.values()])
      case "wallet_revokePermissions":
        if (permission.granted()) {
          permission.set(false)
          emit("accountsChanged", [])
          emit("disconnect", new ProviderRpcError(4900, "The wallet disconnected from this site."))
        }
        return null
      default:
        if (proxied.has(method)) return rpc(active, method, params)
        throw unsupportedMethod(method)
    }
  }

  return {
    request: (args) => handle(args.method, args.params),
    selectAccount: (address) => {
      const chosen = accounts.find((candidate) => candidate.address.toLowerCase() === address.toLowerCase())
      if (chosen === undefined || chosen === selected) return
      selected = chosen
      if (permission.granted()) emit("accountsChanged", exposed())
    },
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener: (event, listener) => {
      listeners.get(event)?.delete(listener)
    }
  }
}
