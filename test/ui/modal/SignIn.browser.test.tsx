/**
 * The sign view in the browser, in German: it opens after connecting with 'Authentifizierung läuft...'
 * while the wallet is asked, says 'Signatur abgelehnt' with "Erneut versuchen" when the wallet refuses,
 * passes axe in both states, and signs in on the second try; a session the backend refuses for its times says
 * 'Sitzung abgelaufen' as a toast and on the view; a signature the verifier cannot prove says the smart-account
 * sentence, and a missing nonce ends the connection with the initialisation sentence (spec §8's sign-in
 * messages, each shown as the visitor reads it). The host's sign-in backend here is the
 * host's own code in the page, the one party outside Portico besides the wallet.
 */
import { afterEach, describe, expect, it } from "vitest"
import type { SignInBackend } from "../../../core/Config.ts"
import type { SignInSession } from "../../../core/SignInSession.ts"
import de from "../../../ui/i18n/locales/de.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { announceTestWallet, type TestWallet } from "../support/TestWallet.ts"
import { button, dialog, openModal, renderPortico, shadow, until, view } from "../support/render.tsx"

let wallet: TestWallet | undefined
afterEach(() => {
  wallet?.stop()
  wallet = undefined
  localStorage.clear()
})

/** A host backend that keeps what it is given (a real one verifies with portico/server). */
const keepingBackend = (kept: Array<SignInSession>): SignInBackend => ({
  getNonce: () => Promise.resolve("a1b2c3d4e5f60718"),
  addSession: (session) => Promise.resolve(void kept.push(session)),
  getSessions: () => Promise.resolve(kept),
  setSessions: (sessions) => Promise.resolve(void kept.splice(0, kept.length, ...sessions))
})

/** Connects and signs (German) with a backend whose verifier refuses the signed session for `reason`. */
const signRefused = async (message: string, reason: string) => {
  const signer = announceTestWallet()
  wallet = signer
  const refusal = Object.assign(new Error(message), { reason })
  const backend: SignInBackend = { ...keepingBackend([]), addSession: () => Promise.reject(refusal) }
  await renderPortico({ locale: "de", siwx: { backend } })
  await openModal()
  ;(await until(() => button(/Test Wallet/))).click()
  await signer.prompted()
  signer.approve()
  await view("SIWXSignMessage")
  await signer.prompted()
  signer.approve()
}

describe("SIWXSignMessage", () => {
  it("asks, shows a refusal with Try again, passes axe, and signs in on the second try (German)", async () => {
    wallet = announceTestWallet()
    const kept: Array<SignInSession> = []
    await renderPortico({ locale: "de", siwx: { backend: keepingBackend(kept), statement: "Bei Test host anmelden." } })
    await openModal()
    ;(await until(() => button(/Test Wallet/))).click()
    await wallet.prompted()
    wallet.approve()
    await view("SIWXSignMessage")
    await until(() => shadow().querySelector("[role='status']")?.textContent === de.signInAuthenticating)
    await wallet.prompted()
    await expectNoAxeViolations()
    wallet.reject()
    await until(() => shadow().querySelector("[role='alert']")?.textContent === de.errorSignatureDeclined)
    await expectNoAxeViolations()
    expect(dialog()?.querySelector("h2")?.textContent).toBe(de.modalTitleSignIn)
    button(de.tryAgain)?.click()
    await wallet.prompted()
    wallet.approve()
    await until(() => dialog() === null)
    expect(kept).toHaveLength(1)
    expect(kept[0]?.message).toContain("wants you to sign in with your Ethereum account:")
    expect(kept[0]?.message).toContain("Bei Test host anmelden.")
  })

  it("a session the backend refuses for its times shows the 'Session Expired' toast and says so on the sign view (German)", async () => {
    // As portico/server's verifier refuses a message signed on a device whose clock is off.
    await signRefused("The message has expired", "expired")
    await until(() => shadow().querySelector(".toast")?.textContent === de.errorSessionExpired)
    expect(shadow().querySelector(".toast")?.classList.contains("error")).toBe(true)
    await until(() => shadow().querySelector("[role='alert']")?.textContent === de.errorSessionExpired)
    await expectNoAxeViolations()
  })
})

describe("sign-in failures the visitor reads (spec §8)", () => {
  it("a signature the backend's verifier refuses says 'This application might not support Smart Accounts' (German)", async () => {
    // As portico/server's verifier refuses a signature it cannot prove: a plain account's always verifies.
    await signRefused("The signature does not match the address", "signature")
    await until(() => shadow().querySelector("[role='alert']")?.textContent === de.errorSmartAccountSignIn)
    expect(button(de.tryAgain)).toBeDefined()
    await expectNoAxeViolations()
  })

  it("a nonce the backend cannot give says 'A problem occurred while trying initialize authentication' on Connect, disconnected (German)", async () => {
    wallet = announceTestWallet()
    const backend: SignInBackend = { ...keepingBackend([]), getNonce: () => Promise.reject(new Error("nonce store down")) }
    await renderPortico({ locale: "de", siwx: { backend } })
    await openModal()
    ;(await until(() => button(/Test Wallet/))).click()
    await wallet.prompted()
    wallet.approve()
    await until(() => shadow().querySelector(".toast")?.textContent === de.errorSignInInit)
    expect(shadow().querySelector(".toast")?.classList.contains("error")).toBe(true)
    await view("Connect")
    await until(() => document.querySelector("[data-testid='host-status']")?.textContent === "disconnected")
    await expectNoAxeViolations()
  })
})
