/**
 * The host's button learns the active account's registered name only once the visitor has opened the
 * modal: a session restored on page load asks our server nothing; after the first open the name follows
 * the active account.
 */
import * as AsyncResult from "effect/reactivity/AsyncResult"
import * as Atom from "effect/reactivity/Atom"
import * as AtomRegistry from "effect/reactivity/AtomRegistry"
import { describe, expect, it } from "vitest"
import { followNames, type Names } from "../../app/ProfileName.ts"
import { Identity } from "../../core/Identity.ts"
import * as Modal from "../../core/Modal.ts"
import type * as Session from "../../core/Session.ts"

const account = (address: string): Session.SessionAccount => ({
  namespace: "eip155",
  address,
  allAccounts: [address],
  caipNetworkId: "eip155:1",
  connectorId: "test",
  connectorName: "Test",
  connectorType: "ANNOUNCED"
})

describe("followNames", () => {
  it("asks for no name before the visitor opens the modal, then follows the active account's", () => {
    const registry = AtomRegistry.make()
    const session = Atom.make<Session.SessionState>({ eip155: account("0xa"), activeNamespace: "eip155" })
    const modal = Atom.make<Modal.ModalState>(Modal.initialState)
    const asked: Array<string> = []
    const names: Record<string, string | null> = { "0xa": "ada.portico.id", "0xb": null }
    const identity = (address: string) =>
      Atom.make(() => {
        asked.push(address)
        return AsyncResult.success(new Identity({ name: names[address] ?? null, avatar: null }))
      })
    const shown: Array<string | undefined> = []
    const stop = followNames(registry, { session, modal, identity }, (update) => shown.push(update.profileName))
    expect(asked).toEqual([])
    registry.set(modal, { ...Modal.initialState, open: true })
    expect(asked).toEqual(["0xa"])
    expect(shown.at(-1)).toBe("ada.portico.id")
    registry.set(session, { eip155: account("0xb"), activeNamespace: "eip155" })
    expect(shown.at(-1)).toBeUndefined()
    registry.set(session, {})
    expect(shown.at(-1)).toBeUndefined()
    stop()
  })

  it("labels every account the wallet lists, and forgets an account the wallet no longer lists", () => {
    const registry = AtomRegistry.make()
    const both = { ...account("0xa"), allAccounts: ["0xa", "0xb"] }
    const session = Atom.make<Session.SessionState>({ eip155: both, activeNamespace: "eip155" })
    const modal = Atom.make<Modal.ModalState>({ ...Modal.initialState, open: true })
    const names: Record<string, string | null> = { "0xa": null, "0xb": "bob.eth" }
    const identity = (address: string) => Atom.make(() => AsyncResult.success(new Identity({ name: names[address] ?? null, avatar: null })))
    const shown: Array<Names> = []
    const stop = followNames(registry, { session, modal, identity }, (update) => shown.push(update))
    expect(shown.at(-1)).toEqual({ profileName: undefined, addressLabels: { "0xb": "bob.eth" } })
    registry.set(session, { eip155: { ...both, address: "0xb" }, activeNamespace: "eip155" })
    expect(shown.at(-1)).toEqual({ profileName: "bob.eth", addressLabels: { "0xb": "bob.eth" } })
    registry.set(session, { eip155: { ...both, allAccounts: ["0xa"] }, activeNamespace: "eip155" })
    expect(shown.at(-1)).toEqual({ profileName: undefined, addressLabels: {} })
    stop()
  })
})
