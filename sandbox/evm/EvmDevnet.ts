import { createHardhatRuntimeEnvironment } from "hardhat/hre"
import { fileURLToPath } from "node:url"
import { deployAccountAbstraction } from "./AccountAbstraction.ts"
import { seedChain } from "./ChainSeeder.ts"
import { compileContracts } from "./Compile.ts"
import { deployerAccount, demoAccounts, demoMnemonic, oracleAccount } from "./DemoAccounts.ts"
import type { EvmDeployment } from "./EvmDeployment.ts"
import { evmChainSpecs } from "./NetworkShapes.ts"
import { startOracleKeeper } from "./OracleKeeper.ts"
import { placementsOf } from "./RealContracts.ts"
import { rpcResult } from "./RpcResult.ts"
import { serveJsonRpc, type RpcServer } from "./RpcServer.ts"
import { chainContracts, chainTokens, sandboxCollections } from "./SandboxContracts.ts"
import { seedSchedule } from "./SeedSchedule.ts"

export interface EvmChain {
  readonly chainId: number
  readonly rpcUrl: string
  readonly name: string
}

export interface EvmDevnets {
  readonly chains: ReadonlyArray<EvmChain>
  readonly deployment: EvmDeployment
  /** Closes both JSON-RPC servers; the chains live in this process, so nothing outlives it. */
  stop(): Promise<void>
}

export interface EvmDevnetOptions {
  /** Interface to bind; 127.0.0.1 by default. */
  readonly host?: string
  /** Ports of the two chains; 0 picks a free port (the default). */
  readonly ports?: readonly [number, number]
}

export { evmChainSpecs } from "./NetworkShapes.ts"

const projectRoot = fileURLToPath(new URL("../../", import.meta.url))

/** The served chain must answer its own chain id over HTTP before anyone is told its URL. */
const expectChainId = async (rpcUrl: string, chainId: number): Promise<void> => {
  const answered = await rpcResult(rpcUrl, "eth_chainId")
  if (answered !== `0x${chainId.toString(16)}`) {
    throw new EvmDevnetError(`${rpcUrl} answered eth_chainId with ${JSON.stringify(answered)}, expected ${chainId}`)
  }
}

/**
 * Starts both chains in this process on Hardhat 3's EDR (a real EVM; Hardhat's provider signs for the
 * mnemonic accounts), deploys the sandbox contracts and mines about two years of history on each through
 * the provider, then serves each over HTTP JSON-RPC and checks it answers eth_chainId. Rejects, with
 * everything closed, if anything fails.
 */
export const startEvmDevnets = async (options: EvmDevnetOptions = {}): Promise<EvmDevnets> => {
  const host = options.host ?? "127.0.0.1"
  const ports = options.ports ?? [0, 0]
  const now = new Date()
  const compiled = await compileContracts()
  const planned = evmChainSpecs.map((spec) => ({ ...spec, schedule: seedSchedule({ now, compiled, variant: spec.variant, shape: spec.shape }) }))

  const hre = await createHardhatRuntimeEnvironment(
    {
      networks: Object.fromEntries(
        planned.map((chain) => [
          `portico${chain.chainId}`,
          {
            type: "edr-simulated",
            chainId: chain.chainId,
            initialDate: new Date(chain.schedule.genesisTimestamp * 1000)
            // No accounts entry on purpose: Hardhat's default (our mnemonic, 20 accounts of 10,000 ETH) uses
            // precomputed keys, where any explicit accounts cost over a second of key derivation.
          }
        ])
      )
    },
    {},
    projectRoot
  )

  const closers: Array<() => Promise<void>> = []
  const stop = async (): Promise<void> => {
    await Promise.all(closers.splice(0).map((close) => close()))
  }
  // allSettled: when one chain fails, the other must have finished registering what to close.
  const settled = await Promise.allSettled(
    planned.map(async (chain, index) => {
      const connection = await hre.network.create(`portico${chain.chainId}`)
      closers.push(() => connection.close())
      // Bind before seeding so a taken port fails the start at once; the URL is only handed out when seeded.
      const server: RpcServer = await serveJsonRpc({ provider: connection.provider, host, port: ports[index] ?? 0 })
      closers.push(() => server.close())
      const history = await seedChain({
        provider: connection.provider,
        chainId: chain.chainId,
        schedule: chain.schedule,
        compiled,
        placements: placementsOf(chain.shape)
      })
      const contracts = { ...chainContracts(chain.shape), ...(await deployAccountAbstraction(connection.provider, compiled)) }
      const keeper = await startOracleKeeper(connection.provider, (chain.shape.priceFeeds ?? []).map((feed) => ({
        address: feed.address as `0x${string}`,
        heartbeatSeconds: feed.heartbeatSeconds
      })))
      // A round under way when the chain closes fails quietly (OracleKeeper.ts); stop waits for it.
      closers.unshift(() => keeper.stop())
      await expectChainId(server.url, chain.chainId)
      return {
        chain: { chainId: chain.chainId, rpcUrl: server.url, name: chain.name },
        history,
        contracts,
        tokens: chainTokens(chain.shape),
        genesisTimestamp: chain.schedule.genesisTimestamp
      }
    })
  )
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === "rejected")
  if (failed !== undefined) {
    await stop()
    throw failed.reason
  }
  const started = settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []))
  const deployment: EvmDeployment = {
    mnemonic: demoMnemonic,
    accounts: demoAccounts,
    deployer: deployerAccount,
    oracle: oracleAccount,
    collections: sandboxCollections.map(({ contract, address, name, symbol, spam }) => ({ contract, address, name, symbol, spam })),
    chains: started.map(({ chain, history, contracts, tokens, genesisTimestamp }) => ({
      chainId: chain.chainId,
      name: chain.name,
      contracts,
      tokens,
      genesisTimestamp,
      history
    }))
  }
  return { chains: started.map(({ chain }) => chain), deployment, stop }
}

export class EvmDevnetError extends Error {
  override readonly name = "EvmDevnetError"
}
