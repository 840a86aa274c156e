/**
 * Solana wallets through the Wallet Standard (`@wallet-standard/app`'s `getWallets`): a client for each
 * wallet `WalletStandardListing` lets through (the one rule, also run by the first stage before the engine
 * loads).
 */
import type { Wallet, WalletAccount } from "@wallet-standard/base"
import * as Effect from "effect/Effect"
import * as Address from "../Address.ts"
import * as Caip from "../Caip.ts"
import * as Connector from "../Connector.ts"
import * as RpcCode from "../RpcCode.ts"
import * as SolanaClusters from "../SolanaClusters.ts"
import * as WalletError from "../WalletError.ts"
import * as WalletStandardListing from "./WalletStandardListing.ts"

interface ConnectFeature {
  readonly connect: (input?: { readonly silent?: boolean }) => Promise<{ readonly accounts: ReadonlyArray<WalletAccount> }>
}
interface DisconnectFeature {
  readonly disconnect: () => Promise<void>
}
interface EventsFeature {
  readonly on: (event: "change", listener: (properties: { readonly accounts?: ReadonlyArray<WalletAccount> }) => void) => () => void
}
interface SignMessageFeature {
  readonly signMessage: (
    ...inputs: ReadonlyArray<{ readonly account: WalletAccount; readonly message: Uint8Array }>
  ) => Promise<ReadonlyArray<{ readonly signedMessage: Uint8Array; readonly signature: Uint8Array }>>
}
/** Sign-In With Solana: the wallet writes the message from these fields and signs it. */
export interface SignInInput {
  readonly domain?: string
  readonly address?: string
  readonly statement?: string
  readonly uri?: string
  readonly version?: string
  readonly chainId?: string
  readonly nonce?: string
  readonly issuedAt?: string
  readonly expirationTime?: string
  readonly notBefore?: string
  readonly requestId?: string
  readonly resources?: ReadonlyArray<string>
}
interface SignInFeature {
  readonly signIn: (
    ...inputs: ReadonlyArray<SignInInput>
  ) => Promise<ReadonlyArray<{ readonly account: WalletAccount; readonly signedMessage: Uint8Array; readonly signature: Uint8Array }>>
}
interface SignTransactionFeature {
  readonly signTransaction: (
    ...inputs: ReadonlyArray<{ readonly account: WalletAccount; readonly transaction: Uint8Array; readonly chain?: string }>
  ) => Promise<ReadonlyArray<{ readonly signedTransaction: Uint8Array }>>
}
interface SignAndSendTransactionFeature {
  readonly signAndSendTransaction: (
    ...inputs: ReadonlyArray<{ readonly account: WalletAccount; readonly transaction: Uint8Array; readonly chain: string }>
  ) => Promise<ReadonlyArray<{ readonly signature: Uint8Array }>>
}

/** The bytes a Solana request carries; Uint8Array, or a plain array of numbers after a JSON hop. */
const bytesOf = (value: unknown): Uint8Array | undefined =>
  value instanceof Uint8Array
    ? value
    : Array.isArray(value) && value.every((n) => typeof n === "number")
    ? Uint8Array.from(value)
    : undefined

/**
 * The Solana accounts of a wallet's answer, in its order: well-formed addresses only (page script
 * answered), and those on a Solana chain when any is (a multi-chain wallet lists its other chains' too).
 */
const solanaAccounts = (answered: ReadonlyArray<WalletAccount>): ReadonlyArray<WalletAccount> => {
  const valid = answered.filter((candidate) => Address.isValid("solana", candidate.address))
  const onSolana = valid.filter((candidate) => candidate.chains.some(SolanaClusters.isSolanaChain))
  return onSolana.length > 0 ? onSolana : valid
}

const attempt = <A>(evaluate: () => Promise<A>) => Effect.tryPromise({ try: evaluate, catch: Connector.failure })

export const make = (wallet: Wallet): Connector.ConnectorClient => {
  const connector = WalletStandardListing.connectorOf(wallet)
  const fail = (message: string) => new Connector.ConnectorError({ connectorId: connector.id, message })

  let account: WalletAccount | undefined
  let network: Caip.CaipNetworkId | undefined
  /** The network as the wallet names it (a cluster name, or the CAIP-2 id): what its requests carry. */
  let walletChain: string | undefined

  const connectWith = (silent: boolean) => (options: Connector.ConnectOptions) =>
    Effect.gen(function*() {
      const connect = WalletStandardListing.feature<ConnectFeature>(wallet, "standard:connect", "connect")
      if (connect === undefined) return yield* fail("The wallet cannot connect")
      const answered = yield* attempt(() => connect.connect(silent ? { silent: true } : undefined))
      const accounts = solanaAccounts(answered.accounts)
      const chosen = accounts[0]
      if (chosen === undefined) return yield* fail("The wallet returned no account")
      const offered = [...chosen.chains, ...wallet.chains]
      const caipNetworkId = options.caipNetworkId !== undefined && SolanaClusters.walletChainOf(offered, options.caipNetworkId) !== undefined
        ? options.caipNetworkId
        : SolanaClusters.networksOf(offered)[0]
      if (caipNetworkId === undefined) return yield* fail("The wallet offers no Solana network")
      account = chosen
      network = caipNetworkId
      walletChain = SolanaClusters.walletChainOf(offered, caipNetworkId)
      return {
        namespace: "solana",
        accounts: accounts.map((candidate) => candidate.address),
        caipNetworkId
      } satisfies Connector.Connected
    })

  const connected = Effect.suspend(() =>
    account !== undefined && network !== undefined && walletChain !== undefined
      ? Effect.succeed({ account, network, walletChain })
      : Effect.fail(fail("The wallet is not connected"))
  )

  const request = (args: Connector.RequestArguments): Effect.Effect<unknown, Connector.ConnectorFailure> =>
    Effect.gen(function*() {
      const { account: signer, walletChain: chain } = yield* connected
      const params = (typeof args.params === "object" && args.params !== null ? args.params : {}) as Record<string, unknown>
      switch (args.method) {
        case "solana_signMessage": {
          const message = bytesOf(params["message"])
          const signing = WalletStandardListing.feature<SignMessageFeature>(wallet, "solana:signMessage", "signMessage")
          if (message === undefined || signing === undefined) return yield* fail("The wallet cannot sign this message")
          const [output] = yield* attempt(() => signing.signMessage({ account: signer, message }))
          if (output === undefined) return yield* fail("The wallet returned no signature")
          return output
        }
        case "solana_signIn": {
          const signing = WalletStandardListing.feature<SignInFeature>(wallet, "solana:signIn", "signIn")
          if (signing === undefined) {
            return yield* new WalletError.UnsupportedMethodError({ code: RpcCode.table.UnsupportedMethod.code, message: "The wallet offers no solana:signIn" })
          }
          const [output] = yield* attempt(() => signing.signIn(params as SignInInput))
          if (output === undefined) return yield* fail("The wallet returned no sign-in")
          // Signed for another account than the connected one: not this visitor's sign-in.
          if (output.account.address !== signer.address) return yield* fail("The wallet signed in with another account")
          return output
        }
        case "solana_signTransaction": {
          const transaction = bytesOf(params["transaction"])
          const signing = WalletStandardListing.feature<SignTransactionFeature>(wallet, "solana:signTransaction", "signTransaction")
          if (transaction === undefined || signing === undefined) return yield* fail("The wallet cannot sign this transaction")
          const [output] = yield* attempt(() => signing.signTransaction({ account: signer, transaction, chain }))
          if (output === undefined) return yield* fail("The wallet returned no transaction")
          return output
        }
        case "solana_signAndSendTransaction": {
          const transaction = bytesOf(params["transaction"])
          const sender = WalletStandardListing.feature<SignAndSendTransactionFeature>(wallet, "solana:signAndSendTransaction", "signAndSendTransaction")
          if (transaction === undefined || sender === undefined) return yield* fail("The wallet cannot send this transaction")
          const [output] = yield* attempt(() => sender.signAndSendTransaction({ account: signer, transaction, chain }))
          if (output === undefined) return yield* fail("The wallet returned no signature")
          return output
        }
        default:
          return yield* new WalletError.UnsupportedMethodError({ code: RpcCode.table.UnsupportedMethod.code, message: `Unsupported method ${args.method}` })
      }
    })

  return {
    connector,
    connect: connectWith(false),
    reconnect: connectWith(true),
    disconnect: Effect.suspend(() => {
      account = undefined
      network = undefined
      walletChain = undefined
      const disconnect = WalletStandardListing.feature<DisconnectFeature>(wallet, "standard:disconnect", "disconnect")
      return disconnect === undefined ? Effect.void : attempt(() => disconnect.disconnect())
    }),
    accounts: Effect.sync(() => wallet.accounts.map((candidate) => candidate.address)),
    chain: Effect.map(connected, (current) => current.network),
    // The standard's signing features name their account: the one the visitor made active signs.
    selectAccount: (_namespace, address) =>
      Effect.suspend(() => {
        const listed = solanaAccounts(wallet.accounts).find((candidate) => candidate.address === address)
        if (account === undefined || listed === undefined) return Effect.fail(fail("The wallet does not list that account"))
        account = listed
        return Effect.void
      }),
    // A Solana request names its cluster: the page moves when the wallet offers the cluster, else stays.
    switchChain: (target) =>
      Effect.map(connected, (current) => {
        const named = SolanaClusters.walletChainOf([...current.account.chains, ...wallet.chains], target.caipNetworkId)
        if (named === undefined) return current.network
        network = target.caipNetworkId
        walletChain = named
        return network
      }),
    request,
    subscribe: (listener) => {
      const events = WalletStandardListing.feature<EventsFeature>(wallet, "standard:events", "on")
      if (events === undefined) return () => undefined
      return events.on("change", (properties) => {
        if (properties.accounts === undefined) return
        if (properties.accounts.length === 0) return listener({ _tag: "Disconnected" })
        // The session follows the wallet to its first account: so does the signer.
        const listed = solanaAccounts(properties.accounts)
        if (account !== undefined && listed[0] !== undefined) account = listed[0]
        listener({ _tag: "AccountsChanged", accounts: listed.map((candidate) => candidate.address) })
      })
    }
  }
}

/** Watches the listable Solana wallets, each with its client (kept while the wallet stays registered); returns the function that stops watching. */
export const watch = (onChange: (clients: ReadonlyArray<Connector.ConnectorClient>) => void): () => void => {
  let clients = new Map<Wallet, Connector.ConnectorClient>()
  return WalletStandardListing.watchListed((wallets) => {
    clients = new Map(wallets.map((wallet) => [wallet, clients.get(wallet) ?? make(wallet)]))
    onChange([...clients.values()])
  })
}
