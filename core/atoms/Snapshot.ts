/**
 * The few atoms the first chunk (provider, button, hooks) reads before the modal has loaded: the
 * session, the active network and whether the modal was asked for. The engine, once loaded, keeps
 * them in sync with the services. Only `effect/reactivity/Atom` is imported here, on purpose.
 */
import * as Atom from "effect/reactivity/Atom"
import type * as Caip from "../Caip.ts"
import type * as Session from "../Session.ts"

export const session = Atom.keepAlive(Atom.make<Session.SessionState>({}))

export const activeNetworkId = Atom.keepAlive(Atom.make<Caip.CaipNetworkId | undefined>(undefined))

export const modalOpen = Atom.keepAlive(Atom.make(false))

/** The storage key the session lives under (see Session.storageKey; kept here as a bare string). */
export const sessionStorageName = "@portico/session"

/**
 * Whether a session was stored by an earlier visit: the one reason to load the engine before the
 * visitor clicks (restoring it contacts only the visitor's own wallet).
 */
export const hasStoredSession = (): boolean => {
  try {
    const raw = globalThis.localStorage?.getItem(sessionStorageName)
    return raw !== null && raw !== undefined && raw !== "{}"
  } catch {
    return false
  }
}
