/**
 * What a site that sponsors gas talks to, for every devnet: an ERC-4337 bundler (Alto, Bundler.ts) and one
 * ERC-7677 sponsorship service (PaymasterService.ts). The package's sandbox (`portico/testing`) has no
 * bundler (Alto is a development dependency): there the devnets keep EntryPoint v0.8 and the 7702
 * account, and networks simply have no bundler, as many real ones do.
 */
import type { Address } from "viem"
import type { EvmDevnets } from "../evm/EvmDevnet.ts"
import { contractOf } from "../evm/SandboxContracts.ts"
import { altoFolder, startBundler, type Bundler } from "./Bundler.ts"
import { startPaymasterService, type PaymasterService } from "./PaymasterService.ts"

export interface AccountAbstractionServices {
  /** One per chain, by chain id; empty where Alto is not installed. */
  readonly bundlers: ReadonlyMap<number, Bundler>
  readonly paymaster: PaymasterService
  stop(): Promise<void>
}

const altoInstalled = (): boolean => altoFolder() !== undefined

export const startAccountAbstractionServices = async (options: {
  readonly host: string
  readonly devnets: EvmDevnets
  /** The bundlers' ports in chain order and the sponsorship service's; 0 picks a free one. */
  readonly bundlerPorts: ReadonlyArray<number>
  readonly paymasterPort: number
}): Promise<AccountAbstractionServices> => {
  const paymasters = new Map<number, Address>(
    options.devnets.deployment.chains.map((chain) => [chain.chainId, contractOf(chain.contracts, "sponsorPaymaster")])
  )
  const paymaster = startPaymasterService({ host: options.host, port: options.paymasterPort, paymasters })
  const bundlers = altoInstalled()
    ? options.devnets.chains.map((chain, index) => startBundler({ chainId: chain.chainId, rpcUrl: chain.rpcUrl, port: options.bundlerPorts[index] ?? 0 }))
    : []
  const settled = await Promise.allSettled<Promise<{ readonly stop: () => Promise<void> }>>([paymaster, ...bundlers])
  const stop = () => Promise.allSettled(settled.map((result) => (result.status === "fulfilled" ? result.value.stop() : Promise.resolve()))).then(() => undefined)
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === "rejected")
  if (failed !== undefined) {
    await stop()
    throw failed.reason
  }
  return {
    paymaster: await paymaster,
    bundlers: new Map((await Promise.all(bundlers)).map((bundler) => [bundler.chainId, bundler])),
    stop
  }
}
