/**
 * The devnet's Pyth: `PriceUpdateV2` accounts (http/server/solana/PythPriceUpdate.ts) at the addresses of
 * Pyth's mainnet push-oracle feeds (MainnetShape.ts), owned by the Pyth Solana Receiver program, fully
 * verified, republished with a fresh publish time every few seconds as Pyth's push oracle does. SOL is
 * 150 USD and USDC 1 USD, with a confidence of 0.05 %. A test may post any update to a feed (a stale, a
 * doubtful, a moved price); that feed is then left as posted until released.
 */
import { address, getAddressEncoder, lamports } from "@solana/kit"
import * as PythPriceUpdate from "../../http/server/solana/PythPriceUpdate.ts"
import { receiverProgram } from "../../http/server/solana/PythPrices.ts"
import type { Chain } from "./Chain.ts"
import { mainnetSolana } from "./MainnetShape.ts"

/** USD per asset (`native` or a mint), as the sandbox prices it. */
export const sandboxPythPrices: Readonly<Record<string, number>> = {
  native: 150,
  [mainnetSolana.mints?.find((mint) => mint.symbol === "USDC")?.address ?? "USDC"]: 1
}

const exponent = -8

/** The push oracle's writer on mainnet posts through the receiver; any fixed key stands in for it here. */
const writeAuthority = getAddressEncoder().encode(address("pythWSnswVUd12oZpeFP8e9CVaEqJg25g1Vtc2biRsT"))

export interface PythOracle {
  /** The feed accounts it writes, by asset. */
  readonly accounts: ReadonlyMap<string, string>
  /** Republishes every feed not held, published at `nowSeconds`. */
  readonly refresh: (nowSeconds: number) => void
  /** Writes `changes` over a fresh update of the feed at `account`, and holds it so. */
  readonly post: (account: string, changes: Partial<PythPriceUpdate.PriceUpdate>, nowSeconds: number) => void
  /** Republishes a held feed fresh at `nowSeconds`, and lets the refresher keep it so again. */
  readonly release: (account: string, nowSeconds: number) => void
}

export const makePythOracle = (chain: Chain): PythOracle => {
  const feeds = mainnetSolana.pyth?.feeds ?? []
  const held = new Set<string>()

  const fresh = (feed: (typeof feeds)[number], nowSeconds: number): PythPriceUpdate.PriceUpdate => {
    const price = BigInt(Math.round((sandboxPythPrices[feed.asset] ?? 0) * 10 ** -exponent))
    return {
      writeAuthority: new Uint8Array(writeAuthority),
      verification: { level: "Full" },
      feedId: feed.feedId.replace(/^0x/, "").toLowerCase(),
      price,
      conf: price / 2000n,
      exponent,
      publishTime: BigInt(nowSeconds),
      prevPublishTime: BigInt(nowSeconds - 1),
      emaPrice: price,
      emaConf: price / 2000n,
      postedSlot: BigInt(chain.slot)
    }
  }

  const write = (account: string, update: PythPriceUpdate.PriceUpdate) =>
    chain.svm.setAccount({
      address: address(account),
      lamports: lamports(chain.svm.minimumBalanceForRentExemption(BigInt(PythPriceUpdate.accountSize))),
      data: PythPriceUpdate.encode(update),
      programAddress: address(receiverProgram),
      executable: false,
      space: BigInt(PythPriceUpdate.accountSize)
    })

  return {
    accounts: new Map(feeds.map((feed) => [feed.asset, feed.account])),
    refresh: (nowSeconds) => {
      for (const feed of feeds) if (!held.has(feed.account)) write(feed.account, fresh(feed, nowSeconds))
    },
    post: (account, changes, nowSeconds) => {
      const feed = feeds.find((candidate) => candidate.account === account)
      if (feed === undefined) throw new RangeError(`${account} is not a Pyth feed of the devnet`)
      held.add(account)
      write(account, { ...fresh(feed, nowSeconds), ...changes })
    },
    release: (account, nowSeconds) => {
      held.delete(account)
      for (const feed of feeds) if (feed.account === account) write(account, fresh(feed, nowSeconds))
    }
  }
}
