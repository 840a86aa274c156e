/**
 * What the Account view's first screen shows, as data for a host's own UI (headless use): the account,
 * every connected account, the profile's name and avatar, the balances with the native one and the
 * portfolio's USD value, by the same rules as the view (TokenBalance.nativeOf, FiatValue.totalOf).
 */
import type { BackendError } from "./Backend.ts"
import type * as Connector from "./Connector.ts"
import * as AccountData from "./features/AccountData.ts"
import type * as Identity from "./Identity.ts"
import type * as Network from "./Network.ts"
import * as FiatValue from "./send/FiatValue.ts"
import * as Session from "./Session.ts"
import * as TokenBalance from "./TokenBalance.ts"

export type BalancesStatus = "loading" | "loaded" | "failed"

export interface HostAccount {
  readonly account: Session.SessionAccount
  /** Every connected account (one session may hold an EVM and a Solana account). */
  readonly allAccounts: ReadonlyArray<Session.SessionAccount>
  /** The registered name (EVM names, ENS); undefined without one or while it loads. */
  readonly name: string | undefined
  /** The profile's avatar for `<img src>`, when one may be shown. */
  readonly avatar: string | undefined
  readonly balancesStatus: BalancesStatus
  /** Why the last read failed (the last balances stay in `balances`); a new read is allowed from `retryAt` (epoch ms). */
  readonly balancesError: { readonly error: BackendError | Connector.ConnectorFailure; readonly retryAt: number } | undefined
  readonly balances: ReadonlyArray<TokenBalance.TokenBalance>
  /** The network's own currency among the balances. */
  readonly native: TokenBalance.TokenBalance | undefined
  /** The portfolio's value in USD (exact decimal text); undefined when no balance has a price. */
  readonly totalUsd: string | undefined
}

export interface AccountInput {
  readonly session: Session.SessionState
  readonly balances: AccountData.BalancesState
  /** The profile once read; undefined while it loads or when it could not be read. */
  readonly identity: Identity.Identity | undefined
  readonly network: Network.Network | undefined
  readonly isImageAllowed: (source: string) => boolean
}

/** Undefined while nobody is connected. */
export const accountOf = (input: AccountInput): HostAccount | undefined => {
  const account = Session.activeAccount(input.session)
  if (account === undefined) return undefined
  const balances = AccountData.shownBalances(input.balances)?.balances ?? []
  const avatar = input.identity?.avatar ?? undefined
  return {
    account,
    allAccounts: Session.accounts(input.session),
    name: input.identity?.name ?? undefined,
    avatar: avatar !== undefined && input.isImageAllowed(avatar) ? avatar : undefined,
    balancesStatus: input.balances._tag === "Loaded" ? "loaded" : input.balances._tag === "Loading" ? "loading" : "failed",
    balancesError: input.balances._tag === "Failed" ? { error: input.balances.error, retryAt: input.balances.retryAt } : undefined,
    balances,
    native: input.network === undefined ? undefined : TokenBalance.nativeOf(balances, input.network.nativeCurrency.symbol),
    totalUsd: FiatValue.totalOf(balances)
  }
}
