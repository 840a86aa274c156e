/**
 * The registered names of the visitor's accounts for the first chunk's snapshot (the host's button and
 * the accounts a host lists), kept in step with the engine's identity atoms. Assembly only: which name
 * an account has is core's identity, how an account is labelled is core's `AccountList.label`.
 */
import * as AsyncResult from "effect/reactivity/AsyncResult"
import type * as Atom from "effect/reactivity/Atom"
import type * as AtomRegistry from "effect/reactivity/AtomRegistry"
import type * as Identity from "../core/Identity.ts"
import type * as Modal from "../core/Modal.ts"
import * as Session from "../core/Session.ts"

export interface NameAtoms {
  readonly session: Atom.Atom<Session.SessionState>
  readonly modal: Atom.Atom<Modal.ModalState>
  readonly identity: (address: string) => Atom.Atom<AsyncResult.AsyncResult<Identity.Identity, unknown>>
}

export interface Names {
  /** The active account's registered name (spec §3 profileName). */
  readonly profileName: string | undefined
  /** The registered name of each account of the session that has one, by address (spec §3 addressLabels). */
  readonly addressLabels: Readonly<Record<string, string>>
}

/**
 * Tells `update` the registered names of every account the wallets expose. Our server is asked only once
 * the visitor has opened the modal (a session restored on page load contacts only the wallet), and again
 * for each account that joins the session. Returns the unsubscribe function.
 */
export const followNames = (
  registry: AtomRegistry.AtomRegistry,
  atoms: NameAtoms,
  update: (names: Names) => void
): (() => void) => {
  let acted = false
  const watched = new Map<string, () => void>()
  const known = new Map<string, string>()
  const publish = () => {
    const active = Session.activeAccount(registry.get(atoms.session))?.address
    update({ profileName: active === undefined ? undefined : known.get(active), addressLabels: Object.fromEntries(known) })
  }
  const follow = () => {
    const listed = acted ? Session.accounts(registry.get(atoms.session)).flatMap((account) => account.allAccounts) : []
    for (const [address, stop] of watched) {
      if (listed.includes(address)) continue
      stop()
      watched.delete(address)
      known.delete(address)
    }
    for (const address of listed) {
      if (watched.has(address)) continue
      watched.set(address, registry.subscribe(atoms.identity(address), (identity) => {
        const name = AsyncResult.isSuccess(identity) ? identity.value.name ?? undefined : undefined
        if (name === undefined) known.delete(address)
        else known.set(address, name)
        publish()
      }, { immediate: true }))
    }
    publish()
  }
  const stops = [
    registry.subscribe(atoms.modal, (modal) => {
      if (!modal.open || acted) return
      acted = true
      follow()
    }, { immediate: true }),
    registry.subscribe(atoms.session, follow, { immediate: true })
  ]
  return () => {
    stops.forEach((stop) => stop())
    watched.forEach((stop) => stop())
  }
}
