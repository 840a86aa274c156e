import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { TestClock } from "effect/testing"
import * as Constants from "../../core/Constants.ts"
import * as Modal from "../../core/Modal.ts"
import * as ModalRoute from "../../core/ModalRoute.ts"

const standalone: Modal.RouterContext = { connected: false, embedded: false }
const views = (state: Modal.ModalState) => state.history.map((route) => route.view)
const withHistory = (...history: Array<Modal.View>): Modal.ModalState => ({
  ...Modal.initialState,
  open: true,
  history: history.map((view) => ({ view }))
})

describe("Modal router (pure rules)", () => {
  it("opens on Account when connected, else Connect; AllWallets on a phone that cannot connect in the page", () => {
    const context = { connected: false, mobile: false, hasAdapters: true, allWallets: true }
    assert.strictEqual(ModalRoute.openingView({ ...context, connected: true }), "Account")
    assert.strictEqual(ModalRoute.openingView(context), "Connect")
    assert.strictEqual(ModalRoute.openingView({ ...context, mobile: true }), "Connect")
    assert.strictEqual(ModalRoute.openingView({ ...context, mobile: true, hasAdapters: false }), "AllWallets")
    // On a desktop the QR code is on Connect; connected, the account comes first; without a registry there is no list.
    assert.strictEqual(ModalRoute.openingView({ ...context, hasAdapters: false }), "Connect")
    assert.strictEqual(ModalRoute.openingView({ ...context, connected: true, mobile: true, hasAdapters: false }), "Account")
    assert.strictEqual(ModalRoute.openingView({ ...context, mobile: true, hasAdapters: false, allWallets: false }), "Connect")
  })

  it("UnsupportedChain comes over the view it was reached from, replaces an ended connecting view, and opens alone", () => {
    const ended: ReadonlyArray<Modal.View> = ["ConnectingExternal"]
    assert.deepStrictEqual(views(Modal.toUnsupportedChain(withHistory("Account"), ended)), ["Account", "UnsupportedChain"])
    assert.deepStrictEqual(views(Modal.toUnsupportedChain(withHistory("Connect", "ConnectingExternal"), ended)), ["Connect", "UnsupportedChain"])
    const opened = Modal.toUnsupportedChain(Modal.initialState, ended)
    assert.isTrue(opened.open)
    assert.deepStrictEqual(views(opened), ["UnsupportedChain"])
    const shown = withHistory("Account", "UnsupportedChain")
    assert.strictEqual(Modal.toUnsupportedChain(shown, ended), shown)
  })

  it("a host opening Account with nobody connected gets Connect", () => {
    assert.deepStrictEqual(ModalRoute.hostRoute("Account", false), { view: "Connect" })
    assert.deepStrictEqual(ModalRoute.hostRoute("Account", true), { view: "Account" })
    assert.deepStrictEqual(ModalRoute.hostRoute("AllWallets", false), { view: "AllWallets" })
  })

  it("the history is a stack", () => {
    const state = Modal.push(Modal.push(Modal.open(Modal.initialState, { view: "Connect" }), { view: "AllWallets" }), {
      view: "ConnectingExternal",
      data: { connectorId: "io.metamask" }
    })
    assert.deepStrictEqual(views(state), ["Connect", "AllWallets", "ConnectingExternal"])
    const outcome = Modal.back(state, standalone)
    assert.strictEqual(outcome._tag, "Popped")
    assert.deepStrictEqual(views(outcome.state), ["Connect", "AllWallets"])
    assert.isTrue(outcome.state.open)
  })

  it("going back from a single entry closes", () => {
    const outcome = Modal.back(withHistory("Connect"), standalone)
    assert.strictEqual(outcome._tag, "Closed")
    assert.isFalse(outcome.state.open)
    assert.deepStrictEqual(outcome.state.history, [])
  })

  it("going back from UnsupportedChain closes even with a deeper history", () => {
    const outcome = Modal.back(withHistory("Account", "UnsupportedChain"), standalone)
    assert.strictEqual(outcome._tag, "Closed")
    assert.isFalse(outcome.state.open)
  })

  it("closing is blocked on ApproveTransaction unless forced", () => {
    const state = withHistory("Account", "ApproveTransaction")
    assert.strictEqual(Modal.close(state, standalone), state)
    assert.isFalse(Modal.close(state, standalone, { forced: true }).open)
    assert.isFalse(Modal.close(withHistory("Account"), standalone).open)
  })

  it("in embedded mode closing goes to Account if connected, else Connect", () => {
    const state = withHistory("Connect", "AllWallets")
    const connected = Modal.close(state, { connected: true, embedded: true })
    assert.isTrue(connected.open)
    assert.deepStrictEqual(views(connected), ["Account"])
    const disconnected = Modal.close(state, { connected: false, embedded: true })
    assert.deepStrictEqual(views(disconnected), ["Connect"])
  })

  it("UnsupportedChain needs all four conditions", () => {
    const base: Modal.UnsupportedChainContext = {
      activeNetworkId: "eip155:10",
      requestedNetworkIds: ["eip155:1", "eip155:31337"],
      networkSwitchingEnabled: true,
      allowUnsupportedChain: false,
      basicMode: false
    }
    assert.isTrue(Modal.isUnsupportedChain(base))
    assert.isFalse(Modal.isUnsupportedChain({ ...base, activeNetworkId: "eip155:1" }))
    assert.isFalse(Modal.isUnsupportedChain({ ...base, networkSwitchingEnabled: false }))
    assert.isFalse(Modal.isUnsupportedChain({ ...base, allowUnsupportedChain: true }))
    assert.isFalse(Modal.isUnsupportedChain({ ...base, basicMode: true }))
  })

  it("goBackTo drops entries above the view, or resets to it", () => {
    const state = withHistory("Connect", "AllWallets", "ConnectingWalletConnect")
    assert.deepStrictEqual(views(Modal.goBackTo(state, "AllWallets")), ["Connect", "AllWallets"])
    assert.deepStrictEqual(views(Modal.goBackTo(state, "Account")), ["Account"])
    assert.deepStrictEqual(views(Modal.replace(state, { view: "ConnectingExternal" })), [
      "Connect",
      "AllWallets",
      "ConnectingExternal"
    ])
  })
})

const run = <A, E>(effect: Effect.Effect<A, E, Modal.Modal>) => effect.pipe(Effect.provide(Modal.Modal.layer))
const read = Effect.flatMap(Modal.Modal, (modal) => SubscriptionRef.get(modal.state))

describe("Modal service (timers)", () => {

  it.effect("a toast that is open hides first; the new one shows 150 ms later", () =>
    run(Effect.gen(function*() {
      const modal = yield* Modal.Modal
      yield* modal.showToast({ message: "first", variant: "success" })
      assert.strictEqual((yield* read).toast?.message, "first")
      yield* modal.showToast({ message: "second", variant: "error" })
      assert.strictEqual((yield* read).toast, undefined)
      yield* TestClock.adjust(149)
      assert.strictEqual((yield* read).toast, undefined)
      yield* TestClock.adjust(1)
      assert.deepStrictEqual((yield* read).toast, { message: "second", variant: "error" })
    })))

  it.effect("a toast closes by itself after its time unless it is a loading toast or says otherwise", () =>
    run(Effect.gen(function*() {
      const modal = yield* Modal.Modal
      yield* modal.showToast({ message: "sent", variant: "success" })
      yield* TestClock.adjust(Constants.toastAutoCloseMillis - 1)
      assert.strictEqual((yield* read).toast?.message, "sent")
      yield* TestClock.adjust(1)
      assert.strictEqual((yield* read).toast, undefined)
      yield* modal.showToast({ message: "sending", variant: "loading" })
      yield* modal.showToast({ message: "stays", variant: "error", autoClose: false })
      yield* TestClock.adjust(Constants.toastSwapDelayMillis + Constants.toastAutoCloseMillis * 2)
      assert.strictEqual((yield* read).toast?.message, "stays")
    })))

  it.effect("closing the modal clears its toast, and a toast waiting to swap in never shows", () =>
    run(Effect.gen(function*() {
      const modal = yield* Modal.Modal
      yield* modal.open({ view: "Connect" })
      yield* modal.showToast({ message: "first", variant: "error" })
      yield* modal.showToast({ message: "second", variant: "error" })
      yield* modal.close({ connected: false, embedded: false })
      yield* TestClock.adjust(Constants.toastSwapDelayMillis)
      assert.strictEqual((yield* read).toast, undefined)
      yield* modal.open({ view: "Connect" })
      assert.strictEqual((yield* read).toast, undefined)
    })))

  it.effect("hiding a toast cancels a pending swap", () =>
    run(Effect.gen(function*() {
      const modal = yield* Modal.Modal
      yield* modal.showToast({ message: "first", variant: "success" })
      yield* modal.showToast({ message: "second", variant: "success" })
      yield* modal.hideToast
      yield* TestClock.adjust(500)
      assert.strictEqual((yield* read).toast, undefined)
    })))

  it.effect("the shake lasts 500 ms", () =>
    run(Effect.gen(function*() {
      const modal = yield* Modal.Modal
      yield* modal.shake
      assert.isTrue((yield* read).shaking)
      yield* TestClock.adjust(499)
      assert.isTrue((yield* read).shaking)
      yield* TestClock.adjust(1)
      assert.isFalse((yield* read).shaking)
    })))

  it.effect("a second shake restarts the 500 ms", () =>
    run(Effect.gen(function*() {
      const modal = yield* Modal.Modal
      yield* modal.shake
      yield* TestClock.adjust(300)
      yield* modal.shake
      yield* TestClock.adjust(300)
      assert.isTrue((yield* read).shaking)
      yield* TestClock.adjust(200)
      assert.isFalse((yield* read).shaking)
    })))

  it.effect("back from ConnectingFarcaster without an address clears the URL and reloads auth after 100 ms", () =>
    run(Effect.gen(function*() {
      const modal = yield* Modal.Modal
      yield* modal.open({ view: "Connect" })
      yield* modal.push({ view: "ConnectingFarcaster" })
      yield* modal.setFarcasterUrl("https://farcaster.example/auth")
      yield* modal.back(standalone)
      const after = yield* read
      assert.strictEqual(after.farcasterUrl, undefined)
      assert.deepStrictEqual(views(after), ["Connect"])
      assert.strictEqual(after.authReloads, 0)
      yield* TestClock.adjust(99)
      assert.strictEqual((yield* read).authReloads, 0)
      yield* TestClock.adjust(1)
      assert.strictEqual((yield* read).authReloads, 1)
    })))

  it.effect("back from ConnectingFarcaster with an address keeps the URL and does not reload", () =>
    run(Effect.gen(function*() {
      const modal = yield* Modal.Modal
      yield* modal.open({ view: "Account" })
      yield* modal.push({ view: "ConnectingFarcaster" })
      yield* modal.setFarcasterUrl("https://farcaster.example/auth")
      yield* modal.back({ connected: true, embedded: false })
      yield* TestClock.adjust(1_000)
      const after = yield* read
      assert.strictEqual(after.farcasterUrl, "https://farcaster.example/auth")
      assert.strictEqual(after.authReloads, 0)
    })))
})
