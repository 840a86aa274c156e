import { createPublicClient, createWalletClient, custom, formatEther, http, parseEther, type Address } from "viem"
import type { Eip1193Provider, SessionAccount } from "../../ui/react/index.ts"
import type { SandboxConfig } from "../SandboxConfig.ts"
import type { ConnectedAccount } from "./ConnectedAccount.ts"

const amount = "0.01"

/** The connected EVM account, used as a host dapp would: viem over Portico's EIP-1193 provider. */
export const evmAccount = (session: SessionAccount, provider: Eip1193Provider, config: SandboxConfig): ConnectedAccount => {
  const address = session.address as Address
  const wallet = createWalletClient({ account: address, transport: custom(provider) })
  const chainId = Number(session.caipNetworkId.split(":")[1])
  const chain = config.evm.chains.find((candidate) => candidate.chainId === chainId)
  const reader = () => {
    if (chain === undefined) throw new Error(`Chain ${chainId} is not a sandbox chain`)
    return createPublicClient({ transport: http(chain.rpcUrl) })
  }
  const recipient = config.evm.accounts.find((account) => account.address.toLowerCase() !== address.toLowerCase())
  return {
    namespace: "eip155",
    walletName: session.connectorName,
    walletIcon: session.connectorImageUrl,
    address,
    networkId: session.caipNetworkId,
    balance: async () => ({ amount: formatEther(await reader().getBalance({ address })), symbol: "ETH" }),
    signMessage: (text) => wallet.signMessage({ message: text }),
    sendToDemoAccount: async () => {
      if (recipient === undefined) throw new Error("The sandbox has no second demo account")
      const hash = await wallet.sendTransaction({ chain: null, to: recipient.address as Address, value: parseEther(amount) })
      await reader().waitForTransactionReceipt({ hash })
      return { id: hash, to: recipient.address, amount: `${amount} ETH` }
    }
  }
}
