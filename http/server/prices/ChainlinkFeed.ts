/**
 * A USD price from a Chainlink feed (AggregatorV3Interface): its latest round, scaled by its decimals,
 * only while the round is younger than the feed's heartbeat and the answer is positive. A stale, negative
 * or refused answer is no price — never an old or invented one.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { Address, PublicClient } from "viem"
import type { UpstreamUnavailable } from "../../api/ApiError.ts"
import { contractRead } from "../ChainCalls.ts"
import { aggregatorV3Abi } from "./ChainlinkAbi.ts"

export interface Feed {
  readonly client: PublicClient
  readonly chainId: string
  readonly address: Address
  readonly heartbeatSeconds: number
}

/** Whether a round updated at `updatedAt` (unix s) still stands at `nowSeconds` under `heartbeatSeconds`. */
export const isFresh = (updatedAt: bigint, nowSeconds: number, heartbeatSeconds: number): boolean =>
  updatedAt > 0n && Number(updatedAt) + heartbeatSeconds >= nowSeconds

/** The feed's answer as a number of dollars, undefined unless fresh and positive. */
export const readFeed = (feed: Feed, nowSeconds: number): Effect.Effect<number | undefined, UpstreamUnavailable> =>
  Effect.gen(function*() {
    const what = `the price feed ${feed.address} on ${feed.chainId}`
    const read = <const F extends "decimals" | "latestRoundData">(functionName: F) =>
      contractRead(what, () => feed.client.readContract({ address: feed.address, abi: aggregatorV3Abi, functionName }))
    const [decimals, round] = yield* Effect.all([read("decimals"), read("latestRoundData")], { concurrency: 2 })
    if (Option.isNone(decimals) || Option.isNone(round)) return undefined
    const [, answer, , updatedAt] = round.value
    if (answer <= 0n || !isFresh(updatedAt, nowSeconds, feed.heartbeatSeconds)) return undefined
    return Number(answer) / 10 ** decimals.value
  })
