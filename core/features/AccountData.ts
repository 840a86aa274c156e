/**
 * What the Account view shows about an account besides its activity: its balances on its network and
 * the profile (name, avatar) of its address, both read through the Backend's caches (balances 30 s,
 * identity 5 min, spec §9).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Atom from "effect/reactivity/Atom"
import { Backend, type AccountOnNetwork, type BackendError } from "../Backend.ts"
import type * as Identity from "../Identity.ts"
import type * as TokenBalance from "../TokenBalance.ts"
import { keyOf } from "./Activity.ts"

export class AccountData extends Context.Service<AccountData, {
  readonly balances: (account: AccountOnNetwork) => Effect.Effect<TokenBalance.Balances, BackendError>
  readonly identity: (address: string) => Effect.Effect<Identity.Identity, BackendError>
}>()("portico/core/features/AccountData") {
  static readonly layer = Layer.effect(
    AccountData,
    Backend.useSync((backend) =>
      AccountData.of({
        balances: (account) => backend.balances(account),
        identity: (address) => backend.identity(address)
      })
    )
  )
}

/**
 * Families are keyed by strings (object keys would be new on every render) and kept alive: switching
 * tabs or views must not interrupt, and so abort, a fetch in flight; the caches decide freshness.
 */
export const atoms = (data: AccountData["Service"]) => {
  const balancesByKey = Atom.family((key: string) => {
    const [address = "", caipNetworkId = ""] = key.split("|")
    return Atom.keepAlive(Atom.make(data.balances({ address, caipNetworkId })))
  })
  const identityByAddress = Atom.family((address: string) => Atom.keepAlive(Atom.make(data.identity(address))))
  return {
    balances: (account: AccountOnNetwork) => balancesByKey(keyOf(account)),
    identity: identityByAddress
  }
}
