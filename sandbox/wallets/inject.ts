/**
 * The demo wallets' content script: run by the demo site before the dapp code, it reads the sandbox
 * configuration from the page's origin and injects the EVM (EIP-6963) and Solana (Wallet Standard) demo
 * wallets, both asking through the visible prompt panel. Their site permissions live in localStorage so a
 * reload stays connected, as with a real extension.
 */
import { isHex } from "viem"
import { load } from "../SandboxConfig.ts"
import { announceEip6963, registerStandardWallet } from "./Announce.ts"
import { createEvmProvider, walletName, walletRdns } from "./EvmWallet.ts"
import { evmIcon, solanaIcon } from "./Icons.ts"
import type { Permission } from "./Permission.ts"
import { promptPanel } from "./PromptPanel.ts"
import { createSolanaWallet } from "./SolanaWallet.ts"

const stored = (key: string): Permission => ({
  granted: () => localStorage.getItem(key) === "granted",
  set: (granted) => granted ? localStorage.setItem(key, "granted") : localStorage.removeItem(key)
})

/** Reads `/sandbox-config.json` from the page's origin, then announces and registers both demo wallets. */
export const injectDemoWallets = async (): Promise<void> => {
  const config = await load()
  const approve = promptPanel()
  const origin = location.origin

  const evmAccount = config.evm.accounts[0]
  if (evmAccount !== undefined && config.evm.chains.length > 0) {
    const provider = createEvmProvider({
      privateKey: evmAccount.privateKey,
      chains: config.evm.chains,
      approve,
      origin,
      permission: stored("portico-demo-wallet:evm"),
      // The sandbox tokens: the wallet discovers them (EIP-7811) so both balance paths run in the sandbox.
      tokens: ["usdc6", "usdtLike", "dai18"].flatMap((name) => {
        const address = config.evm.contracts[name]
        return address !== undefined && isHex(address) ? [address] : []
      })
    })
    announceEip6963(window, { uuid: crypto.randomUUID(), name: walletName, icon: evmIcon, rdns: walletRdns }, provider)
  }

  const solanaAccount = config.solana.accounts[0]
  if (solanaAccount !== undefined) {
    registerStandardWallet(window, createSolanaWallet({
      secretKey: Uint8Array.from(solanaAccount.secretKey),
      address: solanaAccount.address,
      chain: config.solana.cluster.caipNetworkId,
      rpcUrl: config.solana.cluster.rpcUrl,
      icon: solanaIcon,
      approve,
      origin,
      permission: stored("portico-demo-wallet:solana")
    }))
  }
}
