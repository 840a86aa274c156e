import { createTestClient, custom, encodeDeployData, getAddress, publicActions, walletActions, type Hex } from "viem"
import type { CompiledContracts } from "./Compile.ts"
import { deployerAccount } from "./DemoAccounts.ts"
import type { Placement } from "./RealContracts.ts"
import type { RpcProvider } from "./RpcServer.ts"
import type { SeedSchedule } from "./SeedSchedule.ts"
import { transfersOf, type SeededTransaction } from "./SeededHistory.ts"

/**
 * Sets each placement's runtime code at its real address: the constructor runs in an eth_call from the
 * deployer (so immutables such as an owner are the deployer's), and its answer — the runtime code — is
 * set with hardhat_setCode. The placed contracts keep their state in that code until the schedule runs.
 */
const place = async (client: SeedClient, compiled: CompiledContracts, placements: ReadonlyArray<Placement>): Promise<void> => {
  for (const placement of placements) {
    const { abi, bytecode } = compiled[placement.contract]
    const { data } = await client.call({ account: deployerAccount.address, data: encodeDeployData({ abi, bytecode, args: [...placement.args] }) })
    if (data === undefined || data === "0x") throw new SeedError(`${placement.contract} for ${placement.key} has no runtime code`)
    await client.setCode({ address: placement.address, bytecode: data satisfies Hex })
  }
}

type SeedClient = ReturnType<typeof seedClient>

/** A Hardhat test client over a chain's in-process provider, signing for its unlocked mnemonic accounts. */
const seedClient = (provider: RpcProvider) =>
  createTestClient({ mode: "hardhat", transport: custom(provider, { retryCount: 0 }) })
    .extend(publicActions)
    .extend(walletActions)

/**
 * Places the real network's contracts, then mines a schedule on a chain through its in-process provider (ten times faster than over HTTP), one transaction per block at the step's
 * timestamp (evm_setNextBlockTimestamp), sent from the node's unlocked mnemonic accounts, and reads each
 * receipt back so the recorded history is what the chain holds. Ends with a block at the wall clock so
 * later transactions carry the present time.
 */
export const seedChain = async (options: {
  readonly provider: RpcProvider
  readonly chainId: number
  readonly schedule: SeedSchedule
  readonly compiled: CompiledContracts
  readonly placements: ReadonlyArray<Placement>
}): Promise<ReadonlyArray<SeededTransaction>> => {
  const client = seedClient(options.provider)
  const chainId = await client.getChainId()
  if (chainId !== options.chainId) throw new SeedError(`expected chain ${options.chainId}, the node answers ${chainId}`)
  await place(client, options.compiled, options.placements)

  const history: Array<SeededTransaction> = []
  for (const step of options.schedule.steps) {
    await client.setNextBlockTimestamp({ timestamp: BigInt(step.timestamp) })
    const hash = await client.sendTransaction({
      account: step.from,
      to: step.to,
      data: step.data,
      value: step.value,
      chain: null
    })
    const receipt = await client.getTransactionReceipt({ hash })
    if (receipt.status !== "success") throw new SeedError(`${step.kind} from ${step.from} reverted in ${hash}`)
    history.push({
      chainId,
      hash,
      blockNumber: Number(receipt.blockNumber),
      timestamp: step.timestamp,
      kind: step.kind,
      from: getAddress(receipt.from),
      to: receipt.to === null ? null : getAddress(receipt.to),
      transfers: transfersOf({ from: receipt.from, to: receipt.to, value: step.value ?? 0n }, receipt.logs)
    })
  }
  const last = history.at(-1)?.timestamp ?? options.schedule.genesisTimestamp
  await client.setNextBlockTimestamp({ timestamp: BigInt(Math.max(last + 1, Math.floor(Date.now() / 1000))) })
  await client.mine({ blocks: 1 })
  return history
}

export class SeedError extends Error {
  override readonly name = "SeedError"
}
