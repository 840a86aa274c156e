/** Waiting on the sandbox's WalletConnect demo wallet (its logic, without the page) in Node tests. */
import type { WcWallet, WcWalletState } from "../../sandbox/wc-wallet/WcWallet.ts"

/** Resolves with the wallet's state once `ready` holds for it (at once when it already does). */
export const until = (wallet: WcWallet, ready: (state: WcWalletState) => boolean): Promise<WcWalletState> =>
  new Promise((resolve) => {
    if (ready(wallet.getState())) return resolve(wallet.getState())
    const stop = wallet.subscribe(() => {
      if (!ready(wallet.getState())) return
      stop()
      resolve(wallet.getState())
    })
  })
