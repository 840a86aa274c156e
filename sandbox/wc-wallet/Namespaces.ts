/**
 * What the demo WalletConnect wallet shows about a session proposal and which namespaces it approves.
 *
 * The proposal comes from an arbitrary dapp, so it is decoded with a Schema before anything reads it. The wallet
 * speaks EVM and Solana: it approves `eip155` on the sandbox chains the dapp asked for (all of them when it asked
 * for none the wallet has) and `solana` on the sandbox cluster when the dapp asked for it, and refuses proposals
 * that require another namespace or an unknown chain, or that ask for neither namespace at all.
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"

/** The methods the wallet answers (EvmWallet.ts implements them; switching is handled by the session). */
export const supportedMethods = [
  "personal_sign",
  "eth_signTypedData_v4",
  "eth_sendTransaction",
  "wallet_switchEthereumChain",
  "wallet_getCapabilities",
  "wallet_sendCalls",
  "wallet_getCallsStatus"
] as const

export const supportedEvents = ["chainChanged", "accountsChanged"] as const

/** The Solana requests the wallet answers (SolanaWallet.ts signs them). */
export const solanaMethods = ["solana_signMessage", "solana_signTransaction", "solana_signAndSendTransaction", "solana_signAllTransactions"] as const

const ProposalNamespace = Schema.Struct({
  chains: Schema.optionalKey(Schema.Array(Schema.String)),
  methods: Schema.Array(Schema.String),
  events: Schema.Array(Schema.String)
})

const Metadata = Schema.Struct({
  name: Schema.String,
  description: Schema.optionalKey(Schema.String),
  url: Schema.String,
  icons: Schema.optionalKey(Schema.Array(Schema.String)),
  redirect: Schema.optionalKey(Schema.Struct({
    native: Schema.optionalKey(Schema.String),
    universal: Schema.optionalKey(Schema.String)
  }))
})

const Proposal = Schema.Struct({
  id: Schema.Number,
  proposer: Schema.Struct({ metadata: Metadata }),
  requiredNamespaces: Schema.optionalKey(Schema.Record(Schema.String, ProposalNamespace)),
  optionalNamespaces: Schema.optionalKey(Schema.Record(Schema.String, ProposalNamespace))
})
type Proposal = typeof Proposal.Type

/** A proposal as the page lists it. */
export interface ProposalView {
  readonly id: number
  readonly name: string
  readonly description: string
  readonly url: string
  /** http(s) icon URLs only, rendered as <img>. */
  readonly icons: ReadonlyArray<string>
  readonly chains: ReadonlyArray<string>
  readonly methods: ReadonlyArray<string>
  readonly events: ReadonlyArray<string>
  /** Where the dapp asks to be returned after the approval (its universal link; http(s) only). */
  readonly returnTo: string | undefined
}

export interface SessionNamespace {
  readonly chains: ReadonlyArray<string>
  readonly accounts: ReadonlyArray<string>
  readonly methods: ReadonlyArray<string>
  readonly events: ReadonlyArray<string>
}

export interface SessionNamespaces {
  readonly eip155?: SessionNamespace
  readonly solana?: SessionNamespace
}

/** A WalletConnect SDK error (codes from @walletconnect/utils' SDK_ERRORS). */
export interface SdkError {
  readonly code: number
  readonly message: string
}

export const userRejectedProposal: SdkError = { code: 5000, message: "User rejected." }
const unsupportedChains = (chains: ReadonlyArray<string>): SdkError => ({
  code: 5100,
  message: `Unsupported chains: ${chains.join(", ")}`
})
const unsupportedNamespaces = (keys: ReadonlyArray<string>): SdkError => ({
  code: 5104,
  message: `Unsupported namespace keys: ${keys.join(", ")}`
})
const malformedProposal = (detail: string): SdkError => ({ code: 5100, message: `Malformed proposal: ${detail}` })

const decodeProposal = Schema.decodeUnknownResult(Proposal)

const isHttpUrl = (value: string): boolean => {
  try {
    const { protocol } = new URL(value)
    return protocol === "https:" || protocol === "http:"
  } catch {
    return false
  }
}

/** Namespaces keyed `eip155` list their chains; keys like `eip155:1` name the chain themselves (CAIP-25). */
const namespaceOf = (key: string): string => key.split(":")[0] ?? key
const chainsOf = (key: string, namespace: typeof ProposalNamespace.Type): ReadonlyArray<string> =>
  key.includes(":") ? [key] : (namespace.chains ?? [])

const entries = (proposal: Proposal) => ({
  required: Object.entries(proposal.requiredNamespaces ?? {}),
  optional: Object.entries(proposal.optionalNamespaces ?? {})
})

const unique = (values: ReadonlyArray<string>): ReadonlyArray<string> => [...new Set(values)]

export const describeProposal = (raw: unknown): Result.Result<ProposalView, SdkError> =>
  Result.map(Result.mapError(decodeProposal(raw), (error) => malformedProposal(error.message)), (proposal) => {
    const all = [...entries(proposal).required, ...entries(proposal).optional]
    const { metadata } = proposal.proposer
    return {
      id: proposal.id,
      name: metadata.name,
      description: metadata.description ?? "",
      url: metadata.url,
      icons: (metadata.icons ?? []).filter(isHttpUrl),
      chains: unique(all.flatMap(([key, namespace]) => chainsOf(key, namespace))),
      methods: unique(all.flatMap(([, namespace]) => namespace.methods)),
      events: unique(all.flatMap(([, namespace]) => namespace.events)),
      returnTo: metadata.redirect?.universal !== undefined && isHttpUrl(metadata.redirect.universal) ? metadata.redirect.universal : undefined
    }
  })

const spoken = ["eip155", "solana"]

/** The namespaces the wallet answers a proposal with, or the SDK error to reject it with. */
export const approvedNamespaces = (
  raw: unknown,
  wallet: {
    readonly chainIds: ReadonlyArray<number>
    readonly address: string
    readonly solana?: { readonly chain: string; readonly address: string }
  }
): Result.Result<SessionNamespaces, SdkError> => {
  const decoded = decodeProposal(raw)
  if (Result.isFailure(decoded)) return Result.fail(malformedProposal(decoded.failure.message))
  const { required, optional } = entries(decoded.success)
  const foreign = (list: typeof required) => list.map(([key]) => key).filter((key) => !spoken.includes(namespaceOf(key)))
  if (foreign(required).length > 0) return Result.fail(unsupportedNamespaces(foreign(required)))
  // Dapps often send every namespace as optional: one asking only for others gets a refusal, not a session it cannot use.
  const asked = [...required, ...optional]
  if (asked.length > 0 && foreign(asked).length === asked.length) return Result.fail(unsupportedNamespaces(foreign(asked)))

  const walletChains = [...wallet.chainIds.map((id) => `eip155:${id}`), ...(wallet.solana === undefined ? [] : [wallet.solana.chain])]
  const requiredChains = unique(required.flatMap(([key, namespace]) => chainsOf(key, namespace)))
  const missing = requiredChains.filter((chain) => !walletChains.includes(chain))
  if (missing.length > 0) return Result.fail(unsupportedChains(missing))

  const requestedIn = (name: string) =>
    unique(asked.filter(([key]) => namespaceOf(key) === name).flatMap(([key, namespace]) => chainsOf(key, namespace)))
  const evmWallet = walletChains.filter((chain) => chain.startsWith("eip155:"))
  const evmMatching = evmWallet.filter((chain) => requestedIn("eip155").includes(chain))
  const evmChains = evmMatching.length > 0 || requestedIn("solana").length > 0 ? evmMatching : evmWallet
  const solana = wallet.solana
  const solanaChains = solana !== undefined && requestedIn("solana").includes(solana.chain) ? [solana.chain] : []
  // Asked only for Solana of a wallet without it: nothing to serve.
  if (evmChains.length === 0 && solanaChains.length === 0) return Result.fail(unsupportedNamespaces(asked.map(([key]) => key)))
  return Result.succeed({
    ...(evmChains.length === 0 ? {} : {
      eip155: {
        chains: evmChains,
        accounts: evmChains.map((chain) => `${chain}:${wallet.address}`),
        methods: [...supportedMethods],
        events: [...supportedEvents]
      }
    }),
    ...(solana === undefined || solanaChains.length === 0 ? {} : {
      solana: {
        chains: solanaChains,
        accounts: solanaChains.map((chain) => `${chain}:${solana.address}`),
        methods: [...solanaMethods],
        events: [...supportedEvents]
      }
    })
  })
}
