/**
 * Recent wallets (spec sections 4 and 9): at most 2, newest first, no duplicates (by id). Plain, so the
 * Connect view can read them from storage before the engine has loaded.
 */
import * as Constants from "./Constants.ts"
import * as StorageName from "./StorageName.ts"

/** The localStorage key the engine keeps them under (`StorageKey.recentWallets`). */
export const storageName: string = StorageName.of("recent_wallets")

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

const hasId = (entry: unknown): entry is { readonly id: string } =>
  typeof entry === "object" && entry !== null && typeof (entry as { readonly id?: unknown }).id === "string"

const parsed = (json: string): unknown => {
  try {
    return JSON.parse(json)
  } catch {
    return undefined
  }
}

/**
 * The ids of a stored value (`storageName`'s), read as the engine reads it: a JSON array of entries each with
 * a string id, normalized; a missing, corrupt or foreign value reads as none.
 */
export const storedIds = (json: string | null): ReadonlyArray<string> => {
  const value = json === null ? undefined : parsed(json)
  return Array.isArray(value) && value.every(hasId) ? normalize(value).map((entry) => entry.id) : []
}
