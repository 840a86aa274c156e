/**
 * Handlers of the wallet service group: the registry (paged, searched, filtered), the project's
 * allowed origins and its analytics switch.
 */
import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import * as Constants from "../../core/Constants.ts"
import { PorticoApi } from "../api/PorticoApi.ts"
import { CurrentProject } from "../api/ProjectGuard.ts"
import { WalletPage } from "../../core/WalletListEntry.ts"
import { AllowedOrigins, AnalyticsConfig } from "../api/WalletApi.ts"
import { Repository, type WalletRow } from "./Repository.ts"
import * as EncodedAnswers from "./EncodedAnswers.ts"
import { requestBase, ServerAddress } from "./ServerAddress.ts"
import * as StrictInput from "./StrictInput.ts"

/** Pages past this one answer nothing anyway; a larger number is a mistake (or a probe), not a page. */
const maxPage = 1_000_000

const list = (value: string | undefined): ReadonlyArray<string> =>
  value === undefined ? [] : value.split(",").map((item) => item.trim()).filter((item) => item.length > 0)

const toEntry = (row: WalletRow, base: string) => ({
  id: row.id,
  name: row.name,
  image_id: row.id,
  image_url: `${base}/getWalletImage/${encodeURIComponent(row.id)}`,
  rdns: row.rdns,
  chains: row.chains,
  mobile_link: row.mobile_link,
  desktop_link: row.desktop_link,
  webapp_link: row.webapp_link,
  link_mode: row.link_mode,
  homepage: row.homepage,
  badge_type: row.badge_type,
  recommended: row.recommended
})

/**
 * Registry pages are read-mostly (written at start only): each distinct query's answer is kept, encoded,
 * a minute, at most this many queries (searches come from outside, so the cache is bounded).
 */
const registryPagesCached = 1_000
const registryPageTtlMillis = 60_000

export const WalletHandlers = HttpApiBuilder.group(PorticoApi, "wallets", (handlers) =>
  Effect.gen(function*() {
    const repository = yield* Repository
    const address = yield* ServerAddress
    const pages = yield* EncodedAnswers.make(WalletPage, registryPageTtlMillis, registryPagesCached)
    return handlers
      .handle("getWallets", ({ query }) =>
        Effect.gen(function*() {
          const page = yield* StrictInput.integer("page", query.page, { min: 1, max: maxPage, fallback: 1 })
          const entries = Math.min(
            yield* StrictInput.integer("entries", query.entries, { min: 1, max: maxPage, fallback: Constants.walletsPageSize }),
            Constants.walletSearchEntries
          )
          const search = (yield* StrictInput.text("search", query.search))?.trim()
          yield* Effect.forEach([["include", query.include], ["exclude", query.exclude], ["chains", query.chains]] as const, ([field, value]) =>
            StrictInput.text(field, value))
          const walletQuery = {
            offset: (page - 1) * entries,
            limit: entries,
            include: list(query.include),
            exclude: list(query.exclude),
            chains: list(query.chains),
            search: search === undefined || search.length === 0 ? undefined : search,
            badge: query.badge_type
          }
          const base = yield* requestBase(address)
          return yield* pages.answer(
            JSON.stringify({ walletQuery, base }),
            Effect.map(repository.listWallets(walletQuery), (result) => new WalletPage({ count: result.count, data: result.rows.map((row) => toEntry(row, base)) }))
          )
        }))
      .handle("origins", () => CurrentProject.useSync((project) => new AllowedOrigins({ allowedOrigins: project.allowedOrigins })))
      .handle("analyticsConfig", () =>
        CurrentProject.useSync((project) => new AnalyticsConfig({ isAnalyticsEnabled: project.analyticsEnabled })))
  })
)
