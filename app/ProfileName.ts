/**
 * The active account's registered name for the host's connect button (the first chunk's snapshot), kept
 * in step with the engine's identity atom. Assembly only: which name an account has is core's identity.
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

/**
 * Tells `update` the active account's registered name for the host's button. Our server is asked only
 * once the visitor has opened the modal (a session restored on page load contacts only the wallet), and
 * again when the active account changes. Returns the unsubscribe function.
 */
export const followProfileName = (
  registry: AtomRegistry.AtomRegistry,
  atoms: NameAtoms,
  update: (name: string | undefined) => void
): (() => void) => {
  let acted = false
  let watched: { readonly address: string; readonly stop: () => void } | undefined
  const follow = () => {
    const address = acted ? Session.activeAccount(registry.get(atoms.session))?.address : undefined
    if (watched?.address === address) return
    watched?.stop()
    watched = undefined
    update(undefined)
    if (address === undefined) return
    const stop = registry.subscribe(atoms.identity(address), (identity) => {
      update(AsyncResult.isSuccess(identity) ? identity.value.name ?? undefined : undefined)
    }, { immediate: true })
    watched = { address, stop }
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
    watched?.stop()
  }
}
