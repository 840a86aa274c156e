import { getWallets } from "@wallet-standard/app"
import type { Wallet } from "@wallet-standard/base"
import { createStore, type EIP6963ProviderDetail } from "mipd"
import { useEffect, useState } from "react"

/** EVM wallets announced through EIP-6963. */
export const useEip6963Wallets = (): ReadonlyArray<EIP6963ProviderDetail> => {
  const [wallets, setWallets] = useState<ReadonlyArray<EIP6963ProviderDetail>>([])
  useEffect(() => {
    const store = createStore()
    const unsubscribe = store.subscribe((details) => setWallets([...details]), { emitImmediately: true })
    return () => {
      unsubscribe()
      store.destroy()
    }
  }, [])
  return wallets
}

/** Wallets registered through the Wallet Standard that speak Solana. */
export const useSolanaWallets = (): ReadonlyArray<Wallet> => {
  const [wallets, setWallets] = useState<ReadonlyArray<Wallet>>([])
  useEffect(() => {
    const { get, on } = getWallets()
    const refresh = () => setWallets(get().filter((wallet) => wallet.chains.some((chain) => chain.startsWith("solana:"))))
    refresh()
    const offRegister = on("register", refresh)
    const offUnregister = on("unregister", refresh)
    return () => {
      offRegister()
      offUnregister()
    }
  }, [])
  return wallets
}
