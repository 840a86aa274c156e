/**
 * Atomic `wallet_sendCalls` for the EVM demo wallet where its network has an ERC-4337 bundler (EIP-5792
 * `atomic`, ERC-7677 `paymasterService`): the account delegates to Simple7702Account by EIP-7702 (its
 * first operation carries the authorization) and every bundle is one user operation of EntryPoint v0.8,
 * sent through the network's bundler, its gas paid by the app's paymaster service when the app names one.
 * This is how wallets with smart accounts do it; viem's account-abstraction clients speak both protocols.
 */
import { createPublicClient, http, type Chain, type Hex } from "viem"
import { createBundlerClient, createPaymasterClient, toSimple7702SmartAccount } from "viem/account-abstraction"
import type { PrivateKeyAccount } from "viem/accounts"
import { simple7702AccountAddress } from "../evm/AccountAbstraction.ts"
import type { BatchCall } from "./AtomicBatch.ts"
import { ProviderRpcError } from "./ProviderRpcError.ts"

/** ERC-7677's capability as the app gives it: the paymaster service's URL and the context it is handed. */
export interface PaymasterService {
  readonly url: string
  readonly context?: { readonly [key: string]: unknown } | undefined
}

/** What EIP-5792's `wallet_getCallsStatus` needs of a sent operation: pending, or its transaction's receipt. */
export type OperationReceipt = { readonly status: "pending" } | { readonly status: "done"; readonly success: boolean; readonly transactionHash: Hex }

export interface SmartSender {
  /** Sends the calls as one user operation and answers its hash; the upgrade rides on the first. */
  readonly send: (calls: ReadonlyArray<BatchCall>, paymaster: PaymasterService | undefined) => Promise<Hex>
  readonly receipt: (hash: Hex) => Promise<OperationReceipt>
}

/** EIP-7702's delegation designator for Simple7702Account: the code of an upgraded account. */
const upgradedCode = `0xef0100${simple7702AccountAddress.slice(2).toLowerCase()}`

const pollingInterval = 250

export const makeSmartSender = (owner: PrivateKeyAccount, chain: Chain, rpcUrl: string, bundlerUrl: string): SmartSender => {
  const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval })
  const bundler = createBundlerClient({ client, transport: http(bundlerUrl), pollingInterval })
  return {
    send: async (calls, paymaster) => {
      const account = await toSimple7702SmartAccount({ client, owner, implementation: simple7702AccountAddress })
      const code = await client.getCode({ address: owner.address })
      const authorization = code?.toLowerCase() === upgradedCode
        ? undefined
        : await owner.signAuthorization({ chainId: chain.id, nonce: await client.getTransactionCount({ address: owner.address }), contractAddress: simple7702AccountAddress })
      return bundler.sendUserOperation({
        account,
        ...(authorization === undefined ? {} : { authorization }),
        calls: calls.map((call) => ({ to: call.to, value: call.value, data: call.data })),
        ...(paymaster === undefined
          ? {}
          : { paymaster: createPaymasterClient({ transport: http(paymaster.url) }), ...(paymaster.context === undefined ? {} : { paymasterContext: paymaster.context }) })
      }).catch((error: unknown) => {
        throw refusal(error, paymaster)
      })
    },
    receipt: async (hash) => {
      const found = await bundler.getUserOperationReceipt({ hash }).catch(() => undefined)
      return found === undefined ? { status: "pending" } : { status: "done", success: found.success, transactionHash: found.receipt.transactionHash }
    }
  }
}

/** Why an operation was not sent, as a site reads it: the paymaster's refusal, or the bundler's. */
const refusal = (error: unknown, paymaster: PaymasterService | undefined): ProviderRpcError => {
  const detail = error instanceof Error ? error.message : String(error)
  // viem's error names the URL that answered: the paymaster service's, or the bundler's.
  if (paymaster !== undefined && detail.includes(paymaster.url)) return new ProviderRpcError(-32003, "The app's paymaster refused to sponsor these calls.", detail)
  return new ProviderRpcError(-32603, "The wallet's bundler did not take these calls.", detail)
}
