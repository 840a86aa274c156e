/**
 * ERC-7715 execution permissions from the demo wallet, as a third-party wallet with a smart account offers
 * them, so a site tries the external-wallet path of the same methods Portico's embedded wallet answers. The
 * checks are the ones every wallet of ours applies (core/permissions/ExecutionPermissions.ts: one type,
 * `erc20-token-periodic`, an expiry within 30 days, a bounded amount); the visitor approves in the wallet's
 * prompt; the grant is one atomic bundle (the token's allowance to SpendPermissions and the registration), the
 * revocation one `revoke`, each answered once mined. What it granted is read back from the contract.
 */
import * as Schema from "effect/Schema"
import { bytesToHex, createPublicClient, erc20Abi, formatUnits, http, numberToHex, type Address, type Hex } from "viem"
import type { PrivateKeyAccount } from "viem/accounts"
import * as Permissions from "../../core/permissions/ExecutionPermissions.ts"
import { encodePermissionContext, spendPermissionsAbi, spendPermissionsAddress } from "../../core/permissions/SpendPermissions.ts"
import type { BatchCall } from "./AtomicBatch.ts"
import type { EvmWalletChain } from "./EvmWallet.ts"
import { decodeParams, ProviderRpcError } from "./ProviderRpcError.ts"

const RevokeParams = Schema.Tuple([Schema.Struct({ permissionContext: Schema.String })])

interface Granted {
  readonly chainId: number
  readonly account: Address
  readonly id: Hex
  readonly grant: Permissions.PeriodicGrant
}

const clientOf = (chain: EvmWalletChain) => createPublicClient({ transport: http(chain.rpcUrl) })

export const makeExecutionPermissions = (deps: {
  readonly consent: (title: string, details: ReadonlyArray<string>) => Promise<void>
  readonly account: () => PrivateKeyAccount
  readonly chain: (chainId: Hex) => EvmWalletChain | undefined
  /** Sends the calls as one atomic bundle and resolves once it is mined. */
  readonly send: (chain: EvmWalletChain, account: PrivateKeyAccount, calls: ReadonlyArray<BatchCall>) => Promise<void>
}) => {
  const granted: Array<Granted> = []
  const chainOrFail = (chainId: Hex) => {
    const chain = deps.chain(chainId)
    if (chain === undefined) throw new ProviderRpcError(-32602, `The wallet has no network ${chainId}`)
    return chain
  }
  /** Whether a permission is still in force on chain: registered, not revoked, its window not over. */
  const inForce = async (entry: Granted) => {
    const chain = deps.chain(numberToHex(entry.chainId))
    if (chain === undefined) return false
    const { end, revoked } = await clientOf(chain).readContract({ address: spendPermissionsAddress, abi: spendPermissionsAbi, functionName: "permissionOf", args: [entry.account, entry.id] })
    return !revoked && Number(end) > Date.now() / 1000
  }

  const requestPermissions = async (params: unknown) => {
    const [requests] = decodeParams(Permissions.RequestParams, params)
    const account = deps.account()
    const now = Math.floor(Date.now() / 1000)
    const checked = requests.map((request) => {
      const chain = chainOrFail(request.chainId as Hex)
      const grant = Permissions.check(request, now, chain.chainId)
      if ("_tag" in grant) throw new ProviderRpcError(-32602, grant.message, { reason: grant._tag })
      return { chain, grant }
    })
    await deps.consent("Grant spending permissions", checked.map(({ chain, grant }) =>
      `${grant.spender} may spend up to ${formatUnits(grant.periodAmount, 0)} units of ${grant.token} every ${grant.periodDuration} s on ${chain.name}, until ${new Date(grant.end * 1000).toISOString()}`))
    const answers = []
    for (const { chain, grant } of checked) {
      const id = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
      const allowance = await clientOf(chain).readContract({ address: grant.token, abi: erc20Abi, functionName: "allowance", args: [account.address, spendPermissionsAddress] })
      await deps.send(chain, account, Permissions.grantCalls(grant, id, allowance))
      granted.push({ chainId: chain.chainId, account: account.address, id, grant })
      answers.push(Permissions.grantedResponse(grant, account.address, id))
    }
    return answers
  }

  const revokePermission = async (params: unknown) => {
    const [{ permissionContext }] = decodeParams(RevokeParams, params)
    const entry = granted.find((candidate) => encodePermissionContext(candidate.account, candidate.id) === permissionContext.toLowerCase())
    if (entry === undefined || !(await inForce(entry))) throw new ProviderRpcError(-32602, "No permission of this wallet's in force has that context")
    const chain = chainOrFail(numberToHex(entry.chainId))
    await deps.consent("Withdraw a spending permission", [`${entry.grant.spender} may no longer spend ${entry.grant.token}`])
    await deps.send(chain, deps.account(), [Permissions.revokeCall(entry.id)])
    return null
  }

  const grantedNow = async () => {
    const account = deps.account().address
    const mine = granted.filter((entry) => entry.account === account)
    const live = await Promise.all(mine.map(async (entry) => ((await inForce(entry)) ? [Permissions.grantedResponse(entry.grant, entry.account, entry.id)] : [])))
    return live.flat()
  }

  return {
    request: (method: string, params: unknown, chains: ReadonlyArray<EvmWalletChain>): Promise<unknown> => {
      switch (method) {
        case "wallet_getSupportedExecutionPermissions":
          return Promise.resolve(Permissions.supported(chains.map((chain) => numberToHex(chain.chainId))))
        case "wallet_requestExecutionPermissions":
          return requestPermissions(params)
        case "wallet_revokeExecutionPermission":
          return revokePermission(params)
        default:
          return grantedNow()
      }
    }
  }
}
