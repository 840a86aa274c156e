/**
 * Whether a site has been allowed to see a demo wallet's account. Real wallets remember this across page
 * loads, so the page uses localStorage (browser.ts) and Node tests use memory.
 */
export interface Permission {
  readonly granted: () => boolean
  readonly set: (granted: boolean) => void
}

export const memory = (initial = false): Permission => {
  let granted = initial
  return { granted: () => granted, set: (value) => { granted = value } }
}
