/**
 * A chain's explorer in the server's options (`evm[].explorer`): where its Etherscan-compatible account
 * API answers, which dialect it speaks, and the key, which stays on the server. Token discovery's
 * token list (`tokenList`) is configured beside the chains.
 */
import * as Schema from "effect/Schema"
import { actions } from "./AccountApi.ts"

const HttpUrl = Schema.String.check(Schema.isPattern(/^https?:\/\/[^\s?#]+$/))

export const ExplorerOptions = Schema.Struct({
  /**
   * The API endpoint: `https://api.etherscan.io/v2/api` (Etherscan's v2, every chain it indexes) or a
   * Blockscout instance's `https://<host>/api`.
   */
  url: HttpUrl,
  /** "etherscan": v2, the chain named by `chainid=`; "blockscout": the instance is the chain's own. */
  kind: Schema.Literals(["etherscan", "blockscout"]),
  /** Sent as `apikey=`; never leaves the server. */
  apiKey: Schema.optionalKey(Schema.String),
  /** The explorer's rate limit for this key (default 5 calls per second): calls are paced under it. */
  requestsPerSecond: Schema.optionalKey(Schema.Finite.check(Schema.isGreaterThan(0))),
  /** A call unanswered this long fails (default 10). */
  timeoutSeconds: Schema.optionalKey(Schema.Finite.check(Schema.isGreaterThan(0))),
  /** The list actions this explorer serves (default all five); history leaves the others out. */
  actions: Schema.optionalKey(Schema.Array(Schema.Literals(actions)))
})
export type ExplorerOptions = typeof ExplorerOptions.Type

/**
 * A token list in the Uniswap token-list format: an http(s) URL (read when first needed, then again
 * every hour) or a file path (read at start).
 */
export const TokenListSource = Schema.String
