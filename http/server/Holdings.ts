/** What the server knows of assets: the balance reader, the fungibles it prices, and the token list's images. */
import * as Context from "effect/Context"
import type { BalanceReader, FungibleInfo } from "./Balances.ts"
import type { TokenImages } from "./TokenImages.ts"

export class Holdings extends Context.Service<Holdings, {
  readonly balances: BalanceReader
  /** Keyed by lower-case address. */
  readonly fungibles: ReadonlyMap<string, FungibleInfo>
  readonly tokenImages: TokenImages
}>()("portico/http/server/Holdings") {}
