/**
 * The Account view's wallet feature buttons (spec §9: onramp, swaps, receive, send, in that order), each
 * shown only when its feature flag is on and where it works: send and receive on a namespace that can
 * send (spec §1: eip155 and solana); swaps on eip155 networks that have them (spec §9: the swap networks,
 * or those the server's venues cover) and on solana (through a Jupiter-compatible API); the onramp only on
 * eip155 (spec §3: onramp options name their networks by EVM chain id, so nothing can be bought for another
 * namespace's account) and nowhere in the restricted timezones (spec §9).
 */
import * as Constants from "../Constants.ts"
import { isRestrictedTimezone } from "../onramp/RestrictedTimezones.ts"

export type WalletFeature = (typeof Constants.walletFeatureOrder)[number]

const sendingNamespaces: ReadonlySet<string> = new Set(["eip155", "solana"])

/**
 * Spec §9: the eip155 networks swaps are offered on — Ethereum, Arbitrum, OP, zkSync, Base, BNB Chain,
 * Polygon, Gnosis, Avalanche, Fantom, Kaia and Aurora — until the server names the networks its venues
 * cover (supported-chains `swap`), which is then the list.
 */
export const swapSupportedNetworks: ReadonlyArray<string> = [
  "eip155:1", "eip155:42161", "eip155:10", "eip155:324", "eip155:8453", "eip155:56",
  "eip155:137", "eip155:100", "eip155:43114", "eip155:250", "eip155:8217", "eip155:1313161554"
]

/**
 * Whether swaps are offered on a network: on those the server's venues cover (`served`, once it answered),
 * else on the spec's swap networks.
 */
export const swapsOffered = (caipNetworkId: string, served: ReadonlyArray<string> | undefined): boolean =>
  (served ?? swapSupportedNetworks).includes(caipNetworkId)

export const visible = (
  features: Readonly<Partial<Record<WalletFeature, boolean>>>,
  namespace: string,
  /** The visitor's IANA timezone, when the browser tells it. */
  timeZone?: string,
  /** Whether the account's network has swaps (swapsOffered). */
  swapsHere = true
): ReadonlyArray<WalletFeature> =>
  Constants.walletFeatureOrder.filter((feature) =>
    (features[feature] ?? Constants.defaultFeatures[feature]) &&
    (feature === "onramp"
      ? namespace === "eip155" && !isRestrictedTimezone(timeZone)
      : feature === "swaps" ? namespace === "solana" || (namespace === "eip155" && swapsHere) : sendingNamespaces.has(namespace)))
