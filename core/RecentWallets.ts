/**
 * Recent wallets (spec sections 4 and 9): at most 2, newest first, no duplicates (by id).
 */
import * as Constants from "./Constants.ts"

/** Puts `wallet` first, drops any older entry with its id, keeps at most `recentWalletsLimit`. */
export const add = <W extends { readonly id: string }>(recent: ReadonlyArray<W>, wallet: W): ReadonlyArray<W> =>
  [wallet, ...recent.filter((entry) => entry.id !== wallet.id)].slice(0, Constants.recentWalletsLimit)

/**
 * Repairs a list read from storage (possibly written by an older or foreign version): first
 * occurrence of each id wins, at most `recentWalletsLimit`.
 */
export const normalize = <W extends { readonly id: string }>(recent: ReadonlyArray<W>): ReadonlyArray<W> =>
  recent
    .filter((entry, index) => recent.findIndex((other) => other.id === entry.id) === index)
    .slice(0, Constants.recentWalletsLimit)
