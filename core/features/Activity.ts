/**
 * The Activity list of each account (spec §3 "Transaction list state", §4 "Transaction history"):
 * the first page loads once, "Load more" appends the next, and a failed fetch marks the list empty
 * with 'Failed to fetch transactions' while what loaded before stays (spec §8). Only transactions of
 * the connected chain that are not all spam are kept (spec §5).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Atom from "effect/reactivity/Atom"
import { Backend, type AccountOnNetwork } from "../Backend.ts"
import { fixed } from "../FixedMessage.ts"
import * as PendingTransactions from "../send/PendingTransactions.ts"
import * as Transaction from "../Transaction.ts"

export interface TransactionList extends Transaction.TransactionListState {
  /** Why the last fetch failed; the view offers to try again. */
  readonly error: TransactionsFetchFailedError | undefined
}

export const initialList: TransactionList = { ...Transaction.initial, error: undefined }

/** Lists are kept per account and network. */
export const keyOf = (account: AccountOnNetwork): string => `${account.address}|${account.caipNetworkId}`

export class Activity extends Context.Service<Activity, {
  /** Every list loaded so far, by `keyOf`. */
  readonly lists: SubscriptionRef.SubscriptionRef<ReadonlyMap<string, TransactionList>>
  /**
   * Loads the first page once (again after a failure), or with `more` the next page. Failures end
   * up in the list's `error`, which the view shows.
   */
  readonly load: (account: AccountOnNetwork, options?: { readonly more?: boolean }) => Effect.Effect<void>
  /**
   * Loads page after page until the history ends (or `maxPages`): what the NFTs tab needs to list every
   * NFT the account holds without a "Load more" per item. Stops at a failure, which the list shows.
   */
  readonly loadAll: (account: AccountOnNetwork, maxPages: number) => Effect.Effect<void>
  /** Reads the first page again (after a send, or while transactions are pending), replacing the list. */
  readonly refresh: (account: AccountOnNetwork) => Effect.Effect<void>
  /** Sent transactions not mined yet, by `keyOf`: shown above the list until the history lists them (at most 99). */
  readonly pending: SubscriptionRef.SubscriptionRef<ReadonlyMap<string, ReadonlyArray<PendingTransactions.PendingTransaction>>>
  readonly addPending: (account: AccountOnNetwork, transaction: PendingTransactions.PendingTransaction) => Effect.Effect<void>
  /** Forgets every list (disconnect). */
  readonly reset: Effect.Effect<void>
}>()("portico/core/features/Activity") {
  static readonly layer = Layer.effect(
    Activity,
    Effect.gen(function*() {
      const backend = yield* Backend
      const lists = yield* SubscriptionRef.make<ReadonlyMap<string, TransactionList>>(new Map())
      const pending = yield* SubscriptionRef.make<ReadonlyMap<string, ReadonlyArray<PendingTransactions.PendingTransaction>>>(new Map())
      const set = (key: string, list: TransactionList) =>
        SubscriptionRef.update(lists, (all) => new Map(all).set(key, list))
      /** A page that lists a pending transaction means it was mined: it leaves the pending list. */
      const settle = (key: string, page: Transaction.History) =>
        SubscriptionRef.update(pending, (all) => {
          const waiting = all.get(key)
          if (waiting === undefined) return all
          return new Map(all).set(key, PendingTransactions.settle(waiting, page.data.flatMap((entry) => [entry.id, entry.metadata.hash ?? ""])))
        })

      const load = Effect.fn("Activity.load")(function*(account: AccountOnNetwork, options: { readonly more?: boolean } = {}) {
        const key = keyOf(account)
        const list = (yield* SubscriptionRef.get(lists)).get(key) ?? initialList
        const loadedOnce = (list.transactions.length > 0 || list.empty) && list.error === undefined
        if (list.loading || (options.more === true ? list.next === undefined : loadedOnce)) return
        yield* set(key, { ...list, loading: true })
        const cursor = options.more === true ? list.next : undefined
        yield* backend.history(account, cursor).pipe(
          Effect.matchEffect({
            onFailure: (cause) =>
              set(key, { transactions: list.transactions, loading: false, empty: true, error: new TransactionsFetchFailedError({ cause }), ...(list.next === undefined ? {} : { next: list.next }) }),
            onSuccess: (page) => {
              const transactions = [...list.transactions, ...Transaction.visible(page.data, account.caipNetworkId)]
              return Effect.andThen(
                set(key, {
                  transactions,
                  loading: false,
                  empty: transactions.length === 0,
                  error: undefined,
                  ...(page.next === null ? {} : { next: page.next })
                }),
                settle(key, page)
              )
            }
          })
        )
      })

      const loadAll = Effect.fn("Activity.loadAll")(function*(account: AccountOnNetwork, maxPages: number) {
        yield* load(account)
        for (let page = 1; page < maxPages; page++) {
          const list = (yield* SubscriptionRef.get(lists)).get(keyOf(account))
          if (list === undefined || list.next === undefined || list.error !== undefined) return
          yield* load(account, { more: true })
        }
      })

      const refresh = Effect.fn("Activity.refresh")(function*(account: AccountOnNetwork) {
        const key = keyOf(account)
        if ((yield* SubscriptionRef.get(lists)).get(key)?.loading === true) return
        yield* SubscriptionRef.update(lists, (all) => {
          const next = new Map(all)
          next.delete(key)
          return next
        })
        yield* load(account)
      })

      return Activity.of({
        lists,
        load,
        loadAll,
        refresh,
        pending,
        addPending: (account, transaction) =>
          SubscriptionRef.update(pending, (all) => new Map(all).set(keyOf(account), PendingTransactions.add(all.get(keyOf(account)) ?? [], transaction))),
        reset: Effect.andThen(SubscriptionRef.set(lists, new Map()), SubscriptionRef.set(pending, new Map()))
      })
    })
  )
}

/** One atom per account: its list, kept alive so switching tabs does not drop loaded pages; and its pending sends. */
export const atoms = (activity: Activity["Service"]) => {
  const all = Atom.keepAlive(Atom.subscriptionRef(activity.lists))
  const allPending = Atom.keepAlive(Atom.subscriptionRef(activity.pending))
  const byKey = Atom.family((key: string) => Atom.keepAlive(Atom.make((get) => get(all).get(key) ?? initialList)))
  const pendingByKey = Atom.family((key: string) => Atom.keepAlive(Atom.make((get) => get(allPending).get(key) ?? noPending)))
  return {
    transactions: (account: AccountOnNetwork) => byKey(keyOf(account)),
    pending: (account: AccountOnNetwork) => pendingByKey(keyOf(account))
  }
}

const noPending: ReadonlyArray<PendingTransactions.PendingTransaction> = []

/** Spec §8 'Failed to fetch transactions': the list shows as empty, with a way to try again. */
export class TransactionsFetchFailedError extends Schema.TaggedError<TransactionsFetchFailedError>()(
  "TransactionsFetchFailedError",
  { message: fixed("Failed to fetch transactions"), cause: Schema.optional(Schema.Defect()) }
) {}
