/**
 * The devnets with their Alto bundlers and the ERC-7677 sponsorship service, started before a test
 * file's tests and stopped after them (sandbox/bundler/): what a smart account meets on a real network.
 */
import { afterAll, beforeAll } from "vitest"
import { startAccountAbstractionServices, type AccountAbstractionServices } from "../../sandbox/bundler/AccountAbstractionServices.ts"
import { startEvmDevnets, type EvmDevnets } from "../../sandbox/evm/EvmDevnet.ts"

export interface AccountAbstractionWorld {
  readonly devnets: EvmDevnets
  readonly services: AccountAbstractionServices
}

/** Registers the world's start and stop with the file's hooks; read it from the tests (it exists once `beforeAll` ran). */
export const accountAbstractionWorld = (): { readonly current: () => AccountAbstractionWorld } => {
  let world: Partial<AccountAbstractionWorld> = {}
  beforeAll(async () => {
    const devnets = await startEvmDevnets()
    // Kept at once, so the devnets stop even when the services fail to start.
    world = { devnets }
    world = { devnets, services: await startAccountAbstractionServices({ host: "127.0.0.1", devnets, bundlerPorts: [0, 0], paymasterPort: 0 }) }
  }, 240_000)
  afterAll(async () => {
    await world.services?.stop()
    await world.devnets?.stop()
  })
  return {
    current: () => {
      if (world.devnets === undefined || world.services === undefined) throw new Error("the account-abstraction world is not started")
      return { devnets: world.devnets, services: world.services }
    }
  }
}
