/**
 * The sandbox's stand-in for Chainlink's oracle network: as the real feeds do, each feed is answered again
 * well within its heartbeat (at a third of the shortest one), with its latest answer, so a feed the sandbox
 * leaves alone never goes stale while `npm start` runs, and an answer a test moved stays moved.
 */
import { createTestClient, custom, encodeFunctionData, publicActions, walletActions, type Address } from "viem"
import { priceFeedAbi } from "./Abi.ts"
import { oracleAccount } from "./DemoAccounts.ts"
import type { RpcProvider } from "./RpcServer.ts"

export interface OracleKeeper {
  /** Stops answering; resolves once a round under way is mined. */
  readonly stop: () => Promise<void>
}

export interface KeptFeed {
  readonly address: Address
  readonly heartbeatSeconds: number
}

/** Answers every feed once (resolving when mined), then again every third of the shortest heartbeat. */
export const startOracleKeeper = async (provider: RpcProvider, feeds: ReadonlyArray<KeptFeed>): Promise<OracleKeeper> => {
  const client = createTestClient({ mode: "hardhat", transport: custom(provider, { retryCount: 0 }) })
    .extend(publicActions)
    .extend(walletActions)
  const round = async () => {
    for (const feed of feeds) {
      const [, answer] = await client.readContract({ address: feed.address, abi: priceFeedAbi, functionName: "latestRoundData" })
      const hash = await client.sendTransaction({
        account: oracleAccount.address,
        to: feed.address,
        data: encodeFunctionData({ abi: priceFeedAbi, functionName: "transmit", args: [answer] }),
        chain: null
      })
      await client.getTransactionReceipt({ hash })
    }
  }
  await round()
  if (feeds.length === 0) return { stop: async () => {} }
  const periodMillis = (Math.min(...feeds.map((feed) => feed.heartbeatSeconds)) * 1000) / 3
  let running: Promise<void> = Promise.resolve()
  // A round that fails (the chain closing) is tried again at the next tick; nothing else waits on it.
  const timer = setInterval(() => {
    running = running.then(round).catch(() => undefined)
  }, periodMillis)
  timer.unref()
  return {
    stop: async () => {
      clearInterval(timer)
      await running
    }
  }
}
