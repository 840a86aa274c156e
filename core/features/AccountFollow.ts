/**
 * The account's data follows the chain, not only the modal's own actions. Two things bring the balances
 * and the activity up to date:
 * - a send the host's own code made through the visitor's wallet (core/features/WalletRequests.ts): once
 *   the chain has it (a receipt, a confirmed signature, the bundle's status), the account is read again;
 * - while the modal is open on an account, its fingerprint on chain (core/rpc/AccountFingerprint.ts) is read
 *   every few seconds, and any change (an incoming transfer, a send from elsewhere) reads the account again.
 * The wallet's own events (accounts, chain) already move the session, and what depends on it follows.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schedule from "effect/Schedule"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Caip from "../Caip.ts"
import * as CodeChunk from "../CodeChunk.ts"
import * as Constants from "../Constants.ts"
import * as Modal from "../Modal.ts"
import * as AccountFingerprint from "../rpc/AccountFingerprint.ts"
import { ChainReads } from "../rpc/ChainReads.ts"
import * as Session from "../Session.ts"
import { AccountData, shownBalances } from "./AccountData.ts"
import { Activity, keyOf } from "./Activity.ts"
import { WalletRequests } from "./WalletRequests.ts"

/** How long a host's send is followed before giving up on seeing it on chain. */
const sendFollowMillis = 120_000

/** Telling whether a send landed reads Solana's base58 signatures: its code loads with the host's first send. */
const sendLanded = CodeChunk.lazy("account follow", () => import("./SendLanded.ts"))

export const layer = Layer.effectDiscard(Effect.gen(function*() {
  const session = yield* Session.Session
  const modal = yield* Modal.Modal
  const accountData = yield* AccountData
  const activity = yield* Activity
  const chainReads = yield* ChainReads
  const requests = yield* WalletRequests

  const readAgain = (account: Session.SessionAccount) =>
    Effect.andThen(accountData.loadBalances(account, { refresh: true }), activity.refresh(account))

  // A host's send: wait for the chain to have it, then read the account again.
  yield* requests.sent.pipe(
    Stream.runForEach((sent) =>
      Effect.gen(function*() {
        const chain = yield* Effect.option(chainReads.on(sent.account.caipNetworkId))
        const module = yield* Effect.option(sendLanded)
        if (Option.isSome(chain) && Option.isSome(module)) {
          yield* module.value.landed(sent, chain.value, requests).pipe(
            Effect.repeat({ schedule: Schedule.spaced(Constants.pendingRefreshMillis), until: (done) => done }),
            Effect.timeoutOption(sendFollowMillis)
          )
        }
        yield* readAgain(sent.account)
      }).pipe(Effect.forkDetach)),
    Effect.forkScoped
  )

  /** The active account's fingerprint, with the key it was read for (the account and the tokens it holds). */
  const fingerprint = Effect.gen(function*() {
    const account = Session.activeAccount(yield* SubscriptionRef.get(session.state))
    if (account === undefined) return Option.none()
    const chain = yield* Effect.option(chainReads.on(account.caipNetworkId))
    if (Option.isNone(chain)) return Option.none()
    const state = (yield* SubscriptionRef.get(accountData.balances)).get(keyOf(account))
    const tokens = (state === undefined ? undefined : shownBalances(state))?.balances
      .flatMap((balance) => balance.address === undefined ? [] : [Caip.accountOf(balance.address) ?? ""])
      .filter((address) => address !== "") ?? []
    const read = yield* Effect.option(AccountFingerprint.read(chain.value, account, tokens))
    return Option.map(read, (value) => ({ account, key: `${keyOf(account)}|${tokens.join(",")}`, value }))
  })

  // While the modal is open: read the fingerprint every few seconds; a change reads the account again.
  const whileOpen = Effect.gen(function*() {
    let last: { readonly key: string; readonly value: string } | undefined
    while (true) {
      const current = yield* fingerprint
      if (Option.isSome(current)) {
        if (last !== undefined && last.key === current.value.key && last.value !== current.value.value) yield* readAgain(current.value.account)
        last = current.value
      }
      yield* Effect.sleep(Constants.accountFollowMillis)
    }
  })
  yield* SubscriptionRef.changes(modal.state).pipe(
    Stream.map((state) => state.open),
    Stream.changes,
    Stream.switchMap((open) => open ? Stream.fromEffect(whileOpen) : Stream.empty),
    Stream.runDrain,
    Effect.forkScoped
  )
}))
