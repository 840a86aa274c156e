/**
 * The network a demo wallet was on for a site. Real wallets remember it across page loads (a reload stays
 * on the second network), so the page keeps it in localStorage (inject.ts) and Node tests in memory.
 */
export interface ChainMemory {
  readonly get: () => number | undefined
  readonly set: (chainId: number) => void
}

export const memory = (): ChainMemory => {
  let chainId: number | undefined
  return { get: () => chainId, set: (value) => { chainId = value } }
}

/** Kept in the page's localStorage under `key`. */
export const stored = (key: string): ChainMemory => ({
  get: () => {
    const chainId = Number(localStorage.getItem(key))
    return Number.isSafeInteger(chainId) && chainId > 0 ? chainId : undefined
  },
  set: (chainId) => localStorage.setItem(key, String(chainId))
})
