/**
 * The signed-in visitor's wallet in the frame (docs/embedded-wallet.md "Custody"): after a login,
 * where its keys stand (`GET_KEY_STATE`):
 * - `ready`: the server holds the visitor's shares and this browser's device share opens the wallet with
 *   the auth share (unlocked, in the custody library's memory);
 * - `setup`: the server holds no shares yet: a new wallet is made in the setup panel;
 * - `recover`: the server holds shares but this browser has no device share of them: the visitor opens
 *   the wallet with the recovery factor in the recover panel.
 * When a setup or recover panel completes, the frame unlocks the wallet before telling the modal, so
 * the modal's next `GET_KEY_STATE` is `ready`.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import type { FrameAccount, FrameUser, KeyState } from "../../core/embedded/FrameProtocol.ts"
import { fixed } from "../../core/FixedMessage.ts"
import type { EmbeddedVisitor, WalletAddresses } from "../../http/api/EmbeddedApi.ts"
import { evmPath, solanaPath, type Addresses } from "../custody/Accounts.ts"
import { Custody } from "../custody/Custody.ts"
import { DeviceVault } from "../custody/DeviceVault.ts"
import { Approvals } from "./Approvals.ts"
import { HostEvents } from "./HostChannel.ts"
import type { PanelContent } from "./PanelChannel.ts"
import { Panels, type OpenPanel } from "./Panels.ts"
import { ServerApi } from "./ServerApi.ts"
import { Session } from "./Session.ts"

export const userOf = (visitor: EmbeddedVisitor, addresses: Addresses): FrameUser => ({
  ...(visitor.email === undefined ? {} : { email: visitor.email }),
  ...(visitor.socialProvider === undefined ? {} : { socialProvider: visitor.socialProvider }),
  ...(visitor.userName === undefined ? {} : { userName: visitor.userName }),
  accounts: [
    { namespace: "eip155", address: addresses.evm, type: "eoa", path: evmPath },
    { namespace: "solana", address: addresses.solana, type: "eoa", path: solanaPath }
  ],
  // The keys' own view: plain accounts. Where the EVM account is a smart account, SmartAccounts.describe says so.
  preferredAccountType: "eoa",
  smartAccountDeployed: false
})

const sameWallet = (a: WalletAddresses, b: Addresses): boolean => a.evm.toLowerCase() === b.evm.toLowerCase() && a.solana === b.solana

/** The visitor and, when this browser opens their wallet, its addresses. */
const keyStateOf = (
  deps: {
    readonly session: Session["Service"]
    readonly api: ServerApi["Service"]
    readonly custody: Custody["Service"]
    readonly vault: DeviceVault["Service"]
  }
) =>
  Effect.gen(function*() {
    const { session, api, custody, vault } = deps
    const visitor = yield* session.authorized((authorization) => api.embedded.user({ query: {}, headers: { authorization } }))
    const stored = visitor.addresses
    if (stored === undefined) return { visitor, addresses: Option.none<Addresses>(), shares: "none" as const }
    const device = yield* vault.share
    if (Option.isNone(device) || !sameWallet(stored, device.value.addresses)) {
      return { visitor, addresses: Option.none<Addresses>(), shares: "elsewhere" as const }
    }
    const wire = yield* session.authorized((authorization) => api.embedded.authShare({ query: {}, headers: { authorization } }))
    const opened = yield* custody.unlock(wire.authShare).pipe(
      Effect.map(Option.some),
      // A device share of an older split (recovered elsewhere since): the visitor recovers here too.
      Effect.catchTags({ NoDeviceShareError: () => Effect.succeed(Option.none<Addresses>()), SharesMismatchError: () => Effect.succeed(Option.none<Addresses>()) })
    )
    return { visitor, addresses: opened, shares: "elsewhere" as const }
  })

/** Every failure the wallet's calls may end in: the server's and the vault's, or a wallet not open. */
export type WalletError = Effect.Error<ReturnType<typeof keyStateOf>> | WalletLockedError

export class Wallet extends Context.Service<Wallet, {
  readonly keyState: Effect.Effect<KeyState, WalletError>
  readonly user: Effect.Effect<FrameUser, WalletError>
  /** Whether a session is kept and opens the wallet on this browser without a panel. */
  readonly isConnected: Effect.Effect<boolean, WalletError>
  /** The open wallet's accounts (RPC calls sign with them). */
  readonly addresses: Effect.Effect<Addresses, WalletLockedError>
  /** Opens a panel about the open wallet (export, account type), with no key state to follow. */
  readonly openPanel: (content: PanelContent) => Effect.Effect<string, WalletError>
  readonly signOut: Effect.Effect<void, WalletError>
  /** Signs the visitor out of every browser and device (every session ends on the server), this one included. */
  readonly signOutEverywhere: Effect.Effect<void, WalletError>
  /** Forgets what is in memory and opens the wallet again from what is stored. */
  readonly reload: Effect.Effect<void, WalletError>
}>()("portico/frame/app/Wallet") {
  static readonly layer = Layer.effect(Wallet, Effect.suspend(() => make))
}

const make = Effect.gen(function*() {
  const session = yield* Session
  const api = yield* ServerApi
  const custody = yield* Custody
  const vault = yield* DeviceVault
  const panels = yield* Panels
  const approvals = yield* Approvals
  const events = yield* HostEvents
  const visitorRef = yield* Ref.make(Option.none<EmbeddedVisitor>())
  /** The accounts the modal was last told of, so it hears of a change once. */
  const announced = yield* Ref.make<ReadonlyArray<FrameAccount>>([])
  /** The setup or recover panel shown last: a newer key state replaces it. */
  const keyPanel = yield* Ref.make(Option.none<OpenPanel>())
  const deps = { session, api, custody, vault }

  const announce = (accounts: ReadonlyArray<FrameAccount>) =>
    Effect.flatMap(Ref.getAndSet(announced, accounts), (before) =>
      before.map((account) => account.address).join() === accounts.map((account) => account.address).join()
        ? Effect.void
        : events.emit({ type: "ACCOUNTS_CHANGED", accounts }))

  const addresses = Effect.mapError(custody.addresses, () => new WalletLockedError())

  /** Opens the wallet if this browser can, remembering the visitor; the addresses when it did. */
  const open = Effect.tap(keyStateOf(deps), (state) =>
    Effect.andThen(
      Ref.set(visitorRef, Option.some(state.visitor)),
      Option.match(state.addresses, {
        onNone: () => Effect.void,
        onSome: (opened) => announce(userOf(state.visitor, opened).accounts)
      })
    ))

  /** Shows `content` in a panel; when the visitor completes it, opens the wallet before telling the modal. */
  const panel = (content: PanelContent, reopen: boolean) =>
    Effect.gen(function*() {
      // A failed reopening leaves the wallet locked: the modal's next GET_KEY_STATE shows the panel it needs.
      const opened = yield* panels.present(content, reopen ? open : Effect.void)
      if (reopen) {
        const before = yield* Ref.getAndSet(keyPanel, Option.some(opened))
        if (Option.isSome(before)) yield* before.value.end
      }
      return opened.panelId
    })

  const keyState = Effect.gen(function*() {
    const state = yield* open
    if (Option.isSome(state.addresses)) return { state: "ready", user: userOf(state.visitor, state.addresses.value) } satisfies KeyState
    if (state.shares === "none") {
      const userName = state.visitor.email ?? state.visitor.userName ?? "Portico"
      return { state: "setup", panelId: yield* panel({ kind: "setup", userName }, true) } satisfies KeyState
    }
    return { state: "recover", panelId: yield* panel({ kind: "recover" }, true) } satisfies KeyState
  })

  const user = Effect.gen(function*() {
    const opened = yield* Effect.option(addresses)
    const visitor = yield* Ref.get(visitorRef)
    if (Option.isSome(opened) && Option.isSome(visitor)) return userOf(visitor.value, opened.value)
    const state = yield* open
    return Option.isSome(state.addresses) ? userOf(state.visitor, state.addresses.value) : yield* new WalletLockedError()
  })

  const isConnected = Effect.gen(function*() {
    if (Option.isNone(yield* session.current)) return false
    const state = yield* open.pipe(Effect.catchTag("SessionEndedError", () => Effect.succeed(undefined)))
    return state !== undefined && Option.isSome(state.addresses)
  })

  const forget = custody.lock.pipe(Effect.andThen(Ref.set(visitorRef, Option.none())), Effect.andThen(announce([])))

  return Wallet.of({
    keyState,
    user,
    isConnected,
    addresses,
    openPanel: (content) => Effect.andThen(addresses, panel(content, false)),
    signOut: Effect.andThen(approvals.abortAll, Effect.ensuring(session.end, forget)),
    signOutEverywhere: Effect.andThen(approvals.abortAll, Effect.andThen(session.endEverywhere, forget)),
    reload: Effect.andThen(forget, open.pipe(Effect.asVoid, Effect.catchTag("SessionEndedError", () => Effect.void)))
  })
})

/** Signing, exporting or reading the user while the wallet is not open (signed out, or not unlocked yet). */
export class WalletLockedError extends Schema.TaggedError<WalletLockedError>()("WalletLockedError", {
  message: fixed("The wallet is not connected")
}) {}
