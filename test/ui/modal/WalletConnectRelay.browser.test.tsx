/**
 * ConnectingWalletConnect when the relay cannot be reached (a relay URL that refuses connections):
 * after core's walletConnectUriTimeoutMillis the view leaves its loading state for the relay error
 * (connection wcError) with a retry, which starts a fresh attempt.
 */
import { describe, expect, it } from "vitest"
import * as Constants from "../../../core/Constants.ts"
import { en } from "../../../ui/i18n/en.ts"
import { button, openModal, renderPortico, shadow, until, view } from "../support/render.tsx"

// Nothing listens on port 1: the browser's WebSocket is refused at once.
const refusingRelay = "ws://127.0.0.1:1"

describe("WalletConnect with an unreachable relay", () => {
  it("shows the relay error with a retry instead of loading for ever", { timeout: 120_000 }, async () => {
    await renderPortico({ projectId: "portico-test", relayUrl: refusingRelay })
    await openModal()
    await view("Connect")
    ;(await until(() => button(new RegExp(en.walletConnect)))).click()
    const qrView = await view("ConnectingWalletConnect")
    const started = performance.now()
    // The view's chunk was not fetched ahead (a click with no pointer over the row first): it shows once loaded.
    await until(() => qrView.querySelector(".qr[role='status']"))
    const alert = await until(() => shadow().querySelector("[role='alert']"), Constants.walletConnectUriTimeoutMillis + 30_000)
    // Not before the deadline (the relay refusing at once must not cut the wait short either).
    expect(performance.now() - started).toBeGreaterThanOrEqual(Constants.walletConnectUriTimeoutMillis - 1_000)
    expect(alert.textContent).toContain(en.connectionFailed)
    expect(alert.textContent).toContain(en.relayUnreachable)
    expect(qrView.querySelector(".qr")).toBeNull()
    const retry = await until(() => button(en.tryAgain))
    retry.click()
    // A fresh attempt: back to waiting for a pairing URI.
    await until(() => shadow().querySelector("[role='alert']") === null && qrView.querySelector(".qr[role='status']") !== null)
  })
})
