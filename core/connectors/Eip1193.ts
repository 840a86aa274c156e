/**
 * A `ConnectorClient` over any EIP-1193 provider: an EIP-6963 announced wallet, or WalletConnect's
 * universal provider (which speaks the same `request`/`on` interface).
 */
import * as Effect from "effect/Effect"
import * as Address from "../Address.ts"
import * as Caip from "../Caip.ts"
import * as Connector from "../Connector.ts"
import type * as Network from "../Network.ts"
import type { SignInTemplate } from "../signin/SignInMessage.ts"
import * as CodeChunk from "../CodeChunk.ts"

/** The part of EIP-1193 we use. Event listener methods are optional: some wallets omit them. */
export interface Provider {
  readonly request: (args: { readonly method: string; readonly params?: unknown }) => Promise<unknown>
  readonly on?: (event: string, listener: (...args: ReadonlyArray<unknown>) => void) => unknown
  readonly removeListener?: (event: string, listener: (...args: ReadonlyArray<unknown>) => void) => unknown
}

const erc7846 = CodeChunk.lazy("sign-in", () => import("./Erc7846.ts"))

/** `0x7a69` or `31337` → `eip155:31337`. */
export const caipNetworkIdOf = (chainId: unknown): Caip.CaipNetworkId | undefined => {
  const parsed = typeof chainId === "string"
    ? Number.parseInt(chainId, chainId.startsWith("0x") ? 16 : 10)
    : typeof chainId === "number"
    ? chainId
    : Number.NaN
  return Number.isSafeInteger(parsed) && parsed > 0 ? `eip155:${parsed}` : undefined
}

export const hexChainId = (caipNetworkId: Caip.CaipNetworkId): string =>
  `0x${Number.parseInt(Caip.referenceOf(caipNetworkId), 10).toString(16)}`

/** The EIP-3085 parameters of `wallet_addEthereumChain` for a configured network. */
export const addChainParameters = (network: Network.Network) => ({
  chainId: hexChainId(network.caipNetworkId),
  chainName: network.name,
  nativeCurrency: network.nativeCurrency,
  rpcUrls: network.rpcUrls.default.http,
  ...(network.blockExplorers === undefined ? {} : { blockExplorerUrls: [network.blockExplorers.default.url] })
})

/**
 * The EIP-1193 switch: `wallet_switchEthereumChain`, and on 4902 (unknown chain) `wallet_addEthereumChain`;
 * then the chain is read back, since the wallet decides where it actually landed.
 */
export const switchChain = (wallet: Pick<Connector.ConnectorClient, "request" | "chain">) => (network: Network.Network) =>
  wallet.request({ method: "wallet_switchEthereumChain", params: [{ chainId: hexChainId(network.caipNetworkId) }] }).pipe(
    Effect.catchTag("UnrecognizedChainError", () => wallet.request({ method: "wallet_addEthereumChain", params: [addChainParameters(network)] })),
    Effect.andThen(wallet.chain)
  )

/** The accounts a wallet answered, keeping only well-formed EVM addresses (it is page script, after all). */
const addresses = (value: unknown): ReadonlyArray<string> =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string" && Address.isValid("eip155", item))
    : []

export const make = (connector: Connector.Connector, provider: Provider): Connector.ConnectorClient => {
  const request = (args: Connector.RequestArguments) =>
    Effect.tryPromise({
      try: () => provider.request(args.params === undefined ? { method: args.method } : args),
      catch: Connector.failure
    })

  const chain = Effect.flatMap(request({ method: "eth_chainId" }), (chainId) => {
    const id = caipNetworkIdOf(chainId)
    return id === undefined
      ? Effect.fail(new Connector.ConnectorError({ connectorId: connector.id, message: "The wallet reported no chain id" }))
      : Effect.succeed(id)
  })

  const connectedWith = (answer: unknown, signedIn?: Connector.Connected["signedIn"]) =>
    Effect.gen(function*() {
      const accounts = addresses(answer)
      if (accounts.length === 0) {
        return yield* new Connector.ConnectorError({ connectorId: connector.id, message: "The wallet returned no account" })
      }
      const caipNetworkId = yield* chain
      return { namespace: "eip155", accounts, caipNetworkId, ...(signedIn === undefined ? {} : { signedIn }) } satisfies Connector.Connected
    })

  const accountsWith = (method: "eth_requestAccounts" | "eth_accounts") => Effect.flatMap(request({ method }), (answer) => connectedWith(answer))

  /** ERC-7846: connect and sign in with one approval, its code loaded then; without it, the two steps. */
  const connectSigningIn = (template: SignInTemplate) =>
    erc7846.pipe(
      Effect.matchEffect({
        onFailure: () => accountsWith("eth_requestAccounts"),
        onSuccess: (chunk) =>
          chunk.connect({
            connectorId: connector.id,
            request,
            chainIdHex: hexChainId(template.chainId),
            connected: (answer) => connectedWith(answer.accounts, answer.signedIn),
            fallback: accountsWith("eth_requestAccounts")
          }, template)
      })
    )

  return {
    connector,
    switchChain: switchChain({ request, chain }),
    connect: (options) => options.signIn === undefined ? accountsWith("eth_requestAccounts") : connectSigningIn(options.signIn),
    reconnect: () => accountsWith("eth_accounts"),
    // Not every wallet supports revoking; a refusal must not keep the visitor connected on our side.
    disconnect: request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] }).pipe(Effect.ignore),
    accounts: Effect.map(request({ method: "eth_accounts" }), addresses),
    chain,
    request,
    subscribe: (listener) => {
      const onAccounts = (accounts: unknown) => listener({ _tag: "AccountsChanged", accounts: addresses(accounts) })
      const onChain = (chainId: unknown) => {
        const caipNetworkId = caipNetworkIdOf(chainId)
        if (caipNetworkId !== undefined) listener({ _tag: "ChainChanged", caipNetworkId })
      }
      const onDisconnect = () => listener({ _tag: "Disconnected" })
      const onDisplayUri = (uri: unknown) => {
        if (typeof uri === "string") listener({ _tag: "DisplayUri", uri })
      }
      const handlers: ReadonlyArray<readonly [string, (...args: ReadonlyArray<unknown>) => void]> = [
        ["accountsChanged", onAccounts],
        ["chainChanged", onChain],
        ["disconnect", onDisconnect],
        ["display_uri", onDisplayUri]
      ]
      for (const [event, handler] of handlers) provider.on?.(event, handler)
      return () => {
        for (const [event, handler] of handlers) provider.removeListener?.(event, handler)
      }
    }
  }
}
