/**
 * The ramps' treasury: the account that pays out every purchase, on every local EVM chain. It is account
 * 10 of the sandbox mnemonic (Hardhat funds accounts 0 to 19 with 10,000 ETH; accounts 0 to 9 are the demo
 * users and the deployer, and tests use them), so no demo wallet's history or balance moves with it. At
 * start the deployer mints it USDC on each chain. Deliveries from one chain are sent one at a time, so
 * their nonces never race.
 */
import { createPublicClient, createWalletClient, erc20Abi, http, type Address, type Hex } from "viem"
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts"
import { tokenAbi } from "../evm/Abi.ts"
import { demoMnemonic, deployerAccount } from "../evm/DemoAccounts.ts"
import { devnetContract } from "../evm/NetworkShapes.ts"
import type { RampNetwork, SoldAsset } from "./Catalogue.ts"

/** The treasury's index on m/44'/60'/0'/0/{index}. */
export const treasuryIndex = 10

/** USDC minted to the treasury on each chain at start (6 decimals: one million). */
const usdcFunding = 1_000_000n * 10n ** 6n

export interface Treasury {
  readonly address: Address
  /** Mints the treasury its USDC on every chain; resolves once mined. */
  readonly fund: () => Promise<void>
  /** Sends `units` of `asset` to `to` on `chainId`; resolves with the hash once mined, rejects if it reverted. */
  readonly deliver: (chainId: number, asset: SoldAsset, to: Address, units: bigint) => Promise<Hex>
}

const clientsOf = (network: RampNetwork) => {
  // A short polling interval: the devnets mine at once, so a receipt is there on the first look.
  const transport = http(network.rpcUrl, { retryCount: 0 })
  return { reader: createPublicClient({ transport, pollingInterval: 50 }), transport }
}

const mined = async (reader: ReturnType<typeof clientsOf>["reader"], hash: Hex) => {
  const receipt = await reader.waitForTransactionReceipt({ hash })
  if (receipt.status !== "success") throw new DeliveryError(`transaction ${hash} reverted`)
  return hash
}

export const makeTreasury = (networks: ReadonlyArray<RampNetwork>): Treasury => {
  const account = mnemonicToAccount(demoMnemonic, { addressIndex: treasuryIndex })
  const deployer = privateKeyToAccount(deployerAccount.privateKey)
  const chains = new Map(networks.map((network) => [network.chainId, clientsOf(network)]))
  /** The last delivery sent on each chain: the next one waits for it. */
  const queues = new Map<number, Promise<unknown>>()

  return {
    address: account.address,
    fund: async () => {
      await Promise.all(networks.map(async (network) => {
        const { reader, transport } = clientsOf(network)
        const wallet = createWalletClient({ account: deployer, transport })
        const hash = await wallet.writeContract({ address: devnetContract(network.chainId, "usdc"), abi: tokenAbi, functionName: "mint", args: [account.address, usdcFunding], chain: null })
        await mined(reader, hash)
      }))
    },
    deliver: (chainId, asset, to, units) => {
      const chain = chains.get(chainId)
      if (chain === undefined) return Promise.reject(new DeliveryError(`no local chain ${chainId}`))
      const wallet = createWalletClient({ account, transport: chain.transport })
      const send = async () => {
        const hash = asset.contract === undefined
          ? await wallet.sendTransaction({ to, value: units, chain: null })
          : await wallet.writeContract({ address: asset.contract(chainId), abi: erc20Abi, functionName: "transfer", args: [to, units], chain: null })
        return mined(chain.reader, hash)
      }
      const next = (queues.get(chainId) ?? Promise.resolve()).then(send, send)
      // The queue only orders the sends: its caller gets this delivery's failure, the next send still goes.
      queues.set(chainId, next.catch(() => undefined))
      return next
    }
  }
}

export class DeliveryError extends Error {
  override readonly name = "DeliveryError"
}
