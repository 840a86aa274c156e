import type { EIP6963ProviderDetail } from "mipd"
import { createPublicClient, createWalletClient, custom, formatEther, http, numberToHex, parseEther, type Address } from "viem"
import type { SandboxConfig } from "../SandboxConfig.ts"
import type { ConnectedAccount } from "./ConnectedAccount.ts"

const amount = "0.01"

/** Connects an EIP-6963 wallet through its own provider, as a host dapp would with viem. */
export const connectEvm = async (detail: EIP6963ProviderDetail, config: SandboxConfig): Promise<ConnectedAccount> => {
  const wallet = createWalletClient({ transport: custom(detail.provider) })
  const [address] = await wallet.requestAddresses()
  if (address === undefined) throw new Error("The wallet returned no account")
  return snapshot(detail, config, address, await wallet.getChainId())
}

const snapshot = (detail: EIP6963ProviderDetail, config: SandboxConfig, address: Address, chainId: number): ConnectedAccount => {
  const { provider } = detail
  const wallet = createWalletClient({ account: address, transport: custom(provider) })
  const chain = config.evm.chains.find((candidate) => candidate.chainId === chainId)
  const reader = () => {
    if (chain === undefined) throw new Error(`Chain ${chainId} is not a sandbox chain`)
    return createPublicClient({ transport: http(chain.rpcUrl) })
  }
  const recipient = config.evm.accounts.find((account) => account.address.toLowerCase() !== address.toLowerCase())
  const self: ConnectedAccount = {
    namespace: "eip155",
    walletName: detail.info.name,
    walletIcon: detail.info.icon,
    address,
    networkId: String(chainId),
    networkName: chain?.name ?? `Chain ${chainId}`,
    networks: config.evm.chains.map((candidate) => ({ id: String(candidate.chainId), name: candidate.name })),
    balance: async () => `${formatEther(await reader().getBalance({ address }))} ETH`,
    signMessage: (text) => wallet.signMessage({ message: text }),
    sendToDemoAccount: async () => {
      if (recipient === undefined) throw new Error("The sandbox has no second demo account")
      const hash = await wallet.sendTransaction({ chain: null, to: recipient.address as Address, value: parseEther(amount) })
      await reader().waitForTransactionReceipt({ hash })
      return { id: hash, to: recipient.address, amount: `${amount} ETH` }
    },
    switchNetwork: async (id) => {
      await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: numberToHex(Number(id)) }] })
    },
    disconnect: async () => {
      // Not every wallet implements revocation; forgetting the account locally is the fallback.
      await provider.request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] }).catch(() => undefined)
    },
    watch: (onChange) => {
      const onAccounts = (accounts: ReadonlyArray<Address>) => {
        const [next] = accounts
        onChange(next === undefined ? undefined : snapshot(detail, config, next, chainId))
      }
      const onChain = (hex: string) => onChange(snapshot(detail, config, address, Number(hex)))
      provider.on("accountsChanged", onAccounts)
      provider.on("chainChanged", onChain)
      return () => {
        provider.removeListener("accountsChanged", onAccounts)
        provider.removeListener("chainChanged", onChain)
      }
    }
  }
  return self
}
