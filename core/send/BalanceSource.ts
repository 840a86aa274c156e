/**
 * Where an account's balances come from (spec §7 "Balances"): from the wallet's `wallet_getAssets`
 * (EIP-7811) when its `wallet_getCapabilities` reports asset discovery on the network, otherwise from
 * the balance service by address and network. Either way the spec §5 filter applies (quantity decimals
 * '0' dropped). The 30 s retry gate after a failure and its toast are core/features/AccountData's.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { numberToHex } from "viem"
import { Asset, toTokenBalance } from "../Asset.ts"
import * as Caip from "../Caip.ts"
import type { CaipNetworkId } from "../Caip.ts"
import type * as Connector from "../Connector.ts"
import { type TokenBalance, withoutZeroDecimals } from "../TokenBalance.ts"

/** The balance service by address and network (http/client/CachedQueries' balance fits behind it). */
export interface BalanceService<E> {
  /** `forceUpdate` bypasses the 30 s balance cache. */
  readonly fetch: (address: string, network: CaipNetworkId, options: { readonly forceUpdate: boolean }) => Effect.Effect<ReadonlyArray<TokenBalance>, E>
  /** The service's image for a token symbol (`/public/getTokenImage/{symbol}`), for wallet assets that bring none. */
  readonly iconFor: (symbol: string) => string
}

/**
 * Why balances are fetched again (issue 10): after a send, on a network switch, on the wallet's
 * accountsChanged or chainChanged, and on demand.
 */
export type RefreshTrigger = "send" | "networkSwitch" | "accountsChanged" | "chainChanged" | "manual"

/**
 * Whether a refresh must bypass the balance cache: after a send and on demand the cached answer is known
 * stale; a switch or a wallet event names another account or network, which has its own cache entry.
 */
export const bypassesCache = (trigger: RefreshTrigger): boolean => trigger === "send" || trigger === "manual"

const Capability = Schema.Struct({ assetDiscovery: Schema.optionalKey(Schema.Struct({ supported: Schema.Boolean })) })
const Capabilities = Schema.Record(Schema.String, Schema.Unknown)
const decodeCapability = Schema.decodeUnknownOption(Capability)

/** Whether a `wallet_getCapabilities` answer reports asset discovery on `chainIdHex`. */
export const supportsAssetDiscovery = (capabilities: unknown, chainIdHex: string): boolean => {
  if (!Schema.is(Capabilities)(capabilities)) return false
  const entry = Object.entries(capabilities).find(([id]) => id.toLowerCase() === chainIdHex.toLowerCase())?.[1]
  if (entry === undefined) return false
  const capability = decodeCapability(entry)
  return Option.isSome(capability) && capability.value.assetDiscovery?.supported === true
}

const AssetsAnswer = Schema.Record(Schema.String, Schema.Array(Schema.Unknown))
const decodeAsset = Schema.decodeUnknownOption(Asset)

/** The assets a `wallet_getAssets` answer lists on `chainIdHex`, as token balances; entries we cannot read are skipped. */
export const balancesFromAssets = (
  answer: unknown,
  chainIdHex: string,
  network: CaipNetworkId,
  iconFor: (symbol: string) => string
): ReadonlyArray<TokenBalance> => {
  if (!Schema.is(AssetsAnswer)(answer)) return []
  const listed = Object.entries(answer).find(([id]) => id.toLowerCase() === chainIdHex.toLowerCase())?.[1] ?? []
  return listed.flatMap((raw) => {
    const asset = decodeAsset(raw)
    if (Option.isNone(asset)) return []
    const balance = toTokenBalance(asset.value, network)
    return [balance.iconUrl === "" ? { ...balance, iconUrl: iconFor(balance.symbol) } : balance]
  })
}

/** Asks the wallet for its assets when it discovers them on this eip155 network; none when it does not. */
const fromWallet = (client: Connector.ConnectorClient, address: string, network: CaipNetworkId, iconFor: (symbol: string) => string) =>
  Effect.gen(function*() {
    const reference = Caip.referenceOf(network)
    if (Caip.namespaceOf(network) !== "eip155" || !/^\d+$/.test(reference)) return undefined
    const chainIdHex = numberToHex(BigInt(reference))
    // A wallet without EIP-5792 answers an error here: that only means no discovery.
    const capabilities = yield* Effect.orElseSucceed(client.request({ method: "wallet_getCapabilities", params: [address] }), () => undefined)
    if (!supportsAssetDiscovery(capabilities, chainIdHex)) return undefined
    const answer = yield* client.request({ method: "wallet_getAssets", params: [{ account: address, chainFilter: [chainIdHex] }] })
    return balancesFromAssets(answer, chainIdHex, network, iconFor)
  })

/** The account's balances on `network`, from the wallet or the service, without zero-decimals entries. */
export const fetch = <E>(
  client: Connector.ConnectorClient | undefined,
  service: BalanceService<E>,
  address: string,
  network: CaipNetworkId,
  trigger: RefreshTrigger = "manual"
): Effect.Effect<ReadonlyArray<TokenBalance>, E | Connector.ConnectorFailure> =>
  Effect.gen(function*() {
    const discovered = client === undefined ? undefined : yield* fromWallet(client, address, network, service.iconFor)
    return withoutZeroDecimals(discovered ?? (yield* service.fetch(address, network, { forceUpdate: bypassesCache(trigger) })))
  })
