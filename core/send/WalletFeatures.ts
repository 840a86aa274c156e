/**
 * The Account view's wallet feature buttons (spec §9: onramp, swaps, receive, send, in that order), each
 * shown only when its feature flag is on and where it works: send and receive on a namespace that can
 * send (spec §1: eip155 and solana); swaps on eip155 (spec §9's swap networks) and on solana (through a
 * Jupiter-compatible API); the onramp only on eip155 (spec §3: onramp options name their networks by EVM
 * chain id, so nothing can be bought for another namespace's account) and nowhere in the restricted
 * timezones (spec §9).
 */
import * as Constants from "../Constants.ts"
import { isRestrictedTimezone } from "../onramp/RestrictedTimezones.ts"

export type WalletFeature = (typeof Constants.walletFeatureOrder)[number]

const sendingNamespaces: ReadonlySet<string> = new Set(["eip155", "solana"])

export const visible = (
  features: Readonly<Partial<Record<WalletFeature, boolean>>>,
  namespace: string,
  /** The visitor's IANA timezone, when the browser tells it. */
  timeZone?: string
): ReadonlyArray<WalletFeature> =>
  Constants.walletFeatureOrder.filter((feature) =>
    (features[feature] ?? Constants.defaultFeatures[feature]) &&
    (feature === "onramp"
      ? namespace === "eip155" && !isRestrictedTimezone(timeZone)
      : sendingNamespaces.has(namespace)))
