/**
 * Everything the handlers share, resolved once at start: options with defaults, the balance reader,
 * the price source, the rate limiter and the repository.
 */
import * as Context from "effect/Context"
import type { BalanceReader, FungibleInfo, PriceSource } from "./Balances.ts"
import type { HistoryReader } from "./EvmHistory.ts"
import type { RateLimiter } from "./RateLimiter.ts"

export class ServerContext extends Context.Service<ServerContext, {
  readonly balances: BalanceReader
  readonly history: HistoryReader
  readonly prices: PriceSource
  readonly fungibles: ReadonlyMap<string, FungibleInfo>
  readonly rateLimiter: RateLimiter
  readonly nameZone: string
  readonly registrationMaxAgeSeconds: number
}>()("portico/http/server/ServerContext") {}
